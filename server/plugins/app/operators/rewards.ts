import type { Schema } from '../../../api/types';
import { writeAudit } from '../../../db/repositories/operators/audit';
import { deleteCode, findCodeForUpdate } from '../../../db/repositories/operators/codes';
import { findPromoForUpdate } from '../../../db/repositories/operators/promos';
import {
  deleteRewardOption,
  findOptionForUpdate,
  insertRewardOption,
  optionCommunity,
  optionCount,
  optionRedemptions,
  optionsOfReward,
  updateRewardOption,
  type RewardOptionRow,
} from '../../../db/repositories/operators/rewardOptions';
import { findPromo } from '../../../db/repositories/promos';
import { freeCodeCount } from '../../../db/repositories/rewards';
import { AppError } from '../../../errors';
import { codePage } from '../giftCodeReads';
import { afterVoid, duplicatesReport, importCodesInto } from '../giftCodes';
import type { AuthContext } from '../sessions';
import { adminText, promoNotFound, touched, type OperatorContext } from './context';

const optionNotFound = () => new AppError('NOT_FOUND', 404, 'No such reward option in a community you run.');

export const optionView = (row: RewardOptionRow): Schema<'AdminRewardOption'> => ({
  optId: row.id,
  label: adminText(row.label),
  pips: row.pips,
  codesTotal: row.codesTotal,
  codesLeft: row.codesLeft,
  stock: stockState(row.codesLeft, row.codesTotal),
  limit: row.limit,
});

/** A reward option with fewer free codes than this is low on stock in the report. */
export const LOW_STOCK = 5;

/** How an option stands on codes (the console's badge): none loaded, all handed out, low, or enough. */
export const stockState = (left: number, total: number): Schema<'AdminStockState'> =>
  total === 0 ? 'none' : left === 0 ? 'out' : left < LOW_STOCK ? 'low' : 'ok';

/** A reward holds at most this many options (as when it is created). */
const MAX_OPTIONS = 20;

/** A reward's options and their gift-card codes: prices and limits, code imports, lists and voids. */
export interface RewardOperations {
  rewardOptions(auth: AuthContext, promoId: number): Promise<Schema<'AdminRewardOptionList'>>;
  addRewardOption(auth: AuthContext, promoId: number, input: Schema<'AdminRewardOptionNew'>): Promise<Schema<'AdminRewardOption'>>;
  updateRewardOption(auth: AuthContext, id: number, change: Schema<'AdminRewardOptionChange'>): Promise<Schema<'AdminRewardOption'>>;
  deleteRewardOption(auth: AuthContext, id: number): Promise<Schema<'AdminDeleted'>>;
  importCodes(auth: AuthContext, optionId: number, codes: string[], dryRun: boolean): Promise<Schema<'AdminCodeImportResult'>>;
  codes(auth: AuthContext, optionId: number, status: 'free' | 'handedOut' | undefined, page: number, size: number): Promise<Schema<'AdminCodePage'>>;
  duplicateCodes(auth: AuthContext, communityId: string): Promise<Schema<'AdminCodeDuplicates'>>;
  voidCode(auth: AuthContext, codeId: number): Promise<Schema<'AdminCodeVoided'>>;
}

export function rewardOperations(ctx: OperatorContext): RewardOperations {
  const { db, requireRole, mayWrite } = ctx;
  return {
    async rewardOptions(auth, promoId) {
      const promo = await findPromo(db, promoId);
      if (!promo || promo.type !== 'REDEEM') throw promoNotFound();
      await requireRole(auth, promo.community_id, 'viewer').catch(() => {
        throw promoNotFound();
      });
      return { options: (await optionsOfReward(db, promoId)).map(optionView) };
    },

    async addRewardOption(auth, promoId, input) {
      return db.transaction().execute(async (trx) => {
        const promo = await findPromoForUpdate(trx, promoId);
        if (!promo || promo.type !== 'REDEEM') throw promoNotFound();
        await mayWrite(auth, promo.community_id, trx, promoNotFound);
        if ((await optionCount(trx, promoId)) >= MAX_OPTIONS) throw new AppError('IN_USE', 409, `The reward has ${MAX_OPTIONS} options already: edit one instead.`);
        const id = await insertRewardOption(trx, promoId, input);
        const view = optionView((await optionsOfReward(trx, promoId)).find((o) => o.id === id)!);
        await writeAudit(trx, {
          operatorId: auth.userId,
          communityId: promo.community_id,
          action: 'option.create',
          entity: 'option',
          entityId: id,
          before: null,
          after: { promoId, label: view.label, pips: view.pips },
        });
        return view;
      });
    },

    async updateRewardOption(auth, id, change) {
      return db.transaction().execute(async (trx) => {
        const option = await findOptionForUpdate(trx, id);
        if (!option) throw optionNotFound();
        await mayWrite(auth, option.communityId, trx, optionNotFound);
        const find = async () => optionView((await optionsOfReward(trx, option.promoId)).find((o) => o.id === id)!);
        const before = await find();
        await updateRewardOption(trx, id, change);
        const after = await find();
        const keys = Object.keys(change);
        await writeAudit(trx, { operatorId: auth.userId, communityId: option.communityId, action: 'option.update', entity: 'option', entityId: id, before: touched(before, keys), after: touched(after, keys) });
        return after;
      });
    },

    async deleteRewardOption(auth, id) {
      return db.transaction().execute(async (trx) => {
        const option = await findOptionForUpdate(trx, id);
        if (!option) throw optionNotFound();
        await mayWrite(auth, option.communityId, trx, optionNotFound);
        const options = await optionsOfReward(trx, option.promoId);
        const row = options.find((o) => o.id === id)!;
        const redeemed = await optionRedemptions(trx, id);
        const what = [redeemed > 0 && `redeemed ${redeemed} time(s)`, row.codesTotal > 0 && `${row.codesTotal} gift-card code(s) loaded`].filter(Boolean);
        if (what.length > 0) throw new AppError('IN_USE', 409, `The option is in use (${what.join(', ')}): archive the reward instead.`);
        if (options.length === 1) throw new AppError('IN_USE', 409, "It is the reward's only option: add another first, or delete the reward.");
        await deleteRewardOption(trx, id);
        await writeAudit(trx, { operatorId: auth.userId, communityId: option.communityId, action: 'option.delete', entity: 'option', entityId: id, before: { promoId: option.promoId, label: adminText(row.label), pips: row.pips }, after: null });
        return { deleted: true };
      });
    },

    async importCodes(auth, optionId, codes, dryRun) {
      return db.transaction().execute(async (trx) => {
        const option = await findOptionForUpdate(trx, optionId);
        if (!option) throw optionNotFound();
        await mayWrite(auth, option.communityId, trx, optionNotFound);
        const { codesBefore: before, ...result } = await importCodesInto(trx, optionId, option.communityId, codes, dryRun);
        const { imported, skipped, codesLeft } = result;
        if (dryRun || imported === 0) return result;
        await writeAudit(trx, {
          operatorId: auth.userId,
          communityId: option.communityId,
          action: 'codes.import',
          entity: 'option',
          entityId: optionId,
          // Counts only: the codes are the members' gift cards.
          before: { codesLeft: before },
          after: { codesLeft, imported, skipped: skipped.length },
        });
        return { dryRun, imported, skipped, codesLeft };
      });
    },

    async codes(auth, optionId, status, page, size) {
      const communityId = await optionCommunity(db, optionId);
      if (!communityId) throw optionNotFound();
      const role = await requireRole(auth, communityId, 'viewer').catch((error: AppError) => {
        throw error.code === 'FORBIDDEN' ? optionNotFound() : error;
      });
      return codePage(db, { operatorId: auth.userId, communityId, role, optionId, status, page, size });
    },

    async duplicateCodes(auth, communityId) {
      return duplicatesReport(db, communityId, await requireRole(auth, communityId, 'viewer'));
    },

    async voidCode(auth, codeId) {
      const codeNotFound = () => new AppError('NOT_FOUND', 404, 'No such gift-card code in a community you run.');
      return db.transaction().execute(async (trx) => {
        const row = await findCodeForUpdate(trx, codeId);
        if (!row) throw codeNotFound();
        await mayWrite(auth, row.communityId, trx, codeNotFound);
        if (row.redemptionId !== null) throw new AppError('IN_USE', 409, 'The code was handed out to a member already: it cannot be voided.');
        const before = await freeCodeCount(trx, row.optionId);
        await deleteCode(trx, codeId);
        await afterVoid(trx, row.code, row.duplicate);
        const codesLeft = await freeCodeCount(trx, row.optionId);
        await writeAudit(trx, {
          operatorId: auth.userId,
          communityId: row.communityId,
          action: 'codes.void',
          entity: 'option',
          entityId: row.optionId,
          // The code's id only, never the code itself.
          before: { codesLeft: before },
          after: { codesLeft, voidedCodeId: codeId },
        });
        return { voided: true, codesLeft };
      });
    },
  };
}
