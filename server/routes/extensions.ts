import type { FastifyInstance } from 'fastify';
import { pingDatabase } from '../db/index';
import { ok } from '../envelope';
import type { Handlers } from './handlers';
import { requestLanguage } from './language';

/** Calls beyond the core ones (tag `extensions`). */
export function extensionHandlers(app: FastifyInstance): Handlers {
  return {
    async getCommunity(request) {
      return ok(await app.communities.get(request.params.communityId));
    },
    async getCommunitySupport(request) {
      // A visitor names the community; a token means the member's own (and must be valid).
      const { communityId } = request.query;
      if (request.headers.authorization === undefined && communityId !== undefined) {
        return ok(await app.communities.publicSupport(communityId, requestLanguage(request)));
      }
      const auth = await app.requireVerified(request);
      return ok(await app.communities.support(auth, requestLanguage(request)));
    },
    async getPushKey() {
      return ok({ publicKey: app.announcements.publicKey() });
    },
    async translate(request) {
      return ok({ data: await app.translations.translate(request.body.data, request.body.targetLang) });
    },
    async health() {
      await pingDatabase(app.db);
      return ok({ status: 'OK' as const });
    },
  };
}
