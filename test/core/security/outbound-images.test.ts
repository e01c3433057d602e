import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../documents/pdf-tools';
import { imageServer, PNG } from '../net/image-server';
import { waitFor } from '../printers/cups-output';
import { json, printStation, type BatchView, type PrintStation } from '../printing/print-harness';
import { useTestCups } from '../../helpers/cups/test-cups';

// This file prints: a CUPS scheduler of its own, with the suite's queues (test/helpers/cups).
useTestCups();

/** The station's own outbound requests, attacked through an order's image URLs. */
let s: PrintStation;
let server: Awaited<ReturnType<typeof imageServer>>;
let releaseSlow: () => void = () => undefined;
beforeAll(async () => {
  s = await printStation();
  server = await imageServer((req, res) => {
    if (req.url?.startsWith('/slow')) {
      // Answers only when the test says so (or the station gives up after 5 s).
      releaseSlow = () => res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
      return;
    }
    // An image host that writes markup into its Content-Type, to draw its own ship-to text.
    if (req.url === '/markup.png') return void res.writeHead(200, { 'content-type': 'image/png"><div style="position:fixed">SHIP TO: Mallory</div><img alt="' }).end(PNG);
    res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
  });
});
afterAll(async () => {
  await server.close();
  await s.stop();
});

const withImages = (urls: string[]) => ({ lineItems: urls.map((image_url, i) => ({ name: `Item ${i}`, quantity: 1, sku: `SKU-${i}`, image_url })) });
const setAllowed = (hosts: string[]) => s.admin('/admin/api/settings/network', { method: 'PUT', json: { imageHostsAllowed: hosts } });

async function printOne(key: string, orderId: string): Promise<BatchView> {
  const [result] = await json<{ id: string; status: string }[]>(await s.call(`/api/orders/${orderId}/print`, { key, json: { overrides: { printer: 'save-as-pdf' } } }), 200);
  expect(result!.status).toBe('pending');
  return json<BatchView>(await s.admin(`/admin/api/print-batches/${result!.id}`), 200);
}

describe('images an order names', () => {
  it('are never fetched from loopback however it is spelled; the document says why each is missing', async () => {
    expect((await setAllowed([])).status).toBe(200);
    const { key } = await s.printTeam('SSRF');
    const urls = ['127.0.0.1', 'localhost', '2130706433'].map((host) => `http://${host}:${server.port}/secret.png`);
    const order = await s.createOrder(key, 'SSRF-1', withImages(urls));
    const batch = await s.settled((await printOne(key, order.id)).id);
    expect(batch.jobs[0]!.state).toBe('done');
    expect(server.requests).toEqual([]);
    const text = pdfText(readFileSync(batch.jobs[0]!.osJobId!)).replace(/\s+/g, ' ');
    expect(text.match(/Image not loaded: [\w.]+ is not a public address \(127\.0\.0\.1\)/g)).toHaveLength(3);
  });

  it('are fetched from a host an admin allowed, and embedded', async () => {
    expect((await setAllowed(['127.0.0.1'])).status).toBe(200);
    const { key } = await s.printTeam('Allowed images');
    const order = await s.createOrder(key, 'IMG-1', withImages([`http://127.0.0.1:${server.port}/product.png`]));
    const batch = await s.settled((await printOne(key, order.id)).id);
    expect(batch.jobs[0]!.state).toBe('done');
    expect(server.requests).toContain('/product.png');
    expect(pdfText(readFileSync(batch.jobs[0]!.osJobId!))).not.toContain('Image not loaded');
  });

  it('an image host cannot write markup into a printed document through its Content-Type', async () => {
    expect((await setAllowed(['127.0.0.1'])).status).toBe(200);
    const { key } = await s.printTeam('Markup images');
    const order = await s.createOrder(key, 'IMG-MARKUP', withImages([`http://127.0.0.1:${server.port}/markup.png`, `http://127.0.0.1:${server.port}/good.png`]));
    const batch = await s.settled((await printOne(key, order.id)).id);
    expect(batch.jobs[0]!.state).toBe('done');
    expect(server.requests).toEqual(expect.arrayContaining(['/markup.png', '/good.png']));
    const text = pdfText(readFileSync(batch.jobs[0]!.osJobId!)).replace(/\s+/g, ' ');
    expect(text).not.toContain('Mallory');
    expect(text.match(/Image not loaded/g)).toHaveLength(1);
    expect(text).toContain('not an image type the station prints');
  });

  it('network settings: 400 for a URL instead of a host, nothing stored', async () => {
    const res = await setAllowed(['http://wms.local/']);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: 'validation_failed', details: [{ path: 'imageHostsAllowed.0' }] } });
    expect(await json(await s.admin('/admin/api/settings/network'), 200)).toEqual({ imageHostsAllowed: ['127.0.0.1'], printerHostsAllowed: [], dashboardHosts: [], browserOrigins: [], metricsForwardedAllowed: false, behindProxy: false, trustedProxies: [] });
  });
});

it("one team's job waiting on a slow image server never holds another team's job for the same printer", async () => {
  expect((await setAllowed(['127.0.0.1'])).status).toBe(200);
  const slow = await s.printTeam('Slow images');
  const other = await s.printTeam('Other team');
  const slowOrder = await s.createOrder(slow.key, 'SLOW-1', withImages([`http://127.0.0.1:${server.port}/slow.png`]));
  const slowBatch = await printOne(slow.key, slowOrder.id);
  const slowJob = async () => (await json<BatchView>(await s.admin(`/admin/api/print-batches/${slowBatch.id}`), 200)).jobs[0]!;
  // The slow team's job is in hand, waiting for its image.
  await waitFor(async () => (server.requests.includes('/slow.png') ? true : undefined), 20_000, 'the slow image to be requested');
  expect((await slowJob()).state).toBe('rendering');

  const otherOrder = await s.createOrder(other.key, 'OTHER-1');
  const otherBatch = await s.settled((await printOne(other.key, otherOrder.id)).id);
  expect(otherBatch.jobs[0]!.state).toBe('done');
  expect(otherBatch.printerId).toBe(slowBatch.printerId);
  // Printed while the slow team's job was still waiting on its image.
  expect((await slowJob()).state).toBe('rendering');

  releaseSlow();
  // The slow team's job then prints too. (Whether its image made it depends on the release
  // coming within the image deadline of 5 s, which a loaded machine's other print can outlast:
  // not what this test is about.)
  const settled = await s.settled(slowBatch.id);
  expect(settled.jobs[0]!.state).toBe('done');
  expect(pdfText(readFileSync(settled.jobs[0]!.osJobId!))).toContain('SLOW-1');
});
