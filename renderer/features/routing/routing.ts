import type { Schemas } from '../../app/api';
import type { Printer } from '../printers/use-printers';

export type TagRoute = Schemas['Routing']['routes'][number];

export type TeamRouting = Schemas['Routing'];

/** What a tag prints to, in words: its rule's printer, else the team's default; `missing` when the print system no longer lists it. */
export function effectiveTarget(route: TagRoute, routing: TeamRouting, printers: Printer[]): { printer: string; tray: string; fromDefault: boolean; missing: boolean } {
  const byId = (id: string | null) => printers.find((printer) => printer.id === id);
  const printer = byId(route.printerId) ?? byId(routing.effectiveDefaultPrinterId);
  const name = printer ? printer.nickname || printer.name : 'no printer';
  return {
    printer: name,
    tray: route.tray ?? (printer?.config.tray || "printer's choice"),
    fromDefault: !route.printerId,
    missing: printer?.status === 'missing',
  };
}

/** The printers routing names that the print system no longer lists: the tag's printer, its pool, the team's default. */
export function missingInRouting(routing: TeamRouting, printers: Printer[]): string[] {
  const missing = new Map(printers.filter((printer) => printer.status === 'missing').map((printer) => [printer.id, printer.nickname || printer.name]));
  const lines: string[] = [];
  if (routing.defaultPrinterId && missing.has(routing.defaultPrinterId)) lines.push(`the team's default printer, ${missing.get(routing.defaultPrinterId)}`);
  for (const route of routing.routes) {
    if (route.printerId && missing.has(route.printerId)) lines.push(`“${route.tag}” → ${missing.get(route.printerId)}`);
    for (const id of route.fallbackPrinterIds ?? []) if (missing.has(id)) lines.push(`“${route.tag}” falls back on ${missing.get(id)}`);
  }
  return lines;
}

/** A printer as a choice in routing: a missing one is marked, and offered only where it is already chosen. */
export function printerChoice(printer: Printer, chosenId: string | null | undefined): { label: string; disabled: boolean } {
  const missing = printer.status === 'missing';
  return { label: `${printer.nickname || printer.name}${missing ? ' (missing)' : ''}`, disabled: missing && printer.id !== chosenId };
}

/** A tray must be one of the printer's; returns why not, or null when it is fine. */
export function trayProblem(printer: Printer | undefined, tray: string): string | null {
  if (!tray) return null;
  if (!printer) return 'Choose a printer to pick one of its trays';
  return printer.trays.includes(tray) ? null : `${printer.nickname || printer.name} has no tray “${tray}”`;
}
