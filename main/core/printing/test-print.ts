import type { PdfRenderer } from '../documents/contract';
import { newId } from '../ids';
import type { PrintersService } from '../printers/service';
import type { Printer } from '../printers/store';
import { renderJobContent } from './job-content';

export interface TestPrinter {
  print(printer: Printer): Promise<{ printerId: string; osJobId: string }>;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The admin's "test print": one page on the printer's default paper (its list leads with it:
 * a label queue prints a 4×6 in label, not an A4 page; A4 where the OS names no paper),
 * naming the printer, straight to the OS. Not a batch: it prints no order and changes no
 * order status.
 */
export function createTestPrinter(deps: { printers: PrintersService; renderer: () => PdfRenderer }): TestPrinter {
  return {
    async print(printer) {
      const size = printer.paperSizes[0] ?? { name: 'A4', widthMm: 210, heightMm: 297 };
      const paper = { name: size.name, widthMm: size.widthMm, heightMm: size.heightMm, orientation: 'portrait' as const, marginsMm: { top: 10, right: 10, bottom: 10, left: 10 } };
      const html = `<!doctype html><html><body style="font-family: sans-serif"><h1>Test print</h1>
        <p>Printer: ${escapeHtml(printer.nickname ?? printer.name)} (${escapeHtml(printer.vendorId)})</p>
        <p>Paper: ${escapeHtml(size.name)}</p><p>${new Date().toISOString()}</p></body></html>`;
      const backend = deps.printers.backendFor(printer);
      const tray = printer.defaultTray;
      const content = await renderJobContent(deps.renderer(), backend.takes?.(tray) ?? 'pdf', [{ html, paper }], paper);
      const { osJobId, held } = await backend.submit({
        vendorId: printer.vendorId,
        content,
        title: `station-test-${newId()}`,
        copies: 1,
        paper: { name: size.name, widthMm: size.widthMm, heightMm: size.heightMm, landscape: false },
        tray,
        fitToPage: printer.fitToPage,
      });
      if (held) await backend.release(printer.vendorId, osJobId);
      return { printerId: printer.id, osJobId };
    },
  };
}
