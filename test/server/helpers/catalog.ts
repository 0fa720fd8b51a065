import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, EarnLimit, LocalizedText } from '../../../server/db/schema';
import type { Harness, RegisterOptions, TestUser } from './harness';

/**
 * Test data for the ledger suites: promos, rewards, gift-card codes, earn QR codes and
 * questionnaires inserted straight into the database (the operator CLI's job in production).
 * Every helper takes the Kysely handle (`h.db`) and defaults to the harness's demo community.
 */

type Db = Kysely<Database>;

const json = (value: unknown) => JSON.stringify(value);

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
  active?: boolean;
}

/** An EARN promo; returns its id (the `pid` of the earn call). */
export async function createEarnPromo(db: Db, input: EarnPromoInput): Promise<number> {
  const row = await db
    .insertInto('promos')
    .values({
      community_id: input.communityId,
      type: 'EARN',
      title: json(input.title ?? 'Follow us'),
      description: input.description === undefined || input.description === null ? null : json(input.description),
      image_url: input.imageUrl ?? null,
      url: input.url ?? null,
      pips: input.pips ?? 5,
      earn_limit: input.limit ?? 'once',
      questionnaire_id: input.questionnaireId ?? null,
      redirect_to_internal_screen: input.redirectToInternalScreen ?? null,
      active: input.active ?? true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface RedeemOptionInput {
  label?: LocalizedText;
  /** The price in pips. */
  pips: number;
  /** Gift-card codes to load for this option (none by default: out of stock). */
  codes?: string[];
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

export interface RedeemPromo {
  /** The promo id (`pid` of the redeem call). */
  id: number;
  /** The option ids (`optId`), in the order given. */
  optionIds: number[];
}

/** A REDEEM promo (a reward) with its options and their gift-card codes. */
export async function createRedeemPromo(db: Db, input: RedeemPromoInput): Promise<RedeemPromo> {
  const promo = await db
    .insertInto('promos')
    .values({
      community_id: input.communityId,
      type: 'REDEEM',
      title: json(input.title ?? 'Coffee card'),
      description: input.description === undefined || input.description === null ? null : json(input.description),
      terms: input.terms === undefined || input.terms === null ? null : json(input.terms),
      image_url: input.imageUrl ?? null,
      url: input.url ?? null,
      pips: 0,
      active: input.active ?? true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const optionIds: number[] = [];
  for (const [index, option] of input.options.entries()) {
    const row = await db
      .insertInto('promo_options')
      .values({ promo_id: promo.id, label: json(option.label ?? `Option ${index + 1}`), pips: option.pips })
      .returning('id')
      .executeTakeFirstOrThrow();
    optionIds.push(row.id);
    if (option.codes && option.codes.length > 0) await addGiftCardCodes(db, row.id, option.codes);
  }
  return { id: promo.id, optionIds };
}

/** Loads gift-card codes into an option's inventory. */
export async function addGiftCardCodes(db: Db, optionId: number, codes: string[]): Promise<void> {
  if (codes.length === 0) return;
  await db
    .insertInto('gift_card_codes')
    .values(codes.map((code) => ({ option_id: optionId, code })))
    .execute();
}

/** `count` distinct gift-card codes with a prefix (e.g. `giftCodes(3, 'AMZ')` → AMZ-1-…). */
export const giftCodes = (count: number, prefix = 'CODE') =>
  Array.from({ length: count }, (_, i) => `${prefix}-${i + 1}-${randomBytes(4).toString('hex')}`);

export interface EarnQrCodeInput {
  communityId: string;
  /** Default: 20 random url-safe characters. */
  code?: string;
  title?: LocalizedText;
  pips?: number;
  limit?: 'once' | 'daily';
  validFrom?: Date | null;
  validUntil?: Date | null;
  totalCap?: number | null;
}

export interface EarnQrCode {
  id: number;
  /** What the printed QR encodes after `?qr=`. */
  code: string;
}

/** An earn QR code. */
export async function createEarnQrCode(db: Db, input: EarnQrCodeInput): Promise<EarnQrCode> {
  const code = input.code ?? randomBytes(15).toString('base64url');
  const row = await db
    .insertInto('earn_qr_codes')
    .values({
      community_id: input.communityId,
      code,
      title: json(input.title ?? 'Welcome desk'),
      pips: input.pips ?? 10,
      earn_limit: input.limit ?? 'once',
      valid_from: input.validFrom ?? null,
      valid_until: input.validUntil ?? null,
      total_cap: input.totalCap ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, code };
}

export interface QuestionnaireInput {
  communityId: string;
  /** The QuestionnairePayload (texts may be LocalizedText). Default: one optional text part. */
  payload?: unknown;
  pips?: number;
  active?: boolean;
}

/** A questionnaire; returns its id. */
export async function createQuestionnaire(db: Db, input: QuestionnaireInput): Promise<number> {
  const payload = input.payload ?? {
    title: 'Quick survey',
    steps: [{ parts: [{ id: 'comment', type: 'text', label: 'Anything to add?' }] }],
  };
  const row = await db
    .insertInto('questionnaires')
    .values({
      community_id: input.communityId,
      payload: json(payload),
      pips: input.pips ?? 0,
      active: input.active ?? true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
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
