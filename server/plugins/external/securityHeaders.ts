import fp from 'fastify-plugin';
import { isApiPath } from './static';

/**
 * A few defensive headers on every response (what helmet would add that the PWA does not mind).
 * no-referrer matters here: reset links carry a token in their query string. API answers are
 * never cached.
 */
export default fp(
  async (app) => {
    app.addHook('onSend', async (request, reply, payload) => {
      reply.header('x-content-type-options', 'nosniff');
      reply.header('referrer-policy', 'no-referrer');
      reply.header('x-frame-options', 'DENY');
      if (!reply.hasHeader('cache-control') && isApiPath(request.url)) reply.header('cache-control', 'no-store');
      return payload;
    });
  },
  { name: 'securityHeaders' },
);
