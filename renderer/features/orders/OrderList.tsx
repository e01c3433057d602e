import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useImperativeHandle, useLayoutEffect, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { RelativeTime, StatusChip, TagChip } from '../../components/ui';
import type { OrderSummary } from './types';

const ROW_HEIGHT = 64;
const PAGE_ROWS = 8;

/** What the Orders page may ask of the list: take focus on the current row. */
export interface OrderListHandle {
  focusRow(orderId?: string | null): void;
}

interface Props {
  total: number;
  orderAt(index: number): OrderSummary | undefined;
  ensureRange(start: number, end: number): void;
  selected: ReadonlySet<string>;
  onToggle(order: OrderSummary, index: number, range: boolean): void;
  activeId: string | null;
  onOpen(order: OrderSummary): void;
  handle?: Ref<OrderListHandle>;
}

/**
 * Only the rows on screen exist in the page, so 100k orders scroll as smoothly as 100.
 * Rows not loaded yet show as placeholders until their page arrives.
 *
 * By keyboard the list is one Tab stop: the arrow keys (and Home, End, Page Up/Down) move a
 * cursor row, Enter opens its order, Space ticks it (Shift+Space ticks the range from the
 * last one ticked).
 */
export function OrderList({ total, orderAt, ensureRange, selected, onToggle, activeId, onOpen, handle }: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  const [cursor, setCursor] = useState(0);
  // Set when the cursor moved by key: the row takes focus once it is rendered.
  const focusWanted = useRef(false);
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
  useEffect(() => {
    if (cursor > 0 && cursor >= total) setCursor(Math.max(0, total - 1));
  }, [cursor, total]);

  const focusCursorRow = (index: number): boolean => {
    const row = scroller.current?.querySelector<HTMLElement>(`[data-index="${index}"]`);
    row?.focus({ preventScroll: true });
    return Boolean(row);
  };
  const moveTo = (index: number) => {
    const next = Math.min(Math.max(index, 0), Math.max(total - 1, 0));
    setCursor(next);
    virtualizer.scrollToIndex(next, { align: 'auto' });
    // A row already on screen takes focus now; one scrolled to takes it once it is rendered.
    focusWanted.current = !focusCursorRow(next);
  };
  useEffect(() => {
    if (focusWanted.current && focusCursorRow(cursor)) focusWanted.current = false;
  });
  // The row that has focus. The list read again from the top (the search or a filter changed,
  // e.g. a letter typed in the scan box and taken out) replaces it with a placeholder, then a
  // new row: focus would fall to the page and the arrow keys stop working. The row now at the
  // cursor takes it back in the same commit, before any key can land on the page.
  const focusedRow = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (focusedRow.current && !focusedRow.current.isConnected && document.activeElement === document.body) focusCursorRow(cursor);
  });
  useImperativeHandle(handle, () => ({
    focusRow(orderId) {
      let index = cursor;
      if (orderId) {
        for (const item of virtualizer.getVirtualItems()) if (orderAt(item.index)?.id === orderId) index = item.index;
      }
      moveTo(index);
    },
  }));

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const onRow = (event.target as HTMLElement).getAttribute('role') === 'row';
    const moves: Record<string, number> = { ArrowDown: cursor + 1, ArrowUp: cursor - 1, Home: 0, End: total - 1, PageDown: cursor + PAGE_ROWS, PageUp: cursor - PAGE_ROWS };
    if (event.key in moves) {
      event.preventDefault();
      moveTo(moves[event.key]!);
      return;
    }
    const order = orderAt(cursor);
    if (!onRow || !order) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      onOpen(order);
    } else if (event.key === ' ') {
      event.preventDefault();
      onToggle(order, cursor, event.shiftKey);
    }
  }

  return (
    <div className="order-list" role="table" aria-label="Orders" aria-rowcount={total + 1} aria-describedby="order-list-keys">
      <p id="order-list-keys" className="sr-only">Arrow keys move through the orders, Enter opens one, Space selects it.</p>
      <div className="order-row order-head" role="row" aria-rowindex={1}>
        <span role="columnheader" className="col-check"><span className="sr-only">Select</span></span>
        <span role="columnheader">Order</span>
        <span role="columnheader">Customer</span>
        <span role="columnheader" className="col-team">Team</span>
        <span role="columnheader" className="col-tags">Tags</span>
        <span role="columnheader" className="col-source">Source</span>
        <span role="columnheader">Status</span>
        <span role="columnheader" className="col-received">Received</span>
      </div>
      <div ref={scroller} className="order-scroll" data-testid="order-scroll" onKeyDown={onKeyDown}>
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {items.map((item) => {
            const order = orderAt(item.index);
            const style = { position: 'absolute' as const, top: 0, left: 0, right: 0, height: item.size, transform: `translateY(${item.start}px)` };
            const rowFocus = {
              'data-index': item.index,
              tabIndex: item.index === cursor ? 0 : -1,
              onFocus: (event: { target: EventTarget; currentTarget: EventTarget }) => {
                if (event.target === event.currentTarget) setCursor(item.index);
                focusedRow.current = event.currentTarget as HTMLElement;
              },
              onBlur: (event: { currentTarget: EventTarget; relatedTarget: EventTarget | null }) => {
                // Focus moved elsewhere on purpose (a button, the scan box): nothing to take back.
                if (event.relatedTarget && focusedRow.current === event.currentTarget) focusedRow.current = null;
              },
            };
            if (!order) {
              return (
                <div key={item.key} className="order-row placeholder" style={style} role="row" aria-rowindex={item.index + 2} {...rowFocus}>
                  <span className="col-check" role="cell" />
                  <span className="skeleton" role="cell"><span className="sr-only">Loading…</span></span>
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
                aria-rowindex={item.index + 2}
                aria-selected={isSelected}
                aria-current={activeId === order.id ? 'true' : undefined}
                data-order-number={order.orderNumber}
                onClick={() => {
                  setCursor(item.index);
                  onOpen(order);
                }}
                {...rowFocus}
              >
                <span className="col-check" role="cell" onClick={(event) => event.stopPropagation()}>
                  <input
                    type="checkbox"
                    tabIndex={-1}
                    aria-label={`Select order ${order.orderNumber}`}
                    checked={isSelected}
                    onChange={(event) => onToggle(order, item.index, (event.nativeEvent as MouseEvent).shiftKey)}
                  />
                </span>
                <span className="col-number" role="cell">
                  {order.orderNumber}
                  <small>{order.itemCount} {order.itemCount === 1 ? 'item' : 'items'}</small>
                </span>
                <span role="cell" className="truncate col-customer">
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
