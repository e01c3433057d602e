/** Where the station says what happened: one line per event, with fields. */
export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/**
 * Characters JSON leaves raw that a terminal or a log viewer acts on: DEL and the C1 controls
 * (U+009B starts an escape sequence like ESC [), the line and paragraph separators, and the
 * bidirectional overrides and isolates that reorder the text around them. Order text reaches
 * the log (order numbers, names, reasons): these are written as `\uXXXX`, so a line reads as
 * what it says. JSON readers get the same string back.
 */
const UNSAFE_IN_LOG = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** One event as the line the log gets. */
export function logLine(level: string, message: string, fields?: Record<string, unknown>): string {
  const json = JSON.stringify({ at: new Date().toISOString(), level, message, ...fields });
  return json.replace(UNSAFE_IN_LOG, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** One JSON line per event on stderr: readable by people, parseable by log tools. */
export function consoleLogger(): Logger {
  const write = (level: string, message: string, fields?: Record<string, unknown>) => process.stderr.write(`${logLine(level, message, fields)}\n`);
  return {
    info: (message, fields) => write('info', message, fields),
    error: (message, fields) => write('error', message, fields),
  };
}

export const silentLogger: Logger = { info: () => {}, error: () => {} };
