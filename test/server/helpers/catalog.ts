import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import * as earnQrCodes from '../../../server/db/repositories/earnQrCodes';
import * as promos from '../../../server/db/repositories/promos';
import * as questionnaires from '../../../server/db/repositories/questionnaires';
import * as rewards from '../../../server/db/repositories/rewards';
import type { Database, EarnCompletion, EarnLimit, LocalizedText } from '../../../server/db/schema';
import type { Harness, RegisterOptions, TestUser } from './harness';

/**
 * Test data for the ledger suites: promos, rewards, gift-card codes, earn QR codes and
 * questionnaires, made with the operator's repository (server/db/repositories/: promos, rewards, earnQrCodes, questionnaires) and
 * defaults for what a test does not care about. Every helper takes the Kysely handle (`h.db`).
 */

type Db = Kysely<Database>;

/** Takes a promo or questionnaire off the offer (the operator's CLI has no such command yet). */
async function deactivate(db: Db, table: 'promos' | 'questionnaires', id: number): Promise<void> {
  await db.updateTable(table).set({ active: false }).where('id', '=', id).execute();
}

export interface EarnPromoInput {
  communityId: string;
  title?: LocalizedText;
  description?: LocalizedText | null;
  imageUrl?: string | null;
  url?: string | null;
  pips?: number;
  limit?: EarnLimit;
  questionnaireId?: number | null;
  redirectToInternalScreen?: string | null;
  completedBy?: EarnCompletion | null;
  active?: boolean;
}

/** An EARN promo; returns its id (the `pid` of the earn call). */
export async function createEarnPromo(db: Db, { active = true, ...input }: EarnPromoInput): Promise<number> {
  const id = await promos.createEarnPromo(db, { ...input, title: input.title ?? 'Follow us', pips: input.pips ?? 5 });
  if (!active) await deactivate(db, 'promos', id);
  return id;
}

export interface RedeemOptionInput {
  label?: LocalizedText;
  /** The price in pips. */
  pips: number;
  /** Gift-card codes to load for this option (none by default: out of stock). */
  codes?: string[];
  /** A per-member redemption limit (none by default). */
  limit?: rewards.RedemptionLimit | null;
}

export interface RedeemPromoInput {
  communityId: string;
  title?: LocalizedText;
  description?: LocalizedText | null;
  terms?: LocalizedText | null;
  imageUrl?: string | null;
  url?: string | null;
  active?: boolean;
  options: RedeemOptionInput[];
}

export type RedeemPromo = rewards.CreatedReward;

/** A REDEEM promo (a reward) with its options and their gift-card codes. */
export async function createRedeemPromo(db: Db, { active = true, options, ...input }: RedeemPromoInput): Promise<RedeemPromo> {
  const reward = await rewards.createReward(db, {
    ...input,
    title: input.title ?? 'Coffee card',
    options: options.map((option, index) => ({ label: option.label ?? `Option ${index + 1}`, pips: option.pips, limit: option.limit ?? null })),
  });
  for (const [index, option] of options.entries()) await addGiftCardCodes(db, reward.optionIds[index], option.codes ?? []);
  if (!active) await deactivate(db, 'promos', reward.id);
  return reward;
}

/** Loads gift-card codes into an option's inventory. */
export async function addGiftCardCodes(db: Db, optionId: number, codes: string[]): Promise<void> {
  if (codes.length > 0) await rewards.importGiftCardCodes(db, optionId, codes);
}

/** `count` distinct gift-card codes with a prefix (e.g. `giftCodes(3, 'AMZ')` → AMZ-1-…). */
export const giftCodes = (count: number, prefix = 'CODE') =>
  Array.from({ length: count }, (_, i) => `${prefix}-${i + 1}-${randomBytes(4).toString('hex')}`);

export type EarnQrCodeInput = Partial<earnQrCodes.EarnQrCodeInput> & { communityId: string };
export type EarnQrCode = earnQrCodes.CreatedEarnQrCode;

/** An earn QR code. */
export function createEarnQrCode(db: Db, input: EarnQrCodeInput): Promise<EarnQrCode> {
  return earnQrCodes.createEarnQrCode(db, { ...input, title: input.title ?? 'Welcome desk', pips: input.pips ?? 10 });
}

export interface QuestionnaireInput {
  communityId: string;
  /** The QuestionnairePayload (texts may be LocalizedText). Default: one optional text part. */
  payload?: unknown;
  pips?: number;
  active?: boolean;
}

/** A questionnaire; returns its id. */
export async function createQuestionnaire(db: Db, { active = true, ...input }: QuestionnaireInput): Promise<number> {
  const payload = input.payload ?? {
    title: 'Quick survey',
    steps: [{ parts: [{ id: 'comment', type: 'text', label: 'Anything to add?' }] }],
  };
  const id = await questionnaires.createQuestionnaire(db, { communityId: input.communityId, payload, pips: input.pips ?? 0 });
  if (!active) await deactivate(db, 'questionnaires', id);
  return id;
}

/** A registered, verified member of the demo community (or of `options.communityId`). */
export function verifiedMember(h: Harness, options: RegisterOptions = {}): Promise<TestUser> {
  return h.registerVerified(options);
}

/**
 * Credits a member through the ledger (an operator adjustment), so balances and ledger agree;
 * returns the new available balance.
 */
export async function givePips(h: Harness, userId: number, pips: number, reason = 'Test credit'): Promise<number> {
  const posted = await h.db.transaction().execute((trx) =>
    h.app.ledger.post(trx, { userId, delta: pips, kind: 'adjustment', sourceId: null, title: reason, reason }),
  );
  return posted.availablePips;
}
