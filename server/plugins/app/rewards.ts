import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Schema } from '../../api/types';
import {
  findRedeemableOption,
  findRedemptionOfMember,
  insertRedemption,
  lockFreeCode,
  nextRedemptionId,
  redemptionCount,
  redemptionPage,
} from '../../db/repositories/rewards';
import type { Database, LocalizedText } from '../../db/schema';
import { AppError, validationError } from '../../errors';
import { resolveText, type ContentLanguage } from '../../i18n/localized';
import type { LedgerService } from './ledger';
import type { AuthContext } from './sessions';

export interface RedeemRequest {
  /** The REDEEM promo (`pid`). */
  promoId: number;
  /** One of its options (`optId`). */
  optionId: number;
  /** Always 1 (one gift-card code per redemption). */
  amount?: number;
  idempotencyKey?: string;
}

export type GiftCard = Schema<'GiftCard'>;

/**
 * Rewards: redeeming pips for a gift-card code, and the member's gift cards. A redemption debits
 * the price and assigns exactly one unused code in one transaction; without a code nothing is
 * debited.
 */
export interface RewardService {
  redeem(auth: AuthContext, request: RedeemRequest): Promise<Schema<'RedeemResult'>>;
  giftCards(auth: AuthContext, page: number, size: number, language: ContentLanguage): Promise<Schema<'GiftCardPage'>>;
  transaction(auth: AuthContext, id: number, language: ContentLanguage): Promise<Schema<'Transaction'>>;
}

export const outOfStock = () => new AppError('OUT_OF_STOCK', 409, 'No code found, contact support.');
const noSuchReward = () => new AppError('NOT_FOUND', 404, 'No such reward.');
const noSuchTransaction = () => new AppError('NOT_FOUND', 404, 'No such transaction.');

/** What the member sees for a redemption: "<reward> · <option>". */
export const rewardName = (title: LocalizedText, label: LocalizedText, language: ContentLanguage) =>
  `${resolveText(title, language)} · ${resolveText(label, language)}`;

/** The ledger row's title: the reward name in both languages, so Activity can show either. */
const rewardTitle = (title: LocalizedText, label: LocalizedText): LocalizedText => ({
  en: rewardName(title, label, 'en'),
  es: rewardName(title, label, 'es'),
});

const giftCard = (
  row: { id: number; pips: number; created_at: Date; title: LocalizedText; label: LocalizedText; description: LocalizedText | null; image_url: string | null },
  language: ContentLanguage,
): GiftCard => ({
  transactionId: row.id,
  name: rewardName(row.title, row.label, language),
  description: resolveText(row.description, language),
  imageUrl: row.image_url,
  pips: row.pips,
  date: row.created_at.toISOString(),
});

export function createRewardService(deps: { db: Kysely<Database>; ledger: LedgerService; now: () => Date }): RewardService {
  const { db, ledger, now } = deps;

  return {
    async redeem(auth, request) {
      const { promoId, optionId, idempotencyKey } = request;
      if ((request.amount ?? 1) !== 1) throw validationError('amount', 'must be 1');
      return ledger.once(
        { userId: auth.userId, key: idempotencyKey, operation: 'redeem', fingerprint: `pid=${promoId};optId=${optionId}` },
        async (trx) => {
          const option = await findRedeemableOption(trx, auth.userId, promoId, optionId);
          if (!option) throw noSuchReward();

          // The ledger row names its redemption, and the redemption its ledger row: take the
          // redemption's id first.
          const id = await nextRedemptionId(trx);

          // Debit first: the conditional update locks the member's row, so the member's
          // redemptions run one at a time from here and an empty balance fails at once
          // (INSUFFICIENT_PIPS), before any gift-card code is locked.
          const posted = await ledger.post(trx, {
            userId: auth.userId,
            delta: -option.pips,
            kind: 'redeem',
            sourceId: id,
            title: rewardTitle(option.title, option.label),
            idempotencyKey: idempotencyKey ?? null,
          });

          // One free code; none: throwing rolls the debit back.
          const codeId = await lockFreeCode(trx, optionId);
          if (codeId === undefined) throw outOfStock();

          await insertRedemption(trx, {
            id,
            userId: auth.userId,
            promoId,
            optionId,
            pips: option.pips,
            ledgerEntryId: posted.entryId,
            codeId,
            createdAt: now(),
          });
          return { transactionId: id, availablePips: posted.availablePips };
        },
      );
    },

    async giftCards(auth, page, size, language) {
      const rows = await redemptionPage(db, auth.userId, size, (page - 1) * size);
      const total = await redemptionCount(db, auth.userId);
      return { giftcards: rows.map((row) => giftCard(row, language)), page, size, total };
    },

    async transaction(auth, id, language) {
      const row = await findRedemptionOfMember(db, auth.userId, id);
      if (!row) throw noSuchTransaction();
      return { ...giftCard(row, language), code: row.code, url: row.url, terms: resolveText(row.terms, language) };
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    rewards: RewardService;
  }
}

export default fp(
  async (app) => {
    app.decorate('rewards', createRewardService({ db: app.db, ledger: app.ledger, now: app.now }));
  },
  { name: 'rewards', dependencies: ['db', 'core', 'ledger'] },
);
