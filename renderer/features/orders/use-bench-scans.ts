import { useEffect, useRef, useState, type RefObject } from 'react';
import { answer, BADGE_CODE, dashboard, describeError, signInWithBadge, type Schemas } from '../../app/api';
import { beep } from '../../app/beep';
import { scannedOrder } from '../../../main/core/features/admin/scanned-code';
import { describeResults, printOrders, type PrintResult } from './print';
import type { ScanEntry } from './ScanLog';
import { watchScans } from './scanner';
import type { OrderDetail, OrderSummary } from './types';

/** What a scan found and did: the station's answer to a scan that prints, or the search of one that only opens. */
interface Scanned {
  outcome: 'printing' | 'printedBefore' | 'several' | 'none' | 'opened';
  order: OrderSummary | null;
  total: number;
  totalCapped: boolean;
  detail: OrderDetail | null;
  documents: Schemas['OrderDocument'][];
  results: PrintResult[];
}

/** A scan that only opens its order (printing on scan is off, or a viewer scans): the order list's search. */
async function findOnly(code: string): Promise<Scanned> {
  const found = await answer(dashboard.GET('/admin/api/orders', { params: { query: { q: code.replace(/^#/, ''), limit: 50 } } }));
  const order = scannedOrder(code, found.orders) ?? null;
  return { outcome: order ? 'opened' : found.orders.length > 0 ? 'several' : 'none', order, total: found.total, totalCapped: found.totalCapped, detail: null, documents: [], results: [] };
}

/** An order as a scan answered it: its detail and documents, shown without asking again. */
export interface ShownOrder {
  detail: OrderDetail;
  documents: Schemas['OrderDocument'][];
}

/** A switch of the bench, kept in this browser (localStorage) for the next visit. */
export interface StoredSwitch {
  on: boolean;
  set(on: boolean): void;
}

/** A switch as this browser last left it; never set here, it is `unset` (which may change: a screen paired later). */
function useStoredSwitch(key: string, unset = false): [boolean, (on: boolean) => void] {
  const [stored, setStored] = useState(() => window.localStorage.getItem(key));
  const set = (next: boolean) => {
    setStored(next ? '1' : '0');
    window.localStorage.setItem(key, next ? '1' : '0');
  };
  return [stored === null ? unset : stored === '1', set];
}

/**
 * The packing bench's scans: each scanned (or typed) code opens its order and, with "Print
 * as soon as an order is scanned", prints it, or asks first when it was printed before;
 * every outcome is a line of the scan log beside the scan box, never a dialog. Scans typed
 * while a dialog is open or focus is elsewhere are handled too (scanner.ts).
 */
export function useBenchScans(deps: {
  scanBox: RefObject<HTMLInputElement | null>;
  numbers: ReadonlyMap<string, string>;
  remember(order: OrderSummary): void;
  /** Opens an order's detail (with what a scan already answered of it, so it need not ask), or closes it. */
  open(orderId: string | null, shown?: ShownOrder): void;
  clearTyped(): void;
  /** Several orders match a typed search: the box keeps it so the list shows them. */
  showMatches(code: string): void;
  clearSearch(): void;
  /** A scan arrived while a dialog of the page was open. */
  dialogGivesWay(): void;
  /** Whether the person may print at all (an operator somewhere): a viewer's scan only opens the order. */
  mayPrint: boolean;
  /** Whether this screen is a bench's (paired, or a bench window): there a scan prints unless switched off. */
  atBench: boolean;
}) {
  // At a packing bench, scanning a slip's number should print it without a further key: a
  // screen paired with a bench does so until someone there switches it off.
  const [printOnScan, setPrintOnScan] = useStoredSwitch('station.printOnScan', deps.atBench);
  // A re-scan of an order already printed asks first, unless the bench says otherwise.
  const [reprintSilently, setReprintSilently] = useStoredSwitch('station.reprintSilently');
  const [soundOnError, setSoundOnError] = useStoredSwitch('station.scanSound');
  // What the last scans did, newest first; and the order waiting for "print again?".
  const [scanLog, setScanLog] = useState<ScanEntry[]>([]);
  const entryKey = useRef(0);
  const asking = useRef<{ orderId: string; number: string } | null>(null);
  const settings = useRef({ printOnScan, reprintSilently, soundOnError });
  settings.current = { printOnScan: printOnScan && deps.mayPrint, reprintSilently, soundOnError };

  /** Adds a line to the scan log (an error or a question sounds, when the bench wants it). */
  function log(entry: ScanEntry extends infer E ? (E extends ScanEntry ? Omit<E, 'key'> : never) : never) {
    const next = { ...entry, key: ++entryKey.current } as ScanEntry;
    setScanLog((current) => [next, ...current].slice(0, 6));
    if ((next.kind === 'error' || next.kind === 'ask') && settings.current.soundOnError) beep();
  }

  function logPrint(number: string, results: PrintResult[]) {
    const pending = results.filter((result) => result.status === 'pending');
    const problems = describeResults(results.filter((result) => result.status !== 'pending'), (id, keys) => deps.numbers.get(id) ?? keys[0] ?? id);
    log({ kind: 'printing', number, batchIds: pending.map((result) => result.id), problems });
  }

  async function printScanned(orderId: string, number: string) {
    try {
      // Named for the Batches page: "#2007 scanned".
      logPrint(number, await printOrders([orderId], { name: `${number} scanned` }));
    } catch (failure) {
      log({ kind: 'error', message: `${number} not printed: ${describeError(failure)}` });
    }
  }

  /** "Print again?" answered: Enter prints it once more, Esc (or the next scan) leaves it. */
  function answerReprint(yes: boolean) {
    const question = asking.current;
    if (!question) return;
    asking.current = null;
    // The answer takes the question's place in the log.
    setScanLog((current) => current.filter((entry) => !(entry.kind === 'ask' && entry.number === question.number)));
    if (yes) void printScanned(question.orderId, question.number);
    else log({ kind: 'declined', number: question.number });
  }

  /**
   * A scanned (or typed) code: the order opens; with "Print as soon as an order is scanned"
   * it prints, or asks first when it was printed before. An unknown code is an error that
   * clears the order shown, so the last order's "Printed" never reads as this scan's.
   */
  async function handleScan(raw: string) {
    const code = raw.trim();
    if (!code) return;
    // A new scan while a question is open answers it "no": the new order is the one in hand.
    if (asking.current) answerReprint(false);
    deps.clearTyped();
    // A badge, not an order: its person takes over the bench.
    if (BADGE_CODE.test(code)) {
      try {
        await signInWithBadge(code);
        const me = await answer(dashboard.GET('/admin/api/me'));
        log({ kind: 'person', message: `Signed in at this bench: ${me.name}` });
      } catch (failure) {
        log({ kind: 'error', message: `Badge not taken: ${describeError(failure)}` });
      } finally {
        deps.scanBox.current?.focus();
      }
      return;
    }
    try {
      // Printing as scanned: one call finds the order, decides and prints (POST /admin/api/orders/scan).
      let scanned: Scanned = settings.current.printOnScan
        ? await answer(dashboard.POST('/admin/api/orders/scan', { body: { code, reprint: settings.current.reprintSilently } }))
        : await findOnly(code);
      // Not among the orders this person prints (their operator teams): one they may read still opens.
      if (scanned.outcome === 'none' && settings.current.printOnScan) scanned = await findOnly(code);
      const match = scanned.order;
      if (!match) {
        deps.open(null);
        if (scanned.total > 0) {
          deps.showMatches(code);
          log({ kind: 'error', message: `${scanned.total.toLocaleString()}${scanned.totalCapped ? '+' : ''} orders match “${code}”: pick one below.` });
        } else log({ kind: 'error', message: `No order “${code}”. Check the number, or look under Ignored.` });
        return;
      }
      deps.remember(match);
      // The detail shows what the scan answered; it asks again only when the order changes.
      deps.open(match.id, scanned.detail ? { detail: scanned.detail, documents: scanned.documents } : undefined);
      deps.clearSearch();
      if (scanned.outcome === 'opened') {
        log({ kind: 'opened', number: match.orderNumber });
        return;
      }
      if (scanned.outcome === 'printedBefore') {
        const done = scanned.detail!.printing;
        asking.current = { orderId: match.id, number: match.orderNumber };
        const when = done.lastPrintedAt ? new Date(done.lastPrintedAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }) : '';
        const question =
          done.timesPrinted > 0
            ? `${match.orderNumber} was printed ${done.timesPrinted === 1 ? 'once' : `${done.timesPrinted} times`}, last at ${when} on ${done.lastPrinter ?? 'a printer'} — Enter prints it again, Esc cancels`
            : `${match.orderNumber} is printing now on ${done.open[0]!.printerName} — Enter prints another copy, Esc cancels`;
        log({ kind: 'ask', number: match.orderNumber, question });
        return;
      }
      logPrint(match.orderNumber, scanned.results);
    } catch (failure) {
      log({ kind: 'error', message: `${code}: ${describeError(failure)}` });
    } finally {
      deps.scanBox.current?.focus();
    }
  }

  // Scans that arrive while a dialog is open, or while focus is elsewhere, are scans too.
  const handleScanRef = useRef(handleScan);
  handleScanRef.current = handleScan;
  // Watched once for the page's life; the latest handler is read through its ref.
  useEffect(
    () =>
      watchScans({
        scanBox: () => deps.scanBox.current,
        shortcuts: 'p/?',
        onScan: (code) => {
          deps.dialogGivesWay();
          void handleScanRef.current(code);
        },
      }),
    [],
  );

  /** In the scan box, Enter (on an empty box) or Esc answers an open "print again?"; true when it did. */
  function answerKey(event: KeyboardEvent): boolean {
    if (!asking.current) return false;
    const enter = event.key === 'Enter' && !(event.target as HTMLInputElement).value.trim();
    if (!enter && event.key !== 'Escape') return false;
    event.preventDefault();
    answerReprint(enter);
    return true;
  }

  return {
    scanLog,
    handleScan,
    logPrint,
    answerKey,
    printOnScan: { on: printOnScan, set: setPrintOnScan },
    reprintSilently: { on: reprintSilently, set: setReprintSilently },
    soundOnError: { on: soundOnError, set: setSoundOnError },
  };
}
