import type { FastifyInstance } from 'fastify';
import { ok } from '../envelope';
import type { Handlers } from './handlers';
import { requestLanguage } from './language';

/** Dashboard calls: the summary and the activity list (the gift-card list lives with rewards). */
export function dashboardHandlers(app: FastifyInstance): Handlers {
  return {
    async getDashboard(request) {
      const auth = await app.requireVerified(request);
      return ok(await app.dashboard.get(auth, requestLanguage(request)));
    },

    async getDashboardActions(request) {
      const auth = await app.requireVerified(request);
      const { page, size } = request.query;
      return ok(await app.dashboard.activity(auth, page, size, requestLanguage(request)));
    },
  };
}
