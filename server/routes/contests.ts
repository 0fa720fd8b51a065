import type { FastifyInstance } from 'fastify';
import { ok } from '../envelope';
import type { Handlers } from './handlers';
import { requestLanguage } from './language';

/** Chance to Win: the current contest with the member's progress, the drawn ones, and a draw's public proof. */
export function contestHandlers(app: FastifyInstance): Handlers {
  return {
    async getChanceToWin(request) {
      const auth = await app.requireVerified(request);
      return ok(await app.chanceToWin.current(auth, requestLanguage(request)));
    },

    async getChanceToWinArchive(request) {
      const auth = await app.requireVerified(request);
      return ok(await app.chanceToWin.archive(auth, requestLanguage(request)));
    },

    // security: [] (anyone checks a draw; no token is looked at).
    async getChanceToWinProof(request) {
      return ok(await app.chanceToWin.proof(request.params.id));
    },
  };
}
