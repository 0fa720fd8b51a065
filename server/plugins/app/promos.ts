import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Schema } from '../../api/types';
import { earnPromosOfMember, optionsOfPromos, questionnairePath, redeemPromosOfMember } from '../../db/repositories/promos';
import { promosOf, type JsonText, type WithSession } from '../../db/repositories/hot';
import { limitOf, limitsLeftOf } from '../../db/repositories/rewards';
import type { Database } from '../../db/schema';
import { utcDay } from '../../earning/limits';
import { resolveText, type ContentLanguage } from '../../i18n/localized';
import type { AuthContext } from './sessions';

export type Promo = Schema<'Promo'>;
export type PromoOption = Schema<'PromoOption'>;

/** The promos of the member's community: earn actions (EARN) or rewards (REDEEM), in the member's language. */
export interface PromoService {
  list(auth: AuthContext, type: Schema<'PromoType'>, language: ContentLanguage): Promise<Schema<'PromoList'>>;
  /** `list` with the session of an auth token, in one statement (for `app.verifiedWith`). */
  listByToken(tokenHash: string, type: Schema<'PromoType'>, language: ContentLanguage): Promise<WithSession<Schema<'PromoList'>>>;
  /** The EARN promos, with whether the member can earn each now. */
  earnPromos(auth: AuthContext, language: ContentLanguage): Promise<Promo[]>;
}

/** How a limited option shows in the catalog's JSON text (`pips_rewards` writes `"limit" : {`; inside a string it would read `\"limit\"`). */
const LIMITED = /"limit" ?: ?\{/;

export function createPromoService(deps: { db: Kysely<Database>; now: () => Date }): PromoService {
  const { db, now } = deps;

  async function earnPromos(auth: AuthContext, language: ContentLanguage): Promise<Promo[]> {
    const rows = await earnPromosOfMember(db, auth.userId, utcDay(now()));
    return rows.map((row) => ({
      id: row.id,
      type: 'EARN' as const,
      title: resolveText(row.title, language),
      description: resolveText(row.description, language),
      imageUrl: row.image_url,
      imageWidth: row.image_width,
      imageHeight: row.image_height,
      url: row.url,
      pips: row.pips,
      questionnaireUrl: row.questionnaire_id === null ? null : questionnairePath(row.questionnaire_id),
      redirectToInternalScreen: row.redirect_to_internal_screen,
      completedBy: row.completed_by,
      limit: row.earn_limit,
      available: row.questionnaire_id === null ? row.earn_limit === 'unlimited' || !row.claimed : !row.answered,
      options: [],
    }));
  }

  async function redeemPromos(auth: AuthContext, language: ContentLanguage): Promise<Promo[]> {
    const rows = await redeemPromosOfMember(db, auth.userId);
    const options = await optionsOfPromos(
      db,
      rows.map((row) => row.id),
    );
    const byPromo = new Map<number, PromoOption[]>();
    for (const option of options) {
      const list = byPromo.get(option.promo_id) ?? [];
      list.push({ optId: option.id, label: resolveText(option.label, language), pips: option.pips, inStock: Boolean(option.in_stock), limit: limitOf(option) });
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
        imageWidth: row.image_width,
        imageHeight: row.image_height,
        url: row.url,
        terms: resolveText(row.terms, language),
        pips: list[0]?.pips ?? 0,
        available: list.some((option) => option.inStock),
        options: list,
      };
    });
  }

  return {
    async listByToken(tokenHash, type, language) {
      const at = now();
      const answer = await promosOf<Schema<'PromoList'>>(db, tokenHash, type, utcDay(at), language);
      // The catalog is the community's (shared, cached); what the member has left of its limited
      // options is the member's own: read only when the catalog has a limit, and added to its text.
      if (type !== 'REDEEM' || !answer?.data || !LIMITED.test(answer.data)) return answer;
      const left = await limitsLeftOf(db, answer.session.userId, at);
      return { ...answer, data: `${answer.data.slice(0, -1)},"limitsLeft":${JSON.stringify(left)}}` as JsonText<Schema<'PromoList'>> };
    },
    async list(auth, type, language) {
      if (type === 'EARN') return { promos: await earnPromos(auth, language) };
      const promos = await redeemPromos(auth, language);
      const limited = promos.some((promo) => promo.options?.some((option) => option.limit));
      return limited ? { promos, limitsLeft: await limitsLeftOf(db, auth.userId, now()) } : { promos };
    },
    earnPromos,
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    promos: PromoService;
  }
}

export default fp(
  async (app) => {
    app.decorate('promos', createPromoService({ db: app.db, now: app.now }));
  },
  { name: 'promos', dependencies: ['db', 'core'] },
);
