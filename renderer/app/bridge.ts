/**
 * What the desktop preload exposes as `window.station` (see preload/index.ts). In a
 * browser it is absent: the dashboard then talks to the origin it was served from.
 */
export interface StationBridge {
  /** The station's base URL, e.g. http://127.0.0.1:5717. */
  baseUrl: string;
  /**
   * A live dashboard session token from the main process (IPC); the desktop window needs no
   * login link. None when the window is a bench's: people sign in at it.
   */
  sessionToken(): Promise<string | null>;
  /** The bench token of a window made a bench's window (Printers → Benches), else null. */
  benchToken?(): Promise<string | null>;
  desktop: {
    /** Opens a folder of the station (e.g. where the folder printer writes PDFs). */
    openDataFolder(subfolder?: string): Promise<void>;
    getStartAtLogin(): Promise<boolean>;
    setStartAtLogin(enabled: boolean): Promise<boolean>;
  };
}

declare global {
  interface Window {
    station?: StationBridge;
  }
}

export const desktopBridge = (): StationBridge | undefined => (typeof window === 'undefined' ? undefined : window.station);
