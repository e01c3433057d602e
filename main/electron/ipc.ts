import { app, ipcMain, shell, type IpcMainInvokeEvent } from 'electron';
import { join, normalize } from 'node:path';

/** The channels the preload may invoke; nothing else is handled. */
export const IPC = {
  openDataFolder: 'station:open-data-folder',
  getStartAtLogin: 'station:get-start-at-login',
  setStartAtLogin: 'station:set-start-at-login',
  sessionToken: 'station:session-token',
  benchToken: 'station:bench-token',
} as const;

/**
 * Desktop-only calls from the dashboard. Every handler first checks that the message comes
 * from the top frame of the dashboard's own origin: another page (or an iframe) must not
 * be able to open folders or change login items.
 */
export function registerIpc(options: {
  isTrustedUrl: (url: string) => boolean;
  dataDir: string;
  /** The station admin's session for the station's own window; null for a bench window. */
  sessionToken: () => string | null;
  /** A bench window's bench token; null for the station's own window. */
  benchToken: () => string | null;
}): void {
  const trusted = (event: IpcMainInvokeEvent): boolean => {
    const frame = event.senderFrame;
    return frame !== null && frame.parent === null && options.isTrustedUrl(frame.url);
  };
  const guard = <A extends unknown[], R>(handler: (...args: A) => R) => (event: IpcMainInvokeEvent, ...args: A): R => {
    if (!trusted(event)) throw new Error('Refused: not the station dashboard');
    return handler(...args);
  };

  ipcMain.handle(
    IPC.openDataFolder,
    guard(async (subfolder?: unknown) => {
      // Only folders inside the data dir, named by a plain relative path.
      const relative = typeof subfolder === 'string' ? normalize(subfolder).replace(/^(\.\.[/\\])+/, '') : '';
      const error = await shell.openPath(join(options.dataDir, relative));
      if (error) throw new Error(error);
    }),
  );
  // The dashboard's session, handed over here rather than on the window's command line.
  ipcMain.handle(IPC.sessionToken, guard(() => options.sessionToken()));
  ipcMain.handle(IPC.benchToken, guard(() => options.benchToken()));
  ipcMain.handle(IPC.getStartAtLogin, guard(() => app.getLoginItemSettings().openAtLogin));
  ipcMain.handle(
    IPC.setStartAtLogin,
    guard((enabled: unknown) => {
      app.setLoginItemSettings({ openAtLogin: enabled === true, openAsHidden: true });
      return app.getLoginItemSettings().openAtLogin;
    }),
  );
}
