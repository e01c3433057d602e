import type { Db } from '../../../foundations/db/open';
import { StationError } from '../../../foundations/errors';
import type { PrintersService } from '../../printers/service';
import { describeRoutingUse, routingUsesOf } from '../requests/routing-store';
import { openJobCountAt } from './store';

/**
 * Printers → Remove, for a printer the print system no longer lists. Refused (409) while
 * routing names it (a tag, a pool, a team's default: those documents would have nowhere to
 * go) or while jobs wait for it (cancel or move them first), so removing loses no print.
 */
export function removeMissingPrinter(deps: { db: Db; printers: PrintersService }, printerId: string): void {
  const printer = deps.printers.find(printerId);
  if (!printer) throw new StationError('not_found', 'not_found', 'No printer with that id');
  const name = printer.nickname ?? printer.name;
  if (printer.status === 'missing') {
    const uses = routingUsesOf(deps.db, printer.id);
    if (uses.length) {
      throw new StationError(
        'conflict',
        'printer_in_use',
        `Routing still sends documents to ${name}: ${uses.map(describeRoutingUse).join(', ')}. Choose another printer there first`,
        uses.map((use) => ({ path: use.tag === null ? `teams.${use.teamId}.defaultPrinterId` : `teams.${use.teamId}.routes.${use.tag}`, message: describeRoutingUse(use) })),
      );
    }
    const waiting = openJobCountAt(deps.db, printer.id);
    if (waiting > 0) {
      throw new StationError('conflict', 'printer_has_jobs', `${waiting} job${waiting === 1 ? '' : 's'} still wait for ${name}: cancel them or move them to another printer (Batches) first`);
    }
  }
  deps.printers.markRemoved(printer);
}
