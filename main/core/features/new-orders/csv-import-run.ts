import type { Db } from '../../foundations/db/open';
import { StationError } from '../../foundations/errors';
import { findSourcePayload } from '../orders/store';
import type { OrdersService } from '../orders/service';
import type { Caller } from '../teams/caller';
import { problemMessage, type CsvPlan, type CsvProblem } from './csv-orders';

/** What happens (or, in a dry run, would happen) to each order of the file. */
export type CsvOutcome = 'new' | 'changed' | 'unchanged';

export interface CsvImportAnswer {
  format: CsvPlan['format'];
  dryRun: boolean;
  /** True when the import was cancelled: `orders` are the ones written before it stopped. */
  cancelled: boolean;
  /** Whether the imported orders were let print automatically (asked for; default no). */
  print: boolean;
  summary: { orders: number; lineItems: number; skipped: number; new: number; changed: number; unchanged: number };
  orders: { orderNumber: string; rows: number[]; outcome: CsvOutcome; id?: string }[];
  problems: CsvProblem[];
}

/** How an import runs beyond its file: print or not, its progress, and a way to stop it. */
export interface ImportControl {
  /** Let the imported orders print automatically (a team's flow with "print automatically"); default no. */
  print: boolean;
  /** Told every PROGRESS_EVERY orders and at the end. */
  onProgress?: (progress: { total: number; checked: number; written: number; state: 'running' | 'done' | 'cancelled' }) => void;
  /** Read before each order: true stops the import there (what was written stays, and is listed). */
  cancelled?: () => boolean;
}

/** Orders between two progress reports. */
const PROGRESS_EVERY = 50;

/**
 * Writes the file's orders through the same ingestion as the REST API (tags, links,
 * documents behave the same), one at a time. Imported orders print automatically only when
 * asked (`control.print`): a 10,000-order file must not become 10,000 slips by accident. An
 * order whose file rows say exactly what was imported last time is left alone: importing a
 * file again changes nothing and prints nothing. The import reports its progress and stops
 * between two orders when cancelled.
 */
export async function importPlan(db: Db, orders: OrdersService, caller: Caller, plan: CsvPlan, dryRun: boolean, control: ImportControl = { print: false }): Promise<CsvImportAnswer> {
  const teamId = caller.team.id;
  const problems = [...plan.problems];
  const done: CsvImportAnswer['orders'] = [];
  let lineItems = 0;
  let checked = 0;
  let written = 0;
  let cancelled = false;
  const total = plan.orders.length;
  for (const order of plan.orders) {
    if (control.cancelled?.()) {
      cancelled = true;
      break;
    }
    if (checked > 0 && checked % PROGRESS_EVERY === 0) control.onProgress?.({ total, checked, written, state: 'running' });
    checked++;
    const payload = JSON.stringify(order.body);
    const stored = findSourcePayload(db, teamId, order.body.source, order.body.sourceId);
    const outcome: CsvOutcome = stored === undefined ? 'new' : stored === payload ? 'unchanged' : 'changed';
    let id: string | undefined;
    if (!dryRun && outcome !== 'unchanged') {
      try {
        id = (await orders.ingest(caller, order.body, { autoPrint: control.print })).id;
        written++;
      } catch (error) {
        if (!(error instanceof StationError)) throw error;
        problems.push({ orderNumber: order.orderNumber, rows: order.rows, message: problemMessage(error) });
        continue;
      }
    }
    lineItems += (order.body.order.lineItems as unknown[]).length;
    done.push({ orderNumber: order.orderNumber, rows: order.rows, outcome, ...(id ? { id } : {}) });
  }
  problems.sort((a, b) => a.rows[0]! - b.rows[0]!);
  control.onProgress?.({ total, checked, written, state: cancelled ? 'cancelled' : 'done' });
  const count = (outcome: CsvOutcome) => done.filter((order) => order.outcome === outcome).length;
  return {
    format: plan.format,
    dryRun,
    cancelled,
    print: control.print,
    summary: { orders: done.length, lineItems, skipped: problems.length, new: count('new'), changed: count('changed'), unchanged: count('unchanged') },
    orders: done,
    problems,
  };
}
