import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { failure } from './envelope';

/**
 * What Node's HTTP parser refuses before Fastify sees a request, answered in the error envelope
 * (Fastify's default answers these with its own body): headers or a URL over Node's header limit
 * (431), a method Node does not know (405), a timeout (408), anything else malformed (400).
 */
export function clientErrorAnswer(code: string | undefined): { status: number; code: string; message: string } {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, code: 'PAYLOAD_TOO_LARGE', message: 'The request headers or the URL are too long.' };
    case 'HPE_INVALID_METHOD':
      return { status: 405, code: 'METHOD_NOT_ALLOWED', message: 'This HTTP method is not allowed.' };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, code: 'VALIDATION_ERROR', message: 'The request took too long to arrive.' };
    default:
      return { status: 400, code: 'VALIDATION_ERROR', message: 'The request is malformed.' };
  }
}

/** Fastify's `clientErrorHandler`: writes the envelope on the raw socket and closes it. */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  // A reset connection has nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const answer = clientErrorAnswer(error.code);
  if (socket.writable) {
    const body = JSON.stringify(failure(answer.code, answer.message));
    socket.write(
      `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status]}\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
