import { expect } from 'vitest';
import { startStation, sampleOrder, type RunningStation } from '../../helpers/station';
import type { StationOptions } from '../../../main/core/station';
import type { TeamRow, TeamType } from '../../../main/core/features/teams/store';
import { waitFor } from '../printers/cups-output';

export { sampleOrder };

export interface PrintStation extends RunningStation {
  admin(path: string, init?: RequestInit & { json?: unknown }): Promise<Response>;
  /** A team whose flow gives every order the listed documents (by built-in template name), auto-print off unless asked. */
  printTeam(name: string, options?: { type?: TeamType; parent?: TeamRow; documents?: { template: string; tag: string }[]; autoPrint?: boolean }): Promise<{ team: TeamRow; key: string }>;
  printerId(vendorId: string): Promise<string>;
  createOrder(key: string, sourceId: string | number, overrides?: Record<string, unknown>, extra?: Record<string, unknown>): Promise<{ id: string; orderKeys: string[] }>;
  /** Waits until every job of the batch is done or failed; returns the batch with its jobs. */
  /** The batch once every job is done, unknown or failed; `boundMs` (default 60 s) is when waiting fails. */
  settled(batchId: string, boundMs?: number): Promise<BatchView>;
}

export interface JobView {
  id: string;
  state: string;
  osJobId: string | null;
  tray: string | null;
  reason: string | null;
  attempts: number;
  awaitingDecision: boolean;
  paper: { name: string; widthMm: number; heightMm: number };
}

export interface BatchView {
  id: string;
  state: string;
  printerId: string;
  jobs: JobView[];
}

export async function json<T = unknown>(response: Response, status: number): Promise<T> {
  const text = await response.text();
  if (response.status !== status) throw new Error(`expected ${status}, got ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

export async function printStation(options: Partial<StationOptions> = {}): Promise<PrintStation> {
  const running = await startStation(options);
  const token = running.station.services.adminSessions.createSessionToken();
  const admin: PrintStation['admin'] = (path, init = {}) =>
    running.call(path, { ...init, headers: { Authorization: `Bearer ${token}`, ...(init.headers as Record<string, string>) } });
  return {
    ...running,
    admin,
    async printTeam(name, options = {}) {
      const { team, key } = running.team(name, options.type, options.parent);
      const templates = await json<{ id: string; name: string }[]>(await admin(`/admin/api/teams/${team.id}/templates`), 200);
      const documents = options.documents ?? [{ template: 'Packing slip (A4)', tag: 'packing-slip' }];
      const actions = documents.map((document) => ({ type: 'addDocument', templateId: templates.find((template) => template.name === document.template)!.id, tag: document.tag }));
      await json(await admin(`/admin/api/teams/${team.id}/flow`, { method: 'PUT', json: { autoPrint: options.autoPrint ?? false, rules: [{ actions }] } }), 200);
      return { team, key };
    },
    async printerId(vendorId) {
      const printers = await json<{ id: string; printerVendorId: string }[]>(await admin('/admin/api/printers'), 200);
      return printers.find((printer) => printer.printerVendorId === vendorId)!.id;
    },
    async createOrder(key, sourceId, overrides = {}, extra = {}) {
      return json(await running.call('/api/orders', { key, json: { ...sampleOrder(sourceId, overrides), ...extra } }), 201);
    },
    async settled(batchId, boundMs = 60_000) {
      return waitFor(
        async () => {
          const batch = await json<BatchView>(await admin(`/admin/api/print-batches/${batchId}`), 200);
          return batch.jobs.every((job) => job.state === 'done' || job.state === 'unknown' || job.state === 'failed') ? batch : undefined;
        },
        boundMs,
        `batch ${batchId} to settle`,
      );
    },
  };
}

export function expectPending(results: { status: string }[], count: number) {
  expect(results.filter((result) => result.status === 'pending')).toHaveLength(count);
}
