import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Schema } from '../../api/types';
import { countEarnQrClaim, findEarnQrCodeOfMember } from '../../db/repositories/earnQrCodes';
import { findStoredAnswer } from '../../db/repositories/ledger';
import { consumeUserToken, findLiveUserToken, findUserToken } from '../../db/repositories/oneTimeTokens';
import type { Database } from '../../db/schema';
import { claimFor, refuseIfClaimed, takeClaim, withLimit } from '../../earning/limits';
import { AppError } from '../../errors';
import { resolveText, type ContentLanguage } from '../../i18n/localized';
import { hashToken } from '../../security/tokens';
import type { LedgerService } from './ledger';
import type { AuthContext } from './sessions';

/**
 * Earn QR codes (`earnQr`, query qrToken): the scanned code travels as a qrParams token; the
 * credit goes through `ledger.once` + `ledger.post` within the code's validity window, total cap
 * and per-member limit.
 */
export interface EarnQrService {
  earn(auth: AuthContext, qrToken: string, language: ContentLanguage, idempotencyKey?: string): Promise<Schema<'EarnQrResult'>>;
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

export function createEarnQrService(deps: { db: Kysely<Database>; ledger: LedgerService; now: () => Date }): EarnQrService {
  const { db, ledger, now } = deps;
  const replayOf = async (userId: number, tokenHash: string, key: string): Promise<Schema<'EarnQrResult'> | undefined> => {
    const used = await findUserToken(db, tokenHash, 'qrParams', userId);
    const code = typeof used?.payload.qrParam === 'string' ? parseQrParam(used.payload.qrParam) : undefined;
    const qr = code ? await findEarnQrCodeOfMember(db, userId, code) : undefined;
    if (!qr) return undefined;
    return (await findStoredAnswer(db, userId, key, 'earnQr', `qr=${qr.id}`)) as Schema<'EarnQrResult'> | undefined;
  };
  return {
    async earn(auth, qrToken, language, idempotencyKey) {
      const userId = auth.userId;
      const tokenHash = hashToken(qrToken);
      // Resolve the token to its code first: the replay fingerprint is the code, not the token
      // (an offline replay tokenizes the same scan again and sends a new token under the same key).
      const token = await findLiveUserToken(db, tokenHash, 'qrParams', userId, now());
      if (!token && idempotencyKey !== undefined) {
        // An exact replay (same used token, same key, e.g. a retry after a lost response):
        // the first answer, when the key holds one for the same code.
        const replayed = await replayOf(userId, tokenHash, idempotencyKey);
        if (replayed !== undefined) return replayed;
      }
      const qrParam = token?.payload.qrParam;
      if (!token || typeof qrParam !== 'string') throw invalidToken();
      const code = parseQrParam(qrParam);
      if (!code) throw notAnEarnCode();
      const qr = await findEarnQrCodeOfMember(db, userId, code);
      if (!qr) throw notAnEarnCode();

      let ran = false;
      const result = await withLimit(
        () => qr.earn_limit,
        () =>
          ledger.once({ userId, key: idempotencyKey, operation: 'earnQr', fingerprint: `qr=${qr.id}` }, async (trx) => {
            ran = true;
            if (!(await consumeUserToken(trx, tokenHash, 'qrParams', userId, now()))) throw invalidToken();
            const time = now();
            if (qr.valid_from && qr.valid_from.getTime() > time.getTime()) {
              throw new AppError('QR_CODE_NOT_YET_VALID', 400, 'This code is not valid yet.');
            }
            if (qr.valid_until && qr.valid_until.getTime() <= time.getTime()) {
              throw new AppError('QR_CODE_EXPIRED', 400, 'This code has expired.');
            }
            const claim = claimFor(userId, 'qr', qr.id, qr.earn_limit, time);
            await refuseIfClaimed(trx, claim);
            // The total cap: one conditional update, so concurrent scans cannot exceed it.
            if (!(await countEarnQrClaim(trx, qr.id))) throw new AppError('QR_CODE_EXHAUSTED', 409, 'This code has been used up.');
            const posted = await ledger.post(trx, {
              userId,
              delta: qr.pips,
              kind: 'qr',
              sourceId: qr.id,
              title: qr.title,
              idempotencyKey: idempotencyKey ?? null,
            });
            await takeClaim(trx, claim, posted.entryId, time);
            return { title: resolveText(qr.title, language), pipsEarned: qr.pips, availablePips: posted.availablePips };
          }),
      );
      // A replay answered from the key: the fresh token it came with is used up all the same.
      if (!ran && !(await consumeUserToken(db, tokenHash, 'qrParams', userId, now()))) throw invalidToken();
      return result;
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
    app.decorate('earnQr', createEarnQrService({ db: app.db, ledger: app.ledger, now: app.now }));
  },
  { name: 'earnQr', dependencies: ['db', 'core', 'ledger'] },
);
