import type { Db } from '../../foundations/db/open';
import { badRequest, notFound } from '../../foundations/errors';
import { newId, nowIso } from '../../foundations/ids';
import { getTeam } from '../teams/store';
import { completeOnboardingTask } from '../teams/onboarding';
import { getSourceApp, insertSourceApp, listSourceApps, renameSourceApp, setSourceAppActive, type SourceAppRow } from './store';

export const sourceAppView = (row: SourceAppRow) => ({
  id: row.id,
  teamId: row.team_id,
  name: row.name,
  active: row.active === 1,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});
export type SourceAppView = ReturnType<typeof sourceAppView>;

function validName(name: string): string {
  const trimmed = name.trim();
  if (trimmed.length < 1 || trimmed.length > 100) throw badRequest('An app name has 1 to 100 characters', [{ path: 'name', message: '1 to 100 characters' }]);
  return trimmed;
}

/** Registers a source app for a team, with a generated UUID; active from the start. */
export function createSourceApp(db: Db, teamId: string, name: string): SourceAppView {
  const trimmed = validName(name);
  if (!getTeam(db, teamId)) throw notFound('No team with that id');
  const at = nowIso();
  const row: SourceAppRow = { id: newId(), team_id: teamId, name: trimmed, active: 1, created_at: at, updated_at: at };
  db.transaction(() => {
    insertSourceApp(db, row);
    completeOnboardingTask(db, teamId, 'connect_source_app', null, at);
  }).immediate();
  return sourceAppView(row);
}

/**
 * Turns an app on or off. An inactive app no longer validates (`valid: false`); orders
 * still arrive under its UUID, since refusing them would lose orders.
 */
export function setSourceAppState(db: Db, id: string, changes: { active?: boolean; name?: string }): SourceAppView {
  const app = getSourceApp(db, id);
  if (!app) throw notFound('No source app with that id');
  const at = nowIso();
  db.transaction(() => {
    if (changes.name !== undefined) renameSourceApp(db, id, validName(changes.name), at);
    if (changes.active !== undefined) {
      setSourceAppActive(db, id, changes.active, at);
      if (changes.active) completeOnboardingTask(db, app.team_id, 'connect_source_app', null, at);
    }
  }).immediate();
  return sourceAppView(getSourceApp(db, id)!);
}

export const listSourceAppViews = (db: Db, teamId?: string): SourceAppView[] => listSourceApps(db, teamId).map(sourceAppView);
