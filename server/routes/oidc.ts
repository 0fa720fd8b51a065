import type { FastifyInstance } from 'fastify';
import { ok } from '../envelope';
import { OIDC_COOKIE, OIDC_COOKIE_PATH } from '../plugins/app/oidc';
import type { Handlers } from './handlers';
import { requestMailLanguage } from './language';

/** One cookie from a Cookie header (no cookie plugin needed for one value). */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header || header.length > 8192) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) {
      const value = part.slice(index + 1).trim();
      return /^[A-Za-z0-9_-]{1,200}$/.test(value) ? value : undefined;
    }
  }
  return undefined;
}

/**
 * Google and Apple sign-in (tag `extensions`). start and the callbacks are browser navigations:
 * they answer redirects; failures after validation go back to the app as `?error=`.
 */
export function oidcHandlers(app: FastifyInstance): Handlers {
  // SameSite=Lax: sent when the provider sends the browser back (a top-level GET), never on
  // cross-site subrequests. Secure whenever the app is served over https.
  const cookie = (value: string, maxAge: number) =>
    `${OIDC_COOKIE}=${value}; Path=${OIDC_COOKIE_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${
      app.config.publicUrl.startsWith('https:') ? '; Secure' : ''
    }`;

  return {
    async getAuthProviders() {
      return ok({ providers: app.oidc.providers() });
    },

    async startOidc(request, reply) {
      const returnTo = request.query.returnTo ?? '/';
      const { location, binding } = await app.oidc.start(request.params.provider, returnTo, request.ip);
      if (binding) reply.header('set-cookie', cookie(binding, 600));
      return reply.redirect(location, 302);
    },

    async oidcCallback(request, reply) {
      const { provider } = request.params;
      const rawQuery = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
      const binding = readCookie(request.headers.cookie, OIDC_COOKIE);
      const location = await app.oidc.callback(provider, rawQuery, binding);
      reply.header('set-cookie', cookie('', 0));
      return reply.redirect(location, 302);
    },

    async oidcCallbackFormPost(request, reply) {
      const location = await app.oidc.formPost(request.params.provider, request.body ?? {});
      return reply.redirect(location, 303);
    },

    async oidcSession(request) {
      return ok(await app.oidc.session(request.body.ticket));
    },

    async oidcRegister(request) {
      return ok(await app.oidc.register(request.body, requestMailLanguage(request)));
    },
  };
}
