import { badRequest } from '../../../foundations/errors';
import type { PrintersService } from '../../printers/service';
import type { Printer } from '../../printers/store';
import { refuseMissing } from '../jobs/test-print';

/**
 * The printer a routing rule (its first printer or one of its pool, at `field`) or a move
 * names, or null for none: 400 for an id the station does not know, 409 for a queue the print
 * system no longer lists (routing to it would refuse every scan of the tag; a job moved there
 * would never print).
 */
export function routablePrinter(printers: PrintersService, printerId: string | null, field = 'printerId'): Printer | null {
  if (printerId === null) return null;
  const printer = printers.find(printerId);
  if (!printer) throw badRequest('No printer with that id', [{ path: field, message: 'Unknown printer' }]);
  refuseMissing(printer);
  return printer;
}
