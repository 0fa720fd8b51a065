import type { FastifyInstance } from 'fastify';
import { sendOkJson } from '../envelope';
import type { Handlers } from './handlers';
import { requestLanguage } from './language';

/** Dashboard calls: the summary and the activity list (the gift-card list lives with rewards). */
export function dashboardHandlers(app: FastifyInstance): Handlers {
  return {
    async getDashboard(request, reply) {
      const language = requestLanguage(request);
      return sendOkJson(reply, await app.verifiedWith(request, (tokenHash) => app.dashboard.getByToken(tokenHash, language)));
    },

    async getDashboardActions(request, reply) {
      const { page, size } = request.query;
      const language = requestLanguage(request);
      return sendOkJson(reply, await app.verifiedWith(request, (tokenHash) => app.dashboard.activityByToken(tokenHash, page, size, language)));
    },
  };
}
