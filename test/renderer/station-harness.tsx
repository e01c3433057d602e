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

/**
 * A person of the station's team with `role`, invited and accepted with a password, then
 * signed in: their session is the page's from now on (as after the sign-in page).
 */
export async function signedInAs(station: StationProcess, role: 'admin' | 'operator' | 'viewer', email: string, teamId = station.team.id): Promise<string> {
  const invited = (await (await station.admin(`/teams/${teamId}/invitations`, { json: { email, role } })).json()) as { invitation: { acceptUrl: string } };
  const post = (path: string, body: unknown) => fetch(`${station.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  await post('/admin/api/invitations/accept', { token: invited.invitation.acceptUrl.replace(/^.*\/invitations\//, ''), password: 'a password for the page' });
  const { sessionToken } = (await (await post('/admin/api/session', { email, password: 'a password for the page' })).json()) as { sessionToken: string };
  await useBridge({ ...station, sessionToken });
  return sessionToken;
}

/** A page inside the providers the shell gives every page. */
export function renderPage(page: ReactElement) {
  return render(
    <StationInfoProvider>
      <LiveProvider>{page}</LiveProvider>
    </StationInfoProvider>,
  );
}
