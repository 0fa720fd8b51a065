import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { isApiPath } from './static';

/**
 * Security headers on every response. Documents and assets (helmet): a Content-Security-Policy that
 * allows no inline or foreign script, nosniff, no-referrer (reset links carry a token in their query
 * string), frame-ancestors 'none' and X-Frame-Options DENY, and HSTS only when the app is served
 * over https (a plain-http demo must not be pinned to https). API answers: see `apiHeaders`.
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

/**
 * The headers of an API answer (JSON, never a document): OWASP's REST set. A CSP that allows
 * nothing (`default-src 'none'`) and no framing, nosniff, X-Frame-Options DENY, no referrer, the
 * resource only for its own origin, HSTS over https, and no caching. The document headers' other
 * entries (the page's CSP sources, COOP, Origin-Agent-Cluster, the legacy X-DNS-Prefetch-Control,
 * X-Download-Options, X-Permitted-Cross-Domain-Policies, X-XSS-Protection) govern pages, not JSON:
 * they were 600 of an answer's bytes and the most of the time Node spent on its headers.
 */
export function apiHeaders(https: boolean): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'cross-origin-resource-policy': 'same-origin',
    ...(https ? { 'strict-transport-security': 'max-age=15552000; includeSubDomains' } : {}),
    'cache-control': 'no-store',
  };
}

export default fp<{ https: boolean }>(
  async (app, { https }) => {
    const documentHeaders = securityHeaders(helmetOptions(https));
    const answerHeaders = apiHeaders(https);
    // Set before the route runs: a route that sets its own Cache-Control replaces no-store.
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(isApiPath(request.url) ? answerHeaders : documentHeaders);
      done();
    });
  },
  { name: 'helmet' },
);
