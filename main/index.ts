import { app, dialog } from 'electron';
import { startDesktop } from './electron/desktop';

// The Electron entry stays thin: everything the station does lives in main/core.

// One station per machine user: a second launch focuses the first one's window.
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  let desktop: Awaited<ReturnType<typeof startDesktop>> | undefined;
  let stopping = false;

  app.on('second-instance', () => desktop?.show());
  // The station keeps printing with its window closed; quit is in the tray menu.
  app.on('window-all-closed', () => {});
  app.on('activate', () => desktop?.show());
  app.on('before-quit', (event) => {
    if (!desktop || stopping) return;
    event.preventDefault();
    stopping = true;
    void desktop.stop().finally(() => app.exit(0));
  });

  app
    .whenReady()
    .then(async () => {
      desktop = await startDesktop();
    })
    .catch((error: unknown) => {
      const inUse = (error as NodeJS.ErrnoException).code === 'EADDRINUSE';
      const hint = inUse ? "\n\nAnother program is using the station's port. Change `port` in desktop.json in the station's data folder and restart." : '';
      dialog.showErrorBox('Order Print Station could not start', `${(error as Error).message}${hint}`);
      app.exit(1);
    });
}
