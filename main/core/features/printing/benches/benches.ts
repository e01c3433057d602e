import type { BenchView } from './answers';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../../../foundations/db/open';
import type { StationEvents } from '../../../foundations/events';
import { StationError, badRequest, notFound } from '../../../foundations/errors';
import { hashSecret } from '../../../foundations/hash-secret';
import { newId, nowIso } from '../../../foundations/ids';
import { hasControlCharacters } from '../../../foundations/text';
import type { PrintersService } from '../../printers/service';
import { benchPeople, countScreens, deleteBench, recordBenchSession, deleteBenchRoute, findBench, insertBench, insertPairingCode, insertScreen, listBenchRoutes, listBenches, screenBench, takePairingCode, upsertBenchRoute, type Bench } from './store';

export const benchInput = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, 'A name for the bench')
    .max(60, 'At most 60 characters')
    .refine((name) => !hasControlCharacters(name), 'No control characters'),
});
export const benchRouteInput = z.strictObject({ printerId: z.string().min(1).max(200), tray: z.string().trim().min(1).max(200).nullable().optional() });
export const pairScreenInput = z.strictObject({ code: z.string().trim().min(1).max(40) });

/** A pairing code is read off one screen and typed on another: short, without look-alike characters. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;
/** Long enough to walk to the bench; short enough that a code seen over a shoulder is soon useless. */
const PAIRING_MINUTES = 10;

export type { BenchView } from './answers';

/** How long sessions stay live when unused: a person's, and a bench session's (badge or PIN). */
export interface BenchSessionTimes {
  idleHours: number;
  benchIdleMinutes: number;
}

/**
 * The benches. With `events`, who is at them is announced (`bench`): a screen paired, someone
 * signed in at one, sessions ended (any bench's, maybe), so the Benches card stays true live.
 */
export function createBenches(deps: { db: Db; printers: PrintersService; sessionTimes?: () => BenchSessionTimes; events?: StationEvents }) {
  const { db, printers, events } = deps;
  events?.on('sessionsEnded', () => events.emit('bench', { type: 'signedOut', benchId: null }));
  const signedInAt = (benchId: string): string[] => {
    const times = deps.sessionTimes?.() ?? { idleHours: 12, benchIdleMinutes: 15 };
    const now = Date.now();
    return benchPeople(db, benchId, { now: new Date(now).toISOString(), usedAfter: new Date(now - times.idleHours * 3600_000).toISOString(), benchUsedAfter: new Date(now - times.benchIdleMinutes * 60_000).toISOString() });
  };
  const benchOr404 = (idOrName: string): Bench => {
    const bench = findBench(db, idOrName);
    if (!bench) throw notFound('No bench with that id or name');
    return bench;
  };
  const view = (bench: Bench): BenchView => {
    const routes = listBenchRoutes(db, bench.id);
    const ids = [...new Set(routes.map((route) => route.printerId))];
    return {
      ...bench,
      routes,
      printers: ids.flatMap((id) => {
        const printer = printers.find(id);
        return printer ? [{ id: printer.id, name: printer.nickname ?? printer.name, status: printer.status, statusReason: printer.statusReason }] : [];
      }),
      screens: countScreens(db, bench.id),
      signedIn: signedInAt(bench.id),
    };
  };

  return {
    list: (): BenchView[] => listBenches(db).map(view),
    get: (idOrName: string): BenchView => view(benchOr404(idOrName)),
    add(input: z.output<typeof benchInput>): BenchView {
      if (findBench(db, input.name)) throw new StationError('conflict', 'bench_name_taken', `A bench is already called ${input.name}`);
      const bench = { id: newId(), name: input.name, createdAt: nowIso() };
      insertBench(db, bench);
      return view(bench);
    },
    /** Removes a bench: its routes and paired screens go with it; its batches keep their history. */
    remove(idOrName: string): void {
      deleteBench(db, benchOr404(idOrName).id);
    },
    setRoute(idOrName: string, tag: string, input: z.output<typeof benchRouteInput>): BenchView {
      const bench = benchOr404(idOrName);
      const printer = printers.find(input.printerId);
      if (!printer || printer.status === 'missing') throw badRequest('No such printer on this station', [{ path: 'printerId', message: 'Unknown or missing printer' }], 'printer_not_found');
      const tray = input.tray ?? null;
      if (tray && !printer.trays.includes(tray)) throw badRequest(`The printer has no tray "${tray}"`, [{ path: 'tray', message: `Trays: ${printer.trays.join(', ') || 'none'}` }], 'tray_not_found');
      const cleanTag = tag.trim();
      if (!cleanTag || cleanTag.length > 100) throw badRequest('A document tag of 1 to 100 characters', [{ path: 'tag', message: 'The document tag' }]);
      upsertBenchRoute(db, bench.id, { tag: cleanTag, printerId: printer.id, tray }, nowIso());
      return view(bench);
    },
    removeRoute(idOrName: string, tag: string): void {
      if (!deleteBenchRoute(db, benchOr404(idOrName).id, tag)) throw notFound('The bench has no route for that tag');
    },
    /** A one-use code to pair a screen with the bench, shown on the station's dashboard. */
    pairingCode(idOrName: string): { code: string; expiresAt: string } {
      const bench = benchOr404(idOrName);
      const bytes = randomBytes(CODE_LENGTH);
      const code = [...bytes].map((byte) => CODE_ALPHABET[byte % CODE_ALPHABET.length]).join('');
      const expiresAt = new Date(Date.now() + PAIRING_MINUTES * 60_000).toISOString();
      insertPairingCode(db, hashSecret(code), bench.id, expiresAt);
      return { code, expiresAt };
    },
    /** Pairs the screen that typed the code: a token it keeps and sends on every request (`X-Station-Bench`). */
    pairScreen(code: string): { benchToken: string; bench: { id: string; name: string } } {
      const benchId = takePairingCode(db, hashSecret(code.toUpperCase().replace(/[\s-]/g, '')), nowIso());
      const bench = benchId ? findBench(db, benchId) : undefined;
      if (!bench) throw new StationError('invalid', 'pairing_code_invalid', 'That pairing code is not valid (mistyped, used, or older than 10 minutes): show a new one on the Benches page');
      const benchToken = `bench_${randomBytes(24).toString('base64url')}`;
      insertScreen(db, hashSecret(benchToken), bench.id, nowIso());
      events?.emit('bench', { type: 'paired', benchId: bench.id });
      return { benchToken, bench: { id: bench.id, name: bench.name } };
    },
    /** A session opened at a paired screen is that bench's: who is signed in where. */
    sessionOpened(screenToken: string | undefined, sessionToken: string): void {
      const benchId = screenToken ? screenBench(db, hashSecret(screenToken)) : undefined;
      if (!benchId) return;
      recordBenchSession(db, hashSecret(sessionToken), benchId);
      events?.emit('bench', { type: 'signedIn', benchId });
    },
    /** The bench a screen's token names, or undefined (no token, unknown, or the bench removed). */
    screenBench(token: string | undefined): Bench | undefined {
      if (!token) return undefined;
      const benchId = screenBench(db, hashSecret(token));
      return benchId ? findBench(db, benchId) : undefined;
    },
  };
}

export type Benches = ReturnType<typeof createBenches>;
