import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Logger } from '../logger';
import type { ThreadEntryName } from './entries';
import { threadEntry } from './entry';
import { ThreadDeadlineError, ThreadDiedError } from './thread-client';

/**
 * A worker of the station's in a child process of its own, for work whose input comes from
 * outside and may be built to exhaust whoever reads it. A thread shares the station's memory
 * (a worker's heap limit bounds neither zlib's buffers nor ArrayBuffers), a process does not:
 * - on Linux the child starts under `prlimit`, set before it reads a byte: a data-size limit,
 *   an address-space limit (generous: V8 and the threads reserve address space up front, so
 *   it is `addressSpaceMb`, well above the memory budget, and stops only a runaway mapping),
 *   a CPU-time limit, no file writes (`fsize` 0: the child writes no file), few open files
 *   and few new processes; elsewhere it has no rlimit to start under;
 * - the child gets an empty environment but for what it needs to start (no secrets, no proxy,
 *   no NODE_OPTIONS of the station's);
 * - on every OS the child watches its own resident memory from a thread and kills itself past
 *   `memoryMb` (the only memory limit on Windows and macOS), and its V8 heap is capped;
 * - each call has a deadline: past it the child is killed (SIGKILL) and the call fails with
 *   `ThreadDeadlineError`; a child that dies fails its call with `ThreadDiedError`;
 * - calls go one at a time, in order; the child starts with the first and ends after
 *   `idleMs` without one, or on its own once it has used half its CPU time (its limit counts
 *   for its whole life).
 * The protocol is the threads' (`{ready}`, `{id, request}` → `{id, result|error}`) over
 * Node's IPC channel with structured clone, so bytes travel as Uint8Array.
 */
export interface ProcessClientOptions {
  /** What the log and the errors call it ("the carrier-label PDF reader"). */
  name: string;
  entry: ThreadEntryName;
  /** Resident memory the child may reach. */
  memoryMb: number;
  /** CPU seconds the child may use in its life. */
  cpuSeconds: number;
  /** Address space the child may map (Linux); default: `defaultAddressSpaceMb`. */
  addressSpaceMb?: number;
  idleMs: number;
  startTimeoutMs?: number;
  logger: Logger;
}

interface Running {
  child: ChildProcess;
  ready: Promise<void>;
  waiting: Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>;
  dead: boolean;
}

const PRLIMIT = ['/usr/bin/prlimit', '/bin/prlimit'].find((path) => process.platform === 'linux' && existsSync(path));

/** Open files a child may hold: Node's own (epoll, pipes, IPC, its threads') with room to spare, not a flood. */
const CHILD_OPEN_FILES = 64;
/** Processes and threads a child may add to its user's count (Linux counts threads as tasks). */
const CHILD_NEW_TASKS = 64;

/**
 * prlimit's flags for a child. RLIMIT_NPROC counts every task of the user, not the child's
 * own: it is set to the machine's tasks now (/proc/loadavg, an upper bound of the user's)
 * plus the few the child may start (Node's threads), so a fork loop stops there.
 */
function osLimits(memoryMb: number, cpuSeconds: number, addressSpaceMb: number): string[] {
  let tasks = 4096;
  try {
    tasks = Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[3]?.split('/')[1]) || tasks;
  } catch {
    // No /proc: the fixed bound above.
  }
  return [`--data=${memoryMb * 1024 * 1024}`, `--as=${addressSpaceMb * 1024 * 1024}`, `--cpu=${cpuSeconds}`, '--fsize=0', `--nofile=${CHILD_OPEN_FILES}`, `--nproc=${tasks + CHILD_NEW_TASKS}`];
}

/**
 * Address space a child may map, by default. Built, the child is Node and its threads, each
 * reserving a V8 code range up front (1.5 GiB in all is too little for the reader and its
 * watchdog thread): the memory budget's double plus 2 GiB. Run from a checkout through tsx,
 * the loader instantiates WebAssembly, whose memory V8 reserves as ~10 GiB of address space
 * (16 GiB was refused, 24 GiB taken): 24 GiB there. Either stops a runaway mapping; the
 * data-size limit and the watchdog are what bound the memory actually used.
 */
const defaultAddressSpaceMb = (memoryMb: number, throughTsx: boolean) => (throughTsx ? 24 * 1024 : memoryMb * 2 + 2048);

export class ProcessClient<Request, Result> {
  private running: Running | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private nextId = 1;
  private idleTimer: NodeJS.Timeout | undefined;
  private closed = false;
  /** Children started so far. */
  starts = 0;

  constructor(private readonly options: ProcessClientOptions) {}

  /** Whether the child runs under OS limits here (prlimit found). */
  static get hasOsLimits(): boolean {
    return PRLIMIT !== undefined;
  }

  /** The child's process id, while one runs. */
  get pid(): number | undefined {
    return this.running?.child.pid;
  }

  call(request: Request, { deadlineMs }: { deadlineMs: number }): Promise<Result> {
    const turn = this.queue.then(() => this.send(request, deadlineMs));
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.idleTimer);
    const running = this.running;
    this.running = undefined;
    if (running) await this.end(running, `${this.options.name} is closed`);
  }

  private async send(request: Request, deadlineMs: number): Promise<Result> {
    if (this.closed) throw new Error(`${this.options.name} is closed`);
    clearTimeout(this.idleTimer);
    const running = (this.running ??= this.start());
    try {
      await running.ready;
      const id = this.nextId++;
      return (await new Promise<unknown>((resolve, reject) => {
        const deadline = setTimeout(() => {
          running.waiting.delete(id);
          reject(new ThreadDeadlineError(`${this.options.name} took longer than ${deadlineMs} ms`, deadlineMs));
          void this.end(running, `${this.options.name} was ended: a call passed its deadline`);
        }, deadlineMs);
        const settle = <T>(then: (value: T) => void) => (value: T) => {
          clearTimeout(deadline);
          then(value);
        };
        running.waiting.set(id, { resolve: settle(resolve), reject: settle(reject) });
        running.child.send({ id, request });
      })) as Result;
    } finally {
      this.armIdle(running);
    }
  }

  private start(): Running {
    this.starts++;
    const { memoryMb, cpuSeconds, name } = this.options;
    const { url, threadSource } = threadEntry(this.options.entry);
    const node = [
      process.execPath,
      // The heap is a part of the memory budget; the rest is for buffers the parser decodes.
      `--max-old-space-size=${Math.max(64, Math.floor(memoryMb / 2))}`,
      fileURLToPath(url),
    ];
    const command = PRLIMIT ? [PRLIMIT, ...osLimits(memoryMb, cpuSeconds, this.options.addressSpaceMb ?? defaultAddressSpaceMb(memoryMb, threadSource !== undefined)), '--', ...node] : node;
    const child = spawn(command[0]!, command.slice(1), {
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      serialization: 'advanced',
      // Nothing of the station's environment: only what the child reads to start. (In the
      // desktop app process.execPath is Electron: ELECTRON_RUN_AS_NODE makes it the Node it embeds.)
      env: { ELECTRON_RUN_AS_NODE: '1', STATION_WORKER_SOURCE: threadSource ?? '', STATION_WORKER_MEMORY_MB: String(memoryMb), STATION_WORKER_CPU_SECONDS: String(cpuSeconds) },
      windowsHide: true,
    });
    // Never what keeps the station's process alive.
    child.unref();
    child.channel?.unref();
    const running: Running = { child, ready: Promise.resolve(), waiting: new Map(), dead: false };
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
    running.ready = new Promise<void>((resolve, reject) => {
      const startTimeoutMs = this.options.startTimeoutMs ?? 30_000;
      const startTimer = setTimeout(() => void this.end(running, `${name} did not start within ${startTimeoutMs} ms`), startTimeoutMs);
      child.on('message', (message: { ready?: true; id?: number; result?: unknown; error?: string }) => {
        if (message.ready) {
          clearTimeout(startTimer);
          resolve();
          return;
        }
        const waiter = message.id === undefined ? undefined : running.waiting.get(message.id);
        if (!waiter) return;
        running.waiting.delete(message.id!);
        if (message.error !== undefined) waiter.reject(new Error(message.error));
        else waiter.resolve(message.result);
      });
      const die = (reason: string) => {
        if (running.dead) return;
        running.dead = true;
        clearTimeout(startTimer);
        if (this.running === running) this.running = undefined;
        reject(new ThreadDiedError(reason));
        if (!this.closed && running.waiting.size > 0) this.options.logger.error(`${name} stopped`, { reason, stderr: stderr.trim().slice(-300) || undefined });
        for (const { reject: fail } of running.waiting.values()) fail(new ThreadDiedError(reason));
        running.waiting.clear();
      };
      child.on('error', (error) => die(`${name} failed: ${error.message}`));
      child.on('exit', (code, signal) => die(`${name} exited (${signal ?? `code ${code}`})`));
    });
    running.ready.catch(() => undefined);
    return running;
  }

  /** Kills the child; its calls fail with `reason`. Resolves once it has gone. */
  private end(running: Running, reason: string): Promise<void> {
    if (this.running === running) this.running = undefined;
    for (const { reject } of running.waiting.values()) reject(new ThreadDiedError(reason));
    running.waiting.clear();
    if (running.child.exitCode !== null || running.child.signalCode !== null) return Promise.resolve();
    const gone = new Promise<void>((resolve) => running.child.once('exit', () => resolve()));
    running.child.kill('SIGKILL');
    return gone;
  }

  private armIdle(running: Running): void {
    clearTimeout(this.idleTimer);
    if (this.running !== running || running.waiting.size > 0) return;
    this.idleTimer = setTimeout(() => {
      if (this.running === running && running.waiting.size === 0) void this.end(running, `${this.options.name} was idle`);
    }, this.options.idleMs);
    this.idleTimer.unref();
  }
}
