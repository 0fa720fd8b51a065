import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Schema } from '../../api/types';
import { ledgerCount, ledgerPage } from '../../db/repositories/ledger';
import { activityOf, dashboardOf, type JsonText, type WithSession } from '../../db/repositories/hot';
import { findBalances } from '../../db/repositories/users';
import type { Database } from '../../db/schema';
import { unauthorized } from '../../errors';
import { resolveText, type ContentLanguage } from '../../i18n/localized';
import type { PromoService } from './promos';
import type { AuthContext } from './sessions';

/** The home screen summary and the Activity list, both read from the ledger's tables. */
export interface DashboardService {
  get(auth: AuthContext, language: ContentLanguage): Promise<Schema<'Dashboard'>>;
  /** The member's ledger rows, newest first. */
  activity(auth: AuthContext, page: number, size: number, language: ContentLanguage): Promise<Schema<'ActivityPage'>>;
  /** `get` with the session of an auth token, in one statement (for `app.verifiedWith`). */
  getByToken(tokenHash: string, language: ContentLanguage): Promise<WithSession<Schema<'Dashboard'>>>;
  /** `activity` with the session of an auth token, in one statement. */
  activityByToken(tokenHash: string, page: number, size: number, language: ContentLanguage): Promise<WithSession<Schema<'ActivityPage'>>>;
}

export function createDashboardService(deps: { db: Kysely<Database>; promos: PromoService }): DashboardService {
  const { db, promos } = deps;
  return {
    getByToken: (tokenHash, language) => dashboardOf(db, tokenHash, language),

    async activityByToken(tokenHash, page, size, language) {
      const found = await activityOf<Omit<Schema<'ActivityPage'>, 'page' | 'size'>>(db, tokenHash, language, size, (page - 1) * size);
      if (!found) return null;
      if (found.data === undefined) return { session: found.session };
      // The page and size asked for, written into the function's object: {"actions":…} → {"page":1,"size":20,"actions":…}.
      if (!found.data.startsWith('{"')) throw new Error('pips_activity answered no object');
      return { session: found.session, data: `{"page":${page},"size":${size},${found.data.slice(1)}` as JsonText<Schema<'ActivityPage'>> };
    },

    async get(auth, language) {
      const row = await findBalances(db, auth.userId);
      if (!row) throw unauthorized();
      const earnPromos = await promos.earnPromos(auth, language);
      return {
        availablePips: row.available_pips,
        totalEarnedPips: row.total_earned_pips,
        totalUsedPips: row.total_used_pips,
        actions: earnPromos.map((promo) => ({
          id: promo.id,
          eid: promo.id,
          title: promo.title,
          description: promo.description,
          pipsToEarn: promo.pips,
          questionnaireUrl: promo.questionnaireUrl ?? null,
          redirectToInternalScreen: promo.redirectToInternalScreen ?? null,
        })),
      };
    },

    async activity(auth, page, size, language) {
      const rows = await ledgerPage(db, auth.userId, size, (page - 1) * size);
      const total = await ledgerCount(db, auth.userId);
      return {
        actions: rows.map((row) => ({
          id: row.id,
          type: row.delta > 0 ? ('EARN' as const) : ('REDEEM' as const),
          kind: row.kind,
          // An operator's adjustment says why; everything else names its promo, code or reward.
          title: row.kind === 'adjustment' && row.reason ? row.reason : resolveText(row.title, language),
          pips: row.delta,
          date: row.created_at.toISOString(),
        })),
        page,
        size,
        total,
      };
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    dashboard: DashboardService;
  }
}

export default fp(
  async (app) => {
    app.decorate('dashboard', createDashboardService({ db: app.db, promos: app.promos }));
  },
  { name: 'dashboard', dependencies: ['db', 'promos'] },
);
