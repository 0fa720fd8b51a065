import type { FastifyInstance } from 'fastify';
import { validationError } from '../errors';
import { ok } from './envelope';
import type { Handlers } from './handlers';
import { input, requestLanguage } from './input';

/** Dashboard calls: the summary and the activity list (the gift-card list lives with rewards). */
export function dashboardHandlers(app: FastifyInstance): Handlers {
  return {
    async getDashboard(request) {
      const auth = await app.requireVerified(request);
      return ok(await app.dashboard.get(auth, requestLanguage(request)));
    },

    async getDashboardActions(request) {
      const auth = await app.requireVerified(request);
      const query = input(request.query, 'query');
      const page = query.optionalInteger('page');
      const size = query.optionalInteger('size');
      if (page === undefined || page < 1) throw validationError('page', 'must be a positive integer (query)');
      if (size === undefined || size < 1 || size > 1000) throw validationError('size', 'must be 1 to 1000 (query)');
      return ok(await app.dashboard.activity(auth, page, size, requestLanguage(request)));
    },
  };
}
