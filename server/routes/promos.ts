import type { FastifyInstance } from 'fastify';
import { sendOkJson } from '../envelope';
import type { Handlers } from './handlers';
import { requestLanguage } from './language';

/** The promos of the member's community. */
export function promoHandlers(app: FastifyInstance): Handlers {
  return {
    async getPromos(request, reply) {
      const language = requestLanguage(request);
      return sendOkJson(reply, await app.verifiedWith(request, (tokenHash) => app.promos.listByToken(tokenHash, request.query.type, language)));
    },
  };
}
