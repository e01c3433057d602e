import { BrowserWindow, session, type Session } from 'electron';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { allowRenderRequest } from './pdf-options';

/**
 * Hidden windows holding order data: JavaScript off, sandboxed, in a session of their own that
 * loads nothing but the page's own file and data: images (the station fetched and inlined the
 * http(s) ones under its outbound policy). The HTML goes in a private temp file: a batch is
 * too large for a data: URL. Used to render PDFs and to print.
 */
export class LockedDownPages {
  private pageSession?: Session;
  // Only the pages open now may load as a main frame; a Set because pages overlap.
  private readonly pages = new Set<string>();

  constructor(private readonly partition: string) {}

  private session(): Session {
    if (!this.pageSession) {
      const s = session.fromPartition(this.partition, { cache: false });
      s.webRequest.onBeforeRequest((details, callback) => callback({ cancel: ![...this.pages].some((url) => allowRenderRequest(details, url)) }));
      this.pageSession = s;
    }
    return this.pageSession;
  }

  /** Loads `html` into a hidden window; `close` destroys it and its temp file. */
  async open(html: string, options: { fileName: string; size?: { width: number; height: number } }): Promise<{ window: BrowserWindow; close(): void }> {
    const dir = mkdtempSync(join(tmpdir(), 'station-page-'));
    const file = join(dir, options.fileName.replace(/[^\w.-]+/g, '_'));
    writeFileSync(file, html, { mode: 0o600 });
    const url = pathToFileURL(file).href;
    this.pages.add(url);
    const window = new BrowserWindow({
      show: false,
      ...(options.size ?? {}),
      webPreferences: { javascript: false, sandbox: true, session: this.session(), webSecurity: true, spellcheck: false },
    });
    const close = () => {
      window.destroy();
      this.pages.delete(url);
      rmSync(dir, { recursive: true, force: true });
    };
    try {
      await window.loadURL(url);
    } catch (error) {
      close();
      throw error;
    }
    return { window, close };
  }

  close(): void {
    this.pages.clear();
  }
}
