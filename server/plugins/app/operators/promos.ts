import type { Schema } from '../../../api/types';
import { clearPromoImage, imageProblem, setPromoImage } from '../../../db/repositories/images';
import { writeAudit } from '../../../db/repositories/operators/audit';
import {
  deletePromo,
  findPromoForUpdate,
  promoImage,
  promoReferences,
  promosOfCommunity,
  updatePromo,
  type PromoRow,
} from '../../../db/repositories/operators/promos';
import { optionsOfReward } from '../../../db/repositories/operators/rewardOptions';
import { createEarnPromo } from '../../../db/repositories/promos';
import { findQuestionnaire } from '../../../db/repositories/questionnaires';
import { createReward } from '../../../db/repositories/rewards';
import { completionScreen } from '../../../earning/completion';
import { AppError } from '../../../errors';
import type { AuthContext } from '../sessions';
import { adminText, changeState, promoNotFound, touched, type OperatorContext } from './context';
import { optionView } from './rewards';

const promoView = (row: PromoRow): Schema<'AdminPromo'> => ({
  id: row.id,
  communityId: row.community_id,
  type: row.type,
  title: adminText(row.title),
  description: row.description === null ? null : adminText(row.description),
  url: row.url,
  pips: row.pips,
  earnLimit: row.earn_limit,
  archived: !row.active,
  createdAt: new Date(row.created_at).toISOString(),
  completedBy: row.completed_by,
  redirectToInternalScreen: row.redirect_to_internal_screen,
  questionnaireId: row.questionnaire_id,
  image: row.image_url === null ? null : { url: row.image_url, width: row.image_width ?? 0, height: row.image_height ?? 0 },
});

const questionnaireWith = (field: string) =>
  new AppError('VALIDATION_ERROR', 400, `questionnaireId: an action earned by answering a questionnaire leads to it (leave out ${field})`);

const completedWithUrl = () =>
  new AppError('VALIDATION_ERROR', 400, 'completedBy: an action completed in the app opens no url (leave out url, or set it to null)');

/** Earn actions and rewards (promos): the lists, a new one, edits, archiving, deletion and the image. */
export interface PromoOperations {
  promos(auth: AuthContext, communityId: string, type: 'EARN' | 'REDEEM', archived: boolean): Promise<Schema<'AdminPromoList'>>;
  createPromo(auth: AuthContext, communityId: string, input: Schema<'AdminPromoNew'>): Promise<Schema<'AdminPromoCreated'>>;
  updatePromo(auth: AuthContext, id: number, change: Schema<'AdminPromoChange'>): Promise<Schema<'AdminPromo'>>;
  setArchived(auth: AuthContext, id: number, archived: boolean): Promise<Schema<'AdminPromo'>>;
  deletePromo(auth: AuthContext, id: number): Promise<Schema<'AdminDeleted'>>;
  setPromoImage(auth: AuthContext, promoId: number, base64: string): Promise<Schema<'AdminImage'>>;
  removePromoImage(auth: AuthContext, promoId: number): Promise<Schema<'AdminDeleted'>>;
}

export function promoOperations(ctx: OperatorContext): PromoOperations {
  const { db, requireRole, mayWrite } = ctx;
  return {
    async promos(auth, communityId, type, archived) {
      await requireRole(auth, communityId, 'viewer');
      const rows = await promosOfCommunity(db, communityId, type, archived);
      return { promos: rows.map(promoView) };
    },

    async createPromo(auth, communityId, input) {
      await requireRole(auth, communityId, 'editor');
      return db.transaction().execute(async (trx) => {
        await mayWrite(auth, communityId, trx);
        let id: number;
        if (input.type === 'EARN') {
          if (input.completedBy && input.url) throw completedWithUrl();
          if (input.questionnaireId !== undefined) {
            if (input.url) throw questionnaireWith('url');
            if (input.completedBy) throw questionnaireWith('completedBy');
            const questionnaire = await findQuestionnaire(trx, communityId, input.questionnaireId);
            if (!questionnaire || !questionnaire.active) {
              throw new AppError('VALIDATION_ERROR', 400, `questionnaireId: this community has no open questionnaire ${input.questionnaireId}`);
            }
          }
          id = await createEarnPromo(trx, {
            communityId,
            title: input.title,
            description: input.description ?? null,
            url: input.url ?? null,
            pips: input.pips,
            limit: input.earnLimit ?? 'once',
            completedBy: input.completedBy ?? null,
            redirectToInternalScreen: input.completedBy ? completionScreen[input.completedBy] : null,
            questionnaireId: input.questionnaireId ?? null,
          });
        } else {
          ({ id } = await createReward(trx, {
            communityId,
            title: input.title,
            description: input.description ?? null,
            terms: input.terms ?? null,
            url: input.url ?? null,
            options: input.options,
          }));
        }
        const promo = promoView((await findPromoForUpdate(trx, id))!);
        const options = input.type === 'REDEEM' ? (await optionsOfReward(trx, id)).map(optionView) : [];
        await writeAudit(trx, {
          operatorId: auth.userId,
          communityId,
          action: 'promo.create',
          entity: 'promo',
          entityId: id,
          before: null,
          after: { ...promo, options: options.map(({ optId, label, pips }) => ({ optId, label, pips })) },
        });
        return { promo, options };
      });
    },

    async updatePromo(auth, id, change) {
      return db.transaction().execute(async (trx) => {
        const row = await findPromoForUpdate(trx, id);
        if (!row) throw promoNotFound();
        await mayWrite(auth, row.community_id, trx, promoNotFound);
        if (change.pips !== undefined && row.type !== 'EARN') {
          throw new AppError('VALIDATION_ERROR', 400, "pips: a reward's prices live on its options");
        }
        const { completedBy, ...rest } = change;
        if (completedBy !== undefined && row.type !== 'EARN') throw new AppError('VALIDATION_ERROR', 400, 'completedBy: earn actions only');
        if (completedBy && row.questionnaire_id !== null) {
          throw new AppError('VALIDATION_ERROR', 400, 'completedBy: this action is earned by answering its questionnaire');
        }
        const completes = completedBy === undefined ? row.completed_by : completedBy;
        const url = change.url === undefined ? row.url : change.url;
        if (completes && url) throw completedWithUrl();
        const updated = await updatePromo(trx, id, {
          ...rest,
          ...(completedBy === undefined ? {} : { completion: { completedBy, screen: completedBy ? completionScreen[completedBy] : null } }),
        });
        const keys = Object.keys(change);
        await writeAudit(trx, {
          operatorId: auth.userId,
          communityId: row.community_id,
          action: 'promo.update',
          entity: 'promo',
          entityId: id,
          before: touched(promoView(row), keys),
          after: touched(promoView(updated), keys),
        });
        return promoView(updated);
      });
    },

    async setArchived(auth, id, archived) {
      return changeState(ctx, auth, id, {
        find: findPromoForUpdate,
        notFound: promoNotFound,
        view: promoView,
        done: (row) => row.active === !archived,
        apply: (trx) => updatePromo(trx, id, { active: !archived }),
        action: archived ? 'promo.archive' : 'promo.restore',
        entity: 'promo',
        field: 'archived',
      });
    },

    async deletePromo(auth, id) {
      return db.transaction().execute(async (trx) => {
        const row = await findPromoForUpdate(trx, id);
        if (!row) throw promoNotFound();
        await mayWrite(auth, row.community_id, trx, promoNotFound);
        const refs = await promoReferences(trx, row);
        if (refs.earned + refs.redemptions + refs.codes > 0) {
          const what = [
            refs.earned && `earned ${refs.earned} time(s)`,
            refs.redemptions && `redeemed ${refs.redemptions} time(s)`,
            refs.codes && `${refs.codes} gift-card code(s) loaded`,
          ].filter(Boolean);
          throw new AppError('IN_USE', 409, `The promo is in use (${what.join(', ')}): archive it instead.`);
        }
        await deletePromo(trx, id);
        await writeAudit(trx, { operatorId: auth.userId, communityId: row.community_id, action: 'promo.delete', entity: 'promo', entityId: id, before: promoView(row), after: null });
        return { deleted: true };
      });
    },

    async setPromoImage(auth, promoId, base64) {
      return db.transaction().execute(async (trx) => {
        const row = await findPromoForUpdate(trx, promoId);
        if (!row) throw promoNotFound();
        await mayWrite(auth, row.community_id, trx, promoNotFound);
        // The file is looked at once the caller may change this promo.
        const bytes = new Uint8Array(Buffer.from(base64, 'base64'));
        const problem = imageProblem(bytes);
        if (problem) throw new AppError('VALIDATION_ERROR', 400, `image: ${problem}`);
        const before = await promoImage(trx, promoId);
        const image = await setPromoImage(trx, promoId, bytes);
        const after = { url: image.path, width: image.width, height: image.height };
        await writeAudit(trx, { operatorId: auth.userId, communityId: row.community_id, action: 'promo.image', entity: 'promo', entityId: promoId, before, after });
        return after;
      });
    },

    async removePromoImage(auth, promoId) {
      return db.transaction().execute(async (trx) => {
        const row = await findPromoForUpdate(trx, promoId);
        if (!row) throw promoNotFound();
        await mayWrite(auth, row.community_id, trx, promoNotFound);
        const before = await promoImage(trx, promoId);
        await clearPromoImage(trx, promoId);
        await writeAudit(trx, { operatorId: auth.userId, communityId: row.community_id, action: 'promo.image', entity: 'promo', entityId: promoId, before, after: { url: null } });
        return { deleted: true };
      });
    },
  };
}
