import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serve, type Served } from '../cli/run-station';
import { jobsTitled, orderNumbersByPage, waitFor, waitForPrintedPdf } from '../printers/cups-output';
import { json, printStation } from './print-harness';
import { useTestCups } from '../../helpers/cups/test-cups';

// This file prints: a CUPS scheduler of its own, with the suite's queues (test/helpers/cups).
useTestCups();

const ORDERS = 120;

interface ChunkRow {
  id: string;
  state: string;
  osJobId: string | null;
  chunkIndex: number | null;
}

describe('a crash during a chunked batch', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'station-chunk-crash-'));
  let served: Served | undefined;
  afterAll(() => {
    served?.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  const chunks = () => {
    const db = new Database(join(dataDir, 'station.db'), { readonly: true });
    try {
      return db.prepare('SELECT id, state, os_job_id AS osJobId, chunk_index AS chunkIndex FROM print_jobs ORDER BY chunk_index').all() as ChunkRow[];
    } finally {
      db.close();
    }
  };

  it('loses no page, prints none twice and keeps the order, when the station is killed after the first chunk', { timeout: 120_000 }, async () => {
    // One request of 120 orders, recorded by a station without a worker: chunks of 25, 50 and 45.
    const setup = await printStation({ dataDir, background: false });
    const { key } = await setup.printTeam('Chunk crash');
    const numbers = Array.from({ length: ORDERS }, (_, index) => `CC-${String(index + 1).padStart(3, '0')}`);
    const ids: string[] = [];
    for (const number of numbers) ids.push((await json<{ id: string }>(await setup.call('/api/orders', { key, json: { sourceId: number, order: { orderNumber: number, note: 'Заказ 注文' } } }), 201)).id);
    await json(await setup.call('/api/orders/print', { key, json: { orderIds: ids, overrides: { printer: 'PDF' } } }), 200);
    await setup.stop();
    expect(chunks().map((chunk) => [chunk.chunkIndex, chunk.state])).toEqual([
      [1, 'queued'],
      [2, 'queued'],
      [3, 'queued'],
    ]);

    // The worker starts; the station is killed (no shutdown) once the first chunk is with CUPS.
    served = await serve(['--data-dir', dataDir, '--port', '0', '--no-render-ahead']);
    await waitFor(() => (chunks()[0]!.osJobId ? true : undefined), 60_000, 'the first chunk with CUPS');
    served.child.kill('SIGKILL');
    await served.exited;
    expect(chunks().filter((chunk) => chunk.state === 'done' || chunk.state === 'submitted').length).toBeLessThan(3);

    // Restarted, it finishes the batch.
    served = await serve(['--data-dir', dataDir, '--port', '0', '--no-render-ahead']);
    const finished = await waitFor(() => {
      const rows = chunks();
      return rows.every((chunk) => chunk.state === 'done' || chunk.state === 'failed') ? rows : undefined;
    }, 90_000, 'every chunk to finish');
    served.child.kill('SIGTERM');
    await served.exited;
    served = undefined;
    expect(finished.map((chunk) => chunk.state)).toEqual(['done', 'done', 'done']);

    // One cups-pdf file per chunk; read in chunk order, every order on exactly one page, in order.
    const printed: (string | undefined)[] = [];
    for (const chunk of finished) {
      printed.push(...orderNumbersByPage(await waitForPrintedPdf(chunk.osJobId!, 60_000), numbers));
      expect(jobsTitled(`station-job-${chunk.id}`)).toHaveLength(1);
    }
    expect(printed).toEqual(numbers);
  });
});
