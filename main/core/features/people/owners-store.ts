import type { Db } from '../../foundations/db/open';
import { statement } from '../../foundations/db/statements';
import { findOrderRow } from '../orders/store';

/** The team of one kind of thing, by its id: its row's team, or null when there is none. */
type OwnerLookup = (db: Db, id: string, visibleTeams: readonly string[]) => string | null;

const teamColumn =
  (sql: string): OwnerLookup =>
  (db, id) =>
    (statement(db, sql).get(id) as { team_id: string } | undefined)?.team_id ?? null;

const teamItself = teamColumn('SELECT id AS team_id FROM teams WHERE id = ?');

/**
 * Which path parameter names a team-owned thing, and how to find its team. A parameter
 * that several kinds share (`:id`) is told apart by the path's first segment after
 * `/admin/api/`. Printers are the station's (no team): their parameter is not here.
 */
const BY_PARAM: Record<string, OwnerLookup> = {
  teamId: teamItself,
  merchantTeamId: teamItself,
  templateId: teamColumn('SELECT team_id FROM document_templates WHERE id = ?'),
  linkId: teamColumn('SELECT team_id FROM links WHERE id = ?'),
  documentId: teamColumn('SELECT team_id FROM documents WHERE id = ?'),
  appId: teamColumn('SELECT team_id FROM source_apps WHERE id = ?'),
  // An order key may be another team's too: it is looked up among the teams the caller sees.
  idOrKey: (db, idOrKey, visibleTeams) => findOrderRow(db, idOrKey, visibleTeams)?.team_id ?? null,
};

const BY_SEGMENT: Record<string, OwnerLookup> = {
  keys: teamColumn('SELECT team_id FROM api_keys WHERE id = ?'),
  'print-batches': teamColumn('SELECT team_id FROM print_batches WHERE id = ?'),
  'print-jobs': teamColumn('SELECT team_id FROM print_jobs WHERE id = ?'),
  webhooks: teamColumn('SELECT team_id FROM webhooks WHERE id = ?'),
  'webhook-deliveries': teamColumn('SELECT w.team_id FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id WHERE d.id = ?'),
};

/**
 * The teams of the things a dashboard path names (a team and its merchant, a team and its
 * template…), each `null` when that thing does not exist; empty when the path names no
 * team-owned thing. The caller must be allowed on every one of them.
 */
export function ownerTeamsOf(db: Db, path: string, params: Record<string, string>, visibleTeams: readonly string[]): Array<string | null> {
  return Object.entries(params).flatMap(([name, value]) => {
    const lookup = name === 'id' ? BY_SEGMENT[path.split('/')[3] ?? ''] : BY_PARAM[name];
    return lookup ? [lookup(db, value, visibleTeams)] : [];
  });
}
