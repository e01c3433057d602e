import { STATUS_CODES, createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type Koa from 'koa';

interface ParserError extends Error {
  code?: string;
}

/**
 * The HTTP server every host listens with: the station's Koa app, plus JSON answers for
 * requests Node's parser rejects before Koa sees them. Without this, an upload cut short or a
 * body longer than its Content-Length gets a bare "400 Bad Request" with no body, which tells
 * an integrator nothing.
 */
export function createStationServer(app: Koa): Server {
  const server = createServer(app.callback());
  // A socket that has carried a request: garbage after it is the rest of a body that did not
  // match its Content-Length, not a client that speaks no HTTP.
  const served = new WeakSet<Socket>();
  server.on('request', (request) => served.add(request.socket));
  server.on('clientError', (error: ParserError, socket: Socket) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const [status, code, message] = clientErrorAnswer(error, served.has(socket));
    const body = JSON.stringify({ error: { code, message } });
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
  return server;
}

function clientErrorAnswer(error: ParserError, afterRequest: boolean): [number, string, string] {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return [431, 'headers_too_large', 'The request headers are too large'];
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return [408, 'request_timeout', 'The request was not received in time'];
    case 'HPE_INVALID_EOF_STATE':
      return [400, 'malformed_body', 'The body could not be read: the upload ended before the length its Content-Length announced'];
    default:
      return afterRequest
        ? [400, 'malformed_body', 'The body could not be read: it is longer than its Content-Length, or the request that followed it is not HTTP']
        : [400, 'malformed_request', 'The request is not valid HTTP'];
  }
}
