import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ContentStore, contentKey } from '../../../main/core/features/render/content-store';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'station-content-store-'));
  dirs.push(dir);
  return join(dir, 'print-cache');
};
const bytes = (size: number, fill: number) => new Uint8Array(size).fill(fill);

describe('the print cache (content store)', () => {
  it('keys parts so that different splits of the same text differ', () => {
    expect(contentKey('ab', 'c')).not.toBe(contentKey('a', 'bc'));
    expect(contentKey('注文', 'Заказ')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('syncs an entry whole to the disk before its key names it', async () => {
    const dir = freshDir();
    const key = contentKey('synced');
    const seenAtSync: Array<{ bytes: number; keyExists: boolean }> = [];
    const store = new ContentStore(dir, 10_000, async (file, temporaryPath) => {
      await file.datasync();
      seenAtSync.push({ bytes: readFileSync(temporaryPath).byteLength, keyExists: existsSync(join(dir, key)) });
    });
    await store.put(key, bytes(4_321, 7));
    // Synced once, with every byte written and before the rename made the key name it.
    expect(seenAtSync).toEqual([{ bytes: 4_321, keyExists: false }]);
    expect(await store.get(key)).toEqual(bytes(4_321, 7));
  });

  it('evicts the least recently used entries when a new one would pass the budget', async () => {
    const store = new ContentStore(freshDir(), 3_000);
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((name) => contentKey(name));
    await store.put(a!, bytes(1_000, 1));
    await store.put(b!, bytes(1_000, 2));
    await store.put(c!, bytes(1_000, 3));
    // a is used: b is now the least recent.
    expect(await store.get(a!)).toEqual(bytes(1_000, 1));
    await store.put(d!, bytes(1_000, 4));
    expect([store.has(a!), store.has(b!), store.has(c!), store.has(d!)]).toEqual([true, false, true, true]);
    expect(await store.get(b!)).toBeUndefined();
    expect(store.usage()).toEqual({ entries: 3, bytes: 3_000, budgetBytes: 3_000 });
  });

  it('keeps its entries and their order of use across a restart, and drops a write a crash interrupted', async () => {
    const dir = freshDir();
    const first = new ContentStore(dir, 3_000);
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((name) => contentKey(name));
    await first.put(a!, bytes(1_000, 1));
    await first.put(b!, bytes(1_000, 2));
    await first.put(c!, bytes(1_000, 3));
    // Used last before the stop: it must outlive b after the restart.
    await first.get(a!);
    await first.get(a!);
    writeFileSync(join(dir, `${d}.tmp-123456`), 'half a PDF');

    const second = new ContentStore(dir, 3_000);
    await second.ready();
    expect(readdirSync(dir).some((name) => name.includes('.tmp-'))).toBe(false);
    expect(second.usage().entries).toBe(3);
    expect(await second.get(c!)).toEqual(bytes(1_000, 3));
    await second.put(d!, bytes(1_000, 4));
    expect([second.has(a!), second.has(b!), second.has(c!), second.has(d!)]).toEqual([true, false, true, true]);
  });

  it('never keeps an entry bigger than its budget, and refuses a key that is not a hash', async () => {
    const store = new ContentStore(freshDir(), 1_000);
    await store.put(contentKey('small'), bytes(500, 8));
    await store.put(contentKey('big'), bytes(1_001, 9));
    expect([store.has(contentKey('small')), store.has(contentKey('big'))]).toEqual([true, false]);
    await expect(store.put('../station.db', bytes(1, 1))).rejects.toThrow(/not a content key/);
  });
});
