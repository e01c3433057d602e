import type { StationOptions } from '../../../main/core/station/options';
import { startStation, sampleOrder, type RunningStation } from '../../helpers/station';

export { sampleOrder };

/** A running station plus a dashboard session, for the admin API of documents. */
export async function documentsStation(options: Partial<StationOptions> = {}): Promise<RunningStation & { admin: (path: string, init?: RequestInit & { json?: unknown }) => Promise<Response> }> {
  const running = await startStation(options);
  const token = running.station.services.adminSessions.createSessionToken();
  return {
    ...running,
    admin(path, init = {}) {
      // A connection of its own per call (no keep-alive): a socket the server closed while the
      // test ran poppler can never be reused, so a failed request is a real failure.
      return running.call(path, { ...init, keepalive: false, headers: { Authorization: `Bearer ${token}`, Connection: 'close', ...(init.headers as Record<string, string>) } });
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
  kind: 'html' | 'zpl';
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
