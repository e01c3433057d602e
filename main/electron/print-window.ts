import { BrowserWindow } from 'electron';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ElectronPrintBackend, type PrintWindow } from './print-backend';

/** A hidden window showing the PDF in Chromium's viewer, for `webContents.print`. */
async function openPdf(pdf: Uint8Array, title: string): Promise<PrintWindow> {
  const dir = mkdtempSync(join(tmpdir(), 'station-print-'));
  const file = join(dir, `${title.replace(/[^\w.-]+/g, '_')}.pdf`);
  writeFileSync(file, pdf);
  const window = new BrowserWindow({ show: false, webPreferences: { plugins: true, javascript: false, sandbox: true } });
  await window.loadURL(pathToFileURL(file).href);
  return {
    webContents: window.webContents,
    close() {
      window.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The Electron print backend on a hidden window's WebContents (call after `app.whenReady()`). */
export function createElectronPrintBackend(): ElectronPrintBackend {
  const discoveryWindow = new BrowserWindow({ show: false, webPreferences: { javascript: false } });
  return new ElectronPrintBackend({ printers: discoveryWindow.webContents, openPdf });
}
