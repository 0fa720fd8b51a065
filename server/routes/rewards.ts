import type { FastifyInstance } from 'fastify';
import { validationError } from '../errors';
import { contentLanguage } from '../i18n/localized';
import { ok } from './envelope';
import type { Handlers } from './handlers';
import { input, type Input } from './input';

/** An integer openapi.yaml requires (a drift becomes a 400, never a 500). */
export const requiredInteger = (values: Input, name: string) => {
  const value = values.optionalInteger(name);
  if (value === undefined) throw validationError(name, 'is required');
  return value;
};

/** Rewards: redemption, the member's gift cards and a reward's detail. */
export function rewardHandlers(app: FastifyInstance): Handlers {
  return {
    async redeem(request) {
      const auth = await app.requireVerified(request);
      const body = input(request.body, 'body');
      return ok(
        await app.rewards.redeem(auth, {
          promoId: requiredInteger(body, 'pid'),
          optionId: requiredInteger(body, 'optId'),
          amount: requiredInteger(body, 'amount'),
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
          requiredInteger(query, 'size'),
          contentLanguage(request.headers['accept-language']),
        ),
      );
    },

    async getTransaction(request) {
      const auth = await app.requireVerified(request);
      const id = requiredInteger(input(request.body, 'body'), 'id');
      return ok(await app.rewards.transaction(auth, id, contentLanguage(request.headers['accept-language'])));
    },
  };
}
