import type { FastifyInstance } from 'fastify';
import { validationError } from '../errors';
import { contentLanguage } from '../i18n/localized';
import { ok } from './envelope';
import type { Handlers } from './handlers';
import { input } from './input';

/** Dashboard calls: the summary and the activity list (the gift-card list lives with rewards). */
export function dashboardHandlers(app: FastifyInstance): Handlers {
  return {
    async getDashboard(request) {
      const auth = await app.requireVerified(request);
      return ok(await app.dashboard.get(auth, contentLanguage(request.headers['accept-language'])));
    },

    async getDashboardActions(request) {
      const auth = await app.requireVerified(request);
      const query = input(request.query, 'query');
      const page = query.optionalInteger('page');
      const size = query.optionalInteger('size');
      if (page === undefined || page < 1) throw validationError('page', 'must be a positive integer (query)');
      if (size === undefined || size < 1 || size > 1000) throw validationError('size', 'must be 1 to 1000 (query)');
      return ok(await app.dashboard.activity(auth, page, size, contentLanguage(request.headers['accept-language'])));
    },
  };
}
