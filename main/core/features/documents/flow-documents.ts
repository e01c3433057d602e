import type { Db } from '../../foundations/db/open';
import { getFlow } from './flows-store';
import { ensureTeamSeeded } from './seed';
import { findOverride, getTemplate, type TemplateRow } from './templates-store';

/**
 * The documents a team's flow adds: each action's template (a merchant's own version of a
 * 3PL template in its place) with its tag (the action's, or else the template's). What a
 * route's tag can be, and which templates a tag prints.
 */
export function flowDocuments(db: Db, teamId: string): Array<{ row: TemplateRow; tag: string }> {
  ensureTeamSeeded(db, teamId);
  return (getFlow(db, teamId)?.rules ?? [])
    .flatMap((rule) => rule.actions)
    .flatMap((action) => {
      if (action.type !== 'addDocument') return [];
      const row = findOverride(db, teamId, action.templateId) ?? getTemplate(db, action.templateId);
      const tag = row && (action.tag ?? row.tag).trim();
      return row && tag ? [{ row, tag }] : [];
    });
}
