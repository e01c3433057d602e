import { useCallback, useEffect, useRef, useState } from 'react';
import { answer, dashboard, describeError } from '../../app/api';
import { useLive } from '../../app/live';
import { mayUse, useStationInfo } from '../../app/station-info';
import { ErrorBanner, PageHeader } from '../../components/ui';
import { isFiltered, ordersSubtitle } from './filters';
import { NoOrders } from './NoOrders';
import { isTextEntry } from './scanner';
import { OrderDetail } from './OrderDetail';
import { OrderFilterBar } from './OrderFilterBar';
import { OrderList, type OrderListHandle } from './OrderList';
import { nameOrders } from './print';
import { ScanLog } from './ScanLog';
import { useBenchScans, type ShownOrder } from './use-bench-scans';
import { BenchSwitch } from './BenchSwitch';
import { modalOpen } from '../../components/Modal';
import { PrintDialog } from './PrintDialog';
import { EMPTY_FILTER, type OrderFilter, type OrderSummary } from './types';
import { useScreenBench } from '../printers/Benches';
import { useOrderWindow } from './use-order-window';

const SEARCH_DELAY_MS = 200;
const FACETS_DELAY_MS = 500;

/**
 * The packing station's main screen, made for a scanner and a keyboard: scan (or type) an
 * order number and Enter opens that order; Alt+P prints it, even from the scan box. Esc
 * leaves the scan box for the list, where the arrow keys move and Enter opens; there `p`
 * prints the open order, `/` returns to the scan box, Esc closes the detail and `?` lists
 * every shortcut (see app/shortcuts.ts).
 */
export function OrdersPage() {
  const [filter, setFilter] = useState<OrderFilter>(EMPTY_FILTER);
  const [typed, setTyped] = useState('');
  const [facets, setFacets] = useState<{ tags: string[]; sources: string[] }>({ tags: [], sources: [] });
  const [activeId, setActiveId] = useState<string | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  // The anchor of a shift-click range; a ref so two quick clicks never see a stale one.
  const lastToggled = useRef<number | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [printing, setPrinting] = useState<string[] | null>(null);
  // Where focus goes once the print dialog is gone, run after the commit that removed it: focused
  // any earlier, the scan box sits behind a modal dialog, inert, and the focus is lost to the page.
  const afterPrintDialog = useRef<(() => void) | null>(null);
  useEffect(() => {
    if (printing !== null || !afterPrintDialog.current) return;
    const then = afterPrintDialog.current;
    afterPrintDialog.current = null;
    then();
  }, [printing]);
  const scanBox = useRef<HTMLInputElement>(null);
  const listHandle = useRef<OrderListHandle>(null);
  const activeRef = useRef<string | null>(null);
  activeRef.current = activeId;
  // Order numbers by id, for every order opened, ticked or scanned: dialogs name orders by them.
  const numbers = useRef(new Map<string, string>());
  const remember = (order: OrderSummary) => numbers.current.set(order.id, order.orderNumber);
  const list = useOrderWindow(filter);
  // Printing and ignoring are an operator's: a viewer reads, and is offered nothing it would be refused.
  const { me } = useStationInfo();
  const operates = mayUse(me, 'operator');
  const operatesRef = useRef(operates);
  operatesRef.current = operates;
  const screenBench = useScreenBench();
  // What the last scan answered of the order it opened: the detail shows it without asking.
  const shownByScan = useRef<ShownOrder | null>(null);
  const bench = useBenchScans({
    mayPrint: operates,
    atBench: screenBench !== null,
    scanBox,
    numbers: numbers.current,
    remember,
    open: (orderId, shown) => {
      shownByScan.current = shown ?? null;
      setActiveId(orderId);
    },
    clearTyped: () => setTyped(''),
    showMatches: (code) => setTyped(code),
    clearSearch: () => setFilter((current) => ({ ...current, q: '' })),
    // The print dialog gives way to a scan; its answer, if any, is in the log.
    dialogGivesWay: () => setPrinting(null),
  });
  const answerKey = useRef(bench.answerKey);
  answerKey.current = bench.answerKey;

  // Typing narrows the list as you go; a scanner's burst of keys becomes one search.
  useEffect(() => {
    const timer = setTimeout(() => setFilter((current) => (current.q === typed ? current : { ...current, q: typed })), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const loadFacets = useCallback(() => void answer(dashboard.GET('/admin/api/orders/facets')).then(setFacets, () => {}), []);
  useEffect(loadFacets, [loadFacets]);
  // New orders may bring new tags and sources to filter by.
  const facetTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useLive('order', () => {
    clearTimeout(facetTimer.current);
    facetTimer.current = setTimeout(loadFacets, FACETS_DELAY_MS);
  });
  useEffect(() => () => clearTimeout(facetTimer.current), []);

  // `#/orders/<id>` (the Batches page links orders so) opens that order.
  useEffect(() => {
    const openFromHash = () => {
      const id = /^#\/orders\/(.+)$/.exec(window.location.hash)?.[1];
      if (id) setActiveId(decodeURIComponent(id));
    };
    openFromHash();
    window.addEventListener('hashchange', openFromHash);
    return () => window.removeEventListener('hashchange', openFromHash);
  }, []);
  // The open order is in the address (a link to share, a reload that reopens it); closing the
  // detail drops it, so a reload does not reopen it.
  useEffect(() => {
    const opened = activeId ? `#/orders/${encodeURIComponent(activeId)}` : '#/orders';
    if (activeId ? window.location.hash !== opened : /^#\/orders\/./.test(window.location.hash)) window.history.replaceState(null, '', opened);
  }, [activeId]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (modalOpen() || event.defaultPrevented) return;
      // On a checkbox or a button single keys are the page's shortcuts; not on a select (its arrows move it).
      const typing = isTextEntry(event.target) || event.target instanceof HTMLSelectElement;
      const plain = !event.altKey && !event.ctrlKey && !event.metaKey;
      if (event.target === scanBox.current && answerKey.current(event)) return;
      if (event.key === 'Escape') {
        if (event.target === scanBox.current) {
          // Leave the box so single keys are shortcuts again; the list takes focus.
          event.preventDefault();
          listHandle.current?.focusRow(activeRef.current);
        } else if (activeRef.current) {
          const closing = activeRef.current;
          setActiveId(null);
          listHandle.current?.focusRow(closing);
        }
      } else if (event.altKey && event.code === 'KeyP') {
        // With a modifier, so it works while the scan box has focus.
        event.preventDefault();
        if (activeRef.current && operatesRef.current) setPrinting([activeRef.current]);
      } else if (typing || !plain) {
        return;
      } else if (event.key === 'p' && activeRef.current && operatesRef.current) {
        event.preventDefault();
        setPrinting([activeRef.current]);
      } else if (event.key === '/' || event.key === 'F2') {
        event.preventDefault();
        scanBox.current?.focus();
        scanBox.current?.select();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  function toggle(order: OrderSummary, index: number, range: boolean) {
    const anchor = lastToggled.current;
    remember(order);
    lastToggled.current = index;
    setSelected((current) => {
      const next = new Set(current);
      const on = !current.has(order.id);
      const [from, to] = range && anchor !== null ? [Math.min(anchor, index), Math.max(anchor, index)] : [index, index];
      for (let i = from; i <= to; i++) {
        const row = list.orderAt(i);
        if (row) {
          remember(row);
          if (on) next.add(row.id);
          else next.delete(row.id);
        }
      }
      return next;
    });
  }

  async function applyToSelected(action: 'ignore' | 'restore') {
    setActionError(null);
    const failures: string[] = [];
    for (const id of selected) {
      await answer(dashboard.POST(`/admin/api/orders/{idOrKey}/${action}`, { params: { path: { idOrKey: id } } })).catch((failure: unknown) => failures.push(describeError(failure)));
    }
    if (failures.length) setActionError(`${failures.length} of ${selected.size} orders could not be changed: ${failures[0]}`);
    setSelected(new Set());
    void list.refresh();
  }

  const total = list.total;
  return (
    <div className={`orders-page${activeId ? ' with-detail' : ''}`}>
      <div className="orders-main">
        <PageHeader
          title="Orders"
          subtitle={ordersSubtitle(total, list.totalCapped, isFiltered(filter))}
        />
        <form
          className="scan-bar"
          onSubmit={(event) => {
            event.preventDefault();
            // Enter on an empty box answers an open "print again?" (the keydown handler does).
            if (typed.trim()) void bench.handleScan(typed);
          }}
        >
          <label htmlFor="scan" className="sr-only">Scan or type an order number or key</label>
          <input
            id="scan"
            ref={scanBox}
            autoFocus
            autoComplete="off"
            spellCheck={false}
            placeholder="Scan or type an order number or key, then Enter; or search a customer, email or SKU"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
          <kbd title="Focus the scan box">/</kbd>
        </form>
        {operates && <BenchSwitch label="Print as soon as an order is scanned" switched={bench.printOnScan} />}
        {operates && <BenchSwitch label="Reprint without asking" switched={bench.reprintSilently} />}
        <BenchSwitch label="Sound on errors" switched={bench.soundOnError} />
        <ScanLog entries={bench.scanLog} />
        <OrderFilterBar
          filter={filter}
          facets={facets}
          onFocus={loadFacets}
          onChange={(field, value) => setFilter((current) => ({ ...current, [field]: value }))}
          onClear={() => {
            setFilter(EMPTY_FILTER);
            setTyped('');
          }}
        />
        {selected.size > 0 && (
          <div className="selection-bar" role="region" aria-label="Selection">
            <strong>{selected.size} selected</strong>
            {operates && (
              <>
                <button type="button" className="button button-primary" onClick={() => setPrinting([...selected])}>Print…</button>
                <button type="button" className="button" onClick={() => void applyToSelected('ignore')}>Ignore</button>
                <button type="button" className="button" onClick={() => void applyToSelected('restore')}>Restore</button>
              </>
            )}
            <button type="button" className="button button-ghost" onClick={() => setSelected(new Set())}>Clear selection</button>
          </div>
        )}
        <ErrorBanner error={actionError ?? list.error} onRetry={() => void list.refresh()} />
        {total === 0 ? (
          <NoOrders filtered={isFiltered(filter)} />
        ) : (
          <OrderList
            total={total ?? 0}
            orderAt={list.orderAt}
            ensureRange={list.ensureRange}
            selected={selected}
            onToggle={toggle}
            activeId={activeId}
            onOpen={(order) => {
              remember(order);
              setActiveId(order.id);
            }}
            handle={listHandle}
          />
        )}
      </div>
      {printing && (
        <PrintDialog
          orderIds={printing}
          numbers={numbers.current}
          onPrinted={(results) => {
            // The answer goes beside the scan box and follows the jobs live; the dialog is gone.
            const ids = printing;
            const named = ids.map((id) => numbers.current.get(id) ?? id);
            bench.logPrint(ids.length === 1 ? named[0]! : `${ids.length} orders (${nameOrders(named)})`, results);
            afterPrintDialog.current = () => scanBox.current?.focus();
            setPrinting(null);
            setSelected(new Set());
          }}
          onClose={() => {
            // Printed from the selection bar, which is gone now: the list keeps focus.
            afterPrintDialog.current = () => {
              if (document.activeElement === document.body) listHandle.current?.focusRow(activeRef.current);
            };
            setPrinting(null);
            setSelected(new Set());
          }}
        />
      )}
      {activeId && (
        <OrderDetail
          // A detail of its own per order: another order's answer (or refusal) never shows inside the last one's.
          key={activeId}
          onPrint={() => setPrinting([activeId])}
          orderId={activeId}
          shown={shownByScan.current?.detail.id === activeId ? shownByScan.current : undefined}
          onClose={() => {
            const closing = activeId;
            setActiveId(null);
            listHandle.current?.focusRow(closing);
          }}
        />
      )}
    </div>
  );
}
