import type { RunningStation } from '../../helpers/station';

/** `/admin/api` with a real dashboard session token; each answer is checked against the dashboard API's description (running.call does). */
export function adminClient(running: RunningStation) {
  const token = running.station.services.adminSessions.createSessionToken();
  return {
    token,
    call(path: string, init: RequestInit & { json?: unknown } = {}) {
      return running.call(path, { ...init, headers: { Authorization: `Bearer ${token}`, ...(init.headers as Record<string, string>) } });
    },
  };
}
