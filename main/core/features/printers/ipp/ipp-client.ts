import { request as httpRequest, type ClientRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { userInfo } from 'node:os';
import { decodeIpp, encodeIpp, type IppAnswer, type IppMessage } from './ipp-codec';

/**
 * Where an IPP request goes: a TCP address (`ipp://` is HTTP, `ipps://` HTTPS, port 631 by
 * default) or, for the machine's own CUPS, its Unix socket.
 */
export type IppConnection = { kind: 'tcp'; host: string; port: number; secure: boolean; hostHeader?: string } | { kind: 'unix'; socketPath: string };

/** The request never reached the printer or scheduler (refused, no route, no such socket, no answer to connect): safe to send again. */
export class IppUnreachableError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

/**
 * The request was sent but no answer came (the connection dropped, the printer went quiet):
 * the printer may have the job. A print is never sent again on this alone: it is looked up
 * by its job name first (see the CUPS backend's submit).
 */
export class IppAnswerLostError extends Error {}

/** The other side answered HTTP, but not IPP's 200 (a web page, 401 unauthorised, 426 upgrade to TLS…). */
export class IppHttpError extends Error {
  constructor(
    message: string,
    readonly httpStatus: number,
  ) {
    super(message);
  }
}

/** The printer answered with an IPP error status (`client-error-not-found`, `server-error-busy`…). */
export class IppStatusError extends Error {
  constructor(
    readonly statusCode: string,
    readonly statusMessage: string,
  ) {
    super(statusMessage ? `${statusCode}: ${statusMessage}` : statusCode);
  }
}

/** A printer answers IPP within seconds; a job of many megabytes may take longer to send. */
const DEFAULT_TIMEOUT_MS = 30_000;
/** IPP answers are a few kilobytes; CUPS's Get-Jobs with its history a few hundred. A larger answer is not an IPP server's. */
const MAX_ANSWER_BYTES = 16 * 1024 * 1024;
const CONNECT_FAILURES = new Set(['ECONNREFUSED', 'ENOENT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EACCES', 'ECONNABORTED']);

/**
 * One IPP operation over HTTP POST to `path` (`/`, `/printers/NAME`, `/ipp/print`). Answers
 * the decoded response when its status is successful, else throws IppStatusError.
 *
 * CUPS on its Unix socket asks for PeerCred: the request is sent again with the calling
 * user's name, which the scheduler checks against the socket's peer credentials (as CUPS's
 * own tools do), so releasing and cancelling this user's jobs needs no password.
 */
export async function ippCall(connection: IppConnection, path: string, message: IppMessage, options: { timeoutMs?: number; signal?: AbortSignal } = {}): Promise<IppAnswer> {
  const body = encodeIpp({ version: '2.0', id: nextRequestId(), ...message });
  let answer = await send(connection, 'POST', path, body, {}, options);
  if (answer.status === 401 && connection.kind === 'unix' && /peercred/i.test(String(answer.headers['www-authenticate'] ?? ''))) {
    answer = await send(connection, 'POST', path, body, { authorization: `PeerCred ${userInfo().username}` }, options);
  }
  if (answer.status !== 200) throw new IppHttpError(`The address answered HTTP ${answer.status}, not IPP${answer.status === 401 ? ' (it asks for a password)' : answer.status === 426 ? ' (it takes ipps:// only)' : ''}`, answer.status);
  let decoded: IppAnswer;
  try {
    decoded = decodeIpp(answer.body);
  } catch (error) {
    throw new IppHttpError(`The address answered, but not in IPP (${(error as Error).message})`, answer.status);
  }
  if (!decoded.statusCode?.startsWith('successful-')) {
    const statusMessage = String(decoded['operation-attributes-tag']?.['status-message'] ?? '');
    throw new IppStatusError(decoded.statusCode ?? 'unknown-status', statusMessage);
  }
  return decoded;
}

let requestId = 1;
const nextRequestId = () => (requestId = (requestId % 0x7fffffff) + 1);

interface RawAnswer {
  status: number;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

/**
 * A plain HTTP GET on the same connection (CUPS serves each queue's PPD at
 * `/printers/NAME.ppd`): the status and the body as text. Throws as ippCall does when nothing
 * answers; any HTTP status is an answer.
 */
export async function httpGet(connection: IppConnection, path: string, options: { timeoutMs?: number } = {}): Promise<{ status: number; text: string }> {
  const answer = await send(connection, 'GET', path, undefined, {}, options);
  return { status: answer.status, text: answer.body.toString('utf8') };
}

/** One HTTP request to a printer or scheduler: IPP is a POST of `application/ipp`; a PPD a GET. */
function send(connection: IppConnection, method: 'POST' | 'GET', path: string, body: Buffer | undefined, headers: Record<string, string>, options: { timeoutMs?: number; signal?: AbortSignal }): Promise<RawAnswer> {
  const target: RequestOptions =
    connection.kind === 'unix'
      ? { socketPath: connection.socketPath, headers: { host: 'localhost' } }
      : // CUPS refuses a Host it does not know as its own: the address's name, also when connecting to its vetted IP.
        { host: connection.host, port: connection.port, headers: { host: connection.hostHeader ?? (connection.host.includes(':') ? `[${connection.host}]:${connection.port}` : `${connection.host}:${connection.port}`) } };
  const secure = connection.kind === 'tcp' && connection.secure;
  return new Promise<RawAnswer>((resolve, reject) => {
    let connected = false;
    let settled = false;
    const fail = (error: Error & { code?: string }) => {
      if (settled) return;
      settled = true;
      request.destroy();
      if (error instanceof IppHttpError) return reject(error);
      const where = connection.kind === 'unix' ? connection.socketPath : `${connection.host}:${connection.port}`;
      if (!connected || CONNECT_FAILURES.has(error.code ?? '')) reject(new IppUnreachableError(`${where} did not answer (${error.code ?? error.message})`, error.code));
      else reject(new IppAnswerLostError(`${where} took the request but its answer was lost (${error.code ?? error.message})`));
    };
    const request: ClientRequest = (secure ? httpsRequest : httpRequest)(
      {
        ...target,
        method,
        path,
        agent: false,
        headers: { ...target.headers, ...(body ? { 'content-type': 'application/ipp', 'content-length': String(body.length) } : {}), ...headers },
        // Printers and CUPS serve self-signed certificates (IPP Everywhere's TLS is for
        // privacy on the LAN, not identity): accepted, as CUPS's own ipps backend does.
        ...(secure ? { rejectUnauthorized: false } : {}),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let length = 0;
        response.on('data', (chunk: Buffer) => {
          length += chunk.length;
          if (length > MAX_ANSWER_BYTES) fail(new IppHttpError('The answer is larger than any IPP answer', response.statusCode ?? 0));
          else chunks.push(chunk);
        });
        response.on('end', () => {
          if (settled) return;
          settled = true;
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) });
        });
        response.on('error', fail);
      },
    );
    request.on('socket', (socket) => {
      if (connection.kind === 'unix') socket.once('connect', () => (connected = true));
      else socket.once(secure ? 'secureConnect' : 'connect', () => (connected = true));
    });
    request.setTimeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS, () => fail(Object.assign(new Error('no answer in time'), { code: 'ETIMEDOUT' })));
    request.on('error', fail);
    options.signal?.addEventListener('abort', () => fail(Object.assign(new Error('aborted'), { code: 'ABORTED' })), { once: true });
    request.end(body);
  });
}

/**
 * The connection and HTTP path of a printer URI: `ipp://host[:port]/path` (HTTP, port 631),
 * `ipps://` (HTTPS), or `http(s)://`. Throws for anything else.
 */
export function connectionOf(uri: URL): { connection: IppConnection; path: string } {
  const secure = uri.protocol === 'ipps:' || uri.protocol === 'https:';
  if (!['ipp:', 'ipps:', 'http:', 'https:'].includes(uri.protocol)) throw new Error(`${uri.protocol} is not an IPP address`);
  const host = uri.hostname.replace(/^\[(.*)\]$/, '$1');
  const port = uri.port ? Number(uri.port) : uri.protocol === 'https:' ? 443 : uri.protocol === 'http:' ? 80 : 631;
  return { connection: { kind: 'tcp', host, port, secure }, path: uri.pathname || '/' };
}
