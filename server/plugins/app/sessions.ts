import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import {
  claimRefreshToken,
  deleteExpiredSessions,
  findAccessToken,
  findRefreshToken,
  findSessionByAccessToken,
  insertAccessToken,
  insertRefreshToken,
  revokeFamily,
  revokeUserSessions,
} from '../../db/repositories/sessions';
import type { Caller, JsonText, WithSession } from '../../db/repositories/hot';
import { isActiveUser } from '../../db/repositories/users';
import { AppError, unauthorized } from '../../errors';
import { hashToken, newId, newToken } from '../../security/tokens';

/** Who is calling: set on the request by the `authToken` security handler. */
export interface AuthContext {
  userId: number;
  isVerified: boolean;
  /** The session family of the access token (kept when the password changes). */
  familyId: string;
}

export interface SessionTokens {
  authToken: string;
  refreshToken: string;
}

/**
 * Sessions: an access token (short life) and a refresh token (30 days) per login, both random
 * and stored as SHA-256. A refresh token works once; using one again means it leaked, so its
 * whole family (every token descended from the same login) is revoked.
 */
export interface SessionService {
  /** Starts a session (a new family) for a user; pass the transaction when inside one. */
  start(userId: number, db?: Kysely<Database>): Promise<SessionTokens>;
  /** Resolves a raw access token; throws UNAUTHORIZED when missing, unknown, expired or the user is gone. */
  authenticate(rawToken: string | undefined): Promise<AuthContext>;
  /** Rotates a refresh token. */
  refresh(rawRefreshToken: string): Promise<SessionTokens>;
  /**
   * Logout: revokes the whole family of either token (its access tokens are deleted, its refresh
   * tokens revoked). Unknown or already ended tokens are fine: a logout replayed from an offline
   * queue does no harm.
   */
  logout(tokens: { authToken?: string; refreshToken?: string }): Promise<{ status: 'OK' }>;
  /** Ends every session of a user, or all but one family. */
  revokeAll(userId: number, db?: Kysely<Database>, keepFamilyId?: string): Promise<void>;
}

/** The token from an Authorization header: raw, or after a "Bearer " prefix. */
export function tokenFromHeader(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return undefined;
  const token = value.trim().replace(/^bearer\s+/i, '').trim();
  return token.length > 0 ? token : undefined;
}

/** Tokens we issue are 43 base64url characters; anything far off is not worth a lookup. */
const plausibleToken = (token: string) => token.length >= 10 && token.length <= 200 && /^[A-Za-z0-9_-]+$/.test(token);

export function createSessionService(deps: { db: Kysely<Database>; config: Config; now: () => Date }): SessionService {
  const { config, now } = deps;

  async function issue(db: Kysely<Database>, userId: number, familyId: string): Promise<SessionTokens> {
    const authToken = newToken();
    const refreshToken = newToken();
    const time = now().getTime();
    await insertAccessToken(db, {
      token_hash: hashToken(authToken),
      user_id: userId,
      family_id: familyId,
      expires_at: new Date(time + config.accessTokenTtlSeconds * 1000),
    });
    await insertRefreshToken(db, {
      token_hash: hashToken(refreshToken),
      user_id: userId,
      family_id: familyId,
      expires_at: new Date(time + config.refreshTokenTtlSeconds * 1000),
    });
    return { authToken, refreshToken };
  }

  return {
    async start(userId, db = deps.db) {
      await deleteExpiredSessions(db, userId, now());
      return issue(db, userId, newId());
    },

    async authenticate(rawToken) {
      if (!rawToken || !plausibleToken(rawToken)) throw unauthorized();
      const row = await findSessionByAccessToken(deps.db, hashToken(rawToken));
      if (!row) throw unauthorized();
      if (row.expires_at.getTime() <= now().getTime()) throw unauthorized('The auth token has expired.');
      return { userId: row.user_id, isVerified: row.is_verified, familyId: row.family_id };
    },

    async refresh(rawRefreshToken) {
      const invalid = () => new AppError('INVALID_REFRESH_TOKEN', 401, 'Failed to refresh session');
      if (!plausibleToken(rawRefreshToken)) throw invalid();
      const tokenHash = hashToken(rawRefreshToken);
      const outcome = await deps.db.transaction().execute(async (trx) => {
        const stored = await findRefreshToken(trx, tokenHash);
        if (!stored || stored.revoked_at !== null) return { error: invalid() };
        const time = now();
        if (stored.used_at !== null || !(await claimRefreshToken(trx, tokenHash, time))) {
          // Already rotated: someone holds a copy. End the whole family.
          await revokeFamily(trx, stored.family_id, time);
          return {
            error: new AppError('REFRESH_TOKEN_REUSED', 401, 'This refresh token was already used; the session has been ended.'),
          };
        }
        if (stored.expires_at.getTime() <= time.getTime()) return { error: invalid() };
        if (!(await isActiveUser(trx, stored.user_id))) return { error: invalid() };
        return { tokens: await issue(trx, stored.user_id, stored.family_id) };
      });
      if ('error' in outcome) throw outcome.error;
      return outcome.tokens;
    },

    async logout({ authToken, refreshToken }) {
      const families = new Set<string>();
      if (authToken && plausibleToken(authToken)) {
        const access = await findAccessToken(deps.db, hashToken(authToken));
        if (access) families.add(access.family_id);
      }
      if (refreshToken && plausibleToken(refreshToken)) {
        const stored = await findRefreshToken(deps.db, hashToken(refreshToken));
        if (stored) families.add(stored.family_id);
      }
      const time = now();
      for (const familyId of families) await revokeFamily(deps.db, familyId, time);
      return { status: 'OK' };
    },

    async revokeAll(userId, db = deps.db, keepFamilyId) {
      await revokeUserSessions(db, userId, now(), keepFamilyId);
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionService;
    /** The caller of an authenticated request; throws UNAUTHORIZED when there is none. */
    requireAuth(request: FastifyRequest): Promise<AuthContext>;
    /** Like requireAuth, and throws ACCOUNT_NOT_VERIFIED for unverified accounts. */
    requireVerified(request: FastifyRequest): Promise<AuthContext>;
    /**
     * requireVerified and a read in one round trip: `read` gets the auth token's hash and answers
     * the session with the call's data (a function of server/db/sql/); the same refusals follow.
     */
    verifiedWith<T>(request: FastifyRequest, read: (tokenHash: string) => Promise<WithSession<T>>): Promise<JsonText<T>>;
    /**
     * Who a write acts for: the member already resolved on the request, or the hash of its auth
     * token, checked (verified member, live token) in the write's own statement.
     */
    callerOf(request: FastifyRequest): Caller;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export default fp(
  async (app) => {
    const sessions = createSessionService({ db: app.db, config: app.config, now: app.now });
    app.decorate('sessions', sessions);
    app.decorateRequest('auth', null);
    const requireAuth = async (request: FastifyRequest) => {
      request.auth ??= await sessions.authenticate(tokenFromHeader(request.headers.authorization));
      return request.auth;
    };
    app.decorate('requireAuth', requireAuth);
    const notVerified = () => new AppError('ACCOUNT_NOT_VERIFIED', 403, 'Please verify your account to access this page.');
    app.decorate('requireVerified', async (request: FastifyRequest) => {
      const auth = await requireAuth(request);
      if (!auth.isVerified) throw notVerified();
      return auth;
    });
    app.decorate('callerOf', (request: FastifyRequest): Caller => {
      if (request.auth) {
        if (!request.auth.isVerified) throw notVerified();
        return { userId: request.auth.userId };
      }
      const rawToken = tokenFromHeader(request.headers.authorization);
      if (!rawToken || !plausibleToken(rawToken)) throw unauthorized();
      return { authTokenHash: hashToken(rawToken) };
    });
    app.decorate('verifiedWith', async <T>(request: FastifyRequest, read: (tokenHash: string) => Promise<WithSession<T>>): Promise<JsonText<T>> => {
      const rawToken = tokenFromHeader(request.headers.authorization);
      if (!rawToken || !plausibleToken(rawToken)) throw unauthorized();
      const found = await read(hashToken(rawToken));
      if (!found) throw unauthorized();
      const { session } = found;
      if (session.expiresAt <= app.now().getTime()) throw unauthorized('The auth token has expired.');
      request.auth = { userId: session.userId, isVerified: session.isVerified, familyId: session.familyId };
      if (!session.isVerified || found.data === undefined) throw notVerified();
      return found.data;
    });
  },
  { name: 'sessions', dependencies: ['db', 'core'] },
);
