import cors from '@fastify/cors';
import fp from 'fastify-plugin';

/**
 * Cross-origin calls (CORS) only from the origins the operator configured (CORS_ORIGINS), for a
 * community that serves its own web front end elsewhere. With none configured nothing is added:
 * the PWA is served by this server, so its calls are same-origin, and no other site's page may
 * read an answer. Auth travels in the Authorization header, never in cookies, so credentials
 * stay off.
 */
export default fp<{ origins: string[] }>(
  async (app, { origins }) => {
    if (origins.length === 0) return;
    await app.register(cors, {
      origin: origins,
      methods: ['GET', 'POST', 'PUT', 'DELETE'],
      exposedHeaders: ['X-Request-Id', 'Retry-After'],
      credentials: false,
      maxAge: 600,
    });
  },
  { name: 'cors' },
);
