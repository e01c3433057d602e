import type { Db } from '../../foundations/db/open';
import { statement } from '../../foundations/db/statements';
import { flowSchema, type Flow } from './schema';

interface FlowRow {
  team_id: string;
  auto_print: number;
  rules: string;
  updated_at: string;
}

export interface StoredFlow extends Flow {
  updatedAt: string;
}

// Every order write reads its team's flow: validated rules are kept by their JSON text.
const parsedRules = new Map<string, Flow['rules']>();

export function getFlow(db: Db, teamId: string): StoredFlow | undefined {
  const row = statement(db, 'SELECT * FROM document_flows WHERE team_id = ?').get(teamId) as FlowRow | undefined;
  if (!row) return undefined;
  let rules = parsedRules.get(row.rules);
  if (!rules) {
    // Validated again on read: rules written by an older version get today's defaults.
    rules = flowSchema.shape.rules.parse(JSON.parse(row.rules));
    if (parsedRules.size > 1000) parsedRules.clear();
    parsedRules.set(row.rules, rules);
  }
  return { autoPrint: row.auto_print === 1, rules, updatedAt: row.updated_at };
}

export function saveFlow(db: Db, teamId: string, flow: Flow, at: string): void {
  statement(
    db,
    `INSERT INTO document_flows (team_id, auto_print, rules, updated_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (team_id) DO UPDATE SET auto_print = excluded.auto_print, rules = excluded.rules, updated_at = excluded.updated_at`,
  ).run(teamId, flow.autoPrint ? 1 : 0, JSON.stringify(flow.rules), at);
}

export function flowReferences(db: Db, templateId: string): string[] {
  const rows = statement(db, 'SELECT team_id, rules FROM document_flows WHERE rules LIKE ?').all(`%${templateId}%`) as FlowRow[];
  return rows
    .filter((row) => (JSON.parse(row.rules) as Flow['rules']).some((rule) => rule.actions.some((a) => a.type === 'addDocument' && a.templateId === templateId)))
    .map((row) => row.team_id);
}

export function hasFlow(db: Db, teamId: string): boolean {
  return statement(db, 'SELECT 1 FROM document_flows WHERE team_id = ?').get(teamId) !== undefined;
}
