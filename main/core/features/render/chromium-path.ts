import { existsSync } from 'node:fs';
import { StationError } from '../../foundations/errors';

/** Raised when no Chromium can be found: says what to install or configure. A preview asked for then is a 503 `renderer_unavailable`. */
export class ChromiumMissingError extends StationError {
  constructor(readonly tried: string[]) {
    super(
      'unavailable',
      'renderer_unavailable',
      `Chromium was not found (looked at ${tried.join(', ')}). Install it — Debian/Ubuntu: ` +
        '`sudo apt-get install chromium-headless-shell` (or `chromium`); macOS: install Google Chrome or Chromium — or set ' +
        'STATION_CHROMIUM_PATH to the browser executable.',
    );
  }
}

/**
 * Where each platform keeps a Chromium, most fitting first. On Linux that is Chromium's
 * headless shell (Debian and Ubuntu package it as `chromium-headless-shell`, the build
 * Playwright itself runs headless): the station never shows the browser it renders in, and
 * the shell renders the same Blink pages with no browser UI behind them — the same PDF for
 * about a third of the full browser's CPU, measured on the suite's print tests. Debian's
 * `/usr/bin/chromium-headless-shell` is a shell script that starts the binary as its child:
 * the binary itself is taken, so the browser is the process the station launched.
 */
const DEFAULT_PATHS: Record<string, string[]> = {
  linux: ['/usr/lib/chromium/chromium-headless-shell', '/usr/bin/chromium-headless-shell', '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome-stable', '/usr/bin/google-chrome', '/snap/bin/chromium'],
  darwin: [
    '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
    '/Applications/Chromium.app/Contents/MacOS/Chromium',
    '/Applications/Microsoft Edge.app/Contents/MacOS/Microsoft Edge',
  ],
  win32: [
    'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe',
    'C:\\Program Files (x86)\\Google\\Chrome\\Application\\chrome.exe',
    'C:\\Program Files (x86)\\Microsoft\\Edge\\Application\\msedge.exe',
  ],
};

/** The browser to launch: the option, else `STATION_CHROMIUM_PATH`, else the platform's usual places. */
export function resolveChromiumPath(explicit?: string, env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  const configured = explicit ?? env.STATION_CHROMIUM_PATH;
  if (configured) {
    if (!existsSync(configured)) throw new ChromiumMissingError([configured]);
    return configured;
  }
  const candidates = DEFAULT_PATHS[platform] ?? DEFAULT_PATHS.linux!;
  const found = candidates.find((path) => existsSync(path));
  if (!found) throw new ChromiumMissingError(candidates);
  return found;
}
