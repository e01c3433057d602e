/**
 * Stands in for the `electron` module, whose binary cannot run here: it records what the
 * desktop code asks of Electron (window options, IPC handlers, web-contents listeners) so
 * the tests can check the security settings. It implements nothing else.
 */
type Handler = (...args: unknown[]) => unknown;

export const recorded = {
  windows: [] as { options: Record<string, unknown>; loadedUrl?: string; openHandler?: Handler; contents: FakeWebContents }[],
  ipcHandlers: new Map<string, Handler>(),
  appListeners: new Map<string, Handler>(),
  loginItem: { openAtLogin: false },
  openedPaths: [] as string[],
  /** Message boxes asked for, and the button index the next one answers (default: the first). */
  messageBoxes: [] as Record<string, unknown>[],
  messageBoxAnswer: 0,
};

class FakeWebContents {
  listeners = new Map<string, Handler>();
  openHandler?: Handler;
  on(event: string, handler: Handler) {
    this.listeners.set(event, handler);
    return this;
  }
  setWindowOpenHandler(handler: Handler) {
    this.openHandler = handler;
  }
}

export class BrowserWindow {
  webContents = new FakeWebContents();
  private record: (typeof recorded.windows)[number];
  constructor(options: Record<string, unknown>) {
    this.record = { options, contents: this.webContents };
    recorded.windows.push(this.record);
  }
  once() {}
  async loadURL(url: string) {
    this.record.loadedUrl = url;
    this.record.openHandler = this.webContents.openHandler;
  }
}

export const dialog = {
  showMessageBoxSync: (_window: unknown, options: Record<string, unknown>) => {
    recorded.messageBoxes.push(options);
    return recorded.messageBoxAnswer;
  },
};

export const shell = {
  openExternal: async () => {},
  openPath: async (path: string) => {
    recorded.openedPaths.push(path);
    return '';
  },
};

export const ipcMain = {
  handle: (channel: string, handler: Handler) => recorded.ipcHandlers.set(channel, handler),
};

export const app = {
  on: (event: string, handler: Handler) => recorded.appListeners.set(event, handler),
  getLoginItemSettings: () => ({ ...recorded.loginItem }),
  setLoginItemSettings: (settings: { openAtLogin: boolean }) => void (recorded.loginItem.openAtLogin = settings.openAtLogin),
};

export { FakeWebContents };
