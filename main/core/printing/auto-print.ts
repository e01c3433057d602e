import type { Db } from '../db/open';
import type { DocumentsApi } from '../documents/contract';
import type { OrderWrittenEvent } from '../hooks';
import type { Logger } from '../http/error-handler';
import { autoPrintAllowed } from '../teams/live';
import { getTeam } from '../teams/store';
import type { PrintingService } from './service';

/**
 * Automatic printing (`hooks.orderCommitted`): a new order (never an update or a merge) of
 * a live team (standard and 3PL teams are created live; an onboarding merchant never
 * auto-prints) whose flow has "print automatically" on, printed with the team's routing.
 */
export function autoPrintHook(deps: { db: Db; printing: PrintingService; documents: () => DocumentsApi; logger: Logger }) {
  return (event: OrderWrittenEvent): void => {
    if (!event.created) return;
    const team = getTeam(deps.db, event.order.team_id);
    if (!team || !autoPrintAllowed(team)) return;
    if (!deps.documents().autoPrintEnabled(team.id)) return;
    deps.printing
      .print(
        { keyId: 'auto-print', team, teamIds: [team.id] },
        { orderIds: [event.order.id], force: false, sortDir: 'asc', name: `Auto-print ${event.order.order_number}` },
        { strict: false, trigger: 'auto' },
      )
      .then((results) => {
        for (const result of results.filter((candidate) => candidate.status !== 'pending')) {
          deps.logger.error('automatic printing could not print an order', { orderId: event.order.id, orders: JSON.stringify(result.orders) });
        }
      })
      .catch((error: unknown) => deps.logger.error('automatic printing failed', { orderId: event.order.id, error: String(error) }));
  };
}
