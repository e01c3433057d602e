import { api } from '../../app/api';

export interface PrintResult {
  id: string;
  name: string;
  status: 'pending' | 'warning' | 'error';
  printer?: { id: string; name: string };
  orders: { id: string; orderKeys: string[]; reasons?: { code: string; message: string }[] }[];
  reason?: string;
}

export interface PrintOverrides {
  printer?: string;
  tray?: string;
  template?: string;
}

/** Prints orders through the station (`POST /admin/api/orders/print`). */
export function printOrders(orderIds: string[], options: { overrides?: PrintOverrides; force?: boolean } = {}): Promise<PrintResult[]> {
  const overrides = Object.fromEntries(Object.entries(options.overrides ?? {}).filter(([, value]) => value));
  return api<PrintResult[]>('/orders/print', {
    json: { orderIds, ...(Object.keys(overrides).length ? { overrides } : {}), ...(options.force ? { force: true } : {}) },
  });
}

/** One line per batch result, in the words an operator needs. */
export function describeResults(results: PrintResult[]): string[] {
  return results.map((result) => {
    const where = result.printer ? ` on ${result.printer.name}` : '';
    const count = `${result.orders.length} ${result.orders.length === 1 ? 'order' : 'orders'}`;
    if (result.status === 'pending') return `${count} printing${where}`;
    const reasons = [...new Set(result.orders.flatMap((order) => order.reasons?.map((reason) => reason.message) ?? []))];
    return `${count} ${result.status === 'warning' ? 'skipped' : 'not printed'}: ${result.reason ?? reasons.join('; ') ?? 'see Batches'}`;
  });
}
