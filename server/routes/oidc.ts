import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { OidcProviderId } from '../config';
import { validationError } from '../errors';
import { mailLanguage } from '../mail/language';
import { OIDC_COOKIE, OIDC_COOKIE_PATH } from '../plugins/app/oidc';
import { ok } from './envelope';
import type { Handlers } from './handlers';
import { input } from './input';

function providerOf(request: FastifyRequest): OidcProviderId {
  const provider = input(request.params, 'params').string('provider');
  if (provider !== 'google' && provider !== 'apple') throw validationError('provider', 'must be google or apple');
  return provider;
}

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
      const returnTo = input(request.query, 'query').optionalString('returnTo') ?? '/';
      const { location, binding } = await app.oidc.start(providerOf(request), returnTo, request.ip);
      if (binding) reply.header('set-cookie', cookie(binding, 600));
      return reply.redirect(location, 302);
    },

    async oidcCallback(request, reply) {
      const provider = providerOf(request);
      const rawQuery = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
      const binding = readCookie(request.headers.cookie, OIDC_COOKIE);
      const location = await app.oidc.callback(provider, rawQuery, binding);
      reply.header('set-cookie', cookie('', 0));
      return reply.redirect(location, 302);
    },

    async oidcCallbackFormPost(request, reply) {
      const body = input(request.body, 'body');
      const location = await app.oidc.formPost(providerOf(request), {
        code: body.optionalString('code'),
        state: body.optionalString('state'),
        iss: body.optionalString('iss'),
        error: body.optionalString('error'),
        error_description: body.optionalString('error_description'),
        user: body.optionalString('user'),
      });
      return reply.redirect(location, 303);
    },

    async oidcSession(request) {
      return ok(await app.oidc.session(input(request.body, 'body').string('ticket')));
    },

    async oidcRegister(request) {
      const body = input(request.body, 'body');
      return ok(
        await app.oidc.register(
          {
            ticket: body.string('ticket'),
            communityId: body.string('communityId'),
            customTermsAccepted: body.string('customTermsAccepted'),
            dayOfBirth: body.optionalString('dayOfBirth'),
            guardianConsent: body.optionalString('guardianConsent'),
            phone: body.optionalString('phone'),
            firstName: body.optionalString('firstName'),
            lastName: body.optionalString('lastName'),
          },
          mailLanguage(request.headers['accept-language']),
        ),
      );
    },
  };
}
