import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../../../foundations/db/open';
import { StationError } from '../../../foundations/errors';
import type { StationEvents } from '../../../foundations/events';
import { hashSecret } from '../../../foundations/hash-secret';
import { nowIso } from '../../../foundations/ids';
import { readSetting, type SettingsStore } from '../../../foundations/settings/settings-store';
import { deleteScreen, findBench, insertScreen, type Bench } from './store';

/**
 * What the desktop app's window is: the station's own (every page, signed in as the station
 * admin, as it always was) or a bench's window: it opens at Orders on the bench's locked
 * screen, a badge or PIN signs an operator in, and admin pages need an admin's password.
 */
export interface DesktopWindowSetting {
  /** The bench the window stands at; null for the station's own window. */
  benchId: string | null;
  /** The SHA-256 of the window's bench token, so the next start unpairs the last one. */
  screenTokenHash?: string;
}

declare module '../../../foundations/settings/settings-store' {
  interface StationSettings {
    /** The desktop app's window: the station's own, or a bench's (Printers → Benches). */
    desktopWindow?: DesktopWindowSetting;
  }
}

export const desktopWindowInput = z.strictObject({
  /** A bench's id or name; null makes the window the station's own again. */
  benchId: z.string().trim().min(1).max(200).nullable(),
});
export const desktopWindowAnswer = z.strictObject({ benchId: z.string().nullable(), benchName: z.string().nullable() });

export function createDesktopWindow(deps: { db: Db; settings: SettingsStore; events: StationEvents }) {
  const { db, settings, events } = deps;
  /** The window's bench; a bench removed since reads as none (the station's own window). */
  const bench = (): Bench | undefined => {
    const benchId = readSetting(settings, 'desktopWindow')?.benchId;
    return benchId ? findBench(db, benchId) : undefined;
  };
  const answer = () => {
    const current = bench();
    return { benchId: current?.id ?? null, benchName: current?.name ?? null };
  };
  return {
    read: answer,
    /** Makes the window a bench's, or the station's own (null); the desktop host reloads its window on the event. */
    set(benchIdOrName: string | null): z.output<typeof desktopWindowAnswer> {
      const chosen = benchIdOrName === null ? null : findBench(db, benchIdOrName);
      if (chosen === undefined) throw new StationError('invalid', 'bench_not_found', `No bench "${benchIdOrName}" on this station`, [{ path: 'benchId', message: 'A bench id or name (GET /admin/api/benches), or null' }]);
      const previous = readSetting(settings, 'desktopWindow');
      settings.set('desktopWindow', { ...previous, benchId: chosen?.id ?? null });
      events.emit('desktopWindow', { benchId: chosen?.id ?? null });
      return answer();
    },
    /**
     * For the desktop host, at each start of its window: the bench the window stands at with
     * a bench token of its own (the screen paired without a code: it is the station's own
     * machine). The previous start's token is unpaired, so restarts leave no screens behind.
     */
    screen(): { benchToken: string; bench: { id: string; name: string } } | undefined {
      const current = bench();
      const previous = readSetting(settings, 'desktopWindow');
      if (previous?.screenTokenHash) deleteScreen(db, previous.screenTokenHash);
      if (!current) {
        if (previous?.screenTokenHash) settings.set('desktopWindow', { benchId: previous.benchId });
        return undefined;
      }
      const benchToken = `bench_${randomBytes(24).toString('base64url')}`;
      insertScreen(db, hashSecret(benchToken), current.id, nowIso());
      settings.set('desktopWindow', { benchId: current.id, screenTokenHash: hashSecret(benchToken) });
      return { benchToken, bench: { id: current.id, name: current.name } };
    },
  };
}

export type DesktopWindow = ReturnType<typeof createDesktopWindow>;
