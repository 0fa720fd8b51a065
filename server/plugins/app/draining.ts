import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import { memberErrorMessage } from '../../i18n/errorMessages';
import { sendError } from './errorHandler';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Starts the end of the server's life (SIGTERM): every request that arrives from now on is
     * answered 503 SERVICE_UNAVAILABLE in the envelope with Retry-After, and every answer, those
     * of the requests in flight too, closes its connection. Resolves once the clients have gone:
     * no connection left open, or no request for a quiet moment, or the grace is over. Then
     * `close()` stops listening and cuts only connections nobody has used since.
     */
    drain(): Promise<void>;
  }
}

/** Seconds a client is told to wait (Retry-After) before it asks again: a restart's time. */
export const DRAIN_RETRY_AFTER_SECONDS = 5;
/** The drain ends when no request came for this long (the clients have their answers)... */
const QUIET_MS = 300;
/** ...and in any case after this long. */
const GRACE_MS = 5_000;

/**
 * Why this and not Fastify's own closing: `close()` answers a request that arrives on an open
 * connection with a bare `503 {"error":"Service Unavailable"}` (return503OnClosing), and Node's
 * `server.close()` cuts every idle keep-alive connection at once: a request a client is sending
 * on one at that moment is reset, and the client cannot tell whether it was done. Draining first
 * tells each client, on its own connection, to go away (`Connection: close` on an answer), so by
 * the time `close()` runs, the connections are closed by the answers or unused.
 */
export default fp(
  async (app) => {
    let draining = false;
    let lastActivity = 0;
    const sockets = new Set<Socket>();
    app.server.on('connection', (socket: Socket) => {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
    });

    // Callback-style hooks: they are on every request's path.
    app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
      if (!draining) return done();
      lastActivity = Date.now();
      reply.header('connection', 'close');
      sendError(reply, {
        status: 503,
        code: 'SERVICE_UNAVAILABLE',
        // In the member's language, as every failure of theirs.
        message: memberErrorMessage('SERVICE_UNAVAILABLE', 'The server is restarting; please try again in a few seconds.', request),
        retryAfterSeconds: DRAIN_RETRY_AFTER_SECONDS,
      });
    });
    app.addHook('onSend', (_request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: null, payload: unknown) => void) => {
      if (draining) {
        lastActivity = Date.now();
        reply.header('connection', 'close');
      }
      done(null, payload);
    });

    // A close() without a drain (the tests' servers) answers the late requests the same way.
    app.addHook('preClose', (done: HookHandlerDoneFunction) => {
      draining = true;
      done();
    });

    app.decorate('drain', async () => {
      draining = true;
      const started = Date.now();
      lastActivity = started;
      while (sockets.size > 0 && Date.now() - lastActivity < QUIET_MS && Date.now() - started < GRACE_MS) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    });
  },
  { name: 'draining', dependencies: ['errorHandler'] },
);
