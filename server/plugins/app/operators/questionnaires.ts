import type { Schema } from '../../../api/types';
import { writeAudit } from '../../../db/repositories/operators/audit';
import {
  answerCount,
  createQuestionnaire,
  deleteQuestionnaire,
  findQuestionnaire,
  findQuestionnaireForUpdate,
  listQuestionnaires,
  offerCount,
  setQuestionnaireActive,
  updateQuestionnaire,
  type QuestionnaireSummary,
} from '../../../db/repositories/questionnaires';
import type { LocalizedText } from '../../../db/schema';
import { AppError } from '../../../errors';
import { parsePayload } from '../../../questionnaires/payload';
import type { AuthContext } from '../sessions';
import { adminText, type OperatorContext } from './context';

/** A questionnaire as the operator API lists it: the title and step count read from its payload. */
const questionnaireView = (row: QuestionnaireSummary): Schema<'AdminQuestionnaire'> => {
  const payload = (row.payload ?? {}) as { title?: LocalizedText; steps?: unknown[] };
  return {
    id: row.id,
    title: adminText(payload.title ?? ''),
    pips: row.pips,
    steps: Array.isArray(payload.steps) ? payload.steps.length : 0,
    answers: row.answers,
    archived: !row.active,
    earnActionIds: row.earnActionIds,
  };
};

/** Questionnaires (Forms): the list, a new one, edits, archiving and deletion. */
export interface QuestionnaireOperations {
  questionnaires(auth: AuthContext, communityId: string): Promise<Schema<'AdminQuestionnaireList'>>;
  createQuestionnaire(auth: AuthContext, communityId: string, input: Schema<'AdminQuestionnaireNew'>): Promise<Schema<'AdminQuestionnaire'>>;
  updateQuestionnaire(auth: AuthContext, id: number, change: Schema<'AdminQuestionnaireChange'>): Promise<Schema<'AdminQuestionnaire'>>;
  setQuestionnaireArchived(auth: AuthContext, id: number, archived: boolean): Promise<Schema<'AdminQuestionnaire'>>;
  deleteQuestionnaire(auth: AuthContext, id: number): Promise<Schema<'AdminDeleted'>>;
}

export function questionnaireOperations(ctx: OperatorContext): QuestionnaireOperations {
  const { db, requireRole, mayWrite } = ctx;
  return {
    async questionnaires(auth, communityId) {
      await requireRole(auth, communityId, 'viewer');
      return { questionnaires: (await listQuestionnaires(db, communityId)).reverse().map(questionnaireView) };
    },

    async createQuestionnaire(auth, communityId, input) {
      await requireRole(auth, communityId, 'editor');
      const parsed = parsePayload(input.payload);
      if (!parsed.ok) throw new AppError('VALIDATION_ERROR', 400, `payload: ${parsed.errors.join('; ')}`);
      return db.transaction().execute(async (trx) => {
        await mayWrite(auth, communityId, trx);
        const id = await createQuestionnaire(trx, { communityId, payload: parsed.payload, pips: input.pips });
        const view = questionnaireView((await listQuestionnaires(trx, communityId, id))[0]);
        await writeAudit(trx, { operatorId: auth.userId, communityId, action: 'questionnaire.create', entity: 'questionnaire', entityId: id, before: null, after: view });
        return view;
      });
    },

    async updateQuestionnaire(auth, id, change) {
      const notFound = () => new AppError('NOT_FOUND', 404, 'No such questionnaire in a community you run.');
      return db.transaction().execute(async (trx) => {
        const row = await findQuestionnaireForUpdate(trx, id);
        if (!row) throw notFound();
        await mayWrite(auth, row.community_id, trx, notFound);
        let payload: unknown;
        if (change.payload !== undefined) {
          const parsed = parsePayload(change.payload);
          if (!parsed.ok) throw new AppError('VALIDATION_ERROR', 400, `payload: ${parsed.errors.join('; ')}`);
          const answers = await answerCount(trx, id);
          if (answers > 0) throw new AppError('IN_USE', 409, `Members answered it ${answers} time(s): its questions stay; create a new questionnaire instead.`);
          payload = parsed.payload;
        }
        const before = questionnaireView((await listQuestionnaires(trx, row.community_id, id))[0]);
        await updateQuestionnaire(trx, id, { payload, pips: change.pips });
        const after = questionnaireView((await listQuestionnaires(trx, row.community_id, id))[0]);
        await writeAudit(trx, { operatorId: auth.userId, communityId: row.community_id, action: 'questionnaire.update', entity: 'questionnaire', entityId: id, before, after });
        return after;
      });
    },

    async setQuestionnaireArchived(auth, id, archived) {
      const notFound = () => new AppError('NOT_FOUND', 404, 'No such questionnaire in a community you run.');
      return db.transaction().execute(async (trx) => {
        const row = await findQuestionnaireForUpdate(trx, id);
        if (!row) throw notFound();
        await mayWrite(auth, row.community_id, trx, notFound);
        if (row.active === archived) {
          await setQuestionnaireActive(trx, id, !archived);
          await writeAudit(trx, {
            operatorId: auth.userId,
            communityId: row.community_id,
            action: archived ? 'questionnaire.archive' : 'questionnaire.restore',
            entity: 'questionnaire',
            entityId: id,
            before: { archived: !row.active },
            after: { archived },
          });
        }
        return questionnaireView((await findQuestionnaire(trx, row.community_id, id))!);
      });
    },

    async deleteQuestionnaire(auth, id) {
      const notFound = () => new AppError('NOT_FOUND', 404, 'No such questionnaire in a community you run.');
      return db.transaction().execute(async (trx) => {
        const row = await findQuestionnaireForUpdate(trx, id);
        if (!row) throw notFound();
        await mayWrite(auth, row.community_id, trx, notFound);
        const answers = await answerCount(trx, id);
        const offers = await offerCount(trx, id);
        const what = [answers > 0 ? `answered ${answers} time(s)` : '', offers > 0 ? `offered by ${offers} earn action(s)` : ''].filter(Boolean);
        if (what.length > 0) throw new AppError('IN_USE', 409, `The questionnaire is in use (${what.join(', ')}): archive it instead.`);
        await deleteQuestionnaire(trx, id);
        const title = ((row.payload ?? {}) as { title?: LocalizedText }).title ?? '';
        await writeAudit(trx, { operatorId: auth.userId, communityId: row.community_id, action: 'questionnaire.delete', entity: 'questionnaire', entityId: id, before: { title: adminText(title), pips: row.pips }, after: null });
        return { deleted: true };
      });
    },
  };
}
