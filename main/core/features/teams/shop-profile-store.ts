import type { Db } from '../../foundations/db/open';
import { statement } from '../../foundations/db/statements';
import type { ShopProfile } from './shop-profile';

/**
 * Parsed profiles by connection and team, with the version they were read at. Every
 * document render reads its team's profile; a logo makes the JSON up to ~350 KB, so it is
 * parsed again only when the row changed (a one-column read tells).
 */
const parsed = new WeakMap<Db, Map<string, { version: number; profile: ShopProfile }>>();

export function getShopProfile(db: Db, teamId: string): ShopProfile | undefined {
  const stamp = statement(db, 'SELECT version FROM shop_profiles WHERE team_id = ?').get(teamId) as { version: number } | undefined;
  if (!stamp) return undefined;
  let cache = parsed.get(db);
  if (!cache) parsed.set(db, (cache = new Map()));
  const cached = cache.get(teamId);
  if (cached?.version === stamp.version) return cached.profile;
  const row = statement(db, 'SELECT profile, version FROM shop_profiles WHERE team_id = ?').get(teamId) as { profile: string; version: number };
  const profile = JSON.parse(row.profile) as ShopProfile;
  cache.set(teamId, { version: row.version, profile });
  return profile;
}

export function saveShopProfile(db: Db, teamId: string, profile: ShopProfile, at: string): void {
  statement(
    db,
    `INSERT INTO shop_profiles (team_id, profile, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (team_id) DO UPDATE SET profile = excluded.profile, version = version + 1, updated_at = excluded.updated_at`,
  ).run(teamId, JSON.stringify(profile), at);
}
