import type { Db } from '../../foundations/db/open';
import { statement } from '../../foundations/db/statements';
import type { PaperSpec } from './contract';

export type TemplateKind = 'html' | 'zpl';

export interface TemplateRow {
  id: string;
  team_id: string;
  name: string;
  tag: string;
  paper_name: string;
  width_mm: number;
  height_mm: number;
  orientation: 'portrait' | 'landscape';
  margin_top_mm: number;
  margin_right_mm: number;
  margin_bottom_mm: number;
  margin_left_mm: number;
  body: string;
  /** `html` (a PDF through Chromium) or `zpl` (raw to a thermal printer). */
  kind: TemplateKind;
  builtin: string | null;
  overrides_template_id: string | null;
  version: number;
  created_at: string;
  updated_at: string;
  /** 1: a ZPL template whose output may hold printer commands (the ZPL policy is not applied on save). */
  printer_commands_allowed: number;
}

export function paperOf(row: TemplateRow): PaperSpec {
  return {
    name: row.paper_name,
    widthMm: row.width_mm,
    heightMm: row.height_mm,
    orientation: row.orientation,
    marginsMm: { top: row.margin_top_mm, right: row.margin_right_mm, bottom: row.margin_bottom_mm, left: row.margin_left_mm },
  };
}

export function insertTemplate(db: Db, row: TemplateRow): void {
  statement(
    db,
    `INSERT INTO document_templates (id, team_id, name, tag, paper_name, width_mm, height_mm, orientation,
       margin_top_mm, margin_right_mm, margin_bottom_mm, margin_left_mm, body, kind, builtin, overrides_template_id,
       version, created_at, updated_at, printer_commands_allowed)
     VALUES (@id, @team_id, @name, @tag, @paper_name, @width_mm, @height_mm, @orientation,
       @margin_top_mm, @margin_right_mm, @margin_bottom_mm, @margin_left_mm, @body, @kind, @builtin, @overrides_template_id,
       @version, @created_at, @updated_at, @printer_commands_allowed)`,
  ).run(row);
}

export function updateTemplateRow(db: Db, row: TemplateRow): void {
  statement(
    db,
    `UPDATE document_templates SET name = @name, tag = @tag, paper_name = @paper_name, width_mm = @width_mm,
       height_mm = @height_mm, orientation = @orientation, margin_top_mm = @margin_top_mm,
       margin_right_mm = @margin_right_mm, margin_bottom_mm = @margin_bottom_mm, margin_left_mm = @margin_left_mm,
       body = @body, overrides_template_id = @overrides_template_id, version = @version, updated_at = @updated_at,
       printer_commands_allowed = @printer_commands_allowed
     WHERE id = @id`,
  ).run(row);
}

export function deleteTemplateRow(db: Db, id: string): void {
  statement(db, 'DELETE FROM document_templates WHERE id = ?').run(id);
}

/** A template's kind without reading its body (bodies run to 500 KB). */
export function templateKindOf(db: Db, id: string): TemplateKind | undefined {
  return (statement(db, 'SELECT kind FROM document_templates WHERE id = ?').get(id) as { kind: TemplateKind } | undefined)?.kind;
}

export function getTemplate(db: Db, id: string): TemplateRow | undefined {
  return statement(db, 'SELECT * FROM document_templates WHERE id = ?').get(id) as TemplateRow | undefined;
}

export function listTeamTemplates(db: Db, teamId: string): TemplateRow[] {
  return statement(db, 'SELECT * FROM document_templates WHERE team_id = ? ORDER BY created_at, rowid').all(teamId) as TemplateRow[];
}

export function findTemplateByName(db: Db, teamId: string, name: string): TemplateRow | undefined {
  return statement(db, 'SELECT * FROM document_templates WHERE team_id = ? AND name = ?').get(teamId, name) as TemplateRow | undefined;
}

/**
 * By name as typed on a keyboard: case aside, and `x` for the `×` of names like
 * "Shipping label (4×6 in)".
 */
export function findTemplateByLooseName(db: Db, teamId: string, name: string): TemplateRow | undefined {
  return statement(
    db,
    "SELECT * FROM document_templates WHERE team_id = ? AND lower(replace(name, '×', 'x')) = lower(replace(?, '×', 'x')) ORDER BY created_at, rowid LIMIT 1",
  ).get(teamId, name) as TemplateRow | undefined;
}

/** The team's override of a base template, if it has one. */
export function findOverride(db: Db, teamId: string, baseTemplateId: string): TemplateRow | undefined {
  return statement(db, 'SELECT * FROM document_templates WHERE overrides_template_id = ? AND team_id = ? ORDER BY created_at LIMIT 1').get(
    baseTemplateId,
    teamId,
  ) as TemplateRow | undefined;
}

export function countOverridesOf(db: Db, baseTemplateId: string): number {
  return (statement(db, 'SELECT COUNT(*) AS n FROM document_templates WHERE overrides_template_id = ?').get(baseTemplateId) as { n: number }).n;
}

/** The built-in templates of every team, as stored (their bodies may be edited). */
export function listBuiltinTemplateBodies(db: Db): { id: string; builtin: string; body: string }[] {
  return statement(db, 'SELECT id, builtin, body FROM document_templates WHERE builtin IS NOT NULL').all() as { id: string; builtin: string; body: string }[];
}

/** Replaces a template's body only if it is still `expected` (never an edit made meanwhile); true when it did. */
export function replaceUneditedBody(db: Db, id: string, expected: string, body: string, at: string): boolean {
  return statement(db, 'UPDATE document_templates SET body = ?, version = version + 1, updated_at = ? WHERE id = ? AND body = ?').run(body, at, id, expected).changes === 1;
}
