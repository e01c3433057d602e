import { httpGet, type IppConnection } from './ipp/ipp-client';
import type { PrinterPaperSize } from './backend';
import { knownPaperSize, orderPaperSizes, parsePpdPaperDimensions, samePaper } from './paper-sizes';

/** What a queue's PPD says the station needs: its trays, its paper sizes and whether it takes any size. */
export interface PpdOptions {
  trays: string[];
  paperSizes: PrinterPaperSize[];
  acceptsCustomPaper: boolean;
}

/** The choices of one PPD option (`*InputSlot Upper/Upper Tray: "…"` → `Upper`), in the file's order. */
function choices(ppd: string, option: string): string[] {
  const found: string[] = [];
  for (const match of ppd.matchAll(new RegExp(`^\\*${option}\\s+([^/:\\s]+)`, 'gm'))) if (!found.includes(match[1]!)) found.push(match[1]!);
  return found;
}

/**
 * A PPD read as CUPS reads it for `lpoptions -l`: trays from `InputSlot`, paper sizes from
 * `PageSize` with their `PaperDimension` in millimetres (a well-known size keeps its exact
 * size where the PPD rounded it to whole points), the default size first, and whether the
 * printer takes a custom size (`*CustomPageSize True`).
 */
export function parsePpdOptions(ppd: string): PpdOptions {
  const dimensions = parsePpdPaperDimensions(ppd);
  const defaultPage = /^\*DefaultPageSize:\s*(\S+)/m.exec(ppd)?.[1];
  const paperSizes = choices(ppd, 'PageSize')
    .filter((name) => !name.startsWith('Custom'))
    .map((name) => {
      const fromPpd = dimensions.get(name);
      // A driverless queue names borderless variants "A4.Borderless": the size is A4's.
      const known = knownPaperSize(name.replace(/\.Borderless$/, ''));
      const named = known && { ...known, name };
      return fromPpd && named && !samePaper(fromPpd, named) ? fromPpd : (named ?? fromPpd);
    })
    .filter((size): size is PrinterPaperSize => !!size);
  return { trays: choices(ppd, 'InputSlot'), paperSizes: orderPaperSizes(paperSizes, defaultPage), acceptsCustomPaper: /^\*CustomPageSize\s+True/m.test(ppd) };
}

/**
 * A PWG self-describing media name (`iso_a4_210x297mm`, `na_letter_8.5x11in`,
 * `oe_4x6-label_4x6in`) as a paper size: the printer's IPP name and its size in millimetres.
 * Custom ranges (`custom_min_…`, `custom_max_…`) are not a size.
 */
export function pwgPaperSize(name: string): PrinterPaperSize | undefined {
  const match = /^(?!custom_)[a-z0-9]+_[^_]+_([\d.]+)x([\d.]+)(mm|in)$/.exec(name);
  if (!match) return undefined;
  const factor = match[3] === 'in' ? 25.4 : 1;
  return { name, widthMm: Math.round(Number(match[1]) * factor * 10) / 10, heightMm: Math.round(Number(match[2]) * factor * 10) / 10 };
}

/** A PPD is a few kilobytes: a server that takes longer is treated as having none to give. */
const PPD_FETCH_TIMEOUT_MS = 5_000;
const PPD_ATTEMPTS = 3;
const PPD_RETRY_MS = 250;

/** A CUPS queue's trays and papers from its PPD as the scheduler serves it (`GET /printers/NAME.ppd`); none for a queue without one. */
export async function fetchQueuePpdOptions(connection: IppConnection, queue: string): Promise<PpdOptions> {
  // CUPS answers "busy" for a moment while it saves a queue it was just given: asked again.
  for (let attempt = 1; ; attempt++) {
    const answer = await httpGet(connection, `/printers/${encodeURIComponent(queue)}.ppd`, { timeoutMs: PPD_FETCH_TIMEOUT_MS }).catch(() => ({ status: 0, text: '' }));
    if (answer.status === 200) return parsePpdOptions(answer.text);
    if (answer.status === 404 || attempt === PPD_ATTEMPTS) return { trays: [], paperSizes: [], acceptsCustomPaper: false };
    await new Promise((resolve) => setTimeout(resolve, PPD_RETRY_MS));
  }
}
