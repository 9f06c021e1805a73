import crypto from 'node:crypto';
import http, { STATUS_CODES } from 'node:http';
import { type Duplex } from 'node:stream';
import { type Express } from 'express';
import { type Logger } from 'pino';

/** A request line longer than this is answered 414 before any router sees it. */
export const MAX_URL_BYTES = 8 * 1024;
/** How long a refused connection may keep sending what is left of its request before it is cut. */
const DRAIN_MS = 5_000;

/**
 * The api's HTTP server. Node answers a request whose line or headers overflow its parser with a
 * bare 431 and destroys the socket while the client is still sending, which the client sees as a
 * connection reset before it can read anything. Here such a request gets the api's error body
 * (414 when the request line is what overflowed, else 431), the connection is half-closed, and
 * the rest of what the client sends is read and dropped, so the answer arrives whole.
 */
export function createHttpServer(app: Express, logger: Logger): http.Server {
  const server = http.createServer(app);
  server.on('clientError', (err: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Duplex) => {
    if (!socket.writable || err.code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    const [statusCode, code, message] = refusal(err);
    const requestId = crypto.randomUUID();
    logger.info({ requestId, status: statusCode, code: err.code }, 'request refused by the HTTP parser');
    const body = JSON.stringify({ statusCode, error: STATUS_CODES[statusCode], code, message, requestId });
    socket.end(
      `HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nX-Request-ID: ${requestId}\r\nConnection: close\r\n\r\n${body}`,
    );
    socket.on('data', () => {});
    socket.resume();
    setTimeout(() => socket.destroy(), DRAIN_MS).unref();
  });
  return server;
}

function refusal(err: NodeJS.ErrnoException & { rawPacket?: Buffer }): [number, string, string] {
  if (err.code === 'HPE_HEADER_OVERFLOW') {
    const lineEnd = err.rawPacket?.indexOf('\r\n') ?? -1;
    if (lineEnd < 0 || lineEnd > MAX_URL_BYTES)
      return [
        414,
        'uri_too_long',
        `The request line is longer than ${MAX_URL_BYTES} bytes: send long values in a body`,
      ];
    return [431, 'headers_too_large', 'The request headers are too large'];
  }
  return [400, 'bad_request', 'The request is not valid HTTP'];
}
