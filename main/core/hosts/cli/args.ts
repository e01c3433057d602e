import { homedir } from 'node:os';
import { join } from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';

export class UsageError extends Error {}

/** The app-data folder Electron uses too, so the desktop app and `station serve` share data. */
export function defaultDataDir(): string {
  if (process.env.STATION_DATA_DIR) return process.env.STATION_DATA_DIR;
  const product = 'Order Print Station';
  if (process.platform === 'win32') return join(process.env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), product);
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Application Support', product);
  return join(process.env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), product);
}

export type Options = NonNullable<ParseArgsConfig['options']>;

export const commonOptions = {
  'data-dir': { type: 'string' },
  json: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const satisfies Options;

export function parse<O extends Options>(argv: string[], options: O) {
  try {
    return parseArgs({ args: argv, options, allowPositionals: false, strict: true }).values;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

export function required(value: string | undefined, flag: string): string {
  if (value === undefined || value.trim() === '') throw new UsageError(`${flag} is required`);
  return value;
}

/** Writes the result: JSON with --json, else the human lines. */
export function output(json: boolean, value: unknown, human: () => string): void {
  process.stdout.write(json ? `${JSON.stringify(value, null, 2)}\n` : `${human()}\n`);
}
