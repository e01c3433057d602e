import { startStation, sampleOrder, type RunningStation } from '../../helpers/station';

export { sampleOrder };

/** A running station plus a dashboard session, for the admin API of documents. */
export async function documentsStation(): Promise<RunningStation & { admin: (path: string, init?: RequestInit & { json?: unknown }) => Promise<Response> }> {
  const running = await startStation();
  const token = running.station.services.adminSessions.createSessionToken();
  return {
    ...running,
    async admin(path, init = {}) {
      const send = () => running.call(path, { ...init, headers: { Authorization: `Bearer ${token}`, ...(init.headers as Record<string, string>) } });
      try {
        return await send();
      } catch (error) {
        // A kept-alive socket the server closed while the test ran poppler: resend once (GETs only).
        if ((init.method ?? (init.json === undefined ? 'GET' : 'POST')) !== 'GET') throw error;
        return send();
      }
    },
  };
}

export async function json<T = unknown>(response: Response, status: number): Promise<T> {
  const text = await response.text();
  if (response.status !== status) throw new Error(`expected ${status}, got ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

export async function bytes(response: Response, status = 200): Promise<Uint8Array> {
  if (response.status !== status) throw new Error(`expected ${status}, got ${response.status}: ${await response.text()}`);
  return new Uint8Array(await response.arrayBuffer());
}

export interface TemplateView {
  id: string;
  teamId: string;
  name: string;
  tag: string;
  builtin: string | null;
  version: number;
  paper: { name: string; widthMm: number; heightMm: number };
  orientation: 'portrait' | 'landscape';
  overridesTemplateId: string | null;
}

export interface DocumentView {
  id: string;
  tag: string;
  templateId: string;
  templateOverrideId: string | null;
  complete: boolean;
  incompleteReason: string | null;
  paper: { name: string };
}
