import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
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
    sessionToken: station.sessionToken,
    desktop: {
      openDataFolder: async () => {},
      getStartAtLogin: async () => startAtLogin,
      setStartAtLogin: async (enabled) => (startAtLogin = enabled),
    },
  };
}

export async function stationForPage(teamName?: string, teamType?: 'standard' | 'three_pl'): Promise<StationProcess> {
  const station = await startStationProcess(teamName, teamType);
  window.station = electronPreloadFake(station);
  return station;
}

/** Re-installs the bridge each test (setup.ts removes it after each). */
export const useBridge = (station: StationProcess) => (window.station = electronPreloadFake(station));

/** A page inside the providers the shell gives every page. */
export function renderPage(page: ReactElement) {
  return render(
    <StationInfoProvider>
      <LiveProvider>{page}</LiveProvider>
    </StationInfoProvider>,
  );
}
