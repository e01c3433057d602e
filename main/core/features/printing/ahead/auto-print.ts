import type { PrintingDeps } from '../deps';
import { STATION_ACTOR } from '../../../foundations/actor';
import type { OrderWrittenEvent } from '../../orders/order-hooks';
import { nowIso } from '../../../foundations/ids';
import { getOrderRow } from '../../orders/store';
import { autoPrintAllowed } from '../../teams/live';
import { getTeam } from '../../teams/store';
import { claimAutoPrint, isAutoPrintOwed, listAutoPrintOwed, oweAutoPrint } from './auto-print-store';
import type { PrintingService } from '../requests/service';

/**
 * Automatic printing: a new order (never an update or a merge) of a live team (standard and
 * 3PL teams are created live; an onboarding merchant never auto-prints) whose flow has "print
 * automatically" on, printed with the team's routing — unless the station was started with
 * automatic printing paused.
 *
 * Exactly once, across crashes: the decision is recorded in the order's own transaction
 * (`auto_print_pending`), and the row is claimed (deleted) in the write that records the
 * automatic batch. After the commit the print runs at once; at start-up, `printOwed` prints
 * whatever a crash or shutdown left owed. A claim that finds no row records nothing, so the
 * start-up scan and a late after-commit print can never both print one order.
 */
export function createAutoPrint(deps: Pick<PrintingDeps, 'db' | 'documents' | 'logger'> & { printing: PrintingService; enabled: boolean }) {
  const { db, logger } = deps;

  let stopping = false;
  /** After-commit prints not yet recorded: shutdown waits for them, so none is lost to it. */
  const inFlight = new Set<Promise<void>>();

  async function printOwedOrder(orderId: string): Promise<void> {
    const order = getOrderRow(db, orderId);
    // Rows go with their order (ON DELETE CASCADE), and an order always has its team.
    const team = order && getTeam(db, order.team_id);
    if (!order || !team) return;
    try {
      const results = await deps.printing.print(
        { keyId: 'auto-print', team, teamIds: [team.id], actor: STATION_ACTOR },
        { orderIds: [order.id], force: false, sortDir: 'asc', name: `Auto-print ${order.order_number}` },
        { strict: false, trigger: 'auto', claim: () => claimAutoPrint(db, order.id) },
      );
      for (const result of results.filter((candidate) => candidate.status !== 'pending')) {
        logger.error('automatic printing could not print an order', { orderId: order.id, orders: JSON.stringify(result.orders) });
      }
    } catch (error) {
      // The claim rolled back with the failed write: the order stays owed for the next start-up.
      logger.error('automatic printing failed', { orderId: order.id, error: String(error) });
    }
  }

  return {
    /** `hooks.orderWritten`, inside the order's transaction: does this new order get printed? */
    recordDecision(event: OrderWrittenEvent): void {
      // Paused for the whole station (`station serve --no-auto-print`): orders wait in `ready`.
      if (!deps.enabled || !event.created || event.autoPrint === false) return;
      const team = getTeam(db, event.order.team_id);
      if (!team || !autoPrintAllowed(team) || !deps.documents().autoPrintEnabled(team.id)) return;
      oweAutoPrint(db, event.order.id, nowIso());
    },

    /** `hooks.orderCommitted`: print an owed order now. */
    afterCommit(event: OrderWrittenEvent): void {
      if (!event.created || !isAutoPrintOwed(db, event.order.id)) return;
      const printing = printOwedOrder(event.order.id).finally(() => inFlight.delete(printing));
      inFlight.add(printing);
    },

    /** Waits for the after-commit prints in flight (shutdown, before the last commit). */
    async settled(): Promise<void> {
      while (inFlight.size) await Promise.all(inFlight);
    },

    /** At start-up (hosts that print): the orders a crash or shutdown left owed, oldest first. */
    async printOwed(): Promise<number> {
      const orderIds = listAutoPrintOwed(db);
      let printed = 0;
      for (const orderId of orderIds) {
        // Shutting down: what is left stays owed for the next start.
        if (stopping) break;
        await printOwedOrder(orderId);
        printed += 1;
      }
      return printed;
    },

    /** Ends `printOwed` after the order in hand. */
    stop(): void {
      stopping = true;
    },
  };
}
