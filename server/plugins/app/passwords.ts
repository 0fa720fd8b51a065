import fp from 'fastify-plugin';
import { parseQrParam } from './earnQr';
import type { Kysely } from 'kysely';
import type { BodyOf } from '../../api/types';
import type { Config } from '../../config';
import type { Database, OneTimeTokenType } from '../../db/schema';
import { consumeOneTimeToken, deleteStaleOneTimeTokens, insertOneTimeToken } from '../../db/repositories/oneTimeTokens';
import { findUserByEmail, findUserById, setPasswordHash } from '../../db/repositories/users';
import { AppError, validationError } from '../../errors';
import type { MailLanguage } from '../../mail/language';
import type { Mailer } from '../../mail/mailer';
import { passwordResetMail } from '../../mail/messages';
import { hashPassword, verifyPassword } from '../../security/passwords';
import { normalizeEmail, passwordProblems } from '../../security/rules';
import { hashToken, newToken } from '../../security/tokens';
import { requireValidEmail } from './accounts';
import type { RateLimiter } from './rateLimit';
import type { AuthContext, SessionService } from './sessions';

/** The tokenize form without the auth token (which `authenticate` resolves). */
export type TokenizeInput = Omit<BodyOf<'tokenize'>, 'authToken'>;

/**
 * Passwords never travel with the calls that use them: `tokenize` turns a password into a
 * single-use token (holding its scrypt hash) that register, reset and change-password accept.
 */
export interface PasswordService {
  /** `authenticate` resolves the caller for changePassword and qrParams tokens. */
  tokenize(input: TokenizeInput, address: string, authenticate: () => Promise<AuthContext>): Promise<{ token: string }>;
  changePassword(auth: AuthContext, token: string): Promise<{ status: 'OK' }>;
  resetStart(email: string, address: string, language?: MailLanguage): Promise<{ status: 'OK' }>;
  resetFinish(emailToken: string, passwordToken: string): Promise<{ status: 'OK' }>;
}

const invalidToken = () => new AppError('INVALID_TOKEN', 400, 'The token is unknown, used or expired.');

export function createPasswordService(deps: {
  db: Kysely<Database>;
  config: Config;
  mailer: Mailer;
  sessions: SessionService;
  rateLimiter: RateLimiter;
  now: () => Date;
}): PasswordService {
  const { db, config, mailer, sessions, rateLimiter, now } = deps;
  const limits = config.rateLimits;

  function requireStrongPassword(password: string | undefined): string {
    if (password === undefined || password === '') throw validationError('password', 'is required');
    const problems = passwordProblems(password);
    if (problems.length > 0) {
      throw new AppError('WEAK_PASSWORD', 400, `The password needs ${problems.join(', ')}.`);
    }
    return password;
  }

  async function issue(type: OneTimeTokenType, userId: number | null, payload: Record<string, unknown>, ttlSeconds: number) {
    const token = newToken();
    const time = now();
    await insertOneTimeToken(db, {
      token_hash: hashToken(token),
      type,
      user_id: userId,
      payload,
      expires_at: new Date(time.getTime() + ttlSeconds * 1000),
    });
    if (Math.random() < 0.01) await deleteStaleOneTimeTokens(db, time);
    return token;
  }

  return {
    async tokenize(input, address, authenticate) {
      await rateLimiter.consume(`tokenize:address:${address}`, limits.tokenizePerAddress);
      const ttl = config.oneTimeTokenTtlSeconds;
      switch (input.tokenType) {
        case 'register': {
          const password = requireStrongPassword(input.password);
          const passwordHash = await hashPassword(password, config.scryptCost);
          return { token: await issue('register', null, { passwordHash }, ttl) };
        }
        case 'changePassword': {
          const auth = await authenticate();
          if (input.userId !== undefined && input.userId !== auth.userId) {
            throw new AppError('FORBIDDEN', 403, 'userId does not match the auth token.');
          }
          const password = requireStrongPassword(input.password);
          const user = await findUserById(db, auth.userId);
          if (!user) throw invalidToken();
          if (input.currentPassword !== undefined && !(await verifyPassword(input.currentPassword, user.password_hash))) {
            throw new AppError('INCORRECT_PASSWORD', 400, 'Incorrect password. Please try again.');
          }
          if (await verifyPassword(password, user.password_hash)) {
            throw new AppError('PASSWORD_UNCHANGED', 400, 'The new password must differ from the current one.');
          }
          const passwordHash = await hashPassword(password, config.scryptCost);
          return { token: await issue('changePassword', auth.userId, { passwordHash }, ttl) };
        }
        case 'qrParams': {
          const auth = await authenticate();
          if (input.qrParam === undefined || input.qrParam === '') throw validationError('qrParam', 'is required');
          // The parsed code rides along ('' when the text holds none), so the earn reads it in SQL.
          const code = parseQrParam(input.qrParam) ?? '';
          return { token: await issue('qrParams', auth.userId, { qrParam: input.qrParam, code }, ttl) };
        }
        case 'confirmPassword': {
          // Account deletion asks for the password; this token is the proof deleteUser needs.
          const auth = await authenticate();
          if (input.userId !== undefined && input.userId !== auth.userId) {
            throw new AppError('FORBIDDEN', 403, 'userId does not match the auth token.');
          }
          if (input.password === undefined || input.password === '') throw validationError('password', 'is required');
          const user = await findUserById(db, auth.userId);
          if (!user) throw invalidToken();
          if (!(await verifyPassword(input.password, user.password_hash))) {
            throw new AppError('INCORRECT_PASSWORD', 400, 'Incorrect password. Please try again.');
          }
          return { token: await issue('confirmPassword', auth.userId, {}, ttl) };
        }
        default:
          throw validationError('tokenType', 'must be one of register, changePassword, qrParams, confirmPassword');
      }
    },

    async changePassword(auth, token) {
      await db.transaction().execute(async (trx) => {
        const used = await consumeOneTimeToken(trx, hashToken(token), 'changePassword', now());
        const passwordHash = used?.payload.passwordHash;
        if (!used || typeof passwordHash !== 'string') throw invalidToken();
        // Throwing rolls back, so another user's token stays unused.
        if (used.user_id !== auth.userId) throw new AppError('FORBIDDEN', 403, 'This token belongs to another user.');
        await setPasswordHash(trx, auth.userId, passwordHash);
        // Other devices must log in again; this one keeps its session.
        await sessions.revokeAll(auth.userId, trx, auth.familyId);
      });
      return { status: 'OK' };
    },

    async resetStart(rawEmail, address, language = 'en') {
      await rateLimiter.consume(`reset:address:${address}`, limits.resetPerAddress);
      const email = requireValidEmail(rawEmail);
      await rateLimiter.consume(`reset:email:${email}`, limits.resetPerEmail);
      const user = await findUserByEmail(db, email);
      if (!user) throw new AppError('EMAIL_NOT_FOUND', 404, 'Email not found. Please check your email and try again.');
      const emailToken = await issue('emailReset', user.id, {}, config.resetTokenTtlSeconds);
      const link = `${config.publicUrl}/reset-password?emailToken=${encodeURIComponent(emailToken)}&email=${encodeURIComponent(email)}`;
      await mailer.send(passwordResetMail(email, link, Math.round(config.resetTokenTtlSeconds / 60), language));
      return { status: 'OK' };
    },

    async resetFinish(emailToken, passwordToken) {
      // Any failure throws inside the transaction, so neither token is used up by a failed try.
      const changed = await db.transaction().execute(async (trx) => {
        const time = now();
        const reset = await consumeOneTimeToken(trx, hashToken(emailToken), 'emailReset', time);
        if (!reset || reset.user_id === null) throw invalidToken();
        const password = await consumeOneTimeToken(trx, hashToken(passwordToken), 'register', time);
        const passwordHash = password?.payload.passwordHash;
        if (typeof passwordHash !== 'string') throw invalidToken();
        const user = await findUserById(trx, reset.user_id);
        if (!user) throw invalidToken();
        await setPasswordHash(trx, user.id, passwordHash);
        await sessions.revokeAll(user.id, trx);
        return { id: user.id, email: user.email };
      });
      // The owner proved control of the mailbox: let them log in at once.
      if (changed.email) await rateLimiter.reset(`login:account:${normalizeEmail(changed.email)}`);
      return { status: 'OK' };
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    passwords: PasswordService;
  }
}

export default fp(
  async (app) => {
    app.decorate(
      'passwords',
      createPasswordService({
        db: app.db,
        config: app.config,
        mailer: app.mailer,
        sessions: app.sessions,
        rateLimiter: app.rateLimiter,
        now: app.now,
      }),
    );
  },
  { name: 'passwords', dependencies: ['db', 'core', 'mailer', 'sessions', 'rateLimiter'] },
);
