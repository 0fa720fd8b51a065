import type { FastifyInstance } from 'fastify';
import { ok } from '../envelope';
import type { Handlers } from './handlers';
import { requestLanguage } from './language';

/** Rewards: redemption, the member's gift cards and a reward's detail. */
export function rewardHandlers(app: FastifyInstance): Handlers {
  return {
    async redeem(request) {
      const { pid, optId, amount, idempotencyKey } = request.body;
      // The session is checked in the redemption's own statement; a bad amount after the session.
      if ((amount ?? 1) !== 1) await app.requireVerified(request);
      return ok(await app.rewards.redeem(app.callerOf(request), { promoId: pid, optionId: optId, amount, idempotencyKey }));
    },

    async getGiftCards(request) {
      const auth = await app.requireVerified(request);
      const { page, size } = request.query;
      return ok(await app.rewards.giftCards(auth, page, size, requestLanguage(request)));
    },

    async getTransaction(request) {
      const auth = await app.requireVerified(request);
      return ok(await app.rewards.transaction(auth, request.body.id, requestLanguage(request)));
    },
  };
}
