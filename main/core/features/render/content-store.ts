import { createHash, randomBytes } from 'node:crypto';
import { chmod, mkdir, open, readdir, readFile, rename, stat, unlink, utimes, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../../foundations/db/private-files';

/** A key of the store: 64 hex characters (SHA-256). */
const KEY = /^[0-9a-f]{64}$/;

/** SHA-256 in hex of the parts, each closed by a NUL so that ("ab","c") and ("a","bc") differ. */
export function contentKey(...parts: Array<string | Uint8Array>): string {
  const hash = createHash('sha256');
  for (const part of parts) {
    hash.update(part);
    hash.update('\u0000');
  }
  return hash.digest('hex');
}

interface Entry {
  bytes: number;
}

/**
 * Bytes on disk by key, under a size budget: the least recently used entries go first when a
 * new one would pass it. Entries are files named by their key in one folder, written to a
 * temporary name, synced and renamed, so a crash never leaves half an entry under a key; a file's
 * modification time is its last use, so the order of use survives a restart. Every file
 * operation is asynchronous: a big PDF read or written never holds the event loop.
 *
 * What a key means is the caller's: the render-ahead cache keys a document's PDF by the hash
 * of its HTML and paper; a job's printed copy is keyed by the hash of its own bytes.
 */
export class ContentStore {
  /** Key → size, in order of use (a Map keeps insertion order: the first is the least recent). */
  private readonly entries = new Map<string, Entry>();
  private total = 0;
  private loading: Promise<void> | undefined;
  /** The last use stamped on a file, in ms: each use is stamped later than the one before. */
  private clock = 0;

  constructor(
    private readonly dir: string,
    /** The most bytes kept; 0 keeps nothing. */
    readonly budgetBytes: number,
    /** Flushes a written entry to the disk before it is renamed under its key (on the thread pool). */
    private readonly syncEntry: (file: FileHandle, temporaryPath: string) => Promise<void> = (file) => file.datasync(),
  ) {}

  /** Reads the folder once (at start): what a previous run kept is used again. */
  ready(): Promise<void> {
    this.loading ??= this.load();
    return this.loading;
  }

  private async load(): Promise<void> {
    // Rendered documents and printed copies hold customers' names and addresses: owner only,
    // whatever the umask, and corrected for a cache an older version left readable.
    await mkdir(this.dir, { recursive: true, mode: PRIVATE_DIR_MODE });
    const ownerOnly = process.platform !== 'win32';
    if (ownerOnly) await chmod(this.dir, PRIVATE_DIR_MODE);
    const found: Array<{ key: string; bytes: number; usedAt: number }> = [];
    for (const name of await readdir(this.dir)) {
      const path = join(this.dir, name);
      // A write a crash interrupted: never renamed, never used.
      if (!KEY.test(name)) {
        if (name.includes('.tmp-')) await unlink(path).catch(() => undefined);
        continue;
      }
      const info = await stat(path).catch(() => undefined);
      if (info?.isFile() && ownerOnly && (info.mode & 0o077) !== 0) await chmod(path, PRIVATE_FILE_MODE).catch(() => undefined);
      if (info?.isFile()) found.push({ key: name, bytes: info.size, usedAt: info.mtimeMs });
    }
    for (const { key, bytes, usedAt } of found.sort((a, b) => a.usedAt - b.usedAt)) {
      this.remember(key, bytes);
      this.clock = Math.max(this.clock, usedAt);
    }
    await this.evict();
  }

  private remember(key: string, bytes: number): void {
    const old = this.entries.get(key);
    if (old) {
      this.total -= old.bytes;
      this.entries.delete(key);
    }
    this.entries.set(key, { bytes });
    this.total += bytes;
  }

  /** Whether the store holds `key` (no disk access: for deciding before reading). */
  has(key: string): boolean {
    return this.entries.has(key);
  }

  /** The bytes under `key`, marked as just used; undefined when not kept (or evicted meanwhile). */
  async get(key: string): Promise<Uint8Array | undefined> {
    await this.ready();
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const path = join(this.dir, key);
    try {
      const bytes = await readFile(path);
      this.remember(key, entry.bytes);
      await this.stampUse(path);
      return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    } catch {
      this.forget(key);
      return undefined;
    }
  }

  /** Keeps `bytes` under `key`, then evicts the least recently used entries over the budget. */
  async put(key: string, bytes: Uint8Array): Promise<void> {
    if (!KEY.test(key)) throw new Error(`not a content key: ${key}`);
    await this.ready();
    // Bigger than the whole budget: never kept.
    if (bytes.byteLength > this.budgetBytes) return;
    const path = join(this.dir, key);
    const temporary = `${path}.tmp-${randomBytes(6).toString('hex')}`;
    // Synced before the rename: after a power cut a key names the whole entry or nothing
    // (ext4 and others may otherwise keep the rename and lose the data). It also keeps these
    // megabytes out of the journal commit that the next WAL sync of station.db waits for.
    const file = await open(temporary, 'w', PRIVATE_FILE_MODE);
    try {
      await file.writeFile(bytes);
      await this.syncEntry(file, temporary);
    } finally {
      await file.close();
    }
    await rename(temporary, path);
    await this.stampUse(path);
    this.remember(key, bytes.byteLength);
    await this.evict();
  }

  /** The file's modification time is its last use: strictly later than any before, even within one ms. */
  private async stampUse(path: string): Promise<void> {
    this.clock = Math.max(Date.now(), this.clock + 1);
    const at = new Date(this.clock);
    await utimes(path, at, at).catch(() => undefined);
  }

  private forget(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.total -= entry.bytes;
  }

  private async evict(): Promise<void> {
    for (const [key] of this.entries) {
      if (this.total <= this.budgetBytes) break;
      this.forget(key);
      await unlink(join(this.dir, key)).catch(() => undefined);
    }
  }

  /** Entries and bytes kept now, for metrics and the bench. */
  usage(): { entries: number; bytes: number; budgetBytes: number } {
    return { entries: this.entries.size, bytes: this.total, budgetBytes: this.budgetBytes };
  }
}
