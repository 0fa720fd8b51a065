import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';
import { isApiPath } from './static';

/**
 * Security headers on every response (@fastify/helmet): a Content-Security-Policy that allows no
 * inline or foreign script, nosniff, no-referrer (reset links carry a token in their query
 * string), frame-ancestors 'none' and X-Frame-Options DENY, and HSTS only when the app is served
 * over https (a plain-http demo must not be pinned to https). API answers are never cached.
 */
export default fp<{ https: boolean }>(
  async (app, { https }) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // Mantine and the splash screen set inline styles; no script may be inline.
          styleSrc: ["'self'", "'unsafe-inline'"],
          // Promo and reward images may live on the operator's own sites.
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          mediaSrc: ["'self'", 'blob:'],
          workerSrc: ["'self'"],
          manifestSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          ...(https ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      referrerPolicy: { policy: 'no-referrer' },
      frameguard: { action: 'deny' },
      strictTransportSecurity: https ? { maxAge: 180 * 24 * 3600, includeSubDomains: true } : false,
      // Sign-in with Google or Apple is a full navigation; nothing is embedded cross-origin.
      crossOriginEmbedderPolicy: false,
    });
    app.addHook('onSend', async (request, reply, payload) => {
      if (!reply.hasHeader('cache-control') && isApiPath(request.url)) reply.header('cache-control', 'no-store');
      return payload;
    });
  },
  { name: 'helmet' },
);
