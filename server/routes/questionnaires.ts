import type { FastifyInstance } from 'fastify';
import { ok } from '../envelope';
import type { Handlers } from './handlers';
import { requestLanguage } from './language';

/** Forms: questionnaires and their answers. */
export function questionnaireHandlers(app: FastifyInstance): Handlers {
  return {
    async getQuestionnaires(request) {
      const auth = await app.requireVerified(request);
      const { page, size } = request.query;
      return ok(await app.questionnaires.list(auth, page, size, requestLanguage(request)));
    },

    async answerQuestionnaire(request) {
      const auth = await app.requireVerified(request);
      const { answers, idempotencyKey } = request.body;
      return ok(await app.questionnaires.answer(auth, request.params.id, answers, idempotencyKey));
    },
  };
}
