import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Schema } from '../../api/types';
import { redeem, refusalCode, type Caller } from '../../db/repositories/hot';
import { findRedemptionOfMember, redemptionCount, redemptionPage } from '../../db/repositories/rewards';
import type { Database, LocalizedText } from '../../db/schema';
import { AppError, validationError } from '../../errors';
import { resolveText, type ContentLanguage } from '../../i18n/localized';
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
  redeem(caller: Caller, request: RedeemRequest): Promise<Schema<'RedeemResult'>>;
  giftCards(auth: AuthContext, page: number, size: number, language: ContentLanguage): Promise<Schema<'GiftCardPage'>>;
  transaction(auth: AuthContext, id: number, language: ContentLanguage): Promise<Schema<'Transaction'>>;
}

export const outOfStock = () => new AppError('OUT_OF_STOCK', 409, 'No code found, contact support.');
export const limitReached = () => new AppError('REDEMPTION_LIMIT_REACHED', 409, 'You have redeemed this option as many times as its limit allows for now.');
const noSuchReward = () => new AppError('NOT_FOUND', 404, 'No such reward.');
const noSuchTransaction = () => new AppError('NOT_FOUND', 404, 'No such transaction.');

/** What the member sees for a redemption: "<reward> · <option>". */
export const rewardName = (title: LocalizedText, label: LocalizedText, language: ContentLanguage) =>
  `${resolveText(title, language)} · ${resolveText(label, language)}`;

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

export function createRewardService(deps: { db: Kysely<Database>; now: () => Date }): RewardService {
  const { db, now } = deps;

  return {
    // One statement (server/db/sql/pips_redeem.sql): the key, the debit, one free code and the
    // redemption, in one transaction; without a code nothing is debited.
    async redeem(caller, request) {
      const { promoId, optionId, idempotencyKey } = request;
      if ((request.amount ?? 1) !== 1) throw validationError('amount', 'must be 1');
      try {
        return await redeem(db, caller, promoId, optionId, idempotencyKey ?? null, now());
      } catch (error) {
        const code = refusalCode(error);
        if (code === 'NO_SUCH_REWARD') throw noSuchReward();
        if (code === 'OUT_OF_STOCK') throw outOfStock();
        if (code === 'REDEMPTION_LIMIT_REACHED') throw limitReached();
        throw error;
      }
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
    app.decorate('rewards', createRewardService({ db: app.db, now: app.now }));
  },
  { name: 'rewards', dependencies: ['db', 'core', 'ledger'] },
);
