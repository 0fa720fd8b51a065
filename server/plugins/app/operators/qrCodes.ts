import type { Schema } from '../../../api/types';
import { createEarnQrCode, earnQrLink } from '../../../db/repositories/earnQrCodes';
import { writeAudit } from '../../../db/repositories/operators/audit';
import {
  deleteQrCode,
  endQrCode,
  findQrCodeForUpdate,
  qrCodeCredits,
  qrCodesOfCommunity,
  updateQrCode,
  type QrCodeRow,
} from '../../../db/repositories/operators/qrCodes';
import { AppError } from '../../../errors';
import type { AuthContext } from '../sessions';
import { adminText, changeState, touched, type OperatorContext } from './context';

const qrNotFound = () => new AppError('NOT_FOUND', 404, 'No such QR code in a community you run.');

/** Earn QR codes: the list, a new code, edits, ending and deletion. */
export interface QrCodeOperations {
  qrCodes(auth: AuthContext, communityId: string): Promise<Schema<'AdminQrCodeList'>>;
  createQrCode(auth: AuthContext, communityId: string, input: Schema<'AdminQrCodeNew'>): Promise<Schema<'AdminQrCode'>>;
  updateQrCode(auth: AuthContext, id: number, change: Schema<'AdminQrCodeChange'>): Promise<Schema<'AdminQrCode'>>;
  endQrCode(auth: AuthContext, id: number): Promise<Schema<'AdminQrCode'>>;
  deleteQrCode(auth: AuthContext, id: number): Promise<Schema<'AdminDeleted'>>;
}

export function qrCodeOperations(ctx: OperatorContext): QrCodeOperations {
  const { db, requireRole, mayWrite } = ctx;

  const qrView = (row: QrCodeRow): Schema<'AdminQrCode'> => {
    const at = ctx.now().getTime();
    const time = (value: Date | string | null) => (value === null ? null : new Date(value));
    const [from, until] = [time(row.valid_from), time(row.valid_until)];
    return {
      id: row.id,
      communityId: row.community_id,
      title: adminText(row.title),
      pips: row.pips,
      earnLimit: row.earn_limit,
      validFrom: from?.toISOString() ?? null,
      validUntil: until?.toISOString() ?? null,
      cap: row.total_cap,
      claims: row.claims_count,
      live: (from === null || from.getTime() <= at) && (until === null || until.getTime() > at) && (row.total_cap === null || row.claims_count < row.total_cap),
      link: earnQrLink(ctx.publicUrl, row.code),
    };
  };

  return {
    async qrCodes(auth, communityId) {
      await requireRole(auth, communityId, 'viewer');
      return { qrCodes: (await qrCodesOfCommunity(db, communityId)).map(qrView) };
    },

    async createQrCode(auth, communityId, input) {
      await requireRole(auth, communityId, 'editor');
      const validFrom = input.validFrom === undefined ? null : new Date(input.validFrom);
      const validUntil = input.validUntil === undefined ? null : new Date(input.validUntil);
      if (validFrom && validUntil && validUntil <= validFrom) {
        throw new AppError('VALIDATION_ERROR', 400, 'validUntil: must be after validFrom');
      }
      if (validUntil && validUntil <= ctx.now()) throw new AppError('VALIDATION_ERROR', 400, 'validUntil: the validity has already ended (choose a moment in the future)');
      return db.transaction().execute(async (trx) => {
        await mayWrite(auth, communityId, trx);
        const { id } = await createEarnQrCode(trx, {
          communityId,
          title: input.title,
          pips: input.pips,
          limit: input.earnLimit ?? 'once',
          validFrom,
          validUntil,
          totalCap: input.cap ?? null,
        });
        const view = qrView((await findQrCodeForUpdate(trx, id))!);
        const { link: _link, ...kept } = view;
        await writeAudit(trx, { operatorId: auth.userId, communityId, action: 'qr.create', entity: 'qr', entityId: id, before: null, after: kept });
        return view;
      });
    },

    async updateQrCode(auth, id, change) {
      return db.transaction().execute(async (trx) => {
        const row = await findQrCodeForUpdate(trx, id);
        if (!row) throw qrNotFound();
        await mayWrite(auth, row.community_id, trx, qrNotFound);
        const validUntil = change.validUntil === undefined ? undefined : change.validUntil === null ? null : new Date(change.validUntil);
        if (validUntil && row.valid_from !== null && validUntil <= new Date(row.valid_from)) {
          throw new AppError('VALIDATION_ERROR', 400, 'validUntil: must be after the code starts');
        }
        const updated = await updateQrCode(trx, id, { title: change.title, pips: change.pips, earnLimit: change.earnLimit, validUntil, cap: change.cap });
        const keys = Object.keys(change);
        await writeAudit(trx, {
          operatorId: auth.userId,
          communityId: row.community_id,
          action: 'qr.update',
          entity: 'qr',
          entityId: id,
          before: touched(qrView(row), keys),
          after: touched(qrView(updated), keys),
        });
        return qrView(updated);
      });
    },

    async endQrCode(auth, id) {
      return changeState(ctx, auth, id, {
        find: findQrCodeForUpdate,
        notFound: qrNotFound,
        view: qrView,
        done: (row, now) => row.valid_until !== null && new Date(row.valid_until) <= now,
        apply: (trx, now) => endQrCode(trx, id, now),
        action: 'qr.end',
        entity: 'qr',
        field: 'validUntil',
      });
    },

    async deleteQrCode(auth, id) {
      return db.transaction().execute(async (trx) => {
        const row = await findQrCodeForUpdate(trx, id);
        if (!row) throw qrNotFound();
        await mayWrite(auth, row.community_id, trx, qrNotFound);
        const credits = Math.max(row.claims_count, await qrCodeCredits(trx, id));
        if (credits > 0) throw new AppError('IN_USE', 409, `The QR code credited ${credits} scan(s): end it instead.`);
        await deleteQrCode(trx, id);
        const { link: _link, ...kept } = qrView(row);
        await writeAudit(trx, { operatorId: auth.userId, communityId: row.community_id, action: 'qr.delete', entity: 'qr', entityId: id, before: kept, after: null });
        return { deleted: true };
      });
    },
  };
}
