import { timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { findUserById, markVerified } from '../../db/repositories/users';
import {
  deleteVerificationCode,
  findVerificationCode,
  replaceVerificationCode,
  reserveVerificationAttempt,
} from '../../db/repositories/verificationCodes';
import { AppError, rateLimited } from '../../errors';
import type { MailLanguage } from '../../mail/language';
import type { Mailer } from '../../mail/mailer';
import { verificationMail } from '../../mail/messages';
import { hashVerificationCode, newVerificationCode } from '../../security/tokens';
import type { RateLimiter } from './rateLimit';
import type { AuthContext } from './sessions';

/**
 * E-mail verification: a 6-digit code, stored hashed, valid for 10 minutes, 5 wrong tries, then
 * a new code must be requested. Resends are limited (one per 30 s, 5 per hour by default).
 */
export interface VerificationService {
  /** Creates a code and mails it (registration and resend) in the caller's language. */
  sendCode(userId: number, email: string, language?: MailLanguage): Promise<void>;
  verify(auth: AuthContext, code: string, address: string): Promise<{ status: 'OK' }>;
  resend(auth: AuthContext, language?: MailLanguage): Promise<{ status: 'OK'; sent: true }>;
}

export function createVerificationService(deps: {
  db: Kysely<Database>;
  config: Config;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  now: () => Date;
}): VerificationService {
  const { db, config, mailer, rateLimiter, now } = deps;
  const limits = config.rateLimits;

  async function sendCode(userId: number, email: string, language: MailLanguage = 'en') {
    const code = newVerificationCode();
    const time = now();
    await replaceVerificationCode(db, {
      user_id: userId,
      code_hash: hashVerificationCode(userId, code),
      expires_at: new Date(time.getTime() + config.verificationCodeTtlSeconds * 1000),
      sent_at: time,
    });
    await rateLimiter.recordFailure(`resend:account:${userId}`, limits.resendPerAccount);
    await mailer.send(verificationMail(email, code, Math.round(config.verificationCodeTtlSeconds / 60), language));
  }

  async function activeUser(auth: AuthContext) {
    const user = await findUserById(db, auth.userId);
    if (!user || !user.email) throw new AppError('UNAUTHORIZED', 401, 'Missing, invalid or expired auth token.');
    if (user.is_verified) throw new AppError('ALREADY_VERIFIED', 409, 'This account is already verified.');
    return { ...user, email: user.email };
  }

  return {
    sendCode,

    async verify(auth, code, address) {
      await activeUser(auth);
      const accountBucket = `verify:account:${auth.userId}`;
      const addressBucket = `verify:address:${address}`;
      await rateLimiter.assertAllowed(accountBucket, limits.verifyPerAccount);
      await rateLimiter.assertAllowed(addressBucket, limits.verifyPerAddress);

      const stored = await findVerificationCode(db, auth.userId);
      if (!stored) throw new AppError('CODE_EXPIRED', 400, 'There is no valid code. Please ask for a new one.');
      if (stored.attempts >= config.verificationMaxAttempts) {
        throw new AppError('CODE_ATTEMPTS_EXCEEDED', 400, 'Too many wrong codes. Please ask for a new one.');
      }
      if (stored.expires_at.getTime() <= now().getTime()) {
        throw new AppError('CODE_EXPIRED', 400, 'The code has expired. Please ask for a new one.');
      }
      // Reserve the attempt atomically, so parallel guesses cannot exceed the limit.
      if (!(await reserveVerificationAttempt(db, auth.userId, stored.code_hash, config.verificationMaxAttempts))) {
        // Another request used the last try, or a new code was sent meanwhile.
        const current = await findVerificationCode(db, auth.userId);
        if (current && current.attempts >= config.verificationMaxAttempts) {
          throw new AppError('CODE_ATTEMPTS_EXCEEDED', 400, 'Too many wrong codes. Please ask for a new one.');
        }
        throw new AppError('INVALID_CODE', 400, 'Invalid code. Please try again.');
      }

      const expected = Buffer.from(stored.code_hash, 'hex');
      const actual = Buffer.from(hashVerificationCode(auth.userId, code), 'hex');
      if (!timingSafeEqual(expected, actual)) {
        await rateLimiter.recordFailure(accountBucket, limits.verifyPerAccount);
        await rateLimiter.recordFailure(addressBucket, limits.verifyPerAddress);
        throw new AppError('INVALID_CODE', 400, 'Invalid code. Please try again.');
      }
      await db.transaction().execute(async (trx) => {
        await markVerified(trx, auth.userId);
        await deleteVerificationCode(trx, auth.userId);
      });
      await rateLimiter.reset(accountBucket);
      return { status: 'OK' };
    },

    async resend(auth, language = 'en') {
      const user = await activeUser(auth);
      const stored = await findVerificationCode(db, auth.userId);
      const minInterval = limits.resendMinIntervalSeconds * 1000;
      if (stored && minInterval > 0) {
        const wait = stored.sent_at.getTime() + minInterval - now().getTime();
        if (wait > 0) throw rateLimited(Math.ceil(wait / 1000));
      }
      await rateLimiter.assertAllowed(`resend:account:${auth.userId}`, limits.resendPerAccount);
      await sendCode(auth.userId, user.email, language);
      return { status: 'OK', sent: true };
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    verification: VerificationService;
  }
}

export default fp(
  async (app) => {
    app.decorate(
      'verification',
      createVerificationService({
        db: app.db,
        config: app.config,
        mailer: app.mailer,
        rateLimiter: app.rateLimiter,
        now: app.now,
      }),
    );
  },
  { name: 'verification', dependencies: ['db', 'core', 'mailer', 'rateLimiter'] },
);
