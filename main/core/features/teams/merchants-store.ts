import type { Db } from '../../foundations/db/open';
import type { TeamRow } from './store';

export interface MerchantRow extends TeamRow {
  order_count: number;
}

// The order count uses the (team_id, …) indexes of orders: one index range per merchant.
const MERCHANT_SELECT = `SELECT t.*, (SELECT COUNT(*) FROM orders o WHERE o.team_id = t.id) AS order_count FROM teams t`;

export function listMerchantRows(db: Db, parentTeamId: string): MerchantRow[] {
  return db.prepare(`${MERCHANT_SELECT} WHERE t.parent_team_id = ? ORDER BY t.created_at, t.name`).all(parentTeamId) as MerchantRow[];
}

export function getMerchantRow(db: Db, teamId: string): MerchantRow | undefined {
  return db.prepare(`${MERCHANT_SELECT} WHERE t.id = ?`).get(teamId) as MerchantRow | undefined;
}

export function setAccountManager(db: Db, teamId: string, userId: string | null, at: string): void {
  db.prepare('UPDATE teams SET account_manager_user_id = ?, updated_at = ? WHERE id = ?').run(userId, at, teamId);
}

/** `onboarding` → `live`. A team already live keeps its first timestamps (go-live is idempotent). */
export function markLive(db: Db, teamId: string, by: string | null, at: string): boolean {
  return (
    db
      .prepare("UPDATE teams SET status = 'live', went_live_at = ?, went_live_by = ?, updated_at = ? WHERE id = ? AND status = 'onboarding'")
      .run(at, by, at, teamId).changes === 1
  );
}
