import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { loadDesktopSession } from '../../renderer/app/api';
import type { StationBridge } from '../../renderer/app/bridge';
import { LiveProvider } from '../../renderer/app/live';
import { StationInfoProvider } from '../../renderer/app/station-info';
import { startStationProcess, type StationProcess } from './station-process';

/**
 * Stands in for the Electron preload (which cannot run here): the same bridge object,
 * pointing at a real station with a real session token.
 */
export function electronPreloadFake(station: StationProcess): StationBridge {
  let startAtLogin = false;
  return {
    baseUrl: station.url,
    // The preload asks the main process over IPC; here the answer is the test's session.
    sessionToken: async () => station.sessionToken,
    desktop: {
      openDataFolder: async () => {},
      getStartAtLogin: async () => startAtLogin,
      setStartAtLogin: async (enabled) => (startAtLogin = enabled),
    },
  };
}

export async function stationForPage(teamName?: string, teamType?: 'standard' | 'three_pl'): Promise<StationProcess> {
  const station = await startStationProcess(teamName, teamType);
  await useBridge(station);
  return station;
}

/** Re-installs the bridge each test (setup.ts removes it after each) and takes its session, as main.tsx does. */
export async function useBridge(station: StationProcess): Promise<void> {
  window.station = electronPreloadFake(station);
  await loadDesktopSession();
}

/** A page inside the providers the shell gives every page. */
export function renderPage(page: ReactElement) {
  return render(
    <StationInfoProvider>
      <LiveProvider>{page}</LiveProvider>
    </StationInfoProvider>,
  );
}
