import type { Schema } from '../../../api/types';
import { deleteAnnouncement, findAnnouncement, listAnnouncements, setAnnouncementActive, updateAnnouncement } from '../../../db/repositories/announcements';
import { writeAudit } from '../../../db/repositories/operators/audit';
import { pushStatusOf } from '../../../db/repositories/push';
import { AppError } from '../../../errors';
import { announce, AnnouncementInputError } from '../announcements';
import type { AuthContext } from '../sessions';
import { editAction, touched, type OperatorContext } from './context';

type AnnouncementRow = Awaited<ReturnType<typeof listAnnouncements>>[number];

const announcementView = (row: AnnouncementRow): Schema<'AdminAnnouncement'> => ({
  id: row.id,
  communityId: row.community_id,
  title: row.title,
  text: row.text,
  url: row.url,
  sendDate: new Date(row.send_date).toISOString(),
  read: row.read ?? 0,
  deleted: row.deleted ?? 0,
  pushed: row.pushed ?? 0,
  archived: !row.active,
});

const announcementNotFound = () => new AppError('NOT_FOUND', 404, 'No such announcement in a community you run.');

/** Announcements and their web pushes. */
export interface AnnouncementOperations {
  announcements(auth: AuthContext, communityId: string): Promise<Schema<'AdminAnnouncementList'>>;
  createAnnouncement(auth: AuthContext, communityId: string, input: Schema<'AdminAnnouncementNew'>): Promise<Schema<'AdminAnnouncement'>>;
  updateAnnouncement(auth: AuthContext, id: number, change: Schema<'AdminAnnouncementChange'>): Promise<Schema<'AdminAnnouncement'>>;
  deleteAnnouncement(auth: AuthContext, id: number): Promise<Schema<'AdminDeleted'>>;
  pushStatus(auth: AuthContext, communityId: string): Promise<Schema<'AdminPushStatus'>>;
}

export function announcementOperations(ctx: OperatorContext): AnnouncementOperations {
  const { db, requireRole, mayWrite } = ctx;
  return {
    async announcements(auth, communityId) {
      await requireRole(auth, communityId, 'viewer');
      return { announcements: (await listAnnouncements(db, communityId)).map(announcementView) };
    },

    async createAnnouncement(auth, communityId, input) {
      await requireRole(auth, communityId, 'editor');
      return db.transaction().execute(async (trx) => {
        await mayWrite(auth, communityId, trx);
        const { id, queuedPushes } = await announce(trx, { communityId, title: input.title, text: input.text, url: input.url ?? null, push: input.push === true }, ctx.now()).catch(
          (error: unknown) => {
            throw error instanceof AnnouncementInputError ? new AppError('VALIDATION_ERROR', 400, error.message) : error;
          },
        );
        const view = announcementView((await listAnnouncements(trx, communityId)).find((row) => row.id === id)!);
        await writeAudit(trx, {
          operatorId: auth.userId,
          communityId,
          action: 'announcement.create',
          entity: 'announcement',
          entityId: id,
          before: null,
          after: { title: view.title, text: view.text, url: view.url, queuedPushes },
        });
        return view;
      });
    },

    async updateAnnouncement(auth, id, change) {
      return db.transaction().execute(async (trx) => {
        const row = await findAnnouncement(trx, id);
        if (!row) throw announcementNotFound();
        await mayWrite(auth, row.community_id, trx, announcementNotFound);
        const find = async () => announcementView((await listAnnouncements(trx, row.community_id)).find((a) => a.id === id)!);
        const before = await find();
        const { archived, ...edits } = change;
        await updateAnnouncement(trx, id, edits);
        if (archived !== undefined) await setAnnouncementActive(trx, id, !archived);
        const view = await find();
        const keys = Object.keys(change);
        await writeAudit(trx, {
          operatorId: auth.userId,
          communityId: row.community_id,
          action: editAction('announcement', change),
          entity: 'announcement',
          entityId: id,
          before: touched(before, keys),
          after: touched(view, keys),
        });
        return view;
      });
    },

    async deleteAnnouncement(auth, id) {
      return db.transaction().execute(async (trx) => {
        const row = await findAnnouncement(trx, id);
        if (!row) throw announcementNotFound();
        await mayWrite(auth, row.community_id, trx, announcementNotFound);
        await deleteAnnouncement(trx, id);
        await writeAudit(trx, {
          operatorId: auth.userId,
          communityId: row.community_id,
          action: 'announcement.delete',
          entity: 'announcement',
          entityId: id,
          before: { title: row.title, text: row.text, url: row.url },
          after: null,
        });
        return { deleted: true };
      });
    },

    async pushStatus(auth, communityId) {
      await requireRole(auth, communityId, 'viewer');
      const status = await pushStatusOf(db, communityId);
      return {
        subscriptions: status.subscriptions,
        members: status.members,
        queue: status.queue.map((row) => ({ state: row.state, count: row.count })),
        failures: status.failures.map((row) => ({
          announcementId: row.announcement_id,
          userId: row.user_id,
          attempts: row.attempts,
          error: row.last_error,
          at: new Date(row.updated_at).toISOString(),
        })),
      };
    },
  };
}
