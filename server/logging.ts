import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { LogFormat } from './config';

/** Where log lines go (stdout by default; tests collect them). */
export interface LogSink {
  write(line: string): void;
}

/**
 * Tokens travel in the query strings of some calls (register, reset, change password, the OIDC
 * callback): a logged URL keeps its path only.
 */
export const redactUrl = (url: string): string => url.split('?')[0] + (url.includes('?') ? '?…' : '');

/** An id a proxy may hand us in X-Request-Id; anything else is replaced by our own. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * The request id: the proxy's X-Request-Id when it looks like one, otherwise a new UUID. Every log
 * line of the request carries it (`reqId`), and the response returns it in X-Request-Id so a
 * member's report can be matched to the server's lines.
 */
export function requestId(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
}

/** Only what identifies a request: never headers (Authorization), bodies (passwords) or query strings (tokens). */
const serializers = {
  req: (req: { method: string; url: string; ip?: string; id?: string }) => ({ method: req.method, url: redactUrl(req.url), ip: req.ip }),
  res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
};

const LEVEL_NAMES: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
const pad = (n: number) => String(n).padStart(2, '0');
const clock = (time: number) => {
  const d = new Date(time);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
};

/**
 * The demo's log: pino's JSON lines turned into one short readable line each
 * (`12:04:05 WARN database unreachable (req 3f2a…)`), with the error's message but not its stack
 * unless it is unexpected.
 */
export function shortLineSink(out: LogSink = process.stdout): LogSink {
  return {
    write(line: string) {
      let entry: Record<string, unknown>;
      try {
        entry = JSON.parse(line) as Record<string, unknown>;
      } catch {
        out.write(line);
        return;
      }
      const level = LEVEL_NAMES[entry.level as number] ?? 'LOG';
      const parts = [clock(Number(entry.time) || Date.now()), level, String(entry.msg ?? '')];
      const err = entry.err as { message?: string; stack?: string } | undefined;
      if (err?.message && !String(entry.msg).includes(err.message)) parts.push(`: ${err.message}`);
      if (entry.reqId) parts.push(`(req ${String(entry.reqId)})`);
      out.write(`${parts.join(' ')}\n`);
      if (err?.stack && (entry.level as number) >= 50) out.write(`${err.stack}\n`);
    },
  };
}

/**
 * Fastify's logger options for a format:
 * - json: pino JSON at info, one line per request completed, with reqId;
 * - short: warnings and errors only, each a readable line, and one line per 5xx answer
 *   (added by `logServerErrors`); the 4xx a member's typo causes are not noise worth a line;
 * - off: nothing.
 */
export function loggerOptions(format: LogFormat, sink?: LogSink): FastifyServerOptions['logger'] {
  if (format === 'off') return false;
  if (format === 'json') return { level: 'info', serializers, ...(sink ? { stream: sink } : {}) };
  return { level: 'warn', serializers, stream: shortLineSink(sink) };
}

/** In the short format, the one line a failed request deserves (its status, route and time). */
export function logServerErrors(app: FastifyInstance, format: LogFormat): void {
  if (format !== 'short') return;
  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode < 500) return;
    request.log.warn(`${reply.statusCode} ${request.method} ${redactUrl(request.url)} ${Math.round(reply.elapsedTime)} ms`);
  });
}
