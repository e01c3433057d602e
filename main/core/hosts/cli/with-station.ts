import { silentLogger } from '../../foundations/logger';
import type { Station } from '../../station';
import { defaultDataDir } from './args';

/** Opens the station without background work for a one-shot command, then closes it. */
export async function withStation<T>(dataDir: string | undefined, run: (station: Station) => T | Promise<T>): Promise<T> {
  // Loaded on use: a usage error or --help answers without loading every capability.
  const { createStation } = await import('../../station');
  const station = createStation({ dataDir: dataDir ?? defaultDataDir(), background: false, oneShot: true, logger: silentLogger });
  try {
    return await run(station);
  } finally {
    await station.close();
  }
}
