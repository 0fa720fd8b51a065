import fp from 'fastify-plugin';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, EarnLimit } from '../../db/schema';
import { AppError } from '../../errors';
import { resolveText, type ContentLanguage } from '../../i18n/localized';
import { hashToken } from '../../security/tokens';
import type { LedgerService } from './ledger';
import type { AuthContext } from './sessions';

export interface PromoOption {
  optId: number;
  label: string;
  /** The price. */
  pips: number;
  inStock: boolean;
}

/** A promo as openapi.yaml's Promo: an earn action (EARN) or a reward (REDEEM). */
export interface Promo {
  id: number;
  type: 'EARN' | 'REDEEM';
  title: string;
  description: string | null;
  imageUrl: string | null;
  url: string | null;
  /** EARN: the pips earned; REDEEM: the cheapest option's price. */
  pips: number;
  questionnaireUrl?: string | null;
  redirectToInternalScreen?: string | null;
  limit?: EarnLimit;
  /** EARN: whether the member can earn it now; REDEEM: whether any option has a code left. */
  available: boolean;
  terms?: string | null;
  options: PromoOption[];
}

export interface EarnResult {
  pipsEarned: number;
  availablePips: number;
  url?: string;
}

export interface EarnQrResult {
  title: string;
  pipsEarned: number;
  availablePips: number;
}

/**
 * Earning: the promos of the member's community, external earn actions and earn QR codes.
 * Every credit goes through `ledger.once` + `ledger.post`; per-member limits are rows of
 * earn_claims (unique per user, source and period) written in the same transaction.
 */
export interface EarningService {
  promos(auth: AuthContext, type: 'EARN' | 'REDEEM', language: ContentLanguage): Promise<{ promos: Promo[] }>;
  earn(auth: AuthContext, pid: number, idempotencyKey?: string): Promise<EarnResult>;
  earnQr(auth: AuthContext, qrToken: string, language: ContentLanguage, idempotencyKey?: string): Promise<EarnQrResult>;
}

/** The longest earn QR code accepted (the operator's are 16+ url-safe characters). */
const MAX_CODE_LENGTH = 128;
const CODE_PATTERN = /^[A-Za-z0-9_-]+$/;

/** The UTC day of a time, 'YYYY-MM-DD': the period of a once-a-day limit. */
export const utcDay = (time: Date) => time.toISOString().slice(0, 10);

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

const notFound = () => new AppError('NOT_FOUND', 404, 'No such earn action.');
const earnedByForm = () => new AppError('NOT_FOUND', 404, 'This action is earned by submitting its form.');
const invalidToken = () => new AppError('INVALID_TOKEN', 400, 'The token is unknown, used or expired.');
const notAnEarnCode = () => new AppError('INVALID_TOKEN', 400, 'This is not an earn code.');
const limitReached = (limit: 'once' | 'daily') =>
  limit === 'daily'
    ? new AppError('ALREADY_EARNED_TODAY', 409, 'You already earned this today. Come back tomorrow.')
    : new AppError('ALREADY_EARNED', 409, 'You already earned this.');

/** A unique violation: a concurrent request took the same earn claim first. */
const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

export function createEarningService(deps: { db: Kysely<Database>; ledger: LedgerService; now: () => Date }): EarningService {
  const { db, ledger, now } = deps;

  /**
   * Takes the member's claim of a limited source inside the credit's transaction: a select first
   * (the usual refusal), and the unique key as the backstop when two requests race.
   */
  async function claim(
    trx: Transaction<Database>,
    row: { userId: number; kind: 'promo' | 'qr'; sourceId: number; period: string; limit: 'once' | 'daily' },
    ledgerEntryId: number,
  ) {
    const inserted = await trx
      .insertInto('earn_claims')
      .values({
        user_id: row.userId,
        kind: row.kind,
        source_id: row.sourceId,
        period: row.period,
        ledger_entry_id: ledgerEntryId,
        created_at: now(),
      })
      .onConflict((oc) => oc.columns(['user_id', 'kind', 'source_id', 'period']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) throw limitReached(row.limit);
  }

  async function alreadyClaimed(
    trx: Transaction<Database>,
    row: { userId: number; kind: 'promo' | 'qr'; sourceId: number; period: string },
  ) {
    const found = await trx
      .selectFrom('earn_claims')
      .select('id')
      .where('user_id', '=', row.userId)
      .where('kind', '=', row.kind)
      .where('source_id', '=', row.sourceId)
      .where('period', '=', row.period)
      .executeTakeFirst();
    return found !== undefined;
  }

  /** Runs a credit; a unique violation of earn_claims (a lost race) becomes the limit's code. */
  async function withLimit<T>(limit: () => 'once' | 'daily' | null, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      const current = limit();
      if (current && isUniqueViolation(error)) throw limitReached(current);
      throw error;
    }
  }

  async function earnPromos(auth: AuthContext, language: ContentLanguage): Promise<Promo[]> {
    const today = utcDay(now());
    const rows = await db
      .selectFrom('promos as p')
      .innerJoin('users as u', 'u.community_id', 'p.community_id')
      .where('u.id', '=', auth.userId)
      .where('p.type', '=', 'EARN')
      .where('p.active', '=', true)
      .select([
        'p.id',
        'p.title',
        'p.description',
        'p.image_url',
        'p.url',
        'p.pips',
        'p.earn_limit',
        'p.questionnaire_id',
        'p.redirect_to_internal_screen',
      ])
      .select((eb) =>
        eb
          .exists(
            eb
              .selectFrom('earn_claims as c')
              .select('c.id')
              .whereRef('c.source_id', '=', 'p.id')
              .where('c.user_id', '=', auth.userId)
              .where('c.kind', '=', 'promo')
              .where((w) =>
                w.or([
                  w.and([w('p.earn_limit', '=', 'once'), w('c.period', '=', 'once')]),
                  w.and([w('p.earn_limit', '=', 'daily'), w('c.period', '=', today)]),
                ]),
              ),
          )
          .as('claimed'),
      )
      // A questionnaire's promo is earned by answering it, which pays once.
      .select((eb) =>
        eb
          .exists(
            eb
              .selectFrom('questionnaire_answers as a')
              .select('a.id')
              .whereRef('a.questionnaire_id', '=', 'p.questionnaire_id')
              .where('a.user_id', '=', auth.userId),
          )
          .as('answered'),
      )
      .orderBy('p.id')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      type: 'EARN' as const,
      title: resolveText(row.title, language),
      description: resolveText(row.description, language),
      imageUrl: row.image_url,
      url: row.url,
      pips: row.pips,
      questionnaireUrl: row.questionnaire_id === null ? null : `/forms/${row.questionnaire_id}`,
      redirectToInternalScreen: row.redirect_to_internal_screen,
      limit: row.earn_limit,
      available: row.questionnaire_id === null ? row.earn_limit === 'unlimited' || !row.claimed : !row.answered,
      options: [],
    }));
  }

  async function redeemPromos(auth: AuthContext, language: ContentLanguage): Promise<Promo[]> {
    const rows = await db
      .selectFrom('promos as p')
      .innerJoin('users as u', 'u.community_id', 'p.community_id')
      .where('u.id', '=', auth.userId)
      .where('p.type', '=', 'REDEEM')
      .where('p.active', '=', true)
      .select(['p.id', 'p.title', 'p.description', 'p.terms', 'p.image_url', 'p.url'])
      .orderBy('p.id')
      .execute();
    if (rows.length === 0) return [];
    const options = await db
      .selectFrom('promo_options as o')
      .where(
        'o.promo_id',
        'in',
        rows.map((row) => row.id),
      )
      .select(['o.id', 'o.promo_id', 'o.label', 'o.pips'])
      .select((eb) =>
        eb
          .exists(
            eb
              .selectFrom('gift_card_codes as g')
              .select('g.id')
              .whereRef('g.option_id', '=', 'o.id')
              .where('g.redemption_id', 'is', null),
          )
          .as('in_stock'),
      )
      .orderBy('o.pips')
      .orderBy('o.id')
      .execute();
    const byPromo = new Map<number, PromoOption[]>();
    for (const option of options) {
      const list = byPromo.get(option.promo_id) ?? [];
      list.push({ optId: option.id, label: resolveText(option.label, language), pips: option.pips, inStock: Boolean(option.in_stock) });
      byPromo.set(option.promo_id, list);
    }
    return rows.map((row) => {
      const list = byPromo.get(row.id) ?? [];
      return {
        id: row.id,
        type: 'REDEEM' as const,
        title: resolveText(row.title, language),
        description: resolveText(row.description, language),
        imageUrl: row.image_url,
        url: row.url,
        terms: resolveText(row.terms, language),
        pips: list[0]?.pips ?? 0,
        available: list.some((option) => option.inStock),
        options: list,
      };
    });
  }

  return {
    async promos(auth, type, language) {
      return { promos: type === 'EARN' ? await earnPromos(auth, language) : await redeemPromos(auth, language) };
    },

    async earn(auth, pid, idempotencyKey) {
      const userId = auth.userId;
      let limit: 'once' | 'daily' | null = null;
      return withLimit(
        () => limit,
        () =>
          ledger.once({ userId, key: idempotencyKey, operation: 'earn', fingerprint: `pid=${pid}` }, async (trx) => {
            const promo = await trx
              .selectFrom('promos as p')
              .innerJoin('users as u', 'u.community_id', 'p.community_id')
              .where('u.id', '=', userId)
              .where('p.id', '=', pid)
              .where('p.type', '=', 'EARN')
              .where('p.active', '=', true)
              .select(['p.id', 'p.title', 'p.url', 'p.pips', 'p.earn_limit', 'p.questionnaire_id'])
              .executeTakeFirst();
            if (!promo) throw notFound();
            // A promo that leads to a questionnaire pays when the form is submitted, not here:
            // otherwise the member would be paid twice for one form.
            if (promo.questionnaire_id !== null) throw earnedByForm();
            limit = promo.earn_limit === 'unlimited' ? null : promo.earn_limit;
            const claimKey = limit && {
              userId,
              kind: 'promo' as const,
              sourceId: promo.id,
              period: limit === 'daily' ? utcDay(now()) : 'once',
              limit,
            };
            if (claimKey && (await alreadyClaimed(trx, claimKey))) throw limitReached(claimKey.limit);

            let availablePips: number;
            if (promo.pips > 0) {
              const posted = await ledger.post(trx, {
                userId,
                delta: promo.pips,
                kind: 'promo',
                sourceId: promo.id,
                title: promo.title,
                idempotencyKey: idempotencyKey ?? null,
              });
              availablePips = posted.availablePips;
              if (claimKey) await claim(trx, claimKey, posted.entryId);
            } else {
              // An action worth no pips (it only leads somewhere): nothing to credit or limit.
              const user = await trx.selectFrom('users').select('available_pips').where('id', '=', userId).executeTakeFirstOrThrow();
              availablePips = user.available_pips;
            }
            const result: EarnResult = { pipsEarned: promo.pips, availablePips };
            if (promo.url) result.url = promo.url;
            return result;
          }),
      );
    },

    async earnQr(auth, qrToken, language, idempotencyKey) {
      const userId = auth.userId;
      const tokenHash = hashToken(qrToken);
      // Resolve the token to its code first: the replay fingerprint is the code, not the token
      // (an offline replay tokenizes the same scan again and sends a new token under the same key).
      const token = await db
        .selectFrom('one_time_tokens')
        .select('payload')
        .where('token_hash', '=', tokenHash)
        .where('type', '=', 'qrParams')
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now())
        .executeTakeFirst();
      const qrParam = token?.payload.qrParam;
      if (!token || typeof qrParam !== 'string') throw invalidToken();
      const code = parseQrParam(qrParam);
      if (!code) throw notAnEarnCode();
      const qr = await db
        .selectFrom('earn_qr_codes as q')
        .innerJoin('users as u', 'u.community_id', 'q.community_id')
        .where('u.id', '=', userId)
        .where('q.code', '=', code)
        .select(['q.id', 'q.title', 'q.pips', 'q.earn_limit', 'q.valid_from', 'q.valid_until'])
        .executeTakeFirst();
      if (!qr) throw notAnEarnCode();

      /** Uses the token up; false when another request used it first. */
      const consume = async (executor: Kysely<Database>) => {
        const used = await executor
          .updateTable('one_time_tokens')
          .set({ used_at: now() })
          .where('token_hash', '=', tokenHash)
          .where('type', '=', 'qrParams')
          .where('user_id', '=', userId)
          .where('used_at', 'is', null)
          .where('expires_at', '>', now())
          .returning('token_hash')
          .executeTakeFirst();
        return used !== undefined;
      };

      let ran = false;
      const result = await withLimit(
        () => qr.earn_limit,
        () =>
          ledger.once({ userId, key: idempotencyKey, operation: 'earnQr', fingerprint: `qr=${qr.id}` }, async (trx) => {
            ran = true;
            if (!(await consume(trx))) throw invalidToken();
            const time = now();
            if (qr.valid_from && qr.valid_from.getTime() > time.getTime()) {
              throw new AppError('QR_CODE_NOT_YET_VALID', 400, 'This code is not valid yet.');
            }
            if (qr.valid_until && qr.valid_until.getTime() <= time.getTime()) {
              throw new AppError('QR_CODE_EXPIRED', 400, 'This code has expired.');
            }
            const claimKey = {
              userId,
              kind: 'qr' as const,
              sourceId: qr.id,
              period: qr.earn_limit === 'daily' ? utcDay(time) : 'once',
              limit: qr.earn_limit,
            };
            if (await alreadyClaimed(trx, claimKey)) throw limitReached(claimKey.limit);
            // The total cap: one conditional update, so concurrent scans cannot exceed it.
            const counted = await trx
              .updateTable('earn_qr_codes')
              .set({ claims_count: sql`claims_count + 1` })
              .where('id', '=', qr.id)
              .where((eb) => eb.or([eb('total_cap', 'is', null), eb('claims_count', '<', eb.ref('total_cap'))]))
              .returning('id')
              .executeTakeFirst();
            if (!counted) throw new AppError('QR_CODE_EXHAUSTED', 409, 'This code has been used up.');
            const posted = await ledger.post(trx, {
              userId,
              delta: qr.pips,
              kind: 'qr',
              sourceId: qr.id,
              title: qr.title,
              idempotencyKey: idempotencyKey ?? null,
            });
            await claim(trx, claimKey, posted.entryId);
            return { title: resolveText(qr.title, language), pipsEarned: qr.pips, availablePips: posted.availablePips };
          }),
      );
      // A replay answered from the key: the fresh token it came with is used up all the same.
      if (!ran && !(await consume(db))) throw invalidToken();
      return result;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    earning: EarningService;
  }
}

export default fp(
  async (app) => {
    app.decorate('earning', createEarningService({ db: app.db, ledger: app.ledger, now: app.now }));
  },
  { name: 'earning', dependencies: ['db', 'core', 'ledger'] },
);
