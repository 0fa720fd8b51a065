import type { FastifyInstance } from 'fastify';
import { validationError } from '../errors';
import { ok } from './envelope';
import type { Handlers } from './handlers';
import { input, requestLanguage } from './input';

/** Forms: questionnaires and their answers (SPEC §7 'Forms'). */
export function questionnaireHandlers(app: FastifyInstance): Handlers {
  return {
    async getQuestionnaires(request) {
      const auth = await app.requireVerified(request);
      const query = input(request.query, 'query');
      return ok(
        await app.questionnaires.list(
          auth,
          query.optionalInteger('page') ?? 1,
          query.integer('size'),
          requestLanguage(request),
        ),
      );
    },

    async answerQuestionnaire(request) {
      const auth = await app.requireVerified(request);
      const id = input(request.params, 'params').integer('id');
      const body = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<string, unknown>;
      const answers = body.answers;
      if (typeof answers !== 'object' || answers === null || Array.isArray(answers)) {
        throw validationError('answers', 'must be an object keyed by part id');
      }
      return ok(await app.questionnaires.answer(auth, id, answers, input(body, 'body').optionalString('idempotencyKey')));
    },
  };
}
