import { statement } from '../db/statements';
import type { Db } from '../db/open';

export interface TagRoute {
  tag: string;
  printerId: string | null;
  /** The pool after `printerId`, in order: where a job goes when the ones before cannot take it. */
  fallbackPrinterIds: string[];
  tray: string | null;
  template: string | null;
}

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
