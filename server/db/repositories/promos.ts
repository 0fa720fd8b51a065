import type { Kysely, Transaction } from 'kysely';
import type { Database, EarnCompletion, EarnLimit, LocalizedText } from '../schema';

/**
 * Promos: the operator's earn actions (EARN) and rewards (REDEEM) of a community, as the operator
 * CLI writes and lists them, and as a member's promo list and earn call read them. Texts are
 * LocalizedText stored as jsonb (written as JSON text).
 */

type Db = Kysely<Database>;

const json = (value: unknown) => JSON.stringify(value);
const jsonOrNull = (value: LocalizedText | null | undefined) => (value === null || value === undefined ? null : json(value));

/** The app path of a questionnaire (Promo.questionnaireUrl). */
export const questionnairePath = (id: number) => `/forms/${id}`;

export interface EarnPromoInput {
  communityId: string;
  title: LocalizedText;
  description?: LocalizedText | null;
  imageUrl?: string | null;
  /** Opened in a new tab when the member earns. */
  url?: string | null;
  pips: number;
  limit?: EarnLimit;
  questionnaireId?: number | null;
  /** An app path such as '/trivia/individual'. */
  redirectToInternalScreen?: string | null;
  /** What completes it in the app (it then pays by itself; the earn call refuses it). */
  completedBy?: EarnCompletion | null;
}

/** Creates an EARN promo; returns its id (the `pid` of the earn call). */
export async function createEarnPromo(db: Db, input: EarnPromoInput): Promise<number> {
  const row = await db
    .insertInto('promos')
    .values({
      community_id: input.communityId,
      type: 'EARN',
      title: json(input.title),
      description: jsonOrNull(input.description),
      image_url: input.imageUrl ?? null,
      url: input.url ?? null,
      pips: input.pips,
      earn_limit: input.limit ?? 'once',
      questionnaire_id: input.questionnaireId ?? null,
      redirect_to_internal_screen: input.redirectToInternalScreen ?? null,
      completed_by: input.completedBy ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A promo's kind, community and title, or undefined. */
export async function findPromo(db: Db, id: number) {
  return db.selectFrom('promos').select(['id', 'community_id', 'type', 'title']).where('id', '=', id).executeTakeFirst();
}

export interface PromoSummary {
  id: number;
  type: 'EARN' | 'REDEEM';
  title: LocalizedText;
  description: LocalizedText | null;
  url: string | null;
  pips: number;
  limit: EarnLimit;
  questionnaireId: number | null;
  redirectToInternalScreen: string | null;
  completedBy: EarnCompletion | null;
  active: boolean;
  /** REDEEM: how many options, and the cheapest price (null without options). */
  options: number;
  cheapest: number | null;
  /** EARN: how many times members earned it. */
  earned: number;
}

/** The community's promos, oldest first. */
export async function listPromos(db: Db, communityId: string, type?: 'EARN' | 'REDEEM'): Promise<PromoSummary[]> {
  let query = db
    .selectFrom('promos')
    .select([
      'promos.id',
      'promos.type',
      'promos.title',
      'promos.description',
      'promos.url',
      'promos.pips',
      'promos.earn_limit',
      'promos.questionnaire_id',
      'promos.redirect_to_internal_screen',
      'promos.completed_by',
      'promos.active',
    ])
    .select((eb) => [
      eb.selectFrom('promo_options').whereRef('promo_options.promo_id', '=', 'promos.id').select(eb.fn.countAll<string>().as('n')).as('options'),
      eb.selectFrom('promo_options').whereRef('promo_options.promo_id', '=', 'promos.id').select(eb.fn.min<number>('pips').as('m')).as('cheapest'),
      eb
        .selectFrom('earn_claims')
        .whereRef('earn_claims.source_id', '=', 'promos.id')
        .where('earn_claims.kind', '=', 'promo')
        .select(eb.fn.countAll<string>().as('n'))
        .as('earned'),
    ])
    .where('promos.community_id', '=', communityId);
  if (type) query = query.where('promos.type', '=', type);
  const rows = await query.orderBy('promos.id').execute();
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    title: row.title,
    description: row.description,
    url: row.url,
    pips: row.pips,
    limit: row.earn_limit,
    questionnaireId: row.questionnaire_id,
    redirectToInternalScreen: row.redirect_to_internal_screen,
    completedBy: row.completed_by,
    active: row.active,
    options: Number(row.options ?? 0),
    cheapest: row.cheapest === null || row.cheapest === undefined ? null : Number(row.cheapest),
    earned: Number(row.earned ?? 0),
  }));
}

// ---- What a member sees and earns ----------------------------------------------------------

/**
 * The active EARN promos of the member's community, each with whether the member already claimed
 * it in its current period (`today` is the UTC day of a daily limit) and, for a questionnaire's
 * promo, whether the member answered the questionnaire.
 */
export async function earnPromosOfMember(db: Db, userId: number, today: string) {
  return db
    .selectFrom('promos as p')
    .innerJoin('users as u', 'u.community_id', 'p.community_id')
    .where('u.id', '=', userId)
    .where('p.type', '=', 'EARN')
    .where('p.active', '=', true)
    .select([
      'p.id',
      'p.title',
      'p.description',
      'p.image_url',
      'p.image_width',
      'p.image_height',
      'p.url',
      'p.pips',
      'p.earn_limit',
      'p.questionnaire_id',
      'p.redirect_to_internal_screen',
      'p.completed_by',
    ])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('earn_claims as c')
            .select('c.id')
            .whereRef('c.source_id', '=', 'p.id')
            .where('c.user_id', '=', userId)
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
            .where('a.user_id', '=', userId),
        )
        .as('answered'),
    )
    .orderBy('p.id')
    .execute();
}

/** The active REDEEM promos of the member's community. */
export async function redeemPromosOfMember(db: Db, userId: number) {
  return db
    .selectFrom('promos as p')
    .innerJoin('users as u', 'u.community_id', 'p.community_id')
    .where('u.id', '=', userId)
    .where('p.type', '=', 'REDEEM')
    .where('p.active', '=', true)
    .select(['p.id', 'p.title', 'p.description', 'p.terms', 'p.image_url', 'p.image_width', 'p.image_height', 'p.url'])
    .orderBy('p.id')
    .execute();
}

/** The options of some rewards with whether a free gift-card code is left, cheapest first. */
export async function optionsOfPromos(db: Db, promoIds: number[]) {
  if (promoIds.length === 0) return [];
  return db
    .selectFrom('promo_options as o')
    .where('o.promo_id', 'in', promoIds)
    .select(['o.id', 'o.promo_id', 'o.label', 'o.pips', 'o.limit_count', 'o.limit_period'])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('gift_card_codes as g')
            .select('g.id')
            .whereRef('g.option_id', '=', 'o.id')
            .where('g.redemption_id', 'is', null)
            .where('g.duplicate', '=', false),
        )
        .as('in_stock'),
    )
    .orderBy('o.pips')
    .orderBy('o.id')
    .execute();
}

/** An active EARN promo of the member's community, or undefined. */
export async function findEarnPromoOfMember(trx: Transaction<Database>, userId: number, promoId: number) {
  return trx
    .selectFrom('promos as p')
    .innerJoin('users as u', 'u.community_id', 'p.community_id')
    .where('u.id', '=', userId)
    .where('p.id', '=', promoId)
    .where('p.type', '=', 'EARN')
    .where('p.active', '=', true)
    .select(['p.id', 'p.title', 'p.url', 'p.pips', 'p.earn_limit', 'p.questionnaire_id', 'p.completed_by'])
    .executeTakeFirst();
}

/** The member's community's active earn actions completed by one of these in-app events, oldest first. */
export async function earnActionsCompletedBy(trx: Transaction<Database>, userId: number, events: readonly EarnCompletion[]) {
  if (events.length === 0) return [];
  return trx
    .selectFrom('promos as p')
    .innerJoin('users as u', 'u.community_id', 'p.community_id')
    .where('u.id', '=', userId)
    .where('p.type', '=', 'EARN')
    .where('p.active', '=', true)
    .where('p.completed_by', 'in', events)
    .select(['p.id', 'p.title', 'p.pips', 'p.earn_limit'])
    .orderBy('p.id')
    .execute();
}
