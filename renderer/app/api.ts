import { desktopBridge } from './bridge';

const SESSION_KEY = 'station.session';

/** An error answer of the station, with its message for people and the fields at fault. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: { path: string; message: string }[] = [],
    /** The rest of the error object: e.g. `line` and `column` of a template syntax error. */
    readonly fields: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const baseUrl = (): string => desktopBridge()?.baseUrl ?? '';

/** The desktop window's session: handed over by the main process over IPC, never on a command line. */
let desktopSession: string | null = null;

/** Asks the desktop's main process for a live session (a new one when the last has ended). */
export async function loadDesktopSession(): Promise<void> {
  const bridge = desktopBridge();
  if (bridge) desktopSession = await bridge.sessionToken();
}

export function sessionToken(): string | null {
  return desktopBridge() ? desktopSession : window.localStorage.getItem(SESSION_KEY);
}

/** Forgets the session here (after the station ended it, or after signing out). */
export function signOut(): void {
  window.localStorage.removeItem(SESSION_KEY);
  window.dispatchEvent(new Event('station:signed-out'));
}

/** Ends this browser's session on the station (revoked there, not only forgotten here). */
export async function signOutEverywhere(): Promise<void> {
  await fetch(`${baseUrl()}/admin/api/session`, { method: 'DELETE', headers: { Authorization: `Bearer ${sessionToken() ?? ''}` } }).catch(() => undefined);
  signOut();
}

/** Turns the one-time login token of `#login=…` into a session kept in this browser. */
export async function signInWithLoginToken(loginToken: string): Promise<void> {
  const response = await fetch(`${baseUrl()}/admin/api/session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ loginToken }),
  });
  const body = (await response.json().catch(() => ({}))) as { sessionToken?: string; error?: { message?: string } };
  if (!response.ok || !body.sessionToken) throw new ApiError(response.status, 'unauthorized', body.error?.message ?? 'This login link does not work');
  window.localStorage.setItem(SESSION_KEY, body.sessionToken);
}

/** JSON over HTTP to `/admin/api/*` with the session token; errors become `ApiError`. */
export async function api<T>(path: string, init: { method?: string; json?: unknown; signal?: AbortSignal } = {}, retried = false): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${baseUrl()}/admin/api${path}`, {
      method: init.method ?? (init.json !== undefined ? 'POST' : 'GET'),
      headers: {
        Authorization: `Bearer ${sessionToken() ?? ''}`,
        ...(init.json !== undefined ? { 'Content-Type': 'application/json' } : {}),
      },
      body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
      signal: init.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'offline', 'The station does not answer. Is it running? Start it, then try again.');
  }
  if (response.status === 401 && desktopBridge() && !retried) {
    // The desktop window's session went idle: the main process hands over a fresh one.
    await loadDesktopSession();
    return api<T>(path, init, true);
  }
  if (response.status === 401 && !desktopBridge()) signOut();
  const text = await response.text();
  const body = text ? (JSON.parse(text) as unknown) : undefined;
  if (!response.ok) {
    const error = (body as { error?: { code?: string; message?: string; details?: { path: string; message: string }[] } })?.error;
    throw new ApiError(response.status, error?.code ?? 'error', error?.message ?? `The station answered ${response.status}`, error?.details, (error ?? {}) as Record<string, unknown>);
  }
  return body as T;
}

/** A message that says what went wrong and, where the station said, which field. */
export function describeError(error: unknown): string {
  if (error instanceof ApiError) {
    const fields = error.details.map((detail) => `${detail.path || 'value'}: ${detail.message}`);
    return fields.length ? `${error.message} — ${fields.join('; ')}` : error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

/** A binary answer (a document's PDF) as a Blob. */
export async function apiBlob(path: string): Promise<Blob> {
  const response = await fetch(`${baseUrl()}/admin/api${path}`, { headers: { Authorization: `Bearer ${sessionToken() ?? ''}` } });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { error?: { code?: string; message?: string } };
    throw new ApiError(response.status, body.error?.code ?? 'error', body.error?.message ?? `The station answered ${response.status}`);
  }
  return response.blob();
}
