import type { App, Session, WebContents } from 'electron';

/**
 * Electron's security checklist, applied to every web contents the app creates: no
 * navigation away from the page it was given, no new windows, no permissions (camera,
 * notifications from pages, geolocation…), no webviews. The dashboard's own window is the
 * station's origin; document windows load local files with JavaScript off.
 */
export function hardenApp(app: App, isTrustedUrl: (url: string) => boolean): void {
  app.on('web-contents-created', (_event, contents) => hardenContents(contents, isTrustedUrl));
}

export function hardenContents(contents: WebContents, isTrustedUrl: (url: string) => boolean): void {
  contents.on('will-navigate', (event, url) => {
    if (!isTrustedUrl(url)) event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    if (!isTrustedUrl(url)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
}

export function denyPermissions(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);
}

/** True for the station's own origin (where the dashboard is served). */
export const sameOrigin = (stationUrl: string) => (url: string): boolean => {
  try {
    return new URL(url).origin === new URL(stationUrl).origin;
  } catch {
    return false;
  }
};
