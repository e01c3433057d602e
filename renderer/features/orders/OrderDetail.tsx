import { useCallback, useEffect, useRef, useState } from 'react';

/** Where the dashboard's layout stacks (styles.css has the same width). */
const NARROW = '(max-width: 900px)';
import { answer, dashboard, describeError } from '../../app/api';
import { useMayActOn } from '../../app/station-info';
import { useLive, useLiveReload } from '../../app/live';
import { CopyButton, ErrorBanner, RelativeTime, StatusChip, TagChip, formatMoney } from '../../components/ui';
import { OrderDocuments } from './OrderDocuments';
import type { ShownOrder } from './use-bench-scans';
import type { OrderDetail as Detail } from './types';

/**
 * Where an order's print is until it is on paper: "Sent · waiting at PDF: paused: Out of
 * labels", "Sent to PDF", "Being prepared for PDF". Printed means printed: until then it says so.
 */
function whereItIs(open: Detail['printing']['open']): string {
  const job = open.find((candidate) => candidate.printerStatus === 'offline') ?? open.find((candidate) => candidate.state === 'submitted') ?? open[0]!;
  if (job.printerStatus === 'offline') return `Sent · waiting at ${job.printerName}: ${job.printerReason ?? 'the printer is offline'}`;
  if (job.state === 'submitted') return `Sent to ${job.printerName}${job.reason ? `: ${job.reason}` : ''}`;
  return `Being prepared for ${job.printerName}`;
}

/** Everything about one order: keys to quote, what was ordered, where it came from, what happened. */
export function OrderDetail({ orderId, shown, onClose, onPrint }: { orderId: string; shown?: ShownOrder; onClose(): void; onPrint(): void }) {
  // Opened by a scan, it starts with what the scan answered, and asks only when the order changes.
  const [order, setOrder] = useState<Detail | null>(shown?.detail ?? null);
  const answeredByScan = useRef(shown !== undefined);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A viewer of the order's team reads it; printing and ignoring are an operator's.
  const operates = useMayActOn(order?.teamId, 'operator');

  const load = useCallback(() => {
    answer(dashboard.GET('/admin/api/orders/{idOrKey}', { params: { path: { idOrKey: orderId } } })).then(
      (detail) => {
        setOrder(detail);
        setError(null);
      },
      (failure: unknown) => setError(describeError(failure)),
    );
  }, [orderId]);
  useEffect(() => {
    if (answeredByScan.current) answeredByScan.current = false;
    else load();
  }, [load]);
  // In a narrow window (or at 200% zoom) the detail sits below the list: once the order is
  // loaded (and the detail has its height), bring it into view.
  const root = useRef<HTMLElement>(null);
  const loadedId = order?.id;
  useEffect(() => {
    if (loadedId && window.matchMedia?.(NARROW).matches) root.current?.scrollIntoView?.({ block: 'start' });
  }, [loadedId]);
  useLive('order', (event) => {
    if ((event as { orderId?: string }).orderId === orderId) load();
  });
  // While its jobs are on their way, where they are changes with the jobs and the printers.
  const onTheWay = useRef(false);
  onTheWay.current = (order?.printing.open.length ?? 0) > 0;
  useLiveReload(['job', 'printers'], () => onTheWay.current && load(), 200);

  async function act(action: 'ignore' | 'restore') {
    setBusy(true);
    try {
      setOrder(await answer(dashboard.POST(`/admin/api/orders/{idOrKey}/${action}`, { params: { path: { idOrKey: orderId } } })));
      setError(null);
    } catch (failure) {
      setError(describeError(failure));
    } finally {
      setBusy(false);
    }
  }

  const ship = order?.shippingAddress;
  return (
    <aside ref={root} className="detail" aria-label="Order detail">
      <div className="detail-head">
        <div>
          <h2>{order?.orderNumber ?? 'Order'}</h2>
          {order && (
            <p className="muted">
              {order.team.name} · ordered {new Date(order.orderDate).toLocaleString()}
            </p>
          )}
        </div>
        <button type="button" className="button button-ghost" onClick={onClose} aria-label="Close detail" title="Close (Esc)">
          ✕
        </button>
      </div>
      <ErrorBanner error={error} onRetry={load} />
      {order && (
        <div className="detail-body">
          <div className="detail-actions">
            <StatusChip status={order.status} />
            {order.printing.open.length > 0 && <span className="where-it-waits" role="status">{whereItIs(order.printing.open)}</span>}
            {operates && (
              <button type="button" className="button button-primary" onClick={onPrint} title="Print this order (P)">
                Print…
              </button>
            )}
            {!operates ? null : order.status === 'ignored' ? (
              <button type="button" className="button" disabled={busy} onClick={() => void act('restore')}>
                Restore
              </button>
            ) : (
              <button type="button" className="button" disabled={busy} onClick={() => void act('ignore')} title="Keep this order out of printing">
                Ignore
              </button>
            )}
          </div>

          <section>
            <h3>Order keys</h3>
            <ul className="keys">
              {order.orderKeys.map((key) => (
                <li key={key}>
                  <code>{key}</code> <CopyButton text={key} />
                </li>
              ))}
            </ul>
          </section>

          {order.tags.length > 0 && (
            <section>
              <h3>Tags</h3>
              {order.tags.map((tag) => (
                <TagChip key={tag.id} label={tag.label} color={tag.color} />
              ))}
            </section>
          )}

          <section className="two-col">
            <div>
              <h3>Customer</h3>
              <p>
                {[order.customer?.firstName, order.customer?.lastName].filter(Boolean).join(' ') || <span className="muted">No customer</span>}
                {order.customer?.email && <><br />{order.customer.email}</>}
              </p>
            </div>
            <div>
              <h3>Ship to</h3>
              {ship ? (
                <address>
                  {[ship.firstName, ship.lastName].filter(Boolean).join(' ')}
                  {ship.company && <><br />{ship.company}</>}
                  {[ship.address1, ship.address2, ship.address3].filter(Boolean).map((line) => (
                    <span key={line}><br />{line}</span>
                  ))}
                  <br />
                  {[ship.postalCode, ship.city, ship.state].filter(Boolean).join(' ')} {ship.country}
                </address>
              ) : (
                <p className="muted">No shipping address</p>
              )}
            </div>
          </section>

          <section>
            <h3>Items</h3>
            <table className="table compact">
              <thead>
                <tr><th>Qty</th><th>Item</th><th>SKU</th><th className="num">Price</th></tr>
              </thead>
              <tbody>
                {order.lineItems.map((item, i) => (
                  <tr key={i}>
                    <td className="num">{item.quantity}</td>
                    <td>{item.name}</td>
                    <td className="muted">{item.sku}</td>
                    <td className="num">{formatMoney(item.price ?? undefined)}</td>
                  </tr>
                ))}
              </tbody>
              {order.orderTotal && (
                <tfoot>
                  <tr><td colSpan={3}>Total</td><td className="num">{formatMoney(order.orderTotal)}</td></tr>
                </tfoot>
              )}
            </table>
            {order.note && <p className="note">Note: {order.note}</p>}
          </section>

          <OrderDocuments orderId={order.id} shown={shown?.documents} />

          <section>
            <h3>Sources</h3>
            {order.sources.map((source) => (
              <details key={`${source.source}-${source.sourceId}`} open={source.warnings.length > 0}>
                <summary>
                  <strong>{source.source}</strong> {source.sourceId} · received <RelativeTime at={source.receivedAt} />
                  {source.warnings.length > 0 && <span className="warning-count"> · {source.warnings.length === 1 ? '1 field ignored' : `${source.warnings.length} fields ignored`}</span>}
                </summary>
                {source.warnings.length > 0 && (
                  <div className="ignored-fields" role="note">
                    <p>The last body from {source.source} carried fields the order API does not know; they were not stored:</p>
                    <ul>
                      {source.warnings.map((warning) => (
                        <li key={warning.path}>
                          <code>{warning.path}</code> — {warning.message}
                        </li>
                      ))}
                    </ul>
                  </div>
                )}
                <pre className="payload">{JSON.stringify(source.payload, null, 2)}</pre>
              </details>
            ))}
          </section>

          <section>
            <h3>History</h3>
            <ol className="timeline">
              {[...order.history].reverse().map((entry, i) => (
                <li key={i}>
                  <StatusChip status={entry.status} /> <span>{entry.reason}</span> <RelativeTime at={entry.at} />
                </li>
              ))}
            </ol>
          </section>
        </div>
      )}
    </aside>
  );
}
