import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { isApiPath } from './static';

/**
 * Security headers on every response (helmet): a Content-Security-Policy that allows no inline or
 * foreign script, nosniff, no-referrer (reset links carry a token in their query string),
 * frame-ancestors 'none' and X-Frame-Options DENY, and HSTS only when the app is served over
 * https (a plain-http demo must not be pinned to https). API answers are never cached.
 */
export function helmetOptions(https: boolean): HelmetOptions {
  return {
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
  };
}

/**
 * The headers helmet's middleware sets, computed once. None of them depends on the request (no
 * CSP nonces), so every response gets the same set: @fastify/helmet built the whole middleware
 * again on each request (parsing the CSP directives), a tenth of a dashboard call's CPU.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

export default fp<{ https: boolean }>(
  async (app, { https }) => {
    const headers = securityHeaders(helmetOptions(https));
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
    app.addHook('onSend', (request, reply, payload, done) => {
      if (!reply.hasHeader('cache-control') && isApiPath(request.url)) reply.header('cache-control', 'no-store');
      done(null, payload);
    });
  },
  { name: 'helmet' },
);
