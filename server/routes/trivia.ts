import type { FastifyInstance } from 'fastify';
import { ok } from '../envelope';
import type { Handlers } from './handlers';
import { requestLanguage } from './language';

/** Trivia: the question of the day and team contests. */
export function triviaHandlers(app: FastifyInstance): Handlers {
  return {
    async getIndividualTriviaQuestion(request) {
      const auth = await app.requireVerified(request);
      return ok(await app.trivia.question(auth, requestLanguage(request)));
    },

    async answerIndividualTrivia(request) {
      const auth = await app.requireVerified(request);
      const { questionId, answerId, idempotencyKey } = request.query;
      return ok(await app.trivia.answer(auth, questionId, answerId, idempotencyKey));
    },

    async skipIndividualTrivia(request) {
      const auth = await app.requireVerified(request);
      return ok(await app.trivia.skip(auth));
    },

    async getTriviaContests(request) {
      const auth = await app.requireVerified(request);
      return ok(await app.trivia.contests(auth, requestLanguage(request)));
    },

    async joinTriviaContest(request) {
      const auth = await app.requireVerified(request);
      return ok(await app.trivia.join(auth, request.params.id, request.query.displayName));
    },

    async getTriviaContestQuestion(request) {
      const auth = await app.requireVerified(request);
      return ok(await app.trivia.contestQuestion(auth, request.params.id, requestLanguage(request)));
    },

    async answerTriviaContest(request) {
      const auth = await app.requireVerified(request);
      const { questionId, answer, idempotencyKey } = request.query;
      return ok(await app.trivia.contestAnswer(auth, request.params.id, questionId, answer, idempotencyKey));
    },

    async getTriviaCharts(request) {
      const auth = await app.requireVerified(request);
      return ok(await app.trivia.charts(auth, request.params.id, requestLanguage(request)));
    },
  };
}
