import { startAuthentication } from '@simplewebauthn/browser';
import createClient from 'openapi-fetch';
import { desktopBridge } from './bridge';
import type { components, paths } from './dashboard-api.gen';

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
/** A bench window's bench token (the main process pairs it); null for the station's own window. */
let desktopBench: string | null = null;

/**
 * Asks the desktop's main process for a live session (a new one when the last has ended),
 * or, in a bench window, for its bench token: a bench window gets no session handed over,
 * people sign in at it (badge, PIN, or an admin's password).
 */
export async function loadDesktopSession(): Promise<void> {
  const bridge = desktopBridge();
  if (!bridge) return;
  desktopBench = (await bridge.benchToken?.()) ?? null;
  // A bench window starts with nobody signed in, whatever this window held before.
  desktopSession = desktopBench ? null : await bridge.sessionToken();
}

/** Whether this is the desktop app's window made a bench's: people sign in and out at it. */
export const isBenchWindow = (): boolean => desktopBench !== null;

export function sessionToken(): string | null {
  return desktopBridge() ? desktopSession : window.localStorage.getItem(SESSION_KEY);
}

/** Keeps a session this window signed in with: in memory in the desktop window, else in the browser's storage. */
function keepSession(token: string): void {
  if (desktopBridge()) desktopSession = token;
  else window.localStorage.setItem(SESSION_KEY, token);
}

/** Where a screen paired with a bench keeps its bench token (it outlives sign-outs: the screen stays at its bench). */
const BENCH_KEY = 'station.benchToken';

/** This screen's bench token: a bench window's, or one a screen was paired with (Settings → Benches shows the code). */
export const benchToken = (): string | null => desktopBench ?? window.localStorage.getItem(BENCH_KEY);

/** Pairs this screen with a bench by the code the Benches page shows; answers the bench. */
export async function pairWithBench(code: string): Promise<{ id: string; name: string }> {
  const { benchToken: token, bench } = await answer(dashboard.POST('/admin/api/bench-screen', { body: { code } }));
  window.localStorage.setItem(BENCH_KEY, token);
  window.dispatchEvent(new Event('station:bench-changed'));
  return bench;
}

/** This screen is no longer a bench's (its scans print by the teams' routing again). */
export function unpairBench(): void {
  window.localStorage.removeItem(BENCH_KEY);
  window.dispatchEvent(new Event('station:bench-changed'));
}

/** Forgets the session here (after the station ended it, or after signing out). */
export function signOut(): void {
  window.localStorage.removeItem(SESSION_KEY);
  // A bench window forgets its person (the station's own window is handed a session again).
  if (desktopBench) desktopSession = null;
  window.dispatchEvent(new Event('station:signed-out'));
}

/** Ends this browser's session on the station (revoked there, not only forgotten here). */
export async function signOutEverywhere(): Promise<void> {
  await dashboard.DELETE('/admin/api/session').catch(() => undefined);
  signOut();
}

/** Turns the one-time login token of `#login=…` into a session kept in this browser. */
export async function signInWithLoginToken(loginToken: string): Promise<void> {
  const { sessionToken: token } = await answer(dashboard.POST('/admin/api/session', { body: { loginToken } }));
  keepSession(token);
}

/** Signs in with an e-mail and password (the station answers one 401 for every wrong pair, 429 when too many failed). */
export async function signInWithPassword(email: string, password: string): Promise<void> {
  const { sessionToken: token } = await answer(dashboard.POST('/admin/api/session', { body: { email, password } }));
  keepSession(token);
}

/**
 * Whether this page can use passkeys: a secure page (HTTPS, or localhost) at a host name
 * (WebAuthn takes no IP address, so not the desktop window's 127.0.0.1) in a browser that has them.
 */
export function passkeysWorkHere(): boolean {
  const host = window.location.hostname;
  const ipAddress = /^[\d.]+$/.test(host) || host.includes(':') || host.startsWith('[');
  return Boolean(window.isSecureContext && 'PublicKeyCredential' in window && host && !ipAddress);
}

/** Signs in with a passkey: the station's challenge, signed by the person's authenticator. */
export async function signInWithPasskey(): Promise<void> {
  const optionsJSON = await answer(dashboard.POST('/admin/api/session/passkey-options'));
  const passkey = await startAuthentication({ optionsJSON: optionsJSON as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'] });
  const { sessionToken: token } = await answer(dashboard.POST('/admin/api/session', { body: { passkey: passkey as never } }));
  keepSession(token);
}

/**
 * A scanned badge signs its person in at this bench (operator rights at most), in place of
 * whoever was signed in: the next request is theirs. Answers the person's name.
 */
export async function signInWithBadge(badge: string): Promise<void> {
  // An unknown badge (401) leaves whoever is signed in signed in: not through answer(), which would sign them out.
  const { data, error, response } = await dashboard.POST('/admin/api/session', { body: { badge } });
  if (!response.ok || !data) throw apiErrorOf(response.status, error);
  keepSession(data.sessionToken);
  window.dispatchEvent(new Event('station:person-changed'));
}

/** Signs in at a paired bench screen with an e-mail and PIN (operator rights at most; refused anywhere but a paired screen). */
export async function signInWithPin(email: string, pin: string): Promise<void> {
  const { sessionToken: token } = await answer(dashboard.POST('/admin/api/session', { body: { email, pin } }));
  keepSession(token);
  window.dispatchEvent(new Event('station:person-changed'));
}

/**
 * A badge as the bench's scan box knows it: `STAFF-` and 24 base32 characters (the
 * station's rule, people/password-rules.ts; no order number looks like it).
 */
export const BADGE_CODE = /^STAFF-[A-Z2-7]{24}$/;

/** The dashboard API's resources by name, as its description gives them (`Schemas['Printer']`). */
export type Schemas = components['schemas'];

/** The JSON body an operation takes. */
export type RequestBody<Path extends keyof paths, Method extends 'post' | 'put' | 'patch'> = paths[Path] extends Record<Method, { requestBody?: { content: { 'application/json': infer Body } } }> ? Body : never;

/** The query parameters a dashboard read takes. */
export type Query<Path extends keyof paths> = paths[Path] extends { get: { parameters: { query?: infer Q } } } ? NonNullable<Q> : never;

const OFFLINE = 'The station does not answer. Is it running? Start it, then try again.';

/** The client builds its requests on this origin; each is sent to the station's own, known only when it is made. */
const PLACEHOLDER_ORIGIN = 'http://station.invalid';

/**
 * Sends a dashboard request to the station (`baseUrl()`: the page's own origin in a browser,
 * the desktop window's station otherwise) with the session: a desktop window whose session
 * went idle gets a fresh one from the main process and sends it once more; a network failure
 * is `offline`. The request is sent as plain parts (its body read once), so it can be sent again.
 */
async function sendWithSession(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
  const send = () => {
    const headers = new Headers(request.headers);
    headers.set('Authorization', `Bearer ${sessionToken() ?? ''}`);
    // A paired screen names its bench: its scans print at the bench's printers.
    const bench = benchToken();
    if (bench) headers.set('X-Station-Bench', bench);
    return fetch(`${baseUrl()}${url.pathname}${url.search}`, { method: request.method, headers, body, signal: request.signal });
  };
  try {
    const response = await send();
    if (response.status !== 401 || !desktopBridge()) return response;
    await loadDesktopSession();
    return await send();
  } catch (error) {
    if (error instanceof Error && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'offline', OFFLINE);
  }
}

/**
 * The dashboard's client of `/admin/api`, generated from the API's description
 * (dashboard-api.gen.ts, by `npm run generate:dashboard-client`): paths, parameters, bodies
 * and answers are typed by it. Read an answer with `answer()`.
 */
export const dashboard = createClient<paths>({ baseUrl: PLACEHOLDER_ORIGIN, fetch: sendWithSession });

/** An error answer as `ApiError`: the station's words, the fields at fault, the rest of its error object. */
function apiErrorOf(status: number, body: unknown): ApiError {
  const error = (body as { error?: { code?: string; message?: string; details?: { path: string; message: string }[] } } | undefined)?.error;
  return new ApiError(status, error?.code ?? 'error', error?.message ?? `The station answered ${status}`, error?.details, (error ?? {}) as Record<string, unknown>);
}

/**
 * What a call of `dashboard` answered when it succeeded; an `ApiError` otherwise (and a
 * browser whose session ended is signed out here).
 */
export async function answer<Data>(call: Promise<{ data?: Data; error?: unknown; response: Response }>): Promise<Data> {
  const { data, error, response } = await call;
  if (response.status === 401 && !desktopBridge()) signOut();
  if (!response.ok) throw apiErrorOf(response.status, error);
  return data as Data;
}

/** A message that says what went wrong and, where the station said, which field. */
export function describeError(error: unknown): string {
  if (error instanceof ApiError) {
    const fields = error.details.map((detail) => `${detail.path || 'value'}: ${detail.message}`);
    return fields.length ? `${error.message} — ${fields.join('; ')}` : error.message;
  }
  return error instanceof Error ? error.message : String(error);
}
