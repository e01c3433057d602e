import { commonOptions, output, parse } from './args';
import { withStation } from './with-station';

export const LOGIN_USAGE = 'station login [--data-dir DIR] [--json]';

/** Prints a fresh one-time login link (valid 15 minutes) to the dashboard of this data dir's station. */
export async function loginCommand(argv: string[]): Promise<number> {
  const args = parse(argv, commonOptions);
  return withStation(args['data-dir'], async (station) => {
    const { lastListeningUrl } = await import('../../station');
    const link = `${lastListeningUrl(station.db)}/#login=${station.services.adminSessions.createLoginToken()}`;
    output(args.json, { link }, () => `dashboard: ${link}\nThe link signs one browser in; it works once, within 15 minutes.`);
    return 0;
  });
}
