import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import * as client from 'openid-client';
import type { BodyOf, Schema } from '../../api/types';
import { isLoopbackUrl, type OidcProviderConfig, type OidcProviderId } from '../../config';
import { findIdentityUser, linkIdentity } from '../../db/repositories/identities';
import {
  consumeOneTimeToken,
  deleteStaleOneTimeTokens,
  insertOneTimeToken,
  mergeOneTimeTokenPayload,
} from '../../db/repositories/oneTimeTokens';
import { emailInUse, findUserByEmail, findUserById, insertUser, markVerified } from '../../db/repositories/users';
import type { Database, OneTimeTokenType } from '../../db/schema';
import { AppError } from '../../errors';
import type { MailLanguage } from '../../mail/language';
import { cleanName, isValidEmail, normalizeEmail } from '../../security/rules';
import { hashToken, newToken } from '../../security/tokens';
import { checkSignupDetails, type AccountServiceDeps, type AuthData } from './accounts';

/** Why a sign-in failed, as `?error=` on the app's /auth/callback (openapi.yaml `OidcErrorCode`). */
export type OidcErrorCode =
  | 'OIDC_CANCELLED'
  | 'OIDC_STATE_INVALID'
  | 'OIDC_EMAIL_REQUIRED'
  | 'PROVIDER_UNAVAILABLE'
  | 'OIDC_FAILED';

/** What a provider told about the person; kept in the tickets. */
interface ProviderProfile {
  provider: OidcProviderId;
  subject: string;
  email: string;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
}

export type OidcSessionData = Schema<'OidcSession'>;

export type OidcRegisterInput = BodyOf<'oidcRegister'>;

/** Apple's form_post fields (the rest of its answer travels on to the GET callback). */
export type FormPostResponse = NonNullable<BodyOf<'oidcCallbackFormPost'>>;

/**
 * Google and Apple sign-in (OpenID Connect, authorization code flow with PKCE, state and nonce)
 * through openid-client. Each provider's discovery document is fetched on first use and kept,
 * so the server starts without network. The flow is bound to the browser that started it by
 * the `pips_oidc` cookie; the app only ever sees one-time tickets, never provider tokens.
 */
export interface OidcService {
  /** The configured providers, for the buttons. */
  providers(): { id: OidcProviderId; name: string }[];
  /**
   * The provider's authorization URL and the cookie value binding the flow to this browser;
   * when the provider cannot be reached, the app URL with the error instead (no binding).
   */
  start(provider: OidcProviderId, returnTo: string, address: string): Promise<{ location: string; binding?: string }>;
  /** Apple's POST: keeps its `user` JSON with the state; answers where to send the browser (GET callback). */
  formPost(provider: OidcProviderId, response: FormPostResponse): Promise<string>;
  /** The authorization response (raw query string) -> the app URL with a ticket or an error. */
  callback(provider: OidcProviderId, rawQuery: string, binding: string | undefined): Promise<string>;
  session(ticket: string): Promise<OidcSessionData>;
  register(input: OidcRegisterInput, language?: MailLanguage): Promise<AuthData>;
}

/** Name of the cookie that binds a started sign-in to the browser. */
export const OIDC_COOKIE = 'pips_oidc';
/** The cookie lives under the auth calls only. */
export const OIDC_COOKIE_PATH = '/web/auth/';

const STATE_TTL_SECONDS = 10 * 60;
const TICKET_TTL_SECONDS = 5 * 60;
/** Room to go and scan the community QR code before finishing the signup. */
const SIGNUP_TICKET_TTL_SECONDS = 30 * 60;
/** Discovery documents (and the keys behind them) are fetched again after a day. */
const DISCOVERY_TTL_MS = 24 * 3600 * 1000;

const SCOPES: Record<OidcProviderId, string> = {
  google: 'openid email profile',
  // Apple knows `name` and `email`, and needs form_post when they are asked for.
  apple: 'openid email name',
};

class FlowError extends Error {
  constructor(readonly code: OidcErrorCode, message: string) {
    super(message);
  }
}

const invalidTicket = () => new AppError('INVALID_TOKEN', 400, 'The sign-in ticket is unknown, used or expired. Please sign in again.');
const emailTaken = () =>
  new AppError('EMAIL_TAKEN', 409, 'An account with this email already exists. Log in with your password instead.');

/** `true`, or Apple's `"true"`. */
const isTrue = (value: unknown) => value === true || value === 'true';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** A provider's name claim as a pips name, or '' when it is missing or unusable. */
const nameOf = (value: unknown) => cleanName(text(value)) ?? '';

/** The name in Apple's one-time `user` JSON (`{"name":{"firstName","lastName"}}`), if any. */
function appleUserName(json: unknown): { firstName: string; lastName: string } {
  if (typeof json !== 'string' || json.length > 4096) return { firstName: '', lastName: '' };
  try {
    const name = (JSON.parse(json) as { name?: { firstName?: unknown; lastName?: unknown } } | null)?.name;
    return { firstName: nameOf(name?.firstName), lastName: nameOf(name?.lastName) };
  } catch {
    return { firstName: '', lastName: '' };
  }
}

export function createOidcService(deps: AccountServiceDeps): OidcService {
  const { db, config, sessions, verification, rateLimiter, now, log } = deps;
  const discovered = new Map<OidcProviderId, { at: number; configuration: Promise<client.Configuration> }>();

  const providerConfig = (id: OidcProviderId): OidcProviderConfig | undefined =>
    config.oidcProviders.find((provider) => provider.id === id);

  const redirectUri = (id: OidcProviderId) => `${config.publicUrl}/web/auth/${id}/callback`;

  /** The app's /auth/callback with a ticket (and return path) or an error. */
  const appUrl = (params: Record<string, string>) => `${config.publicUrl}/auth/callback?${new URLSearchParams(params)}`;

  function configurationOf(provider: OidcProviderConfig): Promise<client.Configuration> {
    const cached = discovered.get(provider.id);
    if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.configuration;
    // Plain http only for a loopback issuer, and only when the operator allowed it.
    const insecure = config.oidcAllowInsecureIssuer && provider.issuer.startsWith('http:') && isLoopbackUrl(provider.issuer);
    const configuration = client.discovery(
      new URL(provider.issuer),
      provider.clientId,
      { client_secret: provider.clientSecret },
      client.ClientSecretPost(provider.clientSecret),
      { execute: insecure ? [client.allowInsecureRequests] : [], timeout: 10 },
    );
    discovered.set(provider.id, { at: Date.now(), configuration });
    // A failed discovery is tried again on the next sign-in.
    configuration.catch(() => {
      if (discovered.get(provider.id)?.configuration === configuration) discovered.delete(provider.id);
    });
    return configuration;
  }

  async function issue(type: OneTimeTokenType, payload: Record<string, unknown>, ttlSeconds: number): Promise<string> {
    const token = newToken();
    await insertOneTimeToken(db, {
      token_hash: hashToken(token),
      type,
      user_id: null,
      payload,
      expires_at: new Date(now().getTime() + ttlSeconds * 1000),
    });
    return token;
  }

  async function signIn(userId: number, isVerified: boolean, email: string, trx?: Kysely<Database>): Promise<OidcSessionData> {
    const tokens = await sessions.start(userId, trx);
    return { outcome: 'signedIn', auth: { ...tokens, userId, isVerified, status: 'OK' }, email };
  }

  /** The provider's profile from the ID token, completed from userinfo when it lacks the e-mail. */
  async function profileFrom(
    id: OidcProviderId,
    configuration: client.Configuration,
    tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>,
    formPostUser: unknown,
  ): Promise<ProviderProfile> {
    const claims = tokens.claims();
    if (!claims?.sub) throw new FlowError('OIDC_FAILED', 'no ID token claims');
    // Google and Apple put the e-mail in the ID token; a stricter provider keeps it for userinfo.
    let info: Record<string, unknown> = { ...claims };
    if (!text(info.email) && configuration.serverMetadata().userinfo_endpoint && tokens.access_token) {
      info = { ...(await client.fetchUserInfo(configuration, tokens.access_token, claims.sub)), ...pick(claims) };
    }
    const email = normalizeEmail(text(info.email));
    if (!isValidEmail(email)) throw new FlowError('OIDC_EMAIL_REQUIRED', 'the provider shared no usable e-mail address');
    const apple = appleUserName(formPostUser);
    const fullName = text(info.name).trim().split(/\s+/);
    return {
      provider: id,
      subject: claims.sub,
      email,
      emailVerified: isTrue(info.email_verified),
      firstName: nameOf(info.given_name) || apple.firstName || nameOf(fullName[0]),
      lastName: nameOf(info.family_name) || apple.lastName || nameOf(fullName.slice(1).join(' ')),
    };
  }

  return {
    providers() {
      return config.oidcProviders.map(({ id, name }) => ({ id, name }));
    },

    async start(id, returnTo, address) {
      const provider = providerConfig(id);
      if (!provider) throw new AppError('PROVIDER_NOT_CONFIGURED', 404, `Sign-in with ${id} is not set up on this server.`);
      await rateLimiter.consume(`oidcStart:address:${address}`, config.rateLimits.oidcStartPerAddress);
      let configuration: client.Configuration;
      try {
        configuration = await configurationOf(provider);
      } catch (error) {
        log.warn({ err: error, provider: id }, 'OpenID Connect discovery failed');
        return { location: appUrl({ error: 'PROVIDER_UNAVAILABLE' }) };
      }
      const state = client.randomState();
      const nonce = client.randomNonce();
      const codeVerifier = client.randomPKCECodeVerifier();
      const binding = newToken();
      const time = now();
      // Abandoned sign-ins leave state rows behind: sweep now and then.
      if (Math.random() < 0.01) await deleteStaleOneTimeTokens(db, time);
      await insertOneTimeToken(db, {
        token_hash: hashToken(state),
        type: 'oidcState',
        user_id: null,
        payload: { provider: id, codeVerifier, nonce, returnTo, binding: hashToken(binding) },
        expires_at: new Date(time.getTime() + STATE_TTL_SECONDS * 1000),
      });
      const parameters: Record<string, string> = {
        redirect_uri: redirectUri(id),
        scope: SCOPES[id],
        response_type: 'code',
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      };
      if (id === 'apple') parameters.response_mode = 'form_post';
      return { location: client.buildAuthorizationUrl(configuration, parameters).href, binding };
    },

    async formPost(id, response) {
      if (response.state && response.user) {
        await mergeOneTimeTokenPayload(db, hashToken(response.state), 'oidcState', { formPostUser: response.user }, now());
      }
      const params: Record<string, string> = {};
      for (const key of ['code', 'state', 'iss', 'error', 'error_description'] as const) {
        if (response[key] !== undefined) params[key] = response[key];
      }
      return `/web/auth/${id}/callback?${new URLSearchParams(params)}`;
    },

    async callback(id, rawQuery, binding) {
      const params = new URLSearchParams(rawQuery);
      const state = params.get('state');
      try {
        if (!state) throw new FlowError('OIDC_STATE_INVALID', 'no state');
        // The state works once, for the browser that started the flow; a mismatch rolls back.
        const flow = await db
          .transaction()
          .execute(async (trx) => {
            const row = await consumeOneTimeToken(trx, hashToken(state), 'oidcState', now());
            const payload = row?.payload ?? {};
            if (!row || payload.provider !== id || !binding || payload.binding !== hashToken(binding)) {
              throw new FlowError('OIDC_STATE_INVALID', 'unknown, used, expired or foreign state');
            }
            return payload;
          });
        const error = params.get('error');
        if (error) throw new FlowError(error === 'access_denied' ? 'OIDC_CANCELLED' : 'OIDC_FAILED', `provider answered ${error}`);
        const provider = providerConfig(id);
        if (!provider) throw new FlowError('PROVIDER_UNAVAILABLE', 'provider no longer configured');
        let configuration: client.Configuration;
        try {
          configuration = await configurationOf(provider);
        } catch (cause) {
          throw new FlowError('PROVIDER_UNAVAILABLE', `discovery failed: ${String(cause)}`);
        }
        // openid-client takes the redirect_uri from this URL: the public one, not the internal.
        const currentUrl = new URL(`${redirectUri(id)}?${params}`);
        const tokens = await client.authorizationCodeGrant(configuration, currentUrl, {
          pkceCodeVerifier: text(flow.codeVerifier),
          expectedState: state,
          expectedNonce: text(flow.nonce),
          idTokenExpected: true,
        });
        const profile = await profileFrom(id, configuration, tokens, flow.formPostUser);
        const ticket = await issue('oidcTicket', { ...profile }, TICKET_TTL_SECONDS);
        const returnTo = text(flow.returnTo);
        return appUrl(returnTo && returnTo !== '/' ? { ticket, returnTo } : { ticket });
      } catch (error) {
        const code: OidcErrorCode = error instanceof FlowError ? error.code : 'OIDC_FAILED';
        log.warn({ provider: id, code, reason: error instanceof Error ? error.message : String(error) }, 'sign-in failed');
        return appUrl({ error: code });
      }
    },

    async session(ticket) {
      const row = await consumeOneTimeToken(db, hashToken(ticket), 'oidcTicket', now());
      if (!row) throw invalidTicket();
      const profile = row.payload as unknown as ProviderProfile;

      const linkedId = await findIdentityUser(db, profile.provider, profile.subject);
      const linked = linkedId === undefined ? undefined : await findUserById(db, linkedId);
      if (linked?.email) {
        // An account made while the provider had not verified the address is verified once it has.
        const verifiedNow = !linked.is_verified && profile.emailVerified && profile.email === linked.email;
        if (verifiedNow) await markVerified(db, linked.id);
        return signIn(linked.id, linked.is_verified || verifiedNow, linked.email);
      }

      const existing = await findUserByEmail(db, profile.email);
      if (existing?.email) {
        // Only a provider that vouches for the address may sign in to an account made with it.
        if (!profile.emailVerified) throw emailTaken();
        const email = existing.email;
        return db.transaction().execute(async (trx) => {
          const linkedNow = await linkIdentity(trx, { provider: profile.provider, subject: profile.subject, user_id: existing.id, email });
          if (!linkedNow) throw emailTaken();
          if (!existing.is_verified) await markVerified(trx, existing.id);
          return signIn(existing.id, true, email, trx);
        });
      }

      const signupTicket = await issue('oidcSignup', { ...profile }, SIGNUP_TICKET_TTL_SECONDS);
      return {
        outcome: 'needsSignup',
        provider: profile.provider,
        email: profile.email,
        firstName: profile.firstName,
        lastName: profile.lastName,
        ticket: signupTicket,
      };
    },

    async register(input, language = 'en') {
      const today = now();
      // Every failure throws inside the transaction, so the ticket survives a form to correct.
      const created = await db.transaction().execute(async (trx) => {
        const row = await consumeOneTimeToken(trx, hashToken(input.ticket), 'oidcSignup', today);
        if (!row) throw invalidTicket();
        const profile = row.payload as unknown as ProviderProfile;
        const details = await checkSignupDetails(
          trx,
          {
            firstName: input.firstName ?? profile.firstName,
            lastName: input.lastName ?? profile.lastName,
            phone: input.phone,
            dayOfBirth: input.dayOfBirth,
            guardianConsent: input.guardianConsent,
            customTermsAccepted: input.customTermsAccepted,
            communityId: input.communityId,
          },
          today,
        );
        if ((await findIdentityUser(trx, profile.provider, profile.subject)) !== undefined || (await emailInUse(trx, profile.email))) {
          throw emailTaken();
        }
        const userId = await insertUser(trx, {
          community_id: input.communityId,
          email: profile.email,
          first_name: details.firstName,
          last_name: details.lastName,
          phone: details.phone,
          day_of_birth: details.dayOfBirth,
          guardian_consent_at: details.guardianConsentAt,
          custom_terms_accepted: true,
          password_hash: null,
          is_verified: profile.emailVerified,
        });
        if (userId === undefined) throw emailTaken();
        await linkIdentity(trx, { provider: profile.provider, subject: profile.subject, user_id: userId, email: profile.email });
        return { userId, profile, tokens: await sessions.start(userId, trx) };
      });
      if (!created.profile.emailVerified) {
        try {
          await verification.sendCode(created.userId, created.profile.email, language);
        } catch (error) {
          log.error({ err: error, userId: created.userId }, 'could not send the verification mail');
        }
      }
      return { ...created.tokens, userId: created.userId, isVerified: created.profile.emailVerified, status: 'OK' };
    },
  };
}

/** The profile claims of the ID token that win over userinfo's (the ones it has). */
function pick(info: Record<string, unknown>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const key of ['email', 'email_verified', 'given_name', 'family_name', 'name']) {
    if (info[key] !== undefined && info[key] !== '') kept[key] = info[key];
  }
  return kept;
}

declare module 'fastify' {
  interface FastifyInstance {
    oidc: OidcService;
  }
}

export default fp(
  async (app) => {
    app.decorate(
      'oidc',
      createOidcService({
        db: app.db,
        config: app.config,
        sessions: app.sessions,
        verification: app.verification,
        rateLimiter: app.rateLimiter,
        now: app.now,
        log: app.log,
      }),
    );
  },
  { name: 'oidc', dependencies: ['db', 'core', 'sessions', 'verification', 'rateLimiter'] },
);
