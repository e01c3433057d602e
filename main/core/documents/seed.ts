import type { Db } from '../db/open';
import { statement } from '../db/statements';
import { newId, nowIso } from '../ids';
import { BUILTIN_TEMPLATES, DEFAULT_FLOW_TEMPLATE_KEY } from './builtin';
import { saveFlow } from './flows-store';
import { insertTemplate, type TemplateRow } from './templates-store';

/**
 * Gives a team the built-in templates and the default flow (every order gets an A4 packing
 * slip, tag `packing-slip`; print automatically). Runs in the team's create transaction.
 */
export function seedTeamDocuments(db: Db, teamId: string): void {
  const at = nowIso();
  const ids = new Map<string, string>();
  for (const builtin of BUILTIN_TEMPLATES) {
    const row: TemplateRow = {
      id: newId(),
      team_id: teamId,
      name: builtin.name,
      tag: builtin.tag,
      paper_name: builtin.paper.name,
      width_mm: builtin.paper.widthMm,
      height_mm: builtin.paper.heightMm,
      orientation: builtin.paper.orientation,
      margin_top_mm: builtin.paper.marginsMm.top,
      margin_right_mm: builtin.paper.marginsMm.right,
      margin_bottom_mm: builtin.paper.marginsMm.bottom,
      margin_left_mm: builtin.paper.marginsMm.left,
      body: builtin.body,
      builtin: builtin.key,
      overrides_template_id: null,
      version: 1,
      created_at: at,
      updated_at: at,
    };
    // A team that already has a template of that name keeps its own.
    if (statement(db, 'SELECT 1 FROM document_templates WHERE team_id = ? AND name = ?').get(teamId, row.name)) continue;
    insertTemplate(db, row);
    ids.set(builtin.key, row.id);
  }
  const slip = ids.get(DEFAULT_FLOW_TEMPLATE_KEY);
  saveFlow(
    db,
    teamId,
    {
      autoPrint: true,
      rules: slip ? [{ name: 'Packing slip for every order', actions: [{ type: 'addDocument', templateId: slip, tag: 'packing-slip' }], stop: false }] : [],
    },
    at,
  );
}

/**
 * Teams created before documents existed (an older station.db) have neither templates nor
 * a flow: they get them the first time documents are needed.
 */
export function ensureTeamSeeded(db: Db, teamId: string): void {
  if (statement(db, 'SELECT 1 FROM document_flows WHERE team_id = ?').get(teamId)) return;
  if (!statement(db, 'SELECT 1 FROM teams WHERE id = ?').get(teamId)) return;
  db.transaction(() => seedTeamDocuments(db, teamId))();
}
