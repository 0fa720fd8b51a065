import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database, LedgerKind } from '../../db/schema';
import { unauthorized } from '../../errors';
import { resolveText, type ContentLanguage } from '../../i18n/localized';
import type { EarningService } from './earning';
import type { AuthContext } from './sessions';

/** An earn promo as the home screen lists it (openapi.yaml EarnAction). */
export interface EarnAction {
  id: number;
  /** The promo id (`pid` of the earn call). */
  eid: number;
  title: string;
  description: string | null;
  pipsToEarn: number;
  questionnaireUrl: string | null;
  redirectToInternalScreen: string | null;
}

export interface Dashboard {
  availablePips: number;
  totalEarnedPips: number;
  totalUsedPips: number;
  actions: EarnAction[];
}

/** One ledger row as Activity shows it (openapi.yaml ActivityItem). */
export interface ActivityItem {
  id: number;
  type: 'EARN' | 'REDEEM';
  kind: LedgerKind;
  title: string;
  /** Earned (positive) or spent (negative). */
  pips: number;
  date: string;
}

export interface ActivityPage {
  actions: ActivityItem[];
  page: number;
  size: number;
  total: number;
}

/** The home screen summary and the Activity list, both read from the ledger's tables. */
export interface DashboardService {
  get(auth: AuthContext, language: ContentLanguage): Promise<Dashboard>;
  /** The member's ledger rows, newest first. */
  activity(auth: AuthContext, page: number, size: number, language: ContentLanguage): Promise<ActivityPage>;
}

export function createDashboardService(deps: { db: Kysely<Database>; earning: EarningService }): DashboardService {
  const { db, earning } = deps;
  return {
    async get(auth, language) {
      const row = await db
        .selectFrom('users')
        .select(['available_pips', 'total_earned_pips', 'total_used_pips'])
        .where('id', '=', auth.userId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (!row) throw unauthorized();
      const { promos } = await earning.promos(auth, 'EARN', language);
      return {
        availablePips: row.available_pips,
        totalEarnedPips: row.total_earned_pips,
        totalUsedPips: row.total_used_pips,
        actions: promos.map((promo) => ({
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
      const rows = await db
        .selectFrom('ledger_entries')
        .select(['id', 'delta', 'kind', 'title', 'reason', 'created_at'])
        .where('user_id', '=', auth.userId)
        .orderBy('id', 'desc')
        .limit(size)
        .offset((page - 1) * size)
        .execute();
      const count = await db
        .selectFrom('ledger_entries')
        .select((eb) => eb.fn.countAll<string | number>().as('total'))
        .where('user_id', '=', auth.userId)
        .executeTakeFirstOrThrow();
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
        total: Number(count.total),
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
    app.decorate('dashboard', createDashboardService({ db: app.db, earning: app.earning }));
  },
  { name: 'dashboard', dependencies: ['db', 'earning'] },
);
