import { getSourceApp } from '../apps/store';
import type { Caller } from '../teams/caller';
import { isThreePl } from '../teams/caller';
import type { Db } from '../../foundations/db/open';
import { badRequest, StationError } from '../../foundations/errors';
import { validate } from '../../foundations/validate';
import { newId, nowIso } from '../../foundations/ids';
import { expressionShapeError } from '../sandbox/expression';
import type { Sandbox } from '../sandbox/sandbox';
import { createLinkSchema, pointFrom, pointValue, updateLinkSchema, type Point } from './schema';
import { deleteLink, insertLink, updateLink, type LinkErrorRow, type LinkRow } from './store';

export type LinksService = ReturnType<typeof createLinksService>;

/** The Link object returned by list, create, update (and the admin API). */
export function linkResource(row: LinkRow) {
  return {
    id: row.id,
    teamId: row.team_id,
    type: row.type,
    source: pointFrom(row.source_type, row.source_value),
    target: pointFrom(row.target_type, row.target_value),
    resolver: row.resolver,
    condition: row.condition,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    /** Null, or when and why the link stopped running (see `recordLinkRun`); editing resumes it. */
    suspended: row.suspended_at ? { at: row.suspended_at, reason: row.suspended_reason } : null,
  };
}
export type LinkResource = ReturnType<typeof linkResource>;

export const linkErrorResource = (row: LinkErrorRow) => ({
  id: row.id,
  linkId: row.link_id,
  stage: row.stage,
  source: row.source,
  sourceId: row.source_id,
  message: row.message,
  at: row.at,
});

/** The contract's "invalid resolver shape": statements, several expressions, oversized or uncompilable code. */
export function invalidShape(field: 'resolver' | 'condition', reason: string): StationError {
  return new StationError('invalid', 'invalid_resolver_shape', `invalid resolver shape: ${field}: ${reason}`, [{ path: field, message: reason }]);
}

export function createLinksService({ db, sandbox }: { db: Db; sandbox: Sandbox }) {
  /** The parser decides the shape; QuickJS, which will run it, must compile it too. */
  async function checkExpression(field: 'resolver' | 'condition', code: string): Promise<void> {
    const shape = expressionShapeError(code);
    if (shape) throw invalidShape(field, shape);
    const compile = await sandbox.compileError(code, field);
    if (compile) throw invalidShape(field, compile);
  }

  /** App points must name an app of the link's own team: its orders carry that app's UUID. */
  function checkPoint(point: Point, teamId: string, path: 'source' | 'target'): void {
    if (point.type !== 'app') return;
    const app = getSourceApp(db, point.app);
    if (!app || app.team_id !== teamId) {
      throw badRequest('The link is not valid', [{ path: `${path}.app`, message: 'No source app with that UUID in the team' }], 'validation_failed');
    }
  }

  /** Which team a link created by this key belongs to: as `targetTeamId` on orders. */
  function owningTeamId(caller: Caller, targetTeamId: string | null | undefined): string {
    if (targetTeamId === undefined || targetTeamId === null || targetTeamId === caller.team.id) return caller.team.id;
    if (!isThreePl(caller) || !caller.teamIds.includes(targetTeamId)) {
      throw badRequest('targetTeamId must be a merchant team managed by this 3PL team', [
        { path: 'targetTeamId', message: 'Not a merchant of the calling team' },
      ]);
    }
    return targetTeamId;
  }

  async function create(teamId: string, body: unknown): Promise<LinkRow> {
    const input = validate(createLinkSchema, body, 'The link is not valid');
    checkPoint(input.source, teamId, 'source');
    checkPoint(input.target, teamId, 'target');
    await checkExpression('resolver', input.resolver);
    if (input.condition) await checkExpression('condition', input.condition);
    const at = nowIso();
    const row: LinkRow = {
      id: newId(),
      team_id: teamId,
      type: input.type,
      source_type: input.source.type,
      source_value: pointValue(input.source),
      target_type: input.target.type,
      target_value: pointValue(input.target),
      resolver: input.resolver,
      condition: input.condition ? input.condition : null,
      created_at: at,
      updated_at: at,
      heavy_faults: 0,
      suspended_at: null,
      suspended_reason: null,
    };
    insertLink(db, row);
    return row;
  }

  /** Only sent fields change; the team of a link is fixed at creation. */
  async function update(link: LinkRow, body: unknown, callerTeamFor?: (targetTeamId: string | null | undefined) => string): Promise<LinkRow> {
    const input = validate(updateLinkSchema, body, 'The link is not valid');
    if (input.targetTeamId !== undefined && callerTeamFor && callerTeamFor(input.targetTeamId) !== link.team_id) {
      throw badRequest('A link cannot move between teams', [{ path: 'targetTeamId', message: 'Differs from the team of the link' }]);
    }
    if (input.source) checkPoint(input.source, link.team_id, 'source');
    if (input.target) checkPoint(input.target, link.team_id, 'target');
    if (input.resolver !== undefined) await checkExpression('resolver', input.resolver);
    if (input.condition) await checkExpression('condition', input.condition);
    const row: LinkRow = {
      ...link,
      type: input.type ?? link.type,
      ...(input.source ? { source_type: input.source.type, source_value: pointValue(input.source) } : {}),
      ...(input.target ? { target_type: input.target.type, target_value: pointValue(input.target) } : {}),
      resolver: input.resolver ?? link.resolver,
      condition: input.condition === undefined ? link.condition : input.condition ? input.condition : null,
      updated_at: nowIso(),
      // Editing a suspended link resumes it.
      heavy_faults: 0,
      suspended_at: null,
      suspended_reason: null,
    };
    updateLink(db, row);
    return row;
  }

  function remove(link: LinkRow): { success: true; id: string } {
    deleteLink(db, link.id);
    return { success: true, id: link.id };
  }

  return { create, update, remove, owningTeamId, checkExpression };
}
