import type { RunningStation } from '../../helpers/station';

/** fetch against `/admin/api` with a real dashboard session token. */
export function adminClient(running: RunningStation) {
  const token = running.station.services.adminSessions.createSessionToken();
  return {
    token,
    call(path: string, init: RequestInit & { json?: unknown } = {}) {
      const { json, ...rest } = init;
      return fetch(`${running.url}${path}`, {
        ...rest,
        method: rest.method ?? (json !== undefined ? 'POST' : 'GET'),
        headers: { Authorization: `Bearer ${token}`, ...(json !== undefined ? { 'Content-Type': 'application/json' } : {}) },
        body: json !== undefined ? JSON.stringify(json) : rest.body,
      });
    },
  };
}
