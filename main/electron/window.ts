import { BrowserWindow, dialog, shell } from 'electron';

export interface DashboardWindowOptions {
  stationUrl: string;
  preloadPath: string;
  iconPath?: string;
}

/**
 * The dashboard's window: the station serves the dashboard at its own address (passed as
 * an argument: a sandboxed preload can read `process.argv`); the session token is handed
 * over by IPC (ipc.ts), since a command line is readable by every local user.
 */
export function createDashboardWindow(options: DashboardWindowOptions): BrowserWindow {
  const window = new BrowserWindow({
    width: 1360,
    height: 880,
    minWidth: 960,
    minHeight: 600,
    title: 'Order Print Station',
    icon: options.iconPath,
    show: false,
    backgroundColor: '#f4f6f9',
    webPreferences: {
      preload: options.preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
      additionalArguments: [`--station-url=${options.stationUrl}`],
    },
  });
  window.once('ready-to-show', () => window.show());
  // Links out of the dashboard (documentation…) open in the user's browser, never in-app.
  // The station's own API reference too: an integrator reads it beside their code.
  window.webContents.setWindowOpenHandler(({ url }) => {
    if (/^https:\/\//.test(url) || url.startsWith(`${options.stationUrl}/api/reference`)) void shell.openExternal(url);
    return { action: 'deny' };
  });
  // A page with unsaved work (the template editor) holds the window with `beforeunload`.
  // Electron shows no question of its own then: the close would just not happen
  // (docs: webContents 'will-prevent-unload'). Ask here; "Discard edits" lets it close.
  window.webContents.on('will-prevent-unload', (event) => {
    const choice = dialog.showMessageBoxSync(window, {
      type: 'question',
      buttons: ['Discard edits', 'Stay'],
      defaultId: 1,
      cancelId: 1,
      title: 'Unsaved edits',
      message: 'Discard your unsaved edits?',
      detail: 'A template has changes that are not saved. They are lost if the window closes.',
    });
    if (choice === 0) event.preventDefault();
  });
  void window.loadURL(`${options.stationUrl}/#/orders`);
  return window;
}
