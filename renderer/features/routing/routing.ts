import type { Printer } from '../printers/use-printers';

export interface TagRoute {
  tag: string;
  printerId: string | null;
  /** A printer pool: where a job goes, in order, when the printers before cannot take it. */
  fallbackPrinterIds?: string[];
  tray: string | null;
  template: string | null;
}

export interface TeamRouting {
  teamId: string;
  defaultPrinterId: string | null;
  effectiveDefaultPrinterId: string;
  routes: TagRoute[];
}

/** What a tag prints to, in words: its rule's printer, else the team's default. */
export function effectiveTarget(route: TagRoute, routing: TeamRouting, printers: Printer[]): { printer: string; tray: string; fromDefault: boolean } {
  const byId = (id: string | null) => printers.find((printer) => printer.id === id);
  const printer = byId(route.printerId) ?? byId(routing.effectiveDefaultPrinterId);
  const name = printer ? printer.nickname || printer.name : 'no printer';
  return {
    printer: name,
    tray: route.tray ?? (printer?.config.tray || "printer's choice"),
    fromDefault: !route.printerId,
  };
}

/** A tray must be one of the printer's; returns why not, or null when it is fine. */
export function trayProblem(printer: Printer | undefined, tray: string): string | null {
  if (!tray) return null;
  if (!printer) return 'Choose a printer to pick one of its trays';
  return printer.trays.includes(tray) ? null : `${printer.nickname || printer.name} has no tray “${tray}”`;
}
