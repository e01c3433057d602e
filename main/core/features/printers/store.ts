import { settingMadeOnce } from '../../foundations/settings/station-settings-store';
import { statement } from '../../foundations/db/statements';
import type { Db } from '../../foundations/db/open';
import type { DiscoveredPrinter, PrinterPaperSize, PrinterStatus } from './backend';

export interface PrinterRow {
  id: string;
  backend: string;
  vendor_id: string;
  name: string;
  nickname: string | null;
  visible: number;
  fit_to_page: number;
  default_tray: string | null;
  layout_configs: string;
  status: PrinterStatus;
  trays: string;
  paper_sizes: string;
  accepts_custom_paper: number;
  os_default: number;
  present: number;
  created_at: string;
  updated_at: string;
  detected_language: string | null;
  language_setting: string | null;
  status_reason: string | null;
  status_changed_at: string | null;
  removed_at: string | null;
}

/** A printer row with its JSON columns parsed: what routing and the queue read. */
export interface Printer {
  id: string;
  backend: string;
  vendorId: string;
  name: string;
  nickname: string | null;
  visible: boolean;
  fitToPage: boolean;
  defaultTray: string | null;
  layoutConfigs: unknown[];
  status: PrinterStatus;
  /** Why it is not `online`, in words, as the print system said last. */
  statusReason: string | null;
  /** When `status` became what it is (null: not since the station follows it). */
  statusChangedAt: string | null;
  trays: string[];
  paperSizes: PrinterPaperSize[];
  acceptsCustomPaper: boolean;
  osDefault: boolean;
  /** Takes raw ZPL: the admin's setting, else what the OS says of the queue. */
  takesZpl: boolean;
  /** What the OS says (CUPS's make and model), and the admin's setting (null: follow the OS). */
  zplDetected: boolean;
  zplSetting: boolean | null;
  /** When an admin removed it while it was missing (kept for the history that names it), or null. */
  removedAt: string | null;
}

export function parsePrinterRow(row: PrinterRow): Printer {
  return {
    id: row.id,
    backend: row.backend,
    vendorId: row.vendor_id,
    name: row.name,
    nickname: row.nickname,
    visible: row.visible === 1,
    fitToPage: row.fit_to_page === 1,
    defaultTray: row.default_tray,
    layoutConfigs: JSON.parse(row.layout_configs) as unknown[],
    status: row.status,
    statusReason: row.status_reason,
    statusChangedAt: row.status_changed_at,
    trays: JSON.parse(row.trays) as string[],
    paperSizes: JSON.parse(row.paper_sizes) as PrinterPaperSize[],
    acceptsCustomPaper: row.accepts_custom_paper === 1,
    osDefault: row.os_default === 1,
    takesZpl: row.language_setting ? row.language_setting === 'zpl' : row.detected_language === 'zpl',
    zplDetected: row.detected_language === 'zpl',
    zplSetting: row.language_setting ? row.language_setting === 'zpl' : null,
    removedAt: row.removed_at,
  };
}

/**
 * Inserts a new printer or replaces what the OS reports; never touches the admin's columns.
 * One row per OS queue: the backend that prints it may change, its id never does.
 */
export function upsertDiscovered(db: Db, backend: string, printer: DiscoveredPrinter, newId: string, at: string): void {
  statement(db, 
    `INSERT INTO printers (id, backend, vendor_id, name, status, status_reason, status_changed_at, trays, paper_sizes, accepts_custom_paper, os_default, detected_language, present, created_at, updated_at)
     VALUES (@id, @backend, @vendor_id, @name, @status, @status_reason, @at, @trays, @paper_sizes, @accepts_custom_paper, @os_default, @detected_language, 1, @at, @at)
     ON CONFLICT (vendor_id) DO UPDATE SET backend = excluded.backend, name = excluded.name,
       status_changed_at = CASE WHEN printers.status <> excluded.status THEN excluded.status_changed_at ELSE printers.status_changed_at END,
       status = excluded.status, status_reason = excluded.status_reason, trays = excluded.trays,
       paper_sizes = excluded.paper_sizes, accepts_custom_paper = excluded.accepts_custom_paper,
       os_default = excluded.os_default, detected_language = excluded.detected_language, present = 1, removed_at = NULL, updated_at = excluded.updated_at`,
  ).run({
    id: newId,
    backend,
    vendor_id: printer.vendorId,
    name: printer.name,
    status: printer.status,
    status_reason: printer.statusReason ?? null,
    trays: JSON.stringify(printer.trays),
    paper_sizes: JSON.stringify(printer.paperSizes),
    accepts_custom_paper: printer.acceptsCustomPaper ? 1 : 0,
    os_default: printer.isDefault ? 1 : 0,
    detected_language: printer.language ?? null,
    at,
  });
}

/**
 * Printers no backend listed this time (`listed` holds those still listed, or kept by a
 * backend that did not answer): kept (their settings and history), marked missing.
 */
export function markMissing(db: Db, listed: Set<string>, at: string): void {
  const rows = statement(db, 'SELECT id, vendor_id FROM printers WHERE present = 1').all() as { id: string; vendor_id: string }[];
  const update = statement(db, "UPDATE printers SET present = 0, status = 'missing', os_default = 0, updated_at = ? WHERE id = ?");
  for (const row of rows) if (!listed.has(row.vendor_id)) update.run(at, row.id);
}

/** A followed printer's new status and reason (printers/service.ts followStates). */
export function updatePrinterState(db: Db, id: string, status: PrinterStatus, reason: string | null, at: string): void {
  statement(
    db,
    `UPDATE printers SET status_changed_at = CASE WHEN status <> @status THEN @at ELSE status_changed_at END,
       status = @status, status_reason = @reason, updated_at = @at WHERE id = @id`,
  ).run({ id, status, reason, at });
}

/** The station's printers, removed ones left out. */
export function listPrinters(db: Db): Printer[] {
  return (statement(db, 'SELECT * FROM printers WHERE removed_at IS NULL ORDER BY present DESC, backend, vendor_id').all() as PrinterRow[]).map(parsePrinterRow);
}

/** Takes a missing printer off the lists; its row stays for the history that names it. */
export function markRemoved(db: Db, id: string, at: string): void {
  statement(db, "UPDATE printers SET removed_at = ?, os_default = 0, updated_at = ? WHERE id = ? AND status = 'missing'").run(at, at, id);
}

/** A backend's printer by its OS queue name, without reading every printer (asked for each print that falls back to it). */
export function findBackendPrinter(db: Db, backend: string, vendorId: string): Printer | undefined {
  const row = statement(db, 'SELECT * FROM printers WHERE backend = ? AND vendor_id = ?').get(backend, vendorId) as PrinterRow | undefined;
  return row ? parsePrinterRow(row) : undefined;
}

/** The OS's default printer, unless it went missing; in `listPrinters`' order when the OS names several. */
export function findOsDefaultPrinter(db: Db): Printer | undefined {
  const row = statement(db, "SELECT * FROM printers WHERE os_default = 1 AND status <> 'missing' ORDER BY present DESC, backend, vendor_id LIMIT 1").get() as PrinterRow | undefined;
  return row ? parsePrinterRow(row) : undefined;
}

/** By station id, or by the id of a row merged into it (printer_id_aliases). */
export function getPrinter(db: Db, id: string): Printer | undefined {
  const row = (statement(db, 'SELECT * FROM printers WHERE id = ?').get(id) ??
    statement(db, 'SELECT p.* FROM printer_id_aliases a JOIN printers p ON p.id = a.printer_id WHERE a.alias = ?').get(id)) as PrinterRow | undefined;
  return row ? parsePrinterRow(row) : undefined;
}

/** By station id, else by OS queue name. */
export function findPrinter(db: Db, idOrVendorId: string): Printer | undefined {
  return (
    getPrinter(db, idOrVendorId) ??
    (() => {
      const row = statement(db, 'SELECT * FROM printers WHERE vendor_id = ?').get(idOrVendorId) as
        | PrinterRow
        | undefined;
      return row ? parsePrinterRow(row) : undefined;
    })()
  );
}

export interface PrinterSettings {
  nickname?: string | null;
  visible?: boolean;
  fitToPage?: boolean;
  tray?: string | null;
  layoutConfigs?: unknown[];
  /** Takes raw ZPL: true or false as the admin says, null to follow the OS. */
  takesZpl?: boolean | null;
}

export function updatePrinterSettings(db: Db, id: string, settings: PrinterSettings, at: string): void {
  const columns: Record<string, unknown> = {};
  if (settings.nickname !== undefined) columns.nickname = settings.nickname;
  if (settings.visible !== undefined) columns.visible = settings.visible ? 1 : 0;
  if (settings.fitToPage !== undefined) columns.fit_to_page = settings.fitToPage ? 1 : 0;
  if (settings.tray !== undefined) columns.default_tray = settings.tray;
  if (settings.layoutConfigs !== undefined) columns.layout_configs = JSON.stringify(settings.layoutConfigs);
  if (settings.takesZpl !== undefined) columns.language_setting = settings.takesZpl === null ? null : settings.takesZpl ? 'zpl' : 'none';
  const names = Object.keys(columns);
  if (!names.length) return;
  statement(db, `UPDATE printers SET ${names.map((name) => `${name} = @${name}`).join(', ')}, updated_at = @at WHERE id = @id`).run({ ...columns, id, at });
}

const COMPUTER_ID_KEY = 'printing.computer_id';

/** This station's own stable id, the `computer.id` of its printers. */
export function computerId(db: Db, newId: () => string): string {
  return settingMadeOnce(db, COMPUTER_ID_KEY, newId);
}
