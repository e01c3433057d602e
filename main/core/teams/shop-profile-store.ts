import type { Db } from '../db/open';
import { statement } from '../db/statements';
import type { ShopProfile } from './shop-profile';

export function getShopProfile(db: Db, teamId: string): ShopProfile | undefined {
  const row = statement(db, 'SELECT profile FROM shop_profiles WHERE team_id = ?').get(teamId) as { profile: string } | undefined;
  return row ? (JSON.parse(row.profile) as ShopProfile) : undefined;
}

export function saveShopProfile(db: Db, teamId: string, profile: ShopProfile, at: string): void {
  statement(
    db,
    `INSERT INTO shop_profiles (team_id, profile, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (team_id) DO UPDATE SET profile = excluded.profile, updated_at = excluded.updated_at`,
  ).run(teamId, JSON.stringify(profile), at);
}
