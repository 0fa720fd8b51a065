import type { FastifyInstance } from 'fastify';
import { ok } from './envelope';
import type { Handlers } from './handlers';

/** Dashboard calls; the activity and gift-card lists arrive with the ledger (501 until then). */
export function dashboardHandlers(app: FastifyInstance): Handlers {
  return {
    async getDashboard(request) {
      return ok(await app.dashboard.get(await app.requireVerified(request)));
    },
  };
}
