import { StationError } from '../../../foundations/errors';
import { run } from '../exec';

/**
 * CUPS's Zebra ZPL driver (Debian's and CUPS's sample drivers): documents become ZPL, raw
 * ZPL passes unchanged. Where a CUPS has no such driver, the queue is raw.
 */
const ZEBRA_DRIVER = 'drv:///sample.drv/zebra.ppd';

/**
 * Makes the CUPS queue of a printer added by address, with `lpadmin` (CUPS's own tool for
 * it; creating a queue is rare, so the spawn is not on any print path):
 * - `ipp://`/`ipps://`: `-m everywhere`, CUPS's driverless queue, made from what the printer
 *   says of itself (papers, trays, PDF or raster), for IPP Everywhere printers and for
 *   queues another computer's CUPS shares;
 * - `socket://`: the Zebra ZPL driver.
 * The queue retries a printer that went away (`printer-error-policy=retry-job`) instead of
 * stopping: its jobs wait, shown with the reason, and print when it returns.
 */
export async function createCupsQueue(input: { queue: string; name: string; uri: string; kind: 'ipp' | 'socket'; server: string | undefined }): Promise<void> {
  const env: Record<string, string> = input.server ? { CUPS_SERVER: input.server } : {};
  const common = ['-p', input.queue, '-E', '-v', input.uri, '-D', input.name, '-o', 'printer-error-policy=retry-job'];
  const attempts = input.kind === 'ipp' ? [['-m', 'everywhere']] : [['-m', ZEBRA_DRIVER], ['-m', 'raw']];
  let said = '';
  for (const model of attempts) {
    let result;
    try {
      // lpadmin -m everywhere asks the printer itself: it may take a while on a slow printer.
      result = await run('lpadmin', [...common, ...model], undefined, 60_000, env);
    } catch (error) {
      throw new StationError('unavailable', 'print_system_refused', `This station cannot make CUPS queues (lpadmin: ${(error as NodeJS.ErrnoException).code ?? String(error)})`);
    }
    if (result.code === 0) return;
    said = (result.stderr || result.stdout).trim();
  }
  if (/forbidden|not authorized|unauthorized|password/i.test(said)) {
    throw new StationError('unavailable', 'print_system_refused', `CUPS does not let the station's user add printers (${said}): add the user to the lpadmin group, or add the printer with CUPS's tools`);
  }
  throw new StationError('invalid', 'not_a_printer', `CUPS could not make a queue for ${input.uri}: ${said}`, [{ path: 'uri', message: said }]);
}

/** Removes a queue the station made (one whose driver never came): `lpadmin -x`. */
export async function removeCupsQueue(queue: string, server: string | undefined): Promise<void> {
  await run('lpadmin', ['-x', queue], undefined, 30_000, server ? { CUPS_SERVER: server } : {});
}
