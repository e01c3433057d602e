/** Where the station says what happened: one line per event, with fields. */
export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/** One JSON line per event on stderr: readable by people, parseable by log tools. */
export function consoleLogger(): Logger {
  const write = (level: string, message: string, fields?: Record<string, unknown>) =>
    process.stderr.write(`${JSON.stringify({ at: new Date().toISOString(), level, message, ...fields })}\n`);
  return {
    info: (message, fields) => write('info', message, fields),
    error: (message, fields) => write('error', message, fields),
  };
}

export const silentLogger: Logger = { info: () => {}, error: () => {} };
