import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { threadEntry } from '../../../main/core/foundations/threads/entry';
import { CARRIER_PDF_LIMITS, CarrierPdfs, readerAnswer } from '../../../main/core/features/carrier-labels/carrier-pdfs';
import { consoleLogger } from '../../../main/core/foundations/logger';
import { ProcessClient } from '../../../main/core/foundations/threads/process-client';
import { startStation, type RunningStation } from '../../helpers/station';

/**
 * Carrier-label PDFs are bytes from outside: a crafted one is refused with a 400 naming the
 * label, read in the carrier-label PDF reader (a child process under OS limits) under caps, never on the event loop.
 */
const MiB = 1024 * 1024;

interface Disguise {
  /** The object stream's dictionary entries, in place of `/Filter <filter>`. */
  filterEntry?: string;
  /** What stands between the dictionary's `>>` and the stream's data. */
  beforeData?: string;
  /** An earlier stream (object 5) whose /Length runs past the end of the file. */
  runawayStream?: boolean;
}

/** A one-page 4×6 in PDF whose object stream (object 4) carries `data` behind `filter`. */
function pdfWithObjectStream(filter: string, data: Buffer, disguise: Disguise = {}): Buffer {
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
  if (disguise.runawayStream) object(5, '<< /Length 99999999 >>\nstream\nshort\nendstream');
  const entry = disguise.filterEntry ?? `/Filter ${filter}`;
  object(4, [Buffer.from(`<< /Type /ObjStm /N 1 /First 4 ${entry} /Length ${data.length} >>${disguise.beforeData ?? '\nstream\n'}`, 'latin1'), data, Buffer.from('\nendstream', 'latin1')]);
  const xref = length;
  const numbers = disguise.runawayStream ? [1, 2, 3, 4, 5] : [1, 2, 3, 4];
  add(`xref\n0 ${numbers.length + 1}\n0000000000 65535 f \n${numbers.map((n) => `${String(offsets[n]).padStart(10, '0')} 00000 n \n`).join('')}`);
  add(`trailer\n<< /Size ${numbers.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
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

/** Samples the station's resident memory (it runs in this process) every 5 ms while `work` runs; the peak above where it was. */
async function residentGrowthWhile(work: () => Promise<unknown>): Promise<number> {
  const before = process.memoryUsage.rss();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 5);
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  return Math.max(peak, process.memoryUsage.rss()) - before;
}

describe('carrier-label PDFs from outside', { timeout: 60_000 }, () => {
  it('a filter chain is decoded under the same caps: the 2 KB double-deflate bomb of 256 MiB is refused', async () => {
    const bombs = s.team('Bombs');
    const bomb = pdfWithObjectStream('[/FlateDecode /FlateDecode]', deflateSync(deflatedSpaces()));
    expect(bomb.length).toBeLessThan(8 * 1024);
    expect(await refused(bombs, 'chain', bomb)).toBe('The PDF is refused: object 4 decodes to more than 32 MiB');
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

  it('disguised bombs are read by the parser as a PDF reader reads them, and refused, while the station’s memory stays where it was', async () => {
    const bombs = s.team('Disguised bombs');
    const chain = deflateSync(deflatedSpaces());
    const disguised: [string, Buffer][] = [
      ['a comment between >> and stream', pdfWithObjectStream('/FlateDecode', deflatedSpaces(), { beforeData: ' % a note\nstream\n' })],
      ['a space after stream', pdfWithObjectStream('/FlateDecode', deflatedSpaces(), { beforeData: '\nstream \n' })],
      ['a hex-escaped key', pdfWithObjectStream('', deflatedSpaces(), { filterEntry: '/F#69lter /FlateDecode' })],
      ['a duplicate /Filter key', pdfWithObjectStream('', deflatedSpaces(), { filterEntry: '/Filter /ASCIIHexDecode /Filter /FlateDecode' })],
      ['an earlier stream whose /Length runs past the end', pdfWithObjectStream('/FlateDecode', deflatedSpaces(), { runawayStream: true })],
      ['a chain behind a comment', pdfWithObjectStream('[/FlateDecode /FlateDecode]', chain, { beforeData: ' % a note\nstream\n' })],
      ['a chain behind a hex-escaped key', pdfWithObjectStream('', chain, { filterEntry: '/F#69lter [/FlateDecode /FlateDecode]' })],
    ];
    const messages: string[] = [];
    const growth = await residentGrowthWhile(async () => {
      for (const [what, pdf] of disguised) messages.push(`${what}: ${await refused(bombs, `disguised-${messages.length}`, pdf)}`);
    });
    for (const message of messages) expect(message).toMatch(/: The PDF is refused: (object 4 decodes to more than 32 MiB|object 4 does not decode)/);
    // Three at once, as an attacker would send them.
    const parallel = await residentGrowthWhile(() =>
      Promise.all(disguised.slice(0, 3).map(([, pdf], i) => s.call('/api/orders', { key: bombs.key, json: order(`parallel-${i}`, pdf) }).then((r) => expect(r.status).toBe(400)))),
    );
    expect(growth, 'the station’s resident memory grew while the disguised bombs were read').toBeLessThan(50 * MiB);
    expect(parallel, 'the station’s resident memory grew while three were read at once').toBeLessThan(50 * MiB);
  });

  it('a label of more than 200 pages is refused; one of 200 is taken', async () => {
    const pages = s.team('Page counts');
    const of = async (count: number) => {
      const pdf = await PDFDocument.create();
      for (let page = 0; page < count; page++) pdf.addPage([288, 432]);
      return Buffer.from(await pdf.save());
    };
    expect(await refused(pages, 'many', await of(201))).toBe('The PDF is refused: it has 201 pages; a label has at most 200');
    expect((await s.call('/api/orders', { key: pages.key, json: order('two-hundred', await of(200)) })).status).toBe(201);
  });

  it('what is kept is the label written anew: every stream with at most one allowed filter, the carrier’s chains and document actions gone', async () => {
    const shop = s.team('Written anew');
    const source = await PDFDocument.create();
    source.addPage([288, 432]).drawText('Sendung 0034', { x: 10, y: 400, size: 12 });
    source.addJavaScript('hello', 'app.alert("from the label")');
    const original = Buffer.from(await source.save({ useObjectStreams: false }));
    // The page's content stream, sent behind [/ASCIIHexDecode /FlateDecode].
    const text = original.toString('latin1').replace(
      /<<([^<>]*?)\/Filter \/FlateDecode([^<>]*?)\/Length (\d+)([^<>]*?)>>\nstream\n/,
      (_whole, a: string, b: string, _length: string, c: string) => `<<${a}/Filter [/ASCIIHexDecode /FlateDecode]${b}/Length LENGTH${c}>>\nstream\n`,
    );
    expect(text).toContain('LENGTH');
    const start = text.indexOf('LENGTH');
    const dataStart = text.indexOf('stream\n', start) + 'stream\n'.length;
    const dataEnd = text.indexOf('\nendstream', dataStart);
    const hex = `${Buffer.from(text.slice(dataStart, dataEnd), 'latin1').toString('hex')}>`;
    const chained = Buffer.from(`${text.slice(0, start)}${hex.length}${text.slice(start + 'LENGTH'.length, dataStart)}${hex}${text.slice(dataEnd)}`, 'latin1');

    const created = await s.call('/api/orders', { key: shop.key, json: order('anew', chained) });
    expect(created.status).toBe(201);
    const stored = JSON.parse(s.station.db.prepare("SELECT variables FROM orders WHERE team_id = ?").pluck().get(shop.team.id) as string) as { carrierLabels: { data: string }[] };
    const kept = Buffer.from(stored.carrierLabels[0]!.data, 'base64').toString('latin1');
    expect(kept.startsWith('%PDF-')).toBe(true);
    expect(kept).not.toContain('ASCIIHexDecode');
    expect(kept).not.toContain('JavaScript');
    expect(kept).not.toMatch(/\/Filter\s*\[/);
    const reread = await PDFDocument.load(Buffer.from(kept, 'latin1'));
    expect(reread.getPageCount()).toBe(1);
    expect(reread.getPage(0).getSize()).toEqual({ width: 288, height: 432 });
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

describe('the carrier-label PDF reader', { timeout: 60_000 }, () => {
  it('runs as a child process under OS limits: a label that needs more memory than the reader has kills or stops only the reader', async () => {
    expect(ProcessClient.hasOsLimits, 'prlimit (util-linux) is where the station looks for it').toBe(process.platform === 'linux');
    // A budget just above what the reader needs to start: one legitimate 30 MiB stream is too
    // much for it. The built reader (threads/entry.ts) starts in less than one run through tsx.
    const throughTsx = threadEntry('carrier-pdf-reader').threadSource !== undefined;
    const pdfs = new CarrierPdfs(consoleLogger(), { readerMemoryMb: throughTsx ? 160 : 120 });
    try {
      const good = await pdfs.check(pdfWithObjectStream('/FlateDecode', deflateSync(Buffer.from('5 0 << /Kind /Fine >>'))));
      expect(good).toMatchObject({ page: { width: 288, height: 432 }, pages: 1 });
      const firstReader = pdfs.readerPids[0];
      expect(firstReader).toBeGreaterThan(0);
      expect(firstReader).not.toBe(process.pid);
      const heavy = Buffer.concat([Buffer.from('5 0 '), Buffer.alloc(30 * MiB, 0x20)]);
      const growth = await residentGrowthWhile(async () => {
        expect(await pdfs.check(pdfWithObjectStream('/FlateDecode', deflateSync(heavy)))).toEqual({ refused: 'reading it took more memory than a label may' });
      });
      expect(growth).toBeLessThan(50 * MiB);
      // The next label is read, by a reader that took the dead one's place if it died.
      expect(await pdfs.check(pdfWithObjectStream('/FlateDecode', deflateSync(Buffer.from('5 0 << /Kind /Fine >>'))))).toMatchObject({ pages: 1 });
    } finally {
      await pdfs.close();
    }
  });

  it('starts each reader with an empty environment, no file writes, few open files and processes, and a bounded address space', async () => {
    process.env.STATION_TEST_CANARY = 'a secret of the station';
    const pdfs = new CarrierPdfs(consoleLogger());
    try {
      expect(await pdfs.check(pdfWithObjectStream('/FlateDecode', deflateSync(Buffer.from('5 0 << /Kind /Fine >>'))), 'team-a')).toMatchObject({ pages: 1 });
      const [pid] = pdfs.readerPids;
      const limits = readFileSync(`/proc/${pid}/limits`, 'utf8');
      const limit = (name: string) => new RegExp(`^${name}\\s+(\\S+)`, 'm').exec(limits)?.[1];
      expect(limit('Max file size')).toBe('0');
      expect(limit('Max open files')).toBe('64');
      expect(Number(limit('Max address space'))).toBeGreaterThan(0);
      expect(Number(limit('Max data size'))).toBe(CARRIER_PDF_LIMITS.readerMemoryMb * MiB);
      expect(Number(limit('Max processes'))).toBeGreaterThan(0);
      expect(Number(limit('Max cpu time'))).toBe(CARRIER_PDF_LIMITS.readerCpuSeconds);
      const environment = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').filter(Boolean).map((entry) => entry.split('=')[0]);
      // Node's own IPC channel variables, and what the reader reads to start: nothing else of the station's.
      expect(environment.sort(), environment.join(' ')).toEqual(['ELECTRON_RUN_AS_NODE', 'NODE_CHANNEL_FD', 'NODE_CHANNEL_SERIALIZATION_MODE', 'STATION_WORKER_CPU_SECONDS', 'STATION_WORKER_MEMORY_MB', 'STATION_WORKER_SOURCE']);
    } finally {
      delete process.env.STATION_TEST_CANARY;
      await pdfs.close();
    }
  });

  it('takes from a reader only an answer of a label’s shape', () => {
    expect(readerAnswer.safeParse({ refused: 'not a PDF' }).success).toBe(true);
    expect(readerAnswer.safeParse({ page: { width: 288, height: 432, rotation: 0 }, pages: 1, pdf: new Uint8Array([37]) }).success).toBe(true);
    for (const forged of [{ page: { width: 288, height: 432, rotation: 0 }, pages: 1, pdf: '%PDF' }, { pages: 1 }, { refused: 'x', pdf: new Uint8Array() }, { page: { width: -1, height: 1, rotation: 0 }, pages: 1, pdf: new Uint8Array() }, null, 'ok']) {
      expect(readerAnswer.safeParse(forged).success, JSON.stringify(forged)).toBe(false);
    }
  });
});
