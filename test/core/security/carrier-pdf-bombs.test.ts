import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStation, type RunningStation } from '../../helpers/station';

/**
 * Carrier-label PDFs are bytes from outside: a crafted one is refused with a 400 naming the
 * label, read on the carrier-label PDF thread under caps, never on the event loop.
 */
const MiB = 1024 * 1024;

/** A one-page 4×6 in PDF whose object stream (object 4) carries `data` behind `filter`. */
function pdfWithObjectStream(filter: string, data: Buffer): Buffer {
  const parts: Buffer[] = [];
  const offsets: number[] = [];
  let length = 0;
  const add = (chunk: string | Buffer) => {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk, 'latin1') : chunk;
    parts.push(buffer);
    length += buffer.length;
  };
  add('%PDF-1.7\n');
  const object = (n: number, body: string | Buffer[]) => {
    offsets[n] = length;
    if (typeof body === 'string') add(`${n} 0 obj\n${body}\nendobj\n`);
    else {
      add(`${n} 0 obj\n`);
      body.forEach(add);
      add('\nendobj\n');
    }
  };
  object(1, '<< /Type /Catalog /Pages 2 0 R >>');
  object(2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  object(3, '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 288 432] >>');
  object(4, [Buffer.from(`<< /Type /ObjStm /N 1 /First 4 /Filter ${filter} /Length ${data.length} >>\nstream\n`, 'latin1'), data, Buffer.from('\nendstream', 'latin1')]);
  const xref = length;
  add(`xref\n0 5\n0000000000 65535 f \n${[1, 2, 3, 4].map((n) => `${String(offsets[n]).padStart(10, '0')} 00000 n \n`).join('')}`);
  add(`trailer\n<< /Size 5 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return Buffer.concat(parts);
}

// 256 MiB of spaces after the object stream's header: what once held the station 1.8 s.
const spaces = () => Buffer.concat([Buffer.from('5 0 '), Buffer.alloc(256 * MiB, 0x20)]);
let once: Buffer | undefined;
const deflatedSpaces = () => (once ??= deflateSync(spaces(), { level: 9 }));

let s: RunningStation;
beforeAll(async () => {
  s = await startStation();
});
afterAll(() => s.stop());

const order = (sourceId: string, data: Buffer) => ({
  sourceId,
  order: { orderNumber: `#${sourceId}`, lineItems: [{ name: 'Посылка 包裹', quantity: 1 }], variables: { carrierLabels: [{ tag: 'dhl', format: 'pdf', data: data.toString('base64') }] } },
});

async function refused({ key, team }: { key: string; team: { id: string } }, sourceId: string, pdf: Buffer): Promise<string> {
  const response = await s.call('/api/orders', { key, json: order(sourceId, pdf) });
  const body = (await response.json()) as { error: { code: string; details: { path: string; message: string }[] } };
  expect(response.status, JSON.stringify(body)).toBe(400);
  expect(body.error.code).toBe('validation_failed');
  expect(body.error.details).toHaveLength(1);
  expect(body.error.details[0]!.path).toBe('order.variables.carrierLabels.0.data');
  // Nothing written.
  expect((await s.call(`/api/orders/${encodeURIComponent(`${team.id}/api-${sourceId}`)}/status`, { key })).status).toBe(404);
  expect(s.station.db.prepare('SELECT COUNT(*) FROM orders WHERE team_id = ?').pluck().get(team.id)).toBe(0);
  return body.error.details[0]!.message;
}

describe('carrier-label PDFs from outside', { timeout: 60_000 }, () => {
  it('a filter chain no carrier sends is refused before anything inflates it (the 2 KB bomb of 256 MiB)', async () => {
    const bombs = s.team('Bombs');
    const bomb = pdfWithObjectStream('[/FlateDecode /FlateDecode]', deflateSync(deflatedSpaces()));
    expect(bomb.length).toBeLessThan(8 * 1024);
    expect(await refused(bombs, 'chain', bomb)).toBe('The PDF is refused: object 4 chains 2 filters (FlateDecode, FlateDecode); a label\'s stream has one');
  });

  it('one stream that inflates past 32 MiB is refused, also behind a hex-escaped filter name', async () => {
    const bombs = s.team('Bombs 2');
    const single = pdfWithObjectStream('/FlateDecode', deflatedSpaces());
    expect(await refused(bombs, 'single', single)).toBe('The PDF is refused: object 4 decodes to more than 32 MiB');
    const escaped = pdfWithObjectStream('/Flat#65Decode', deflatedSpaces());
    expect(await refused(bombs, 'escaped', escaped)).toBe('The PDF is refused: object 4 decodes to more than 32 MiB');
  });

  it('filters named indirectly or outside the list are refused', async () => {
    const bombs = s.team('Bombs 3');
    expect(await refused(bombs, 'indirect', pdfWithObjectStream('7 0 R', deflateSync(Buffer.from('5 0 ')))))
      .toBe('The PDF is refused: object 4 names its filter indirectly');
    expect(await refused(bombs, 'lzw', pdfWithObjectStream('/LZWDecode', Buffer.from('x'))))
      .toBe('The PDF is refused: object 4 uses the filter LZWDecode, which labels do not use');
  });

  it('another team posts while the bombs arrive: its orders are written, and a good label still reads', async () => {
    const bombs = s.team('Bombs 4');
    const other = s.team('Другая команда');
    const bomb = pdfWithObjectStream('/FlateDecode', deflatedSpaces());
    const good = pdfWithObjectStream('/FlateDecode', deflateSync(Buffer.from('5 0 << /Kind /Fine >>')));
    const [refusedOnes, written] = await Promise.all([
      Promise.all(Array.from({ length: 4 }, (_, i) => s.call('/api/orders', { key: bombs.key, json: order(`bomb-${i}`, bomb) }).then((r) => r.status))),
      Promise.all(Array.from({ length: 4 }, (_, i) => s.call('/api/orders', { key: other.key, json: order(`good-${i}`, good) }).then((r) => r.status))),
    ]);
    expect(refusedOnes).toEqual([400, 400, 400, 400]);
    expect(written).toEqual([201, 201, 201, 201]);
  });
});
