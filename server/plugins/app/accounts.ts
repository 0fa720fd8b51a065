import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { QueryOf, Schema } from '../../api/types';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { findOpenCommunity } from '../../db/repositories/communities';
import { runsCommunity } from '../../db/repositories/operators/roles';
import { consumeOneTimeToken } from '../../db/repositories/oneTimeTokens';
import {
  anonymizeUser,
  emailInUse,
  findUserByEmail,
  findUserById,
  insertUser,
  updateProfile,
  type UserRecord,
} from '../../db/repositories/users';
import { AppError, rateLimited, unauthorized, validationError } from '../../errors';
import type { MailLanguage } from '../../mail/language';
import { hashPassword, verifyPassword } from '../../security/passwords';
import {
  ADULT_AGE,
  ageOn,
  cleanName,
  cleanPhone,
  isValidEmail,
  normalizeEmail,
  parseDay,
} from '../../security/rules';
import { hashToken } from '../../security/tokens';
import type { RateLimiter } from './rateLimit';
import type { AuthContext, SessionService } from './sessions';
import type { VerificationService } from './verification';

/** Failed logins one address may make on one account without waiting. */
export const FREE_LOGIN_FAILURES = 3;

/**
 * Seconds an address waits after its n-th failed login on one account: nothing for the first
 * FREE_LOGIN_FAILURES, then 1, 2, 4, 8 ... seconds, at most the account window.
 */
export function backoffSeconds(failures: number, capSeconds: number): number {
  if (failures < FREE_LOGIN_FAILURES) return 0;
  return Math.min(capSeconds, 2 ** (failures - FREE_LOGIN_FAILURES));
}

const secondsLeft = (from: Date, seconds: number, time: Date) =>
  Math.max(1, Math.ceil((from.getTime() + seconds * 1000 - time.getTime()) / 1000));

/** The rate-limit buckets of one login attempt. */
function loginPolicy(email: string, address: string) {
  return {
    /** Failures from the address, on any account. */
    address: `login:address:${address}`,
    /** Failures on the account, from any address. */
    account: `login:account:${email}`,
    /** Failures of this address on this account. */
    pair: `login:pair:${email}|${address}`,
    /** Opened at this address's last failure on this account (for the backoff). */
    last: `login:last:${email}|${address}`,
  };
}

/** Returned by login and register. */
export type AuthData = Schema<'AuthData'>;

/** The profile as the app sees it. */
export type User = Schema<'User'>;

export type RegisterInput = QueryOf<'registerUser'>;

export type ProfileInput = QueryOf<'updateUser'>;

export interface AccountService {
  register(input: RegisterInput, language?: MailLanguage): Promise<AuthData>;
  login(email: string, password: string, address: string): Promise<AuthData>;
  getUser(auth: AuthContext): Promise<User>;
  updateUser(auth: AuthContext, input: ProfileInput): Promise<User>;
  /** Accounts with a password need a confirmPassword token of their own (`passwordToken`). */
  deleteUser(auth: AuthContext, passwordToken?: string): Promise<{ status: 'OK' }>;
  emailExists(email: string, address: string): Promise<{ exists: boolean }>;
}

export function toUser(user: UserRecord, runsCommunity = false): User {
  const firstName = user.first_name;
  const lastName = user.last_name;
  return {
    userId: user.id,
    firstName,
    lastName,
    fullName: [firstName, lastName].filter(Boolean).join(' '),
    email: user.email ?? '',
    phone: user.phone,
    isVerified: user.is_verified,
    communityId: user.community_id,
    communityName: user.community_name,
    dayOfBirth: user.day_of_birth,
    hasPassword: user.password_hash !== null,
    runsCommunity,
  };
}

/** Normalises an e-mail per the signup rules; throws INVALID_EMAIL when it breaks the rules. */
export function requireValidEmail(raw: string): string {
  const email = normalizeEmail(raw);
  if (!isValidEmail(email)) throw new AppError('INVALID_EMAIL', 400, 'Please enter a valid email address.');
  return email;
}

function requireName(field: string, value: string): string {
  const name = cleanName(value);
  if (name === null) throw validationError(field, 'must be 1 to 100 characters');
  return name;
}

function requirePhone(value: string): string {
  const phone = cleanPhone(value);
  if (phone === null) throw validationError('phone', 'must be a phone number (digits, spaces, + ( ) - .), at most 32 characters');
  return phone;
}

function requireDayOfBirth(value: string, today: Date): { day: string; age: number } {
  // The contract's pattern already holds YYYY-MM-DD from 1900 on; what it cannot say (a day
  // that does not exist, a day to come) has its own code, so valid-looking input is never a
  // VALIDATION_ERROR.
  const parsed = parseDay(value);
  const age = parsed ? ageOn(parsed, today) : -1;
  if (!parsed || age < 0 || parsed.year < 1900) {
    throw new AppError('INVALID_DAY_OF_BIRTH', 400, 'dayOfBirth: must be a real date in the past, from 1900 on.');
  }
  return { day: value, age };
}

/** What a new account needs besides its e-mail and its way to log in. */
export interface SignupDetailsInput {
  firstName: string;
  lastName: string;
  phone?: string;
  dayOfBirth?: string;
  guardianConsent?: string;
  customTermsAccepted: string;
  communityId: string;
}

export interface SignupDetails {
  firstName: string;
  lastName: string;
  phone: string;
  dayOfBirth: string | null;
  guardianConsentAt: Date | null;
}

/**
 * The signup rules shared by `registerUser` and `oidcRegister`: names, phone, the terms, a
 * guardian's permission under 18 and an existing community. Pass the transaction when inside one.
 */
export async function checkSignupDetails(db: Kysely<Database>, input: SignupDetailsInput, today: Date): Promise<SignupDetails> {
  const firstName = requireName('firstName', input.firstName);
  const lastName = requireName('lastName', input.lastName);
  const phone = requirePhone(input.phone ?? '');
  if (input.customTermsAccepted !== 'true') {
    throw new AppError('TERMS_NOT_ACCEPTED', 400, 'You must agree to the terms to continue.');
  }
  let dayOfBirth: string | null = null;
  let guardianConsentAt: Date | null = null;
  if (input.dayOfBirth !== undefined && input.dayOfBirth !== '') {
    const { day, age } = requireDayOfBirth(input.dayOfBirth, today);
    dayOfBirth = day;
    if (age < ADULT_AGE) {
      if (input.guardianConsent !== 'true') {
        throw new AppError('UNDERAGE_WITHOUT_CONSENT', 400, `Users under ${ADULT_AGE} need permission from a parent or guardian.`);
      }
      guardianConsentAt = today;
    }
  }
  if (!input.communityId || !(await findOpenCommunity(db, input.communityId))) {
    throw new AppError('COMMUNITY_NOT_FOUND', 400, 'You must scan your community QR code to create an account.');
  }
  return { firstName, lastName, phone, dayOfBirth, guardianConsentAt };
}

/** What the account services (password accounts, Google/Apple sign-in) are built from. */
export interface AccountServiceDeps {
  db: Kysely<Database>;
  config: Config;
  sessions: SessionService;
  verification: VerificationService;
  rateLimiter: RateLimiter;
  now: () => Date;
  log: FastifyBaseLogger;
}

export function createAccountService(deps: AccountServiceDeps): AccountService {
  const { db, config, sessions, verification, rateLimiter, now, log } = deps;
  const limits = config.rateLimits;
  // Checked against when the e-mail is unknown, so a miss costs the same time as a wrong password.
  let dummyHash: Promise<string> | undefined;
  const getDummyHash = () => (dummyHash ??= hashPassword('not-a-password', config.scryptCost));

  async function currentUser(auth: AuthContext): Promise<UserRecord> {
    const user = await findUserById(db, auth.userId);
    if (!user) throw unauthorized();
    return user;
  }

  return {
    async register(input, language = 'en') {
      const email = requireValidEmail(input.email);
      const today = now();
      const details = await checkSignupDetails(db, input, today);
      if (await emailInUse(db, email)) {
        throw new AppError('EMAIL_TAKEN', 409, 'An account with this email already exists.');
      }
      const { firstName, lastName, phone, dayOfBirth, guardianConsentAt } = details;

      // Failures throw inside the transaction, so the password token survives a failed try.
      const outcome = await db.transaction().execute(async (trx) => {
        const token = await consumeOneTimeToken(trx, hashToken(input.passwordToken), 'register', today);
        const passwordHash = token?.payload.passwordHash;
        if (typeof passwordHash !== 'string') {
          throw new AppError('INVALID_TOKEN', 400, 'The password token is unknown, used or expired.');
        }
        const userId = await insertUser(trx, {
          community_id: input.communityId,
          email,
          first_name: firstName,
          last_name: lastName,
          phone,
          day_of_birth: dayOfBirth,
          guardian_consent_at: guardianConsentAt,
          custom_terms_accepted: true,
          password_hash: passwordHash,
        });
        if (userId === undefined) throw new AppError('EMAIL_TAKEN', 409, 'An account with this email already exists.');
        return { userId, tokens: await sessions.start(userId, trx) };
      });
      try {
        await verification.sendCode(outcome.userId, email, language);
      } catch (error) {
        // The account exists; the user can ask for a new code from the verify screen.
        log.error({ err: error, userId: outcome.userId }, 'could not send the verification mail');
      }
      return { ...outcome.tokens, userId: outcome.userId, isVerified: false, status: 'OK' };
    },

    async login(rawEmail, password, address) {
      const email = normalizeEmail(rawEmail);
      const policy = loginPolicy(email, address);
      // An address failing on many accounts is refused outright.
      await rateLimiter.assertAllowed(policy.address, limits.loginPerAddress);
      const pair = await rateLimiter.peek(policy.pair, limits.loginPerAccount);
      if (pair.count > 0) {
        // This address has been failing on this account: it backs off, and while the account
        // is over its limit it waits for the account's window to end.
        const account = await rateLimiter.peek(policy.account, limits.loginPerAccount);
        if (account.count >= limits.loginPerAccount.max && limits.loginPerAccount.max > 0) {
          throw rateLimited(secondsLeft(account.windowStart, limits.loginPerAccount.windowSeconds, now()));
        }
        const wait = backoffSeconds(pair.count, limits.loginPerAccount.windowSeconds);
        if (wait > 0) {
          const last = await rateLimiter.peek(policy.last, limits.loginPerAccount);
          const time = now();
          if (last.count > 0 && last.windowStart.getTime() + wait * 1000 > time.getTime()) {
            throw rateLimited(secondsLeft(last.windowStart, wait, time));
          }
        }
      }
      // An address that has not been failing on this account always has its password checked,
      // so nobody can lock a member out by typing their e-mail with wrong passwords (OWASP).
      const user = isValidEmail(email) ? await findUserByEmail(db, email) : undefined;
      // Unknown e-mails and accounts without a password (Google / Apple only) cost one scrypt too.
      const matches = user?.password_hash
        ? await verifyPassword(password, user.password_hash)
        : await verifyPassword(password, await getDummyHash()).then(() => false);
      if (!user || !matches) {
        await rateLimiter.recordFailure(policy.address, limits.loginPerAddress);
        await rateLimiter.recordFailure(policy.account, limits.loginPerAccount);
        await rateLimiter.recordFailure(policy.pair, limits.loginPerAccount);
        await rateLimiter.restart(policy.last, limits.loginPerAccount);
        throw new AppError(
          'INVALID_CREDENTIALS',
          401,
          'Login failed, please check your email and password and try again.',
        );
      }
      await rateLimiter.reset(policy.account);
      await rateLimiter.reset(policy.pair);
      await rateLimiter.reset(policy.last);
      const tokens = await sessions.start(user.id);
      return { ...tokens, userId: user.id, isVerified: user.is_verified, status: 'OK' };
    },

    async getUser(auth) {
      const user = await currentUser(auth);
      return toUser(user, await runsCommunity(db, user.id));
    },

    async updateUser(auth, input) {
      const user = await currentUser(auth);
      const changes: Parameters<typeof updateProfile>[2] = {
        first_name: requireName('firstName', input.firstName),
        last_name: requireName('lastName', input.lastName),
      };
      if (input.phone !== undefined) changes.phone = requirePhone(input.phone);
      if (input.dayOfBirth !== undefined && input.dayOfBirth !== '' && input.dayOfBirth !== user.day_of_birth) {
        const { day, age } = requireDayOfBirth(input.dayOfBirth, now());
        if (age < ADULT_AGE && user.guardian_consent_at === null) {
          throw new AppError(
            'UNDERAGE_WITHOUT_CONSENT',
            400,
            `Users under ${ADULT_AGE} need permission from a parent or guardian.`,
          );
        }
        changes.day_of_birth = day;
      }
      await updateProfile(db, auth.userId, changes);
      return toUser(await currentUser(auth), await runsCommunity(db, auth.userId));
    },

    async deleteUser(auth, passwordToken) {
      const user = await currentUser(auth);
      const needsConfirmation = Boolean(user.password_hash);
      if (needsConfirmation && !passwordToken) {
        throw new AppError('PASSWORD_CONFIRMATION_REQUIRED', 400, 'Please confirm your password to delete your account.');
      }
      await db.transaction().execute(async (trx) => {
        if (needsConfirmation) {
          const time = now();
          const token = await consumeOneTimeToken(trx, hashToken(passwordToken ?? ''), 'confirmPassword', time);
          // Throwing rolls back, so another user's token stays unused.
          if (!token || token.user_id !== auth.userId) {
            throw new AppError('INVALID_TOKEN', 400, 'The password confirmation is unknown, used or expired.');
          }
        }
        await anonymizeUser(trx, auth.userId, now());
      });
      return { status: 'OK' };
    },

    async emailExists(rawEmail, address) {
      await rateLimiter.consume(`emailExists:address:${address}`, limits.emailExistsPerAddress);
      const email = requireValidEmail(rawEmail);
      return { exists: await emailInUse(db, email) };
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    accounts: AccountService;
  }
}

export default fp(
  async (app) => {
    app.decorate(
      'accounts',
      createAccountService({
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
  { name: 'accounts', dependencies: ['db', 'core', 'sessions', 'verification', 'rateLimiter'] },
);
