import type { Db } from '../../foundations/db/open';
import { parentTeamIdOf } from '../teams/store';
import { findTemplateByLooseName, findTemplateByName, getTemplate, type TemplateRow } from './templates-store';

/** The teams whose templates a team may use: its own, then its 3PL parent's. */
export function templateTeams(db: Db, teamId: string): string[] {
  const parent = parentTeamIdOf(db, teamId);
  return parent ? [teamId, parent] : [teamId];
}

/**
 * A template the team may use, by id or by name (the team's own name wins over its parent's;
 * an exact name wins over one matched regardless of case and `×`/`x`).
 */
export function findTemplateInScope(db: Db, teamId: string, idOrName: string): TemplateRow | undefined {
  const teams = templateTeams(db, teamId);
  const byId = getTemplate(db, idOrName);
  if (byId && teams.includes(byId.team_id)) return byId;
  for (const team of teams) {
    const byName = findTemplateByName(db, team, idOrName);
    if (byName) return byName;
  }
  for (const team of teams) {
    const byLooseName = findTemplateByLooseName(db, team, idOrName);
    if (byLooseName) return byLooseName;
  }
  return undefined;
}
