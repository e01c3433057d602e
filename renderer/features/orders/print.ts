import { answer, dashboard, type Schemas } from '../../app/api';

export type PrintResult = Schemas['PrintBatchResult'];

export interface PrintOverrides {
  printer?: string;
  tray?: string;
  template?: string;
}

/** Prints orders through the station (`POST /admin/api/orders/print`). */
export function printOrders(orderIds: string[], options: { overrides?: PrintOverrides; force?: boolean; copies?: number; name?: string } = {}): Promise<PrintResult[]> {
  const overrides = Object.fromEntries(Object.entries(options.overrides ?? {}).filter(([, value]) => value));
  return answer(dashboard.POST('/admin/api/orders/print', { body: {
      orderIds,
      ...(Object.keys(overrides).length ? { overrides } : {}),
      ...(options.force ? { force: true } : {}),
      ...(options.copies && options.copies > 1 ? { copies: options.copies } : {}),
      ...(options.name ? { name: options.name } : {}),
    } }));
}

/** What to do about each reason the station gives for not printing, in the operator's words. */
const NEXT_STEP: Record<string, string> = {
  template_not_found: 'Check the name on the Templates page, or leave Template empty to print as routed.',
  printer_not_found: 'Choose a printer from the Printers page, or route the tag on the Routing page.',
  printer_unavailable: 'Reconnect the printer, or route the tag to another printer on the Routing page.',
  tray_not_found: 'Pick one of the listed trays, or change the tray on the Routing page.',
  paper_size_unsupported: 'Turn on “Fit to page” for this printer on the Printers page, or route the tag to a printer with that paper.',
  document_incomplete: 'Open the order to see what its document lacks, then fix the order or the template.',
  no_documents: 'Add a template for this team on the Templates page, or a rule on the Flows page.',
  no_matching_documents: 'Clear the document filter, or print another tag.',
  order_ignored: 'Tick “Print ignored orders too” to print it anyway.',
  order_not_found: 'The order may have been deleted; search for it again.',
};

export const nextStepFor = (code: string): string | undefined => NEXT_STEP[code];

/** Names the orders a result is about: the first few by number, then "and N more". */
export function nameOrders(numbers: string[], shown = 3): string {
  if (numbers.length <= shown + 1) return numbers.join(', ');
  return `${numbers.slice(0, shown).join(', ')} and ${numbers.length - shown} more`;
}

/**
 * One line per batch result, in the words an operator needs: which orders, where they
 * print, and for those that do not, the station's reason (naming the template, printer or
 * tray) and the next step. `numberOf` turns an order id into its number.
 */
export function describeResults(results: Pick<PrintResult, 'id' | 'name' | 'status' | 'printer' | 'orders' | 'reason'>[], numberOf: (orderId: string, keys: string[]) => string = (_id, keys) => keys[0] ?? _id): string[] {
  return results.map((result) => {
    const numbers = result.orders.map((order) => numberOf(order.id, order.orderKeys));
    const count = `${result.orders.length} ${result.orders.length === 1 ? 'order' : 'orders'}`;
    const which = numbers.length ? ` (${nameOrders(numbers)})` : '';
    if (result.status === 'pending') return `${count}${which} printing${result.printer ? ` on ${result.printer.name}` : ''}`;
    const reasons = result.orders.flatMap((order, index) =>
      (order.reasons ?? []).map((reason) => `${numbers[index]}: ${reason.message}.${nextStepFor(reason.code) ? ` ${nextStepFor(reason.code)}` : ''}`),
    );
    const unique = [...new Set(reasons)];
    return `${count}${which} ${result.status === 'warning' ? 'skipped' : 'not printed'} — ${unique.length ? unique.join(' ') : (result.reason ?? 'see the Batches page')}`;
  });
}
