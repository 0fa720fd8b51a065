import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Schema } from '../../api/types';
import { findQuestionnaireOfMember, hasAnswered, insertAnswers, questionnairesOfMember } from '../../db/repositories/questionnaires';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import { resolveDeep, resolveText, type ContentLanguage } from '../../i18n/localized';
import { answersFingerprint } from '../../questionnaires/fingerprint';
import { answersShapeProblem, parsePayload, validateAnswers } from '../../questionnaires/payload';
import type { LedgerService } from './ledger';
import type { AuthContext } from './sessions';

export type QuestionnaireItem = Schema<'Questionnaire'>;
export type AnswerResult = Schema<'QuestionnaireAnswerResult'>;

/**
 * Questionnaires (Forms) of the member's community. Each member answers one once; its pips (if
 * any) are credited in the same transaction as the stored answers.
 */
export interface QuestionnaireService {
  list(auth: AuthContext, page: number, size: number, language: ContentLanguage): Promise<{ questionnaires: QuestionnaireItem[] }>;
  answer(auth: AuthContext, id: number, answers: unknown, idempotencyKey?: string): Promise<AnswerResult>;
}

const formNotFound = () => new AppError('NOT_FOUND', 404, 'Form not found.');
const alreadyAnswered = () => new AppError('ALREADY_ANSWERED', 409, 'You already answered this form.');

export function createQuestionnaireService(deps: {
  db: Kysely<Database>;
  ledger: LedgerService;
  now: () => Date;
  /** Told about a stored payload that does not parse (it is neither listed nor answerable). */
  onInvalidPayload?: (id: number, errors: string[]) => void;
}): QuestionnaireService {
  const { db, ledger, now } = deps;

  return {
    async list(auth, page, size, language) {
      const rows = await questionnairesOfMember(db, auth.userId, size, (page - 1) * size);
      const questionnaires: QuestionnaireItem[] = [];
      for (const row of rows) {
        const parsed = parsePayload(row.payload);
        if (!parsed.ok) {
          deps.onInvalidPayload?.(row.id, parsed.errors);
          continue;
        }
        questionnaires.push({
          id: row.id,
          title: resolveText(parsed.payload.title, language),
          pipsToEarn: row.pips,
          answered: row.answerId !== null,
          payload: JSON.stringify(resolveDeep(parsed.payload, language)),
        });
      }
      return { questionnaires };
    },

    async answer(auth, id, answers, idempotencyKey) {
      // Before the fingerprint walks them: no part takes anything nested.
      const shapeProblem = answersShapeProblem(answers);
      if (shapeProblem) throw new AppError('VALIDATION_ERROR', 400, shapeProblem);
      return ledger.once(
        {
          userId: auth.userId,
          key: idempotencyKey,
          operation: 'answerQuestionnaire',
          fingerprint: `q=${id};${answersFingerprint(answers)}`,
        },
        async (trx) => {
          const questionnaire = await findQuestionnaireOfMember(trx, auth.userId, id);
          if (!questionnaire) throw formNotFound();
          const parsed = parsePayload(questionnaire.payload);
          if (!parsed.ok) {
            deps.onInvalidPayload?.(id, parsed.errors);
            throw formNotFound();
          }
          const validated = validateAnswers(parsed.payload, answers);
          if (!validated.ok) throw new AppError('VALIDATION_ERROR', 400, validated.message);

          if (await hasAnswered(trx, auth.userId, id)) throw alreadyAnswered();

          const posted =
            questionnaire.pips > 0
              ? await ledger.post(trx, {
                  userId: auth.userId,
                  delta: questionnaire.pips,
                  kind: 'questionnaire',
                  sourceId: id,
                  title: parsed.payload.title,
                  idempotencyKey: idempotencyKey ?? null,
                })
              : null;
          // A concurrent submission (another key) may have stored its answers since the check
          // above: the unique (questionnaire, user) then keeps this one out, and the credit
          // rolls back with it.
          const stored = await insertAnswers(trx, {
            questionnaireId: id,
            userId: auth.userId,
            answers: validated.answers,
            ledgerEntryId: posted?.entryId ?? null,
            createdAt: now(),
          });
          if (!stored) throw alreadyAnswered();
          return { status: 'OK' as const, pipsEarned: questionnaire.pips };
        },
      );
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    questionnaires: QuestionnaireService;
  }
}

export default fp(
  async (app) => {
    app.decorate(
      'questionnaires',
      createQuestionnaireService({
        db: app.db,
        ledger: app.ledger,
        now: app.now,
        onInvalidPayload: (id, errors) => app.log.warn({ questionnaireId: id, errors }, 'questionnaire payload does not parse'),
      }),
    );
  },
  { name: 'questionnaires', dependencies: ['db', 'core', 'ledger'] },
);
