import type { TagRoute } from './answers';
import { statement } from '../../../foundations/db/statements';
import type { Db } from '../../../foundations/db/open';

export type { TagRoute } from './answers';

export function listTagRoutes(db: Db, teamId: string): TagRoute[] {
  const rows = statement(db, 'SELECT tag, printer_id AS printerId, fallback_printer_ids AS fallbacks, tray, template FROM print_routes WHERE team_id = ? ORDER BY tag').all(teamId) as (Omit<TagRoute, 'fallbackPrinterIds'> & {
    fallbacks: string | null;
  })[];
  return rows.map(({ fallbacks, ...route }) => ({ ...route, fallbackPrinterIds: fallbacks ? (JSON.parse(fallbacks) as string[]) : [] }));
}

export function upsertTagRoute(db: Db, teamId: string, route: TagRoute, at: string): void {
  statement(db, 
    `INSERT INTO print_routes (team_id, tag, printer_id, fallback_printer_ids, tray, template, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (team_id, tag) DO UPDATE SET printer_id = excluded.printer_id, fallback_printer_ids = excluded.fallback_printer_ids,
       tray = excluded.tray, template = excluded.template, updated_at = excluded.updated_at`,
  ).run(teamId, route.tag, route.printerId, route.fallbackPrinterIds.length ? JSON.stringify(route.fallbackPrinterIds) : null, route.tray, route.template, at);
}

export function deleteTagRoute(db: Db, teamId: string, tag: string): boolean {
  return statement(db, 'DELETE FROM print_routes WHERE team_id = ? AND tag = ?').run(teamId, tag).changes === 1;
}

/** The admin's default printer of the team; undefined means "the station default". */
export function teamDefaultPrinterId(db: Db, teamId: string): string | undefined {
  return (statement(db, 'SELECT default_printer_id AS id FROM team_print_settings WHERE team_id = ?').get(teamId) as { id: string | null } | undefined)?.id ?? undefined;
}

export function setTeamDefaultPrinter(db: Db, teamId: string, printerId: string | null, at: string): void {
  statement(db, 
    `INSERT INTO team_print_settings (team_id, default_printer_id, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (team_id) DO UPDATE SET default_printer_id = excluded.default_printer_id, updated_at = excluded.updated_at`,
  ).run(teamId, printerId, at);
}

/** Where a team's routing names a printer: a tag's printer, a member of a tag's pool, or the team's default printer (`tag` null). */
export interface RoutingUse {
  teamId: string;
  teamName: string;
  tag: string | null;
  printerId: string;
  printerName: string;
  as: 'printer' | 'pool' | 'default';
}

const ROUTING_USES = `
  SELECT u.teamId, t.name AS teamName, u.tag, u.printerId, coalesce(p.nickname, p.name) AS printerName, u."as"
  FROM (
    SELECT team_id AS teamId, tag, printer_id AS printerId, 'printer' AS "as" FROM print_routes WHERE printer_id IS NOT NULL
    UNION ALL
    SELECT r.team_id, r.tag, j.value, 'pool' FROM print_routes r, json_each(r.fallback_printer_ids) j WHERE r.fallback_printer_ids IS NOT NULL
    UNION ALL
    SELECT team_id, NULL, default_printer_id, 'default' FROM team_print_settings WHERE default_printer_id IS NOT NULL
  ) u JOIN teams t ON t.id = u.teamId JOIN printers p ON p.id = u.printerId`;

/** Every place routing names this printer (a printer in use cannot be removed). */
export function routingUsesOf(db: Db, printerId: string): RoutingUse[] {
  return statement(db, `${ROUTING_USES} WHERE u.printerId = ? ORDER BY t.name, u.tag`).all(printerId) as RoutingUse[];
}

/** Routing that names a printer the print system no longer lists: those tags' documents cannot print there. */
/** `teams`: only these teams' routing (JSON; null: every team's). */
export function routingOnMissingPrinters(db: Db, teams: string | null = null): RoutingUse[] {
  return statement(db, `${ROUTING_USES} WHERE p.status = 'missing' AND (@teams IS NULL OR t.id IN (SELECT value FROM json_each(@teams))) ORDER BY t.name, u.tag`).all({ teams }) as RoutingUse[];
}

/** "Shop A's gift-note" / "Shop A's default printer" / "the pool of Shop A's label". */
export function describeRoutingUse(use: RoutingUse): string {
  if (use.as === 'default') return `${use.teamName}'s default printer`;
  return use.as === 'pool' ? `the pool of ${use.teamName}'s "${use.tag}"` : `${use.teamName}'s "${use.tag}"`;
}
