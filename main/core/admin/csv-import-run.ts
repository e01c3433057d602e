import type { Db } from '../db/open';
import { StationError } from '../errors';
import { findSourcePayload } from '../orders/store';
import type { OrdersService } from '../orders/service';
import type { Caller } from '../teams/caller';
import { problemMessage, type CsvPlan, type CsvProblem } from './csv-orders';

/** What happens (or, in a dry run, would happen) to each order of the file. */
export type CsvOutcome = 'new' | 'changed' | 'unchanged';

export interface CsvImportAnswer {
  format: CsvPlan['format'];
  dryRun: boolean;
  summary: { orders: number; lineItems: number; skipped: number; new: number; changed: number; unchanged: number };
  orders: { orderNumber: string; rows: number[]; outcome: CsvOutcome; id?: string }[];
  problems: CsvProblem[];
}

/**
 * Writes the file's orders through the same ingestion as the REST API (tags, links,
 * documents and automatic printing behave the same), one at a time. An order whose file
 * rows say exactly what was imported last time is left alone: importing a file again
 * changes nothing and prints nothing.
 */
export async function importPlan(db: Db, orders: OrdersService, caller: Caller, plan: CsvPlan, dryRun: boolean): Promise<CsvImportAnswer> {
  const teamId = caller.team.id;
  const problems = [...plan.problems];
  const done: CsvImportAnswer['orders'] = [];
  let lineItems = 0;
  for (const order of plan.orders) {
    const payload = JSON.stringify(order.body);
    const stored = findSourcePayload(db, teamId, order.body.source, order.body.sourceId);
    const outcome: CsvOutcome = stored === undefined ? 'new' : stored === payload ? 'unchanged' : 'changed';
    let id: string | undefined;
    if (!dryRun && outcome !== 'unchanged') {
      try {
        id = (await orders.ingest(caller, order.body)).id;
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
  const count = (outcome: CsvOutcome) => done.filter((order) => order.outcome === outcome).length;
  return {
    format: plan.format,
    dryRun,
    summary: { orders: done.length, lineItems, skipped: problems.length, new: count('new'), changed: count('changed'), unchanged: count('unchanged') },
    orders: done,
    problems,
  };
}
