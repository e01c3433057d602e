import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleOrder, startStation, type RunningStation } from '../../helpers/station';

/**
 * A data dir on a tmpfs of its own, 8 MiB: filled up by a file of the test, then freed. The
 * station must answer 507, lose no order it acknowledged, and go on once space returns.
 */
describe('a full disk', { timeout: 60_000 }, () => {
  const mountPoint = mkdtempSync(join(tmpdir(), 'station-full-disk-'));
  const dataDir = join(mountPoint, 'data');
  const filler = join(mountPoint, 'filler');
  let s: RunningStation;
  let key: string;

  beforeAll(async () => {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=8m', 'tmpfs', mountPoint]);
    s = await startStation({ dataDir, background: false });
    key = s.team('Полный диск').key;
  });
  afterAll(async () => {
    await s?.stop();
    execFileSync('umount', [mountPoint]);
    rmSync(mountPoint, { recursive: true, force: true });
  });

  it('answers 507 insufficient_storage, keeps every acknowledged order, and takes orders again once space is free', async () => {
    const post = (id: string) => s.call('/api/orders', { key, json: sampleOrder(id, { note: '注意 '.repeat(1500), customer: { firstName: 'Ада', lastName: 'לאבלייס' } }) });
    const acknowledged: string[] = [];
    for (const id of ['before-1', 'before-2', 'before-3']) {
      expect((await post(id)).status).toBe(201);
      acknowledged.push(id);
    }
    // Fill the disk but for a little room, then post until the station says it is full.
    try {
      writeFileSync(filler, Buffer.alloc(8 * 1024 * 1024));
    } catch {
      // ENOSPC: the filler took what there was.
    }
    let full: Response | undefined;
    for (let i = 0; i < 500 && !full; i++) {
      const res = await post(`full-${i}`);
      if (res.status === 201) acknowledged.push(`full-${i}`);
      else full = res;
    }
    expect(full?.status).toBe(507);
    const body = (await full!.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('insufficient_storage');
    expect(body.error.message).toMatch(/disk is full: nothing was written/);
    // Still full: still 507, never a 500.
    expect((await post('still-full')).status).toBe(507);

    rmSync(filler);
    const after = await post('after-space');
    expect(after.status).toBe(201);
    const stored = s.station.db.prepare("SELECT sourceId FROM (SELECT source_id AS sourceId FROM order_sources) ORDER BY sourceId").pluck().all() as string[];
    for (const id of [...acknowledged, 'after-space']) expect(stored).toContain(id);
    expect(stored).not.toContain('still-full');
    expect(s.station.db.pragma('integrity_check', { simple: true })).toBe('ok');
  });
});
