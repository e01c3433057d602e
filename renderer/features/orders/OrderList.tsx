import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import { RelativeTime, StatusChip, TagChip } from '../../components/ui';
import type { OrderSummary } from './types';

const ROW_HEIGHT = 64;

interface Props {
  total: number;
  orderAt(index: number): OrderSummary | undefined;
  ensureRange(start: number, end: number): void;
  selected: ReadonlySet<string>;
  onToggle(order: OrderSummary, index: number, range: boolean): void;
  activeId: string | null;
  onOpen(order: OrderSummary): void;
}

/**
 * Only the rows on screen exist in the page, so 100k orders scroll as smoothly as 100.
 * Rows not loaded yet show as placeholders until their page arrives.
 */
export function OrderList({ total, orderAt, ensureRange, selected, onToggle, activeId, onOpen }: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: total,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    // jsdom and the first paint have no layout yet: assume a screenful.
    initialRect: { width: 1200, height: 900 },
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items[items.length - 1]?.index ?? -1;
  useEffect(() => {
    if (last >= first) ensureRange(first, last);
  }, [first, last, ensureRange]);

  return (
    <div className="order-list" role="table" aria-label="Orders" aria-rowcount={total}>
      <div className="order-row order-head" role="row">
        <span role="columnheader" className="col-check" />
        <span role="columnheader">Order</span>
        <span role="columnheader">Customer</span>
        <span role="columnheader" className="col-team">Team</span>
        <span role="columnheader">Tags</span>
        <span role="columnheader" className="col-source">Source</span>
        <span role="columnheader">Status</span>
        <span role="columnheader" className="col-received">Received</span>
      </div>
      <div ref={scroller} className="order-scroll" data-testid="order-scroll">
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {items.map((item) => {
            const order = orderAt(item.index);
            const style = { position: 'absolute' as const, top: 0, left: 0, right: 0, height: item.size, transform: `translateY(${item.start}px)` };
            if (!order) {
              return (
                <div key={item.key} className="order-row placeholder" style={style} role="row" aria-rowindex={item.index + 1}>
                  <span className="col-check" />
                  <span className="skeleton" />
                </div>
              );
            }
            const isSelected = selected.has(order.id);
            return (
              <div
                key={order.id}
                className={`order-row${isSelected ? ' selected' : ''}${activeId === order.id ? ' active' : ''}`}
                style={style}
                role="row"
                aria-rowindex={item.index + 1}
                aria-selected={isSelected}
                data-order-number={order.orderNumber}
                onClick={() => onOpen(order)}
              >
                <span className="col-check" onClick={(event) => event.stopPropagation()}>
                  <input
                    type="checkbox"
                    aria-label={`Select order ${order.orderNumber}`}
                    checked={isSelected}
                    onChange={(event) => onToggle(order, item.index, (event.nativeEvent as MouseEvent).shiftKey)}
                  />
                </span>
                <span className="col-number" role="cell">
                  {order.orderNumber}
                  <small>{order.itemCount} {order.itemCount === 1 ? 'item' : 'items'}</small>
                </span>
                <span role="cell" className="truncate">
                  {order.customerName ?? <span className="muted">—</span>}
                </span>
                <span role="cell" className="truncate muted col-team">
                  {order.teamName}
                </span>
                <span role="cell" className="col-tags">
                  {order.tags.map((tag) => (
                    <TagChip key={tag.id} label={tag.label} color={tag.color} />
                  ))}
                </span>
                <span role="cell" className="muted col-source">
                  {order.sources.join(', ')}
                </span>
                <span role="cell">
                  <StatusChip status={order.status} />
                </span>
                <span role="cell" className="muted col-received">
                  <RelativeTime at={order.createdAt} />
                </span>
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
