import { afterAll, beforeAll } from 'vitest';
import type { TeamRow } from '../../../main/core/features/teams/store';
import { documentsStation, json, sampleOrder, type DocumentView, type TemplateView } from './documents-harness';

/* The flow tests' station, team and helpers (flows*.test.ts); the bindings are live. */
export let s: Awaited<ReturnType<typeof documentsStation>>;
export let team: TeamRow;
export let key: string;
let templates: TemplateView[];
let seq = 0;
export const byBuiltin = (builtin: string) => templates.find((t) => t.builtin === builtin)!;

/** Starts the file's station with a team ('Flow Shop') and reads its templates before its tests; stops it after. */
export function useFlowStation(): void {
  beforeAll(async () => {
    s = await documentsStation();
    ({ team, key } = s.team('Flow Shop'));
    templates = await json<TemplateView[]>(await s.admin(`/admin/api/teams/${team.id}/templates`), 200);
  });
  afterAll(() => s.stop());
}

export async function setFlow(flow: unknown, teamId = team.id) {
  return json<{ autoPrint: boolean; rules: unknown[] }>(await s.admin(`/admin/api/teams/${teamId}/flow`, { method: 'PUT', json: flow }), 200);
}

/** Posts an order and returns its documents and status. */
export async function orderWith(order: Record<string, unknown> = {}, extra: Record<string, unknown> = {}, apiKey = key) {
  const body = { ...sampleOrder(`flow-${++seq}`, order), ...extra };
  const created = await json<{ id: string; status: string }>(await s.call('/api/orders', { key: apiKey, json: body }), 201);
  const documents = await json<DocumentView[]>(await s.admin(`/admin/api/orders/${created.id}/documents`), 200);
  return { id: created.id, status: created.status, documents, tags: documents.map((d) => d.tag) };
}

/** The flow "invoice when <condition>", then whether an order gets the invoice. */
export async function invoiceWhen(when: unknown) {
  await setFlow({ autoPrint: true, rules: [{ when, actions: [{ type: 'addDocument', templateId: byBuiltin('invoice-a4').id }] }] });
  return async (order: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => (await orderWith(order, extra)).tags.includes('invoice');
}
