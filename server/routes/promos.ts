import type { FastifyInstance } from 'fastify';
import { ok } from '../envelope';
import type { Handlers } from './handlers';
import { requestLanguage } from './language';

/** The promos of the member's community (SPEC §7 'Dashboard and rewards'). */
export function promoHandlers(app: FastifyInstance): Handlers {
  return {
    async getPromos(request) {
      const auth = await app.requireVerified(request);
      return ok(await app.promos.list(auth, request.query.type, requestLanguage(request)));
    },
  };
}
