import type { FastifyInstance } from 'fastify';
import { ok } from '../envelope';
import type { Handlers } from './handlers';
import { requestLanguage } from './language';

/** Earning: external earn actions and earn QR codes. */
export function earnHandlers(app: FastifyInstance): Handlers {
  return {
    async earn(request) {
      const auth = await app.requireVerified(request);
      return ok(await app.earnActions.earn(auth, request.body.pid, request.body.idempotencyKey));
    },

    async earnQr(request) {
      const { qrToken, idempotencyKey } = request.query;
      return ok(await app.earnQr.earn(app.callerOf(request), qrToken, requestLanguage(request), idempotencyKey));
    },
  };
}
