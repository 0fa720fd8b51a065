import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { unauthorized } from '../../errors';
import type { AuthContext } from './sessions';

export interface Dashboard {
  availablePips: number;
  totalEarnedPips: number;
  totalUsedPips: number;
  /** Earn actions; empty until promos arrive with the ledger. */
  actions: unknown[];
}

/** The home screen summary. Balances come from the user row (kept by the ledger once it lands). */
export interface DashboardService {
  get(auth: AuthContext): Promise<Dashboard>;
}

export function createDashboardService(deps: { db: Kysely<Database> }): DashboardService {
  return {
    async get(auth) {
      const row = await deps.db
        .selectFrom('users')
        .select(['available_pips', 'total_earned_pips', 'total_used_pips'])
        .where('id', '=', auth.userId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (!row) throw unauthorized();
      return {
        availablePips: row.available_pips,
        totalEarnedPips: row.total_earned_pips,
        totalUsedPips: row.total_used_pips,
        actions: [],
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
    app.decorate('dashboard', createDashboardService({ db: app.db }));
  },
  { name: 'dashboard', dependencies: ['db'] },
);
