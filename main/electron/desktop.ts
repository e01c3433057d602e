import { app, BrowserWindow, Notification, session } from 'electron';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { consoleLogger } from '../core/foundations/logger';
import { createStation, type Station } from '../core/station';
import { registerIpc } from './ipc';
import { ElectronPdfRenderer } from './pdf-renderer';
import { sqliteNativeBinding } from './native-binding';
import { createElectronPrintBackend } from './print-window';
import { denyPermissions, hardenApp, sameOrigin } from './security';
import { desktopSettings, electronSettingsStore } from './settings-store';
import { createStationTray } from './tray';
import { FailingJobs, type TrayState } from './tray-state';
import { createDashboardWindow } from './window';
import { createStationServer } from '../core/http/server';

/**
 * The desktop host: the same core as `station serve`, with Electron's adapters (settings
 * in electron-store, printToPDF, webContents.print beside CUPS and the folder printer), a
 * window on the dashboard, a tray icon and notifications. Call after `app.whenReady()`.
 */
export async function startDesktop(): Promise<{ show(): void; stop(): Promise<void> }> {
  const dataDir = process.env.STATION_DATA_DIR ?? app.getPath('userData');
  const appRoot = app.getAppPath();
  const assets = join(appRoot, 'main/electron/assets');
  const listen = desktopSettings(dataDir);
  denyPermissions(session.defaultSession);
  // Hardened before any window exists (the print and render backends open hidden ones);
  // only the station's own origin counts as trusted, once it is known.
  let stationUrl: string | undefined = undefined;
  const isTrustedUrl = (candidate: string) => stationUrl !== undefined && sameOrigin(stationUrl)(candidate);
  hardenApp(app, isTrustedUrl);

  const station: Station = createStation({
    dataDir,
    logger: consoleLogger(),
    background: true,
    dashboardDir: join(appRoot, 'dist/renderer'),
    settings: electronSettingsStore(dataDir),
    pdfRenderer: new ElectronPdfRenderer(),
    printBackends: [createElectronPrintBackend()],
    sqliteNativeBinding: sqliteNativeBinding({ packaged: app.isPackaged, resourcesPath: process.resourcesPath, appRoot }),
  });
  const server = createStationServer(station.app);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listen.port, listen.host, resolve);
  });
  const url = `http://${listen.host}:${(server.address() as AddressInfo).port}`;
  station.onListening?.(url);
  stationUrl = url;
  // One session for the desktop window, renewed when it has ended (idle or absolute expiry).
  let sessionToken = station.services.adminSessions.createSessionToken('desktop window');
  const liveSessionToken = () => {
    if (!station.services.adminSessions.isValidSession(sessionToken)) sessionToken = station.services.adminSessions.createSessionToken('desktop window');
    return sessionToken;
  };
  // A bench window (Printers → Benches → This desktop's window) is handed its bench, not the
  // station admin's session: operators sign in at it by badge or PIN, an admin by password.
  let windowBench = station.desktopWindow.screen();
  registerIpc({ isTrustedUrl, dataDir, sessionToken: () => (windowBench ? null : liveSessionToken()), benchToken: () => windowBench?.benchToken ?? null });

  let window: BrowserWindow | undefined;
  station.events.on('desktopWindow', () => {
    windowBench = station.desktopWindow.screen();
    // A new window opens at Orders and asks for its session or bench afresh. Closed, not
    // destroyed: a template with unsaved edits asks first (window.ts), and may keep it open.
    const open = window && !window.isDestroyed() ? window : undefined;
    if (!open) return;
    open.once('closed', () => show());
    open.close();
  });
  const show = () => {
    if (!window || window.isDestroyed()) {
      window = createDashboardWindow({ stationUrl: url, preloadPath: join(appRoot, 'dist-electron/preload/index.cjs'), iconPath: join(assets, 'icon.png') });
    }
    if (window.isMinimized()) window.restore();
    window.show();
    window.focus();
  };

  // The tray reads the station through its own admin API, like the dashboard does.
  const state: TrayState = { listening: url, printersOnline: 0, printersTotal: 0, failingJobs: 0 };
  const failing = new FailingJobs();
  const tray = createStationTray(assets, { open: show, quit: () => app.quit() });
  const refreshPrinters = async () => {
    const response = await fetch(`${url}/admin/api/printers`, { headers: { Authorization: `Bearer ${liveSessionToken()}` } }).catch(() => undefined);
    const printers = response?.ok ? ((await response.json()) as { status?: string }[]) : [];
    state.printersTotal = printers.length;
    state.printersOnline = printers.filter((printer) => printer.status === 'online').length;
    tray.update(state);
  };
  station.events.on('printers', () => void refreshPrinters());
  station.events.on('job', (event) => {
    if (failing.update(event.jobId, event.state)) {
      state.failingJobs = failing.count;
      tray.update(state);
    }
    if (event.state === 'failed' && Notification.isSupported()) {
      const notice = new Notification({ title: 'A print job failed', body: event.reason ?? 'Open the Batches page to see why and retry.' });
      notice.on('click', () => {
        show();
        void window?.loadURL(`${url}/#/batches`);
      });
      notice.show();
    }
  });
  tray.update(state);
  void refreshPrinters();
  show();

  return {
    show,
    async stop() {
      tray.destroy();
      station.events.emit('closing');
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      await station.close();
    },
  };
}
