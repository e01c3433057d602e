import { contextBridge, ipcRenderer } from 'electron';
import type { StationBridge } from '../renderer/app/bridge';

// Sandboxed preload: CommonJS, only `electron`'s renderer modules. The main process passes
// the station's address as an argument of this window; the session token, a secret, only
// over IPC (arguments are readable by any local user with `ps`).
const argument = (name: string): string => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3) ?? '';

// Channel names repeat main/electron/ipc.ts: the preload bundle must not pull in main code.
const station = {
  baseUrl: argument('station-url'),
  sessionToken: () => ipcRenderer.invoke('station:session-token') as Promise<string | null>,
  benchToken: () => ipcRenderer.invoke('station:bench-token') as Promise<string | null>,
  desktop: {
    openDataFolder: (subfolder?: string) => ipcRenderer.invoke('station:open-data-folder', subfolder),
    getStartAtLogin: () => ipcRenderer.invoke('station:get-start-at-login'),
    setStartAtLogin: (enabled: boolean) => ipcRenderer.invoke('station:set-start-at-login', enabled),
  },
} satisfies StationBridge;

contextBridge.exposeInMainWorld('station', station);
