import type { PrintingDeps } from '../deps';
import type { DocumentTestPrint, RenderedHtml } from '../../documents/contract';
import { badRequest, StationError } from '../../../foundations/errors';
import { newId } from '../../../foundations/ids';
import { PermanentPrintError } from '../../printers/backend';
import type { PrintersService } from '../../printers/service';
import type { Printer } from '../../printers/store';
import { renderJobContent } from './job-content';

/** The admin's test prints: a printer's own test page, and a template draft rendered for an order (DocumentTestPrint). */
export interface TestPrinter extends DocumentTestPrint {
  print(printer: Printer): Promise<{ printerId: string; osJobId: string }>;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A test page for a printer the print system no longer lists would fail at the door: 409, in words. */
export function refuseMissing(printer: Printer): void {
  if (printer.status === 'missing') {
    throw new StationError('conflict', 'printer_missing', `The print system no longer lists ${printer.nickname ?? printer.name}: nothing can print there. Refresh printers after re-adding its queue, or remove it`);
  }
}

/**
 * The admin's "test print": one page on the printer's default paper (its list leads with it:
 * a label queue prints a 4×6 in label, not an A4 page; A4 where the OS names no paper),
 * naming the printer, straight to the OS. And the template editor's: the draft rendered for
 * an order, on the printer and tray chosen. Not a batch: it prints no order and changes no
 * order status.
 */
export function createTestPrinter(deps: Pick<PrintingDeps, 'renderer'> & { printers: PrintersService }): TestPrinter {
  async function submit(printer: Printer, document: RenderedHtml, tray: string | null, title: string) {
    const line = deps.printers.line(printer.id)!;
    const { paper } = document;
    let content;
    try {
      content = await renderJobContent(deps.renderer(), line.takes(tray), [document], paper);
    } catch (error) {
      // The label policy on the bytes this order makes (a ZPL command assembled from order data).
      if (error instanceof PermanentPrintError) throw new StationError('unprocessable', 'not_printable', error.message);
      throw error;
    }
    const { osJobId, held } = await line.submit({
      content,
      title,
      copies: 1,
      paper: { name: paper.name, widthMm: paper.widthMm, heightMm: paper.heightMm, landscape: paper.orientation === 'landscape' },
      tray,
      fitToPage: printer.fitToPage,
    });
    if (held) await line.release(osJobId);
    return { printerId: printer.id, osJobId };
  }

  return {
    async print(printer) {
      refuseMissing(printer);
      const size = printer.paperSizes[0] ?? { name: 'A4', widthMm: 210, heightMm: 297 };
      const paper = { name: size.name, widthMm: size.widthMm, heightMm: size.heightMm, orientation: 'portrait' as const, marginsMm: { top: 10, right: 10, bottom: 10, left: 10 } };
      const html = `<!doctype html><html><body style="font-family: sans-serif"><h1>Test print</h1>
        <p>Printer: ${escapeHtml(printer.nickname ?? printer.name)} (${escapeHtml(printer.vendorId)})</p>
        <p>Paper: ${escapeHtml(size.name)}</p><p>${new Date().toISOString()}</p></body></html>`;
      return submit(printer, { html, paper }, printer.defaultTray, `station-test-${newId()}`);
    },

    async printDocument(printerId, document, options) {
      const printer = await deps.printers.get(printerId);
      refuseMissing(printer);
      if (options.tray && !printer.trays.includes(options.tray)) {
        throw badRequest("The tray is not one of the printer's trays", [{ path: 'tray', message: `Trays: ${printer.trays.join(', ') || 'none'}` }]);
      }
      if (document.zpl !== undefined && !printer.takesZpl) {
        throw new StationError('conflict', 'printer_takes_no_zpl', `${printer.nickname ?? printer.name} is not a ZPL label printer: a ZPL template prints on a printer that takes raw ZPL (Printers → ZPL label printer)`);
      }
      return submit(printer, document, options.tray ?? printer.defaultTray, options.title);
    },
  };
}
