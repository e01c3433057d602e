import { BrowserWindow, session, type Session } from 'electron';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { allowRenderRequest } from './pdf-options';
import { ElectronPrintBackend, type PrintWindow } from './print-backend';
import { windowsTrayPrinting } from './windows-trays';

let printSession: Session | undefined;
// Only the job being printed may load as a main frame; a Set because printers work side by side.
const printing = new Set<string>();

/** One session for print windows: its own document and data: images, nothing else. */
function lockedDownSession(): Session {
  if (!printSession) {
    const s = session.fromPartition('station-print', { cache: false });
    s.webRequest.onBeforeRequest((details, callback) => callback({ cancel: ![...printing].some((url) => allowRenderRequest(details, url)) }));
    printSession = s;
  }
  return printSession;
}

/**
 * A hidden, sandboxed window with JavaScript off showing the job's HTML (written to a temp
 * file: a batch is too large for a data: URL), for `webContents.print`.
 */
async function openHtml(html: string, title: string): Promise<PrintWindow> {
  const dir = mkdtempSync(join(tmpdir(), 'station-print-'));
  const file = join(dir, `${title.replace(/[^\w.-]+/g, '_')}.html`);
  writeFileSync(file, html, { mode: 0o600 });
  const url = pathToFileURL(file).href;
  printing.add(url);
  const window = new BrowserWindow({ show: false, webPreferences: { javascript: false, sandbox: true, session: lockedDownSession(), spellcheck: false } });
  const close = () => {
    window.destroy();
    printing.delete(url);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await window.loadURL(url);
  } catch (error) {
    close();
    throw error;
  }
  return { webContents: window.webContents, close };
}

/** The Electron print backend on a hidden window's WebContents (call after `app.whenReady()`). */
export function createElectronPrintBackend(): ElectronPrintBackend {
  const discoveryWindow = new BrowserWindow({ show: false, webPreferences: { javascript: false } });
  return new ElectronPrintBackend({
    platform: process.platform,
    printers: discoveryWindow.webContents,
    openHtml,
    ...(process.platform === 'win32' ? { trays: windowsTrayPrinting() } : {}),
  });
}
