import type { FastifyInstance } from 'fastify';
import { ok } from './envelope';
import type { Handlers } from './handlers';
import { input, requestLanguage } from './input';

/** Rewards: redemption, the member's gift cards and a reward's detail. */
export function rewardHandlers(app: FastifyInstance): Handlers {
  return {
    async redeem(request) {
      const auth = await app.requireVerified(request);
      const body = input(request.body, 'body');
      return ok(
        await app.rewards.redeem(auth, {
          promoId: body.integer('pid'),
          optionId: body.integer('optId'),
          amount: body.integer('amount'),
          idempotencyKey: body.optionalString('idempotencyKey'),
        }),
      );
    },

    async getGiftCards(request) {
      const auth = await app.requireVerified(request);
      const query = input(request.query, 'query');
      return ok(
        await app.rewards.giftCards(
          auth,
          query.optionalInteger('page') ?? 1,
          query.integer('size'),
          requestLanguage(request),
        ),
      );
    },

    async getTransaction(request) {
      const auth = await app.requireVerified(request);
      const id = input(request.body, 'body').integer('id');
      return ok(await app.rewards.transaction(auth, id, requestLanguage(request)));
    },
  };
}
