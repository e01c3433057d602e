import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
// A CommonJS bundle whose names Node's ESM loader cannot see: only the default import works.
import pdfToPrinter from 'pdf-to-printer';
import type { TrayPrinting, WindowsPrinterDetails } from './print-backend';

const run = promisify(execFile);

/**
 * Paper sources of every printer, by .NET's `PrinterSettings.PaperSources` (the names the
 * driver gives its trays, which SumatraPDF's `bin=` accepts). JSON out, one object a printer.
 */
const LIST_TRAYS = [
  '[Console]::OutputEncoding = [System.Text.UTF8Encoding]::new($false)',
  'Add-Type -AssemblyName System.Drawing',
  '$out = foreach ($name in [System.Drawing.Printing.PrinterSettings]::InstalledPrinters) {',
  '  $settings = New-Object System.Drawing.Printing.PrinterSettings',
  '  $settings.PrinterName = $name',
  '  [pscustomobject]@{ name = $name; trays = @($settings.PaperSources | ForEach-Object { $_.SourceName }) }',
  '}',
  'ConvertTo-Json -InputObject @($out) -Compress',
].join('; ');

/** Parses the tray listing; a printer PowerShell could not read has no trays. */
export function parseTrayListing(json: string): Map<string, string[]> {
  const parsed = JSON.parse(json || '[]') as { name: string; trays: string[] | string | null }[];
  return new Map(parsed.map((entry) => [entry.name, Array.isArray(entry.trays) ? entry.trays : entry.trays ? [entry.trays] : []]));
}

/**
 * Trays and paper on Windows through pdf-to-printer (SumatraPDF ships inside the package; in
 * the installer it is unpacked from the asar, see electron-builder.yml).
 */
export function windowsTrayPrinting(): TrayPrinting {
  return {
    async printers(): Promise<WindowsPrinterDetails[]> {
      const [printers, trays] = await Promise.all([
        pdfToPrinter.getPrinters(),
        run('powershell.exe', ['-NoProfile', '-NonInteractive', '-Command', LIST_TRAYS], { windowsHide: true, timeout: 20_000 })
          .then(({ stdout }) => parseTrayListing(stdout))
          .catch(() => new Map<string, string[]>()),
      ]);
      return printers.map((printer) => ({ name: printer.name, paperSizes: printer.paperSizes, trays: trays.get(printer.name) ?? [] }));
    },
    async print(pdf, options) {
      const dir = mkdtempSync(join(tmpdir(), 'station-tray-'));
      const file = join(dir, 'job.pdf');
      writeFileSync(file, pdf, { mode: 0o600 });
      try {
        await pdfToPrinter.print(file, options);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
