/**
 * A STUB of the `electron` module, for the boot smoke test of the built desktop bundle
 * (boot-smoke.test.ts) under plain Node, where Electron's binary cannot run. It implements
 * just enough of Electron's main-process API for the desktop to start, checks the files
 * the desktop points Electron at (preload, icons, dashboard) exist, and reports to the test
 * over the child-process IPC channel. Nothing here is Electron's behaviour.
 */
import { EventEmitter } from 'node:events';
import { existsSync } from 'node:fs';

const report = (message) => process.send?.(message);

function mustExist(path, what) {
  if (!existsSync(path)) {
    report({ type: 'missing-file', what, path });
    throw new Error(`electron stub: ${what} does not exist: ${path}`);
  }
}

class StubApp extends EventEmitter {
  isPackaged = false;
  requestSingleInstanceLock() {
    return true;
  }
  whenReady() {
    return Promise.resolve();
  }
  getPath(name) {
    if (name !== 'userData') throw new Error(`electron stub: app.getPath(${name}) is not stubbed`);
    return process.env.STATION_DATA_DIR;
  }
  getVersion() {
    return '0.0.0-stub';
  }
  getName() {
    return 'Order Print Station (electron stub)';
  }
  getAppPath() {
    return process.env.ELECTRON_STUB_APP_ROOT;
  }
  getLoginItemSettings() {
    return { openAtLogin: false };
  }
  setLoginItemSettings() {}
  /** Like Electron: `before-quit` listeners may prevent it; otherwise the process ends. */
  quit() {
    let prevented = false;
    this.emit('before-quit', { preventDefault: () => (prevented = true) });
    if (!prevented) this.exit(0);
  }
  exit(code = 0) {
    report({ type: 'exit', code });
    process.exit(code);
  }
}
export const app = new StubApp();

/** The main process's IPC handlers (ipcMain.handle), invoked by the test as the dashboard's page would. */
const ipcHandlers = new Map();

// The test asks the app to quit as the tray's Quit item would, or invokes an IPC channel
// from a page at `url` (the top frame).
process.on('message', async (message) => {
  if (message === 'quit') app.quit();
  if (message?.type === 'invoke') {
    const handler = ipcHandlers.get(message.channel);
    try {
      const value = handler ? await handler({ senderFrame: { url: message.url, parent: null } }) : undefined;
      report({ type: 'invoked', id: message.id, channel: message.channel, value: value ?? null, handled: Boolean(handler) });
    } catch (error) {
      report({ type: 'invoked', id: message.id, channel: message.channel, error: String(error), handled: true });
    }
  }
});

class StubWebRequest {
  onBeforeRequest() {}
}
class StubSession {
  webRequest = new StubWebRequest();
  setPermissionRequestHandler() {}
  setPermissionCheckHandler() {}
  setDevicePermissionHandler() {}
}
export const session = {
  defaultSession: new StubSession(),
  fromPartition: () => new StubSession(),
};

class StubWebContents extends EventEmitter {
  setWindowOpenHandler() {}
  /** A printer only Electron sees: its listing proves the Electron print backend is registered. */
  async getPrintersAsync() {
    return [{ name: 'Electron_Stub_Printer', displayName: 'Electron stub printer', description: '', options: {} }];
  }
}

export class BrowserWindow extends EventEmitter {
  webContents = new StubWebContents();
  destroyed = false;
  constructor(options = {}) {
    super();
    if (options.webPreferences?.preload) mustExist(options.webPreferences.preload, 'the preload script');
    if (options.icon) mustExist(options.icon, 'the window icon');
    app.emit('web-contents-created', {}, this.webContents);
  }
  async loadURL(url) {
    report({ type: 'loadURL', url });
  }
  /** Like Electron's close without a page holding it: the window goes, then 'closed'. */
  close() {
    this.destroyed = true;
    report({ type: 'closed' });
    this.emit('closed');
  }
  show() {}
  focus() {}
  restore() {}
  isMinimized() {
    return false;
  }
  isDestroyed() {
    return this.destroyed;
  }
  destroy() {
    this.destroyed = true;
  }
}

export const nativeImage = {
  createFromPath(path) {
    mustExist(path, 'a tray icon');
    return { path };
  },
};

export class Tray extends EventEmitter {
  constructor(image) {
    super();
    this.image = image;
  }
  setImage(image) {
    this.image = image;
  }
  setToolTip(text) {
    report({ type: 'tray', tooltip: text });
  }
  setContextMenu() {}
  destroy() {}
}

export const Menu = { buildFromTemplate: (template) => ({ template }) };

export class Notification extends EventEmitter {
  static isSupported() {
    return false;
  }
  show() {}
}

export const ipcMain = {
  handle(channel, handler) {
    ipcHandlers.set(channel, handler);
  },
  on() {},
};
export const shell = { openPath: async () => '', openExternal: async () => {} };
export const dialog = {
  showErrorBox(title, content) {
    report({ type: 'error-box', title, content });
  },
};
export default { app, session, BrowserWindow, nativeImage, Tray, Menu, Notification, ipcMain, shell, dialog };
