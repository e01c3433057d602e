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
 * Accepts an invitation by its link with a password (and a name), signs in with them, and
 * makes that session the page's from now on (as the invitation page and sign-in do).
 */
export async function acceptAndSignIn(station: StationProcess, acceptUrl: string, email: string, name?: string, password = 'a password for the page'): Promise<{ userId: string; sessionToken: string }> {
  const post = (path: string, body: unknown) => fetch(`${station.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const accepted = await post('/admin/api/invitations/accept', { token: acceptUrl.replace(/^.*\/invitations\//, ''), password, ...(name ? { name } : {}) });
  if (accepted.status !== 200) throw new Error(`the invitation was not accepted: ${accepted.status} ${await accepted.text()}`);
  const { userId } = (await accepted.json()) as { userId: string };
  const { sessionToken } = (await (await post('/admin/api/session', { email, password })).json()) as { sessionToken: string };
  await useBridge({ ...station, sessionToken });
  return { userId, sessionToken };
}

/** A person of the station's team with `role`, invited by the station admin, then signed in (acceptAndSignIn). */
export async function signedInAs(station: StationProcess, role: 'admin' | 'operator' | 'viewer', email: string, teamId = station.team.id): Promise<string> {
  const invited = (await (await station.admin(`/teams/${teamId}/invitations`, { json: { email, role } })).json()) as { invitation: { acceptUrl: string } };
  return (await acceptAndSignIn(station, invited.invitation.acceptUrl, email)).sessionToken;
}

/** A page inside the providers the shell gives every page. */
export function renderPage(page: ReactElement) {
  return render(
    <StationInfoProvider>
      <LiveProvider>{page}</LiveProvider>
    </StationInfoProvider>,
  );
}
