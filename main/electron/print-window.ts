import { BrowserWindow } from 'electron';
import { LockedDownPages } from './locked-down-page';
import { ElectronPrintBackend, type PrintWindow } from './print-backend';
import { windowsRawPrinting } from './windows-raw';
import { windowsTrayPrinting } from './windows-trays';

const printPages = new LockedDownPages('station-print');

/** A hidden, locked-down window showing the job's HTML, for `webContents.print`. */
async function openHtml(html: string, title: string): Promise<PrintWindow> {
  const { window, close } = await printPages.open(html, { fileName: `${title}.html` });
  return { webContents: window.webContents, close };
}

/** The Electron print backend on a hidden window's WebContents (call after `app.whenReady()`). */
export function createElectronPrintBackend(): ElectronPrintBackend {
  const discoveryWindow = new BrowserWindow({ show: false, webPreferences: { javascript: false } });
  return new ElectronPrintBackend({
    platform: process.platform,
    printers: discoveryWindow.webContents,
    openHtml,
    ...(process.platform === 'win32' ? { trays: windowsTrayPrinting(), printRaw: windowsRawPrinting() } : {}),
  });
}
