import type { Schema } from '../../../api/types';
import { writeAudit } from '../../../db/repositories/operators/audit';
import {
  deleteTriviaQuestion,
  triviaQuestionForUpdate,
  triviaQuestionsPage,
  updateTriviaQuestion,
  type TriviaQuestionRow,
} from '../../../db/repositories/operators/trivia';
import * as trivia from '../../../db/repositories/trivia';
import type { LocalizedText } from '../../../db/schema';
import { AppError } from '../../../errors';
import { parseQuestions } from '../../../trivia/questions';
import type { AuthContext } from '../sessions';
import { adminText, editAction, touched, type OperatorContext } from './context';

const triviaQuestionView = (row: TriviaQuestionRow): Schema<'AdminTriviaQuestionStored'> => ({
  id: row.id,
  contestId: row.contest_id,
  text: adminText(row.text),
  answers: row.answers.map((a) => ({ id: a.id, text: adminText(a.text), correct: a.correct })),
  archived: !row.active,
  served: row.served,
  answered: row.answered,
  createdAt: new Date(row.created_at).toISOString(),
});

const questionNotFound = () => new AppError('NOT_FOUND', 404, 'No such trivia question in a community you run.');

/** Single trivia questions: the pages of the pool or a contest, edits and deletion. */
export interface TriviaQuestionOperations {
  triviaQuestions(auth: AuthContext, communityId: string, contestId: number | null, archived: boolean, page: number, size: number): Promise<Schema<'AdminTriviaQuestionPage'>>;
  updateTriviaQuestion(auth: AuthContext, id: number, change: Schema<'AdminTriviaQuestionChange'>): Promise<Schema<'AdminTriviaQuestionStored'>>;
  deleteTriviaQuestion(auth: AuthContext, id: number): Promise<Schema<'AdminDeleted'>>;
}

export function triviaQuestionOperations(ctx: OperatorContext): TriviaQuestionOperations {
  const { db, requireRole, mayWrite } = ctx;
  return {
    async triviaQuestions(auth, communityId, contestId, archived, page, size) {
      await requireRole(auth, communityId, 'viewer');
      if (contestId !== null) {
        const contest = await trivia.findContest(db, contestId);
        if (!contest || contest.community_id !== communityId) throw new AppError('NOT_FOUND', 404, 'No such trivia contest in this community.');
      }
      const { total, questions } = await triviaQuestionsPage(db, communityId, contestId, archived, size, (page - 1) * size);
      return { total, questions: questions.map(triviaQuestionView) };
    },

    async updateTriviaQuestion(auth, id, change) {
      return db.transaction().execute(async (trx) => {
        const row = await triviaQuestionForUpdate(trx, id);
        if (!row) throw questionNotFound();
        await mayWrite(auth, row.community_id, trx, questionNotFound);
        let answers: { text: LocalizedText; correct: boolean }[] | undefined;
        if (change.text !== undefined || change.answers !== undefined) {
          const parsed = parseQuestions([{ text: change.text ?? row.text, answers: change.answers ?? row.answers.map(({ text, correct }) => ({ text, correct })) }]);
          if (!parsed.ok) throw new AppError('VALIDATION_ERROR', 400, parsed.errors.map((error) => error.replace(/^question 1: /, '')).join('; '));
          if (change.answers !== undefined) {
            if (row.served > 0) throw new AppError('IN_USE', 409, `Members were served it ${row.served} time(s): its answers stay (its text can change; archive it and add a new one to change the answers).`);
            answers = parsed.questions[0].answers;
          }
        }
        await updateTriviaQuestion(trx, id, { text: change.text, answers, active: change.archived === undefined ? undefined : !change.archived });
        const after = triviaQuestionView((await triviaQuestionForUpdate(trx, id))!);
        const keys = Object.keys(change);
        await writeAudit(trx, {
          operatorId: auth.userId,
          communityId: row.community_id,
          action: editAction('trivia.question', change),
          entity: 'triviaQuestion',
          entityId: id,
          before: touched(triviaQuestionView(row), keys),
          after: touched(after, keys),
        });
        return after;
      });
    },

    async deleteTriviaQuestion(auth, id) {
      return db.transaction().execute(async (trx) => {
        const row = await triviaQuestionForUpdate(trx, id);
        if (!row) throw questionNotFound();
        await mayWrite(auth, row.community_id, trx, questionNotFound);
        if (row.served > 0) throw new AppError('IN_USE', 409, `Members were served it ${row.served} time(s): archive it instead.`);
        await deleteTriviaQuestion(trx, id);
        await writeAudit(trx, { operatorId: auth.userId, communityId: row.community_id, action: 'trivia.question.delete', entity: 'triviaQuestion', entityId: id, before: triviaQuestionView(row), after: null });
        return { deleted: true };
      });
    },
  };
}
