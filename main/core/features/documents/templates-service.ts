import type { Db } from '../../foundations/db/open';
import { badRequest, conflict, notFound, StationError } from '../../foundations/errors';
import { validate } from '../../foundations/validate';
import { checkZplLabel } from '../carrier-labels/zpl-policy';
import { newId, nowIso } from '../../foundations/ids';
import { TemplateSyntaxError, type TemplateEngine } from './engine';
import { flowReferences, getFlow, saveFlow } from './flows-store';
import { NAMED_PAPERS } from './paper';
import { findTemplateInScope, templateTeams } from './resolve';
import { flowSchema, templateCreateSchema, templateUpdateSchema, type Flow, type TemplateCreate } from './schema';
import { ensureTeamSeeded } from './seed';
import {
  countOverridesOf,
  deleteTemplateRow,
  findTemplateByName,
  getTemplate,
  insertTemplate,
  listTeamTemplates,
  paperOf,
  updateTemplateRow,
  type TemplateRow,
} from './templates-store';

/** The Template resource of the admin API. */
export function templateResource(row: TemplateRow) {
  const paper = paperOf(row);
  return {
    id: row.id,
    teamId: row.team_id,
    name: row.name,
    tag: row.tag,
    paper: { name: paper.name, widthMm: paper.widthMm, heightMm: paper.heightMm },
    orientation: row.orientation,
    marginsMm: paper.marginsMm,
    body: row.body,
    kind: row.kind,
    version: row.version,
    builtin: row.builtin,
    overridesTemplateId: row.overrides_template_id,
    printerCommandsAllowed: row.printer_commands_allowed === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function paperColumns(paper: string | { widthMm: number; heightMm: number }) {
  return typeof paper === 'string'
    ? { paper_name: paper, width_mm: NAMED_PAPERS[paper]!.widthMm, height_mm: NAMED_PAPERS[paper]!.heightMm }
    : // Custom sizes are stored portrait; orientation says how they are used.
      { paper_name: 'custom', width_mm: Math.min(paper.widthMm, paper.heightMm), height_mm: Math.max(paper.widthMm, paper.heightMm) };
}

/** Templates and flows as the dashboard edits them. Errors are the API's (`StationError`). */
export function createTemplatesService(
  db: Db,
  engine: TemplateEngine,
  rebuildOrdersUsing: (templateIds: string[]) => void = () => {},
  /** A ZPL template's output for the team's sample order (the ZPL policy checks it on save). */
  sampleZpl?: (row: TemplateRow) => string | undefined,
) {
  /** A ZPL template that may not send printer commands is held to the carrier labels' policy (zpl-policy.ts). */
  function checkZplPolicy(row: TemplateRow): void {
    if (row.kind !== 'zpl' || row.printer_commands_allowed === 1 || !sampleZpl) return;
    let output: string | undefined;
    try {
      output = sampleZpl(row);
    } catch {
      return; // a template that cannot render for the sample order says so in its preview and its documents
    }
    const issue = output === undefined ? undefined : checkZplLabel(Buffer.from(output, 'utf8'));
    if (issue) {
      throw badRequest('The template is not valid', [
        { path: 'body', message: `${issue.message} (in its output for the sample order); an admin may allow printer commands in this template (printerCommandsAllowed)` },
      ], 'validation_failed');
    }
  }

  function checkBody(body: string): void {
    try {
      engine.validate(body);
    } catch (error) {
      if (!(error instanceof TemplateSyntaxError)) throw error;
      // The message names the line once; `line` and `column` say where to put the caret.
      throw new StationError('invalid', 'template_syntax_error', `The template does not parse: ${error.message}`, [
        { path: 'body', message: error.message },
      ], { line: error.line ?? null, column: error.column ?? null });
    }
  }

  function checkOverride(teamId: string, baseId: string | null | undefined, selfId?: string): string | null {
    if (!baseId) return null;
    const base = getTemplate(db, baseId);
    if (!base || !templateTeams(db, teamId).includes(base.team_id)) {
      throw badRequest('overridesTemplateId must be a template of this team or its 3PL parent', [{ path: 'overridesTemplateId', message: 'Unknown template' }]);
    }
    if (base.id === selfId || base.overrides_template_id) throw badRequest('A template cannot override itself or another override');
    return base.id;
  }

  function checkNameFree(teamId: string, name: string, selfId?: string): void {
    const taken = findTemplateByName(db, teamId, name);
    if (taken && taken.id !== selfId) throw conflict(`This team already has a template named "${name}"`);
  }

  /** A template row from validated input, not stored (create, and previews of unsaved edits). */
  function draftRow(teamId: string, input: TemplateCreate): TemplateRow {
    const at = nowIso();
    return {
      id: newId(),
      team_id: teamId,
      name: input.name,
      tag: input.tag,
      ...paperColumns(input.paper),
      orientation: input.orientation,
      margin_top_mm: input.marginsMm.top,
      margin_right_mm: input.marginsMm.right,
      margin_bottom_mm: input.marginsMm.bottom,
      margin_left_mm: input.marginsMm.left,
      body: input.body,
      kind: input.kind,
      builtin: null,
      overrides_template_id: null,
      version: 1,
      created_at: at,
      updated_at: at,
      printer_commands_allowed: input.printerCommandsAllowed ? 1 : 0,
    };
  }

  function get(id: string): TemplateRow {
    const row = getTemplate(db, id);
    if (!row) throw notFound('No template with that id');
    return row;
  }

  return {
    checkBody,
    draftRow,

    list(teamId: string): TemplateRow[] {
      ensureTeamSeeded(db, teamId);
      return listTeamTemplates(db, teamId);
    },

    get,

    create(teamId: string, body: unknown): TemplateRow {
      const input = validate(templateCreateSchema, body, 'The template is not valid');
      checkBody(input.body);
      return db.transaction(() => {
        ensureTeamSeeded(db, teamId);
        checkNameFree(teamId, input.name);
        const row = draftRow(teamId, input);
        row.overrides_template_id = checkOverride(teamId, input.overridesTemplateId);
        checkZplPolicy(row);
        insertTemplate(db, row);
        if (row.overrides_template_id) rebuildOrdersUsing([row.overrides_template_id]);
        return row;
      })();
    },

    /** Each saved change is a new version: cached parses of the old one are never reused. */
    update(id: string, body: unknown): TemplateRow {
      const input = validate(templateUpdateSchema, body, 'The template is not valid');
      if (input.body !== undefined) checkBody(input.body);
      return db.transaction(() => {
        const current = get(id);
        if (input.name !== undefined) checkNameFree(current.team_id, input.name, id);
        const margins = input.marginsMm;
        const row: TemplateRow = {
          ...current,
          name: input.name ?? current.name,
          tag: input.tag ?? current.tag,
          ...(input.paper !== undefined ? paperColumns(input.paper) : {}),
          orientation: input.orientation ?? current.orientation,
          ...(margins ? { margin_top_mm: margins.top, margin_right_mm: margins.right, margin_bottom_mm: margins.bottom, margin_left_mm: margins.left } : {}),
          body: input.body ?? current.body,
          overrides_template_id:
            input.overridesTemplateId === undefined ? current.overrides_template_id : checkOverride(current.team_id, input.overridesTemplateId, id),
          version: current.version + 1,
          updated_at: nowIso(),
          printer_commands_allowed: input.printerCommandsAllowed === undefined ? current.printer_commands_allowed : input.printerCommandsAllowed ? 1 : 0,
        };
        checkZplPolicy(row);
        updateTemplateRow(db, row);
        rebuildOrdersUsing([row.id, ...[current.overrides_template_id, row.overrides_template_id].filter((id): id is string => id !== null)]);
        return row;
      })();
    },

    /** Refused (409) while a flow adds documents from it or another template overrides it. */
    remove(id: string): void {
      db.transaction(() => {
        const row = get(id);
        const flows = flowReferences(db, id);
        if (flows.length > 0) throw conflict('A flow adds documents from this template; change the flow first');
        if (countOverridesOf(db, id) > 0) throw conflict('Other templates override this one; delete them first');
        deleteTemplateRow(db, row.id);
        rebuildOrdersUsing([row.id]);
      })();
    },

    getFlow(teamId: string): Flow & { updatedAt: string } {
      ensureTeamSeeded(db, teamId);
      return getFlow(db, teamId)!;
    },

    /** Every `addDocument` must name a template the team may use (by id or name; stored by id). */
    updateFlow(teamId: string, body: unknown): Flow & { updatedAt: string } {
      const flow = validate(flowSchema, body, 'The flow is not valid');
      return db.transaction(() => {
        ensureTeamSeeded(db, teamId);
        flow.rules.forEach((rule, r) =>
          rule.actions.forEach((action, a) => {
            if (action.type !== 'addDocument') return;
            const template = findTemplateInScope(db, teamId, action.templateId);
            if (!template) throw badRequest('The flow is not valid', [{ path: `rules.${r}.actions.${a}.templateId`, message: `No template "${action.templateId}" for this team` }]);
            action.templateId = template.id;
          }),
        );
        saveFlow(db, teamId, flow, nowIso());
        return getFlow(db, teamId)!;
      })();
    },
  };
}
export type TemplatesService = ReturnType<typeof createTemplatesService>;
