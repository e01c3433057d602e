import { z } from 'zod';
import { readSetting, type SettingsStore } from '../../foundations/settings/settings-store';

declare module '../../foundations/settings/settings-store' {
  interface StationSettings {
    /** The CUPS server the station prints through (`host:port` or a socket path); unset: the machine's. */
    cupsServer?: string;
  }
}

/**
 * `host`, `host:port`, `[v6]:port` or an absolute socket path, as CUPS's own `CUPS_SERVER`
 * takes them; nothing that could smuggle a second argument or a URL into the CUPS tools.
 */
export const cupsServerSchema = z
  .string()
  .trim()
  .max(255, 'At most 255 characters')
  .regex(/^(\/[\w./-]+|\[[0-9a-fA-F:.]+\](:\d{1,5})?|[A-Za-z0-9][A-Za-z0-9.-]*(:\d{1,5})?)$/, 'A host, host:port or the path of a socket (e.g. print-server.local:631 or /run/cups/cups.sock)')
  .refine((value) => !/:(\d+)$/.test(value) || (Number(/:(\d+)$/.exec(value)![1]) >= 1 && Number(/:(\d+)$/.exec(value)![1]) <= 65535), 'The port is a number from 1 to 65535');

export const printServerInput = z.strictObject({
  /** null (or an empty string) goes back to the machine's CUPS. */
  cupsServer: z.union([z.literal('').transform(() => null), cupsServerSchema, z.null()]),
});

export type PrintServerSource = 'command line' | 'settings' | 'environment' | 'machine';

/**
 * Which CUPS server the station uses, in order: `station serve --cups-server` (or the host's
 * option), the Settings value, `CUPS_SERVER` in the station's environment, else the
 * machine's own CUPS (client.conf, the local socket). Read on every CUPS call, so a change in
 * Settings applies from the next one.
 */
export function printServerResolver(fixed: string | undefined, settings: SettingsStore | undefined) {
  return (): { server: string | undefined; source: PrintServerSource } => {
    if (fixed) return { server: fixed, source: 'command line' };
    const saved = settings ? readSetting(settings, 'cupsServer') : undefined;
    if (saved) return { server: saved, source: 'settings' };
    if (process.env.CUPS_SERVER) return { server: process.env.CUPS_SERVER, source: 'environment' };
    return { server: undefined, source: 'machine' };
  };
}

export type PrintServerResolver = ReturnType<typeof printServerResolver>;
