import { readFileSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinAs } from '../people/people-helpers';
import { startStation } from '../../helpers/station';
import { json, printStation, sampleOrder, type PrintStation } from '../printing/print-harness';
import { useTestCups } from '../../helpers/cups/test-cups';

// This file prints: a CUPS scheduler of its own, with the suite's queues (test/helpers/cups).
useTestCups();

/** One sample's value from Prometheus text, e.g. `station_print_jobs_total{state="done"}`. */
function sample(text: string, name: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.slice(name.length + 1));
}

const metrics = async (s: PrintStation) => {
  const response = await fetch(`${s.url}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.text();
};

describe('health and metrics', { timeout: 60_000 }, () => {
  let s: PrintStation;
  beforeAll(async () => {
    s = await printStation();
  });
  afterAll(() => s.stop());

  it('GET /healthz answers without a key: database, print queue and renderer up, no team data', async () => {
    const { team } = await s.printTeam('Health Shop');
    const response = await fetch(`${s.url}/healthz`);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(JSON.parse(text)).toMatchObject({
      status: 'ok',
      checks: { database: { up: true }, printQueue: { up: true }, renderer: { up: true } },
    });
    expect(text).not.toContain(team.id);
    expect(text).not.toContain('Health Shop');
  });

  it('counts ingested orders, job states, pages and latencies of a real print, from loopback without a key', async () => {
    const { key } = await s.printTeam('Metrics Shop');
    const before = await metrics(s);
    const created = (name: string, text: string) => sample(text, name) ?? 0;
    const order = await s.createOrder(key, 'M-1');
    await s.createOrder(key, 'M-2');
    // The same source id again: an update, not a new order.
    await json(await s.call('/api/orders', { key, json: sampleOrder('M-2', { note: 'Second thoughts' }) }), 201);
    const folder = await s.printerId('save-as-pdf');
    const [result] = await json<{ id: string }[]>(await s.call('/api/orders/print', { key, json: { orderIds: [order.id], overrides: { printer: folder } } }), 200);
    const batch = await s.settled(result!.id);
    expect(batch.state).toBe('done');

    const after = await metrics(s);
    expect(created('station_orders_ingested_total{result="created"}', after) - created('station_orders_ingested_total{result="created"}', before)).toBe(2);
    expect(created('station_orders_ingested_total{result="updated"}', after) - created('station_orders_ingested_total{result="updated"}', before)).toBe(1);
    expect(created('station_print_jobs_total{state="done"}', after) - created('station_print_jobs_total{state="done"}', before)).toBe(1);
    expect(sample(after, 'station_print_jobs{state="done"}')).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'station_print_queue_depth')).toBe(0);
    // The pages counted are the pages of the PDF the printer got, counted again here by pdf-lib.
    const pdf = await PDFDocument.load(readFileSync(join(s.dataDir, 'printed', `station-job-${batch.jobs[0]!.id}.pdf`)));
    expect(created('station_pages_printed_total', after) - created('station_pages_printed_total', before)).toBe(pdf.getPageCount());
    expect(created('station_render_seconds_count{outcome="ok"}', after) - created('station_render_seconds_count{outcome="ok"}', before)).toBe(1);
    expect(created('station_print_seconds_count', after) - created('station_print_seconds_count', before)).toBe(1);
    expect(after).not.toContain('Metrics Shop');
  });

  it('answers /metrics to another computer only with a station admin’s dashboard session', async () => {
    const address = Object.values(networkInterfaces())
      .flat()
      .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address;
    expect(address, 'a non-loopback IPv4 address on this machine').toBeDefined();
    const remote = await startStation({}, { host: '0.0.0.0' });
    try {
      const url = remote.url.replace('127.0.0.1', address!);
      const refused = await fetch(`${url}/metrics`);
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/loopback/);
      // A team's person sees their teams, not the station's figures.
      const shop = remote.team('Metrics people shop');
      const person = await joinAs(remote, shop.team.id, 'viewer@metrics.example', 'admin');
      expect((await fetch(`${url}/metrics`, { headers: { Authorization: `Bearer ${person.token}` } })).status).toBe(403);
      const token = remote.station.services.adminSessions.createSessionToken();
      const allowed = await fetch(`${url}/metrics`, { headers: { Authorization: `Bearer ${token}` } });
      expect(allowed.status).toBe(200);
      expect(await allowed.text()).toContain('station_print_queue_depth');
      // Health stays open: it carries no data.
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
    } finally {
      await remote.stop();
    }
  });

  it('a fresh station exports every known label value at 0, not "no data"', async () => {
    const fresh = await startStation();
    try {
      const text = await (await fetch(`${fresh.url}/metrics`)).text();
      for (const result of ['created', 'updated', 'merged']) expect(sample(text, `station_orders_ingested_total{result="${result}"}`), result).toBe(0);
      for (const state of ['queued', 'rendering', 'submitting', 'submitted', 'done', 'unknown', 'failed']) {
        expect(sample(text, `station_print_jobs_total{state="${state}"}`), state).toBe(0);
        expect(sample(text, `station_print_jobs{state="${state}"}`), state).toBe(0);
      }
      expect(sample(text, 'station_render_seconds_count{outcome="failed"}')).toBe(0);
      for (const mode of ['passive', 'restart', 'truncate']) expect(sample(text, `station_wal_checkpoints_total{mode="${mode}",outcome="busy"}`), mode).toBe(0);
    } finally {
      await fresh.stop();
    }
  });

  it('a request a proxy on this computer forwarded needs a session, unless an admin allows forwarded metrics', async () => {
    const proxied = await startStation();
    try {
      const headers: Record<string, string>[] = [
        { 'X-Forwarded-For': '203.0.113.9' },
        { Forwarded: 'for=203.0.113.9' },
        { 'X-Real-IP': '203.0.113.9' },
        // Found passing as direct before: any forwarding header counts, by its shape.
        { Via: '1.1 proxy' },
        { 'X-Forwarded-Proto': 'https' },
        { 'X-Client-IP': '203.0.113.9' },
        { 'True-Client-IP': '203.0.113.9' },
        { 'CF-Connecting-IP': '203.0.113.9' },
        { 'X-Cluster-Client-IP': '203.0.113.9' },
      ];
      for (const header of headers) {
        const refused = await fetch(`${proxied.url}/metrics`, { headers: header });
        expect(refused.status, JSON.stringify(header)).toBe(403);
        expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/proxy/);
      }
      const token = proxied.station.services.adminSessions.createSessionToken();
      expect((await fetch(`${proxied.url}/metrics`, { headers: { 'X-Forwarded-For': '203.0.113.9', Authorization: `Bearer ${token}` } })).status).toBe(200);
      const admin = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
      const put = await fetch(`${proxied.url}/admin/api/settings/network`, { method: 'PUT', headers: admin, body: JSON.stringify({ imageHostsAllowed: [], metricsForwardedAllowed: true }) });
      expect(put.status).toBe(200);
      expect(await put.json()).toMatchObject({ metricsForwardedAllowed: true });
      expect((await fetch(`${proxied.url}/metrics`, { headers: { 'X-Forwarded-For': '203.0.113.9' } })).status).toBe(200);

      // A proxy that forwards without any header: the admin says the station is behind one.
      await fetch(`${proxied.url}/admin/api/settings/network`, { method: 'PUT', headers: admin, body: JSON.stringify({ imageHostsAllowed: [], metricsForwardedAllowed: false, behindProxy: true }) });
      const bare = await fetch(`${proxied.url}/metrics`);
      expect(bare.status).toBe(403);
      expect(((await bare.json()) as { error: { message: string } }).error.message).toMatch(/behind one/);
      expect((await fetch(`${proxied.url}/metrics`, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(200);
    } finally {
      await proxied.stop();
    }
  });

  it('GET /healthz says 503 and which part is down when the print queue stops', async () => {
    await s.station.printing.queue.stop();
    const response = await fetch(`${s.url}/healthz`);
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ status: 'degraded', checks: { printQueue: { up: false, detail: 'not running' }, database: { up: true } } });
  });
});
