import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebContents, recorded } from './electron-binary-fake';

vi.mock('electron', () => import('./electron-binary-fake'));

const { createDashboardWindow } = await import('../../main/electron/window');
const { hardenContents, sameOrigin } = await import('../../main/electron/security');
const { IPC, registerIpc } = await import('../../main/electron/ipc');

const STATION = 'http://127.0.0.1:5717';

describe('the dashboard window', () => {
  it('runs sandboxed with context isolation, no Node, and no session token on its command line', async () => {
    createDashboardWindow({ stationUrl: STATION, preloadPath: '/app/preload.cjs' });
    const window = recorded.windows.at(-1)!;
    const prefs = window.options.webPreferences as Record<string, unknown>;
    expect(prefs).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true, webviewTag: false, preload: '/app/preload.cjs' });
    expect(prefs.additionalArguments).toEqual([`--station-url=${STATION}`]);
    await Promise.resolve();
    expect(window.loadedUrl).toBe(`${STATION}/#/orders`);
    expect(window.openHandler?.({ url: 'https://example.com' })).toEqual({ action: 'deny' });
  });
});

describe('closing the window with unsaved edits', () => {
  it("asks, since Electron shows no question for a page's beforeunload; Discard closes, Stay keeps it", () => {
    createDashboardWindow({ stationUrl: STATION, preloadPath: '/app/preload.cjs' });
    const window = recorded.windows.at(-1)!;
    const unload = window.contents.listeners.get('will-prevent-unload')!;
    for (const [answer, closes] of [[0, true], [1, false]] as const) {
      recorded.messageBoxAnswer = answer;
      const preventDefault = vi.fn();
      unload({ preventDefault });
      expect(recorded.messageBoxes.at(-1)).toMatchObject({ message: 'Discard your unsaved edits?', buttons: ['Discard edits', 'Stay'], cancelId: 1 });
      // preventDefault on will-prevent-unload is what lets the page go.
      expect(preventDefault).toHaveBeenCalledTimes(closes ? 1 : 0);
    }
  });
});

describe('every web contents', () => {
  it('may not navigate away from the station, open windows or attach webviews', () => {
    const contents = new FakeWebContents();
    hardenContents(contents as never, sameOrigin(STATION));
    const prevent = vi.fn();
    contents.listeners.get('will-navigate')!({ preventDefault: prevent }, 'https://evil.example/');
    expect(prevent).toHaveBeenCalledTimes(1);
    contents.listeners.get('will-navigate')!({ preventDefault: prevent }, `${STATION}/#/settings`);
    expect(prevent).toHaveBeenCalledTimes(1);
    contents.listeners.get('will-attach-webview')!({ preventDefault: prevent });
    expect(prevent).toHaveBeenCalledTimes(2);
    expect(contents.openHandler!({ url: `${STATION}/x` })).toEqual({ action: 'deny' });
  });
});

describe('desktop IPC', () => {
  beforeEach(() => recorded.ipcHandlers.clear());

  const event = (url: string, parent: unknown = null) => ({ senderFrame: { url, parent } });

  it('answers the dashboard and refuses other pages and iframes', async () => {
    registerIpc({ isTrustedUrl: sameOrigin(STATION), dataDir: '/data', sessionToken: () => 'session-secret', benchToken: () => null });
    const set = recorded.ipcHandlers.get(IPC.setStartAtLogin)!;
    expect(await set(event(`${STATION}/#/settings`), true)).toBe(true);
    expect(() => set(event('https://evil.example/'), false)).toThrow(/Refused/);
    expect(() => set(event(`${STATION}/`, { url: STATION }), false)).toThrow(/Refused/);
    expect(recorded.loginItem.openAtLogin).toBe(true);
  });

  it('hands the session token over only to the dashboard itself', async () => {
    registerIpc({ isTrustedUrl: sameOrigin(STATION), dataDir: '/data', sessionToken: () => 'session-secret', benchToken: () => null });
    const session = recorded.ipcHandlers.get(IPC.sessionToken)!;
    expect(await session(event(`${STATION}/#/orders`))).toBe('session-secret');
    expect(() => session(event('https://evil.example/'))).toThrow(/Refused/);
    expect(() => session(event(`${STATION}/`, { url: STATION }))).toThrow(/Refused/);
  });

  it('hands a bench window its bench token, not a session, and only to the dashboard itself', async () => {
    registerIpc({ isTrustedUrl: sameOrigin(STATION), dataDir: '/data', sessionToken: () => null, benchToken: () => 'bench_secret' });
    const bench = recorded.ipcHandlers.get(IPC.benchToken)!;
    expect(await bench(event(`${STATION}/#/orders`))).toBe('bench_secret');
    expect(await recorded.ipcHandlers.get(IPC.sessionToken)!(event(`${STATION}/#/orders`))).toBeNull();
    expect(() => bench(event('https://evil.example/'))).toThrow(/Refused/);
    expect(() => bench(event(`${STATION}/`, { url: STATION }))).toThrow(/Refused/);
  });

  it('opens only folders inside the data folder', async () => {
    registerIpc({ isTrustedUrl: sameOrigin(STATION), dataDir: '/data', sessionToken: () => 'session-secret', benchToken: () => null });
    const open = recorded.ipcHandlers.get(IPC.openDataFolder)!;
    await open(event(`${STATION}/`), '../../etc');
    await open(event(`${STATION}/`), 'printed');
    expect(recorded.openedPaths).toEqual(['/data/etc', '/data/printed']);
  });
});
