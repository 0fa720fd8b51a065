import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import { resolveDeep, resolveText, type ContentLanguage } from '../../i18n/localized';
import { answersFingerprint } from '../../questionnaires/fingerprint';
import { answersShapeProblem, parsePayload, validateAnswers } from '../../questionnaires/payload';
import type { LedgerService } from './ledger';
import type { AuthContext } from './sessions';

/** openapi.yaml's Questionnaire, in the caller's language. */
export interface QuestionnaireItem {
  id: number;
  title: string;
  pipsToEarn: number;
  /** Whether this member already submitted it. */
  answered: boolean;
  /** The JSON text of the QuestionnairePayload, every text resolved. */
  payload: string;
}

export interface AnswerResult {
  status: 'OK';
  pipsEarned: number;
}

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
      const rows = await db
        .selectFrom('questionnaires as q')
        .innerJoin('users as u', 'u.community_id', 'q.community_id')
        .leftJoin('questionnaire_answers as a', (join) => join.onRef('a.questionnaire_id', '=', 'q.id').on('a.user_id', '=', auth.userId))
        .select(['q.id', 'q.payload', 'q.pips', 'a.id as answerId'])
        .where('u.id', '=', auth.userId)
        .where('q.active', '=', true)
        .orderBy('q.id')
        .limit(size)
        .offset((page - 1) * size)
        .execute();
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
          const questionnaire = await trx
            .selectFrom('questionnaires as q')
            .innerJoin('users as u', 'u.community_id', 'q.community_id')
            .select(['q.payload', 'q.pips'])
            .where('q.id', '=', id)
            .where('q.active', '=', true)
            .where('u.id', '=', auth.userId)
            .executeTakeFirst();
          if (!questionnaire) throw formNotFound();
          const parsed = parsePayload(questionnaire.payload);
          if (!parsed.ok) {
            deps.onInvalidPayload?.(id, parsed.errors);
            throw formNotFound();
          }
          const validated = validateAnswers(parsed.payload, answers);
          if (!validated.ok) throw new AppError('VALIDATION_ERROR', 400, validated.message);

          const previous = await trx
            .selectFrom('questionnaire_answers')
            .select('id')
            .where('questionnaire_id', '=', id)
            .where('user_id', '=', auth.userId)
            .executeTakeFirst();
          if (previous) throw alreadyAnswered();

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
          const stored = await trx
            .insertInto('questionnaire_answers')
            .values({
              questionnaire_id: id,
              user_id: auth.userId,
              answers: JSON.stringify(validated.answers),
              ledger_entry_id: posted?.entryId ?? null,
              created_at: now(),
            })
            .onConflict((oc) => oc.columns(['questionnaire_id', 'user_id']).doNothing())
            .returning('id')
            .executeTakeFirst();
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
