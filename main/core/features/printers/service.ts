import { printerLine, type PrinterLine } from './line';
import { hostname } from 'node:os';
import type { Db } from '../../foundations/db/open';
import type { StationEvents } from '../../foundations/events';
import { badRequest, notFound, StationError } from '../../foundations/errors';
import { newId, nowIso } from '../../foundations/ids';
import type { FollowedState, PrintBackend } from './backend';
import type { PrinterResource } from './answers';
import { notAnsweringReason, PrinterReach, type PrinterAddress } from './reach';
import { FOLDER_VENDOR_ID } from './folder-backend';
import { mmText } from './paper-sizes';
import { computerId, findBackendPrinter, findOsDefaultPrinter, findPrinter, getPrinter, listPrinters, markMissing, markRemoved, type Printer, type PrinterSettings, updatePrinterSettings, updatePrinterState, upsertDiscovered } from './store';

export type Visibility = 'all' | 'visible' | 'hidden';

export interface PrintersService {
  /** Asks every backend for its printers; the admin's settings are kept. */
  refresh(): Promise<Printer[]>;
  /**
   * Asks each backend that can say it cheaply (CUPS) for its printers' states, records the
   * changes and announces them (`printers` event, type `state`): the printers' states are
   * followed, not only asked for by a refresh. Returns what changed.
   */
  followStates(): Promise<PrinterStateChange[]>;
  /**
   * Asks every printer on the network whether it is there (reach.ts), at most a few seconds
   * each; true when one fell silent or answered again (the caller then follows the states).
   */
  checkReach(): Promise<boolean>;
  /** Resolves once the station has discovered its printers at least once. */
  ready(): Promise<void>;
  /** Resolves when no discovery is running (close waits for it before the database goes). */
  settled(): Promise<void>;
  /** Printers as last discovered (discovers first if the station never has). */
  list(filter?: { visibility?: Visibility; vendorId?: string }): Promise<Printer[]>;
  /** By station id or OS queue name, or 404. */
  get(idOrVendorId: string): Promise<Printer>;
  find(idOrVendorId: string): Printer | undefined;
  /** A printer as a job talks to it (line.ts): by id, or undefined for a printer the station does not have. */
  line(printerId: string): PrinterLine | undefined;
  /** The embedded "Save as PDF" printer. */
  folderPrinter(): Printer;
  /** The OS default printer if the OS has one, else the folder printer. */
  stationDefault(): Printer;
  updateSettings(id: string, settings: PrinterSettings): Printer;
  /**
   * Takes a printer the print system no longer lists off the station's lists (its history
   * keeps its name); 409 while the system lists it. Routing and waiting jobs are checked by
   * the caller (printing/jobs/remove-printer.ts).
   */
  markRemoved(printer: Printer): void;
  resource(printer: Printer): PrinterResource;
}

/** A printer whose status or reason changed, as followStates saw it. */
export interface PrinterStateChange {
  printerId: string;
  name: string;
  from: { status: string; reason: string | null };
  to: { status: string; reason: string | null };
}

export type { PrinterResource } from './answers';

export function createPrintersService(deps: { db: Db; events: StationEvents; backends: PrintBackend[]; reach?: PrinterReach }): PrintersService {
  const { db, events, backends } = deps;
  const reach = deps.reach ?? new PrinterReach();
  /** The network printers of the last states read, which checkReach asks. */
  let addresses: PrinterAddress[] = [];
  /** Since when each silent printer has not answered: kept across rounds, so its reason does not change each time. */
  const silentSince = new Map<string, Date>();

  /**
   * A queue's state with what the station itself heard of its printer: a printer it asked that
   * did not answer, or one CUPS could not reach with a job (when the station did not ask), is
   * offline, "not answering since 16:04". A stop of the print system's own (paused, refusing,
   * an error the printer reported) says more, and stays.
   */
  function withReach(vendorId: string, state: FollowedState): { status: FollowedState['status']; reason: string | null } {
    const heard = reach.heard(vendorId);
    const silent = heard === undefined ? state.notAnswering === true : heard !== null;
    if (!silent || (state.status === 'offline' && !state.notAnswering)) {
      silentSince.delete(vendorId);
      // The printer answers the station, though CUPS has not yet got the job to it: printing, with CUPS's words.
      return state.notAnswering ? { status: 'busy', reason: state.reason ?? null } : { status: state.status, reason: state.reason ?? null };
    }
    const since = silentSince.get(vendorId) ?? (heard ? heard.since : new Date());
    silentSince.set(vendorId, since);
    return { status: 'offline', reason: notAnsweringReason(since, state.notAnswering ? state.reason : undefined) };
  }
  const backendsByKind = new Map(backends.map((backend) => [backend.kind, backend]));
  const computer = computerId(db, newId);
  const host = hostname();
  let refreshing: Promise<Printer[]> | undefined;
  let nextRefresh: Promise<Printer[]> | undefined;
  let refreshedOnce = false;

  async function discoverAll(): Promise<Printer[]> {
    const found = await Promise.all(backends.map(async (backend) => ({ backend, printers: await backend.discover().catch(() => null) })));
    const at = nowIso();
    const answered = new Set(found.filter((result) => result.printers).map((result) => result.backend.kind));
    // The same OS queue seen by two backends (CUPS and Electron on Linux/macOS) is one printer,
    // printed by the first backend that sees it: CUPS before Electron, because only CUPS knows
    // trays. A queue whose backend did not answer this time stays with it (CUPS restarting
    // must not hand its queues to Electron, which prints through the same CUPS anyway).
    db.transaction(() => {
      const seen = new Set<string>();
      for (const printer of listPrinters(db)) {
        if (printer.status !== 'missing' && backendsByKind.has(printer.backend) && !answered.has(printer.backend)) seen.add(printer.vendorId);
      }
      for (const { backend, printers } of found) {
        for (const printer of printers ?? []) {
          if (seen.has(printer.vendorId)) continue;
          seen.add(printer.vendorId);
          // What the station heard of a network printer holds here as in followStates.
          const { status, reason } = withReach(printer.vendorId, { status: printer.status, reason: printer.statusReason, notAnswering: printer.notAnswering });
          upsertDiscovered(db, backend.kind, { ...printer, status, statusReason: reason ?? undefined }, newId(), at);
        }
      }
      markMissing(db, seen, at);
    })();
    refreshedOnce = true;
    events.emit('printers', { type: 'refreshed' });
    return listPrinters(db);
  }

  /** Whether another backend prints on this OS queue (the same CUPS queue seen by Electron). */
  const claimedElsewhere = (vendorId: string, kind: string) => listPrinters(db).some((printer) => printer.vendorId === vendorId && printer.backend !== kind && printer.status !== 'missing');

  const service: PrintersService = {
    async followStates() {
      const changes: PrinterStateChange[] = [];
      const gone: PrinterStateChange[] = [];
      let newQueues = false;
      const known = listPrinters(db).filter((printer) => printer.status !== 'missing');
      // Every backend's network printers of this round, for checkReach (one backend's must not replace another's).
      const networked: PrinterAddress[] = [];
      let answered = false;
      for (const backend of backends) {
        if (!backend.printerStates) continue;
        const states = await backend.printerStates().catch(() => undefined);
        if (!states) continue;
        answered = true;
        for (const [vendorId, state] of states) if (state.address) networked.push({ vendorId, uri: state.address, printing: state.status === 'busy' || state.notAnswering === true });
        const knownHere = new Set(listPrinters(db).filter((printer) => printer.backend === backend.kind && printer.status !== 'missing').map((printer) => printer.vendorId));
        if ([...states.keys()].some((vendorId) => !knownHere.has(vendorId) && !claimedElsewhere(vendorId, backend.kind))) newQueues = true;
        for (const printer of known.filter((candidate) => candidate.backend === backend.kind)) {
          const followed = states.get(printer.vendorId);
          if (!followed) {
            // The OS answered without this queue: it is gone. A discovery marks it missing now,
            // not at the next "Refresh printers" (its jobs wait; routing to it says so).
            gone.push({ printerId: printer.id, name: printer.nickname ?? printer.name, from: { status: printer.status, reason: printer.statusReason }, to: { status: 'missing', reason: 'The queue is gone from the print system' } });
            continue;
          }
          const { status, reason } = withReach(printer.vendorId, followed);
          if (status === printer.status && reason === printer.statusReason) continue;
          changes.push({ printerId: printer.id, name: printer.nickname ?? printer.name, from: { status: printer.status, reason: printer.statusReason }, to: { status, reason } });
        }
      }
      // A print system that did not answer keeps the addresses it last gave (and the silences heard there).
      if (answered) addresses = networked;
      if (changes.length) {
        const at = nowIso();
        db.transaction(() => {
          for (const change of changes) updatePrinterState(db, change.printerId, change.to.status as Printer['status'], change.to.reason, at);
        })();
        events.emit('printers', { type: 'state', printerIds: changes.map((change) => change.printerId) });
      }
      // A queue the print system has and the station does not (added by lpadmin, by
      // \`station printers add\`): discovered now, with its papers and trays.
      // (Not before the start-up discovery has written what it found: it finds them.)
      if (!gone.length && newQueues && refreshedOnce) await service.refresh();
      if (gone.length) {
        await service.refresh();
        // Only those the discovery did find missing (a queue re-created meanwhile is back).
        const missing = new Set(listPrinters(db).filter((printer) => printer.status === 'missing').map((printer) => printer.id));
        changes.push(...gone.filter((change) => missing.has(change.printerId)));
      }
      return changes;
    },
    checkReach() {
      return reach.check(addresses);
    },
    refresh() {
      if (!refreshing) {
        refreshing = discoverAll().finally(() => (refreshing = undefined));
        return refreshing;
      }
      // A refresh asked for during one must see the OS as it is now: one more discovery after
      // the current one, shared by everyone who asks meanwhile (each costs several OS tool runs).
      nextRefresh ??= refreshing
        .catch(() => undefined)
        .then(() => {
          nextRefresh = undefined;
          return service.refresh();
        });
      return nextRefresh;
    },
    async ready() {
      if (!refreshedOnce) await service.refresh();
    },
    async settled() {
      while (refreshing || nextRefresh) await (nextRefresh ?? refreshing)!.catch(() => undefined);
    },
    async list(filter = {}) {
      await service.ready();
      return listPrinters(db).filter(
        (printer) =>
          (filter.visibility === 'visible' ? printer.visible : filter.visibility === 'hidden' ? !printer.visible : true) &&
          (filter.vendorId === undefined || printer.vendorId === filter.vendorId),
      );
    },
    async get(idOrVendorId) {
      await service.ready();
      const printer = service.find(idOrVendorId);
      if (!printer) throw notFound('No printer with that id or printerVendorId');
      return printer;
    },
    find(idOrVendorId) {
      const printer = findPrinter(db, idOrVendorId);
      return printer?.removedAt ? undefined : printer;
    },
    line(printerId) {
      const printer = getPrinter(db, printerId);
      const backend = printer && backendsByKind.get(printer.backend);
      if (printer && !backend) throw new Error(`No ${printer.backend} print backend on this station`);
      return printer && printerLine(printer, backend!);
    },
    folderPrinter() {
      // Read alone, not by parsing every printer: every print that falls back to it asks.
      let printer = findBackendPrinter(db, 'folder', FOLDER_VENDOR_ID);
      if (!printer) {
        // Known before any discovery finished: the folder printer needs no OS at all.
        upsertDiscovered(db, 'folder', { vendorId: FOLDER_VENDOR_ID, name: 'Save as PDF', status: 'online', trays: [], paperSizes: [], acceptsCustomPaper: true, isDefault: false }, newId(), nowIso());
        printer = findPrinter(db, FOLDER_VENDOR_ID)!;
      }
      return printer;
    },
    stationDefault() {
      return findOsDefaultPrinter(db) ?? service.folderPrinter();
    },
    updateSettings(id, settings) {
      const printer = getPrinter(db, id);
      if (!printer) throw notFound('No printer with that id');
      if (settings.tray && !printer.trays.includes(settings.tray)) {
        throw badRequest('The tray is not one of the printer\'s trays', [{ path: 'tray', message: `Trays: ${printer.trays.join(', ') || 'none'}` }]);
      }
      updatePrinterSettings(db, id, settings, nowIso());
      events.emit('printers', { type: 'refreshed' });
      return getPrinter(db, id)!;
    },
    markRemoved(printer) {
      if (printer.status !== 'missing') {
        throw new StationError('conflict', 'printer_not_missing', `The print system still lists ${printer.nickname ?? printer.name}: remove its queue there first (the station marks it missing), then remove it here`);
      }
      markRemoved(db, printer.id, nowIso());
      events.emit('printers', { type: 'refreshed' });
    },
    resource(printer) {
      return {
        id: printer.id,
        printerVendorId: printer.vendorId,
        name: printer.name,
        nickname: printer.nickname ?? printer.name,
        visible: printer.visible,
        status: printer.status,
        statusReason: printer.statusReason,
        computer: { id: computer, printerVendorId: host, status: 'online', nickname: host, name: host },
        trays: printer.trays,
        paperSizes: printer.paperSizes.map((size) => ({ name: size.name, width: mmText(size.widthMm), height: mmText(size.heightMm) })),
        config: { fitToPage: printer.fitToPage, tray: printer.defaultTray ?? '' },
        layoutConfigs: printer.layoutConfigs,
        zpl: { takesZpl: printer.takesZpl, detected: printer.zplDetected, setting: printer.zplSetting },
      };
    },
  };
  return service;
}
