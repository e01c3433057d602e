import { existsSync } from 'node:fs';
import { StationError } from '../../foundations/errors';

/** Raised when no Chromium can be found: says what to install or configure. A preview asked for then is a 503 `renderer_unavailable`. */
export class ChromiumMissingError extends StationError {
  constructor(readonly tried: string[]) {
    super(
      'unavailable',
      'renderer_unavailable',
      `Chromium was not found (looked at ${tried.join(', ')}). Install it — Debian/Ubuntu: ` +
        '`sudo apt-get install chromium`; macOS: install Google Chrome or Chromium — or set ' +
        'STATION_CHROMIUM_PATH to the browser executable.',
    );
  }
}

const DEFAULT_PATHS: Record<string, string[]> = {
  linux: ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome-stable', '/usr/bin/google-chrome', '/snap/bin/chromium'],
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
