import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Schema } from '../../api/types';
import { earnQr, refusalCode, sessionUser, type Caller } from '../../db/repositories/hot';
import { findUserToken } from '../../db/repositories/oneTimeTokens';
import type { Database } from '../../db/schema';
import { limitReached } from '../../earning/limits';
import { AppError } from '../../errors';
import type { ContentLanguage } from '../../i18n/localized';
import { hashToken } from '../../security/tokens';

/**
 * Earn QR codes (`earnQr`, query qrToken): the scanned code travels as a qrParams token; the
 * credit goes through `ledger.once` + `ledger.post` within the code's validity window, total cap
 * and per-member limit.
 */
export interface EarnQrService {
  earn(caller: Caller, qrToken: string, language: ContentLanguage, idempotencyKey?: string): Promise<Schema<'EarnQrResult'>>;
}

/** The longest earn QR code accepted (the operator's are 16+ url-safe characters). */
const MAX_CODE_LENGTH = 128;
const CODE_PATTERN = /^[A-Za-z0-9_-]+$/;

/**
 * The earn QR code in a scanned text: the printed URL `<PUBLIC_URL>/earn?qr=<code>` (any host,
 * or a relative `/earn?qr=`), or the bare code. Undefined when the text holds no plausible code.
 */
export function parseQrParam(qrParam: string): string | undefined {
  const text = qrParam.trim();
  if (text.length === 0 || text.length > 2048) return undefined;
  let code: string | null = text;
  if (!CODE_PATTERN.test(text)) {
    try {
      code = new URL(text, 'http://qr.invalid').searchParams.get('qr');
    } catch {
      return undefined;
    }
    code = code?.trim() ?? null;
  }
  if (!code || code.length > MAX_CODE_LENGTH || !CODE_PATTERN.test(code)) return undefined;
  return code;
}

const invalidToken = () => new AppError('INVALID_TOKEN', 400, 'The token is unknown, used or expired.');
const notAnEarnCode = () => new AppError('INVALID_TOKEN', 400, 'This is not an earn code.');

const refusals: Record<string, () => AppError> = {
  INVALID_TOKEN: invalidToken,
  NOT_AN_EARN_CODE: notAnEarnCode,
  QR_CODE_NOT_YET_VALID: () => new AppError('QR_CODE_NOT_YET_VALID', 400, 'This code is not valid yet.'),
  QR_CODE_EXPIRED: () => new AppError('QR_CODE_EXPIRED', 400, 'This code has expired.'),
  QR_CODE_EXHAUSTED: () => new AppError('QR_CODE_EXHAUSTED', 409, 'This code has been used up.'),
  LIMIT_once: () => limitReached('once'),
  LIMIT_daily: () => limitReached('daily'),
};

export function createEarnQrService(deps: { db: Kysely<Database>; now: () => Date }): EarnQrService {
  const { db, now } = deps;
  return {
    // One statement (server/db/sql/pips_earn_qr.sql): the token, the code, the key, the validity
    // window, the member's limit, the total cap and the credit, in one transaction.
    async earn(caller, qrToken, language, idempotencyKey) {
      const tokenHash = hashToken(qrToken);
      const attempt = (code: string | null) => earnQr(db, caller, tokenHash, code, idempotencyKey ?? null, now(), language);
      try {
        try {
          return await attempt(null);
        } catch (error) {
          if (refusalCode(error) !== 'PARSE_QR') throw error;
          // A token issued before its payload carried the parsed code: parse it here.
          const userId = 'userId' in caller ? caller.userId : await sessionUser(db, caller.authTokenHash, now());
          const token = await findUserToken(db, tokenHash, 'qrParams', userId);
          const qrParam = token?.payload.qrParam;
          return await attempt(typeof qrParam === 'string' ? (parseQrParam(qrParam) ?? '') : '');
        }
      } catch (error) {
        const refused = refusals[refusalCode(error) ?? ''];
        throw refused ? refused() : error;
      }
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    earnQr: EarnQrService;
  }
}

export default fp(
  async (app) => {
    app.decorate('earnQr', createEarnQrService({ db: app.db, now: app.now }));
  },
  { name: 'earnQr', dependencies: ['db', 'core', 'ledger'] },
);
