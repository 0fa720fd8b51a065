import type { FastifyInstance } from 'fastify';
import { validationError } from '../errors';
import { ok } from './envelope';
import type { Handlers } from './handlers';
import { input, requestLanguage } from './input';

/** Earning: promos, external earn actions and earn QR codes (SPEC §7 'Dashboard and rewards'). */
export function earningHandlers(app: FastifyInstance): Handlers {
  return {
    async getPromos(request) {
      const auth = await app.requireVerified(request);
      const type = input(request.query, 'query').string('type');
      if (type !== 'EARN' && type !== 'REDEEM') throw validationError('type', 'must be EARN or REDEEM');
      return ok(await app.earning.promos(auth, type, requestLanguage(request)));
    },

    async earn(request) {
      const auth = await app.requireVerified(request);
      const body = input(request.body, 'body');
      const pid = body.optionalInteger('pid');
      if (pid === undefined || pid < 1) throw validationError('pid', 'is required (body)');
      return ok(await app.earning.earn(auth, pid, body.optionalString('idempotencyKey')));
    },

    async earnQr(request) {
      const auth = await app.requireVerified(request);
      const query = input(request.query, 'query');
      return ok(
        await app.earning.earnQr(
          auth,
          query.string('qrToken'),
          requestLanguage(request),
          query.optionalString('idempotencyKey'),
        ),
      );
    },
  };
}
