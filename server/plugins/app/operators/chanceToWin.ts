import type { Kysely } from 'kysely';
import type { Schema } from '../../../api/types';
import { winnersAnnouncement } from '../../../contests/announceWinners';
import { commitmentOf, drawProof, newSeed } from '../../../contests/draw';
import { operatorWinners } from '../../../contests/operatorWinners';
import { drawContest } from '../../../contests/runDraws';
import {
  deleteOpenContest,
  entriesOf,
  findContest,
  insertContest,
  listContests,
  moveDrawingTo,
  setCtwActive,
  updateOpenContest,
  winnersOf,
} from '../../../db/repositories/chanceToWin';
import { writeAudit } from '../../../db/repositories/operators/audit';
import type { CtwContest, Database } from '../../../db/schema';
import { AppError } from '../../../errors';
import { announce } from '../announcements';
import type { AuthContext } from '../sessions';
import { adminText, editAction, touched, type OperatorContext } from './context';

const contestNotFound = () => new AppError('NOT_FOUND', 404, 'No such Chance to Win contest in a community you run.');

/** Chance to Win contests: the list, a new contest, edits, deletion and the draw. */
export interface ChanceToWinOperations {
  chanceToWin(auth: AuthContext, communityId: string): Promise<Schema<'AdminCtwContestList'>>;
  createChanceToWin(auth: AuthContext, communityId: string, input: Schema<'AdminCtwNew'>): Promise<Schema<'AdminCtwContest'>>;
  updateChanceToWin(auth: AuthContext, id: number, change: Schema<'AdminCtwChange'>): Promise<Schema<'AdminCtwContest'>>;
  deleteChanceToWin(auth: AuthContext, id: number): Promise<Schema<'AdminDeleted'>>;
  drawChanceToWin(auth: AuthContext, id: number): Promise<Schema<'AdminCtwContest'>>;
}

export function chanceToWinOperations(ctx: OperatorContext): ChanceToWinOperations {
  const { db, requireRole, mayWrite } = ctx;

  /** Contests as the operator API shows them: entries and winners (name and e-mail while the account exists) once drawn. */
  async function contestViews(contests: CtwContest[], trx: Kysely<Database> = db): Promise<Schema<'AdminCtwContest'>[]> {
    const drawn = contests.filter((c) => c.status === 'drawn').map((c) => c.id);
    const [entries, winners] = await Promise.all([entriesOf(trx, drawn), winnersOf(trx, drawn).then((rows) => operatorWinners(trx, rows))]);
    return contests.map((c) => ({
      id: c.id,
      communityId: c.community_id,
      name: adminText(c.name),
      prize: c.prize === null ? null : adminText(c.prize),
      thresholdPips: c.threshold_pips,
      startsAt: new Date(c.starts_at).toISOString(),
      drawsAt: new Date(c.draws_at).toISOString(),
      numberOfWinners: c.number_of_winners,
      status: c.status === 'drawn' ? 'drawn' : 'open',
      archived: !c.active,
      commitment: c.commitment,
      entries: c.status === 'drawn' ? (entries.get(c.id) ?? []).length : null,
      winners: winners.get(c.id) ?? [],
      proof: drawProof(c, entries.get(c.id)),
    }));
  }

  return {
    async chanceToWin(auth, communityId) {
      await requireRole(auth, communityId, 'viewer');
      const contests = await listContests(db, communityId);
      // the next drawing first, then the past ones, most recent first
      const open = contests.filter((c) => c.status !== 'drawn').sort((a, b) => new Date(a.draws_at).getTime() - new Date(b.draws_at).getTime());
      const done = contests.filter((c) => c.status === 'drawn').sort((a, b) => new Date(b.draws_at).getTime() - new Date(a.draws_at).getTime());
      return { contests: await contestViews([...open, ...done]) };
    },

    async createChanceToWin(auth, communityId, input) {
      await requireRole(auth, communityId, 'editor');
      const now = ctx.now();
      const startsAt = input.startsAt === undefined ? now : new Date(input.startsAt);
      const drawsAt = new Date(input.drawsAt);
      if (drawsAt <= now) throw new AppError('VALIDATION_ERROR', 400, 'drawsAt: must be in the future');
      if (drawsAt <= startsAt) throw new AppError('VALIDATION_ERROR', 400, 'drawsAt: must be after startsAt');
      return db.transaction().execute(async (trx) => {
        await mayWrite(auth, communityId, trx);
        const seed = newSeed();
        const contest = await insertContest(trx, {
          communityId,
          name: input.name,
          prize: input.prize ?? null,
          thresholdPips: input.thresholdPips,
          startsAt,
          drawsAt,
          numberOfWinners: input.numberOfWinners ?? 1,
          seed,
          commitment: commitmentOf(seed),
        });
        const [view] = await contestViews([contest], trx);
        const { winners: _w, entries: _e, ...kept } = view;
        await writeAudit(trx, { operatorId: auth.userId, communityId, action: 'ctw.create', entity: 'ctw', entityId: contest.id, before: null, after: kept });
        return view;
      });
    },

    async updateChanceToWin(auth, id, change) {
      return db.transaction().execute(async (trx) => {
        const found = await findContest(trx, id);
        if (!found) throw contestNotFound();
        await mayWrite(auth, found.community_id, trx, contestNotFound);
        const { archived, ...edits } = change;
        const keys = Object.keys(change);
        const onlyArchiving = keys.length === 1 && archived !== undefined;
        if (found.status === 'drawn' && !onlyArchiving) throw new AppError('ALREADY_DRAWN', 409, `Contest ${id} was drawn already: it stays as drawn (it can only be archived).`);
        if (found.status !== 'drawn' && archived === true) {
          throw new AppError('VALIDATION_ERROR', 400, `archived: contest ${id} has not been drawn; delete it instead (nobody has entered until the drawing)`);
        }
        const drawsAt = edits.drawsAt === undefined ? undefined : new Date(edits.drawsAt);
        if (drawsAt && drawsAt <= ctx.now()) throw new AppError('VALIDATION_ERROR', 400, 'drawsAt: must be in the future');
        if (drawsAt && drawsAt <= new Date(found.starts_at)) throw new AppError('VALIDATION_ERROR', 400, 'drawsAt: must be after startsAt');
        let updated: CtwContest | undefined = found;
        if (onlyArchiving) await setCtwActive(trx, id, !archived);
        else updated = await updateOpenContest(trx, id, { ...edits, drawsAt });
        if (!updated) throw new AppError('ALREADY_DRAWN', 409, `Contest ${id} was drawn meanwhile.`);
        const [before] = await contestViews([found], trx);
        const [view] = await contestViews([(await findContest(trx, id))!], trx);
        await writeAudit(trx, {
          operatorId: auth.userId,
          communityId: found.community_id,
          action: editAction('ctw', change),
          entity: 'ctw',
          entityId: id,
          before: touched(before, keys),
          after: touched(view, keys),
        });
        return view;
      });
    },

    async deleteChanceToWin(auth, id) {
      return db.transaction().execute(async (trx) => {
        const found = await findContest(trx, id);
        if (!found) throw contestNotFound();
        await mayWrite(auth, found.community_id, trx, contestNotFound);
        if (found.status === 'drawn') throw new AppError('ALREADY_DRAWN', 409, `Contest ${id} was drawn: it stays as the record of its draw.`);
        const [before] = await contestViews([found], trx);
        const { winners: _w, entries: _e, ...kept } = before;
        await deleteOpenContest(trx, id);
        await writeAudit(trx, { operatorId: auth.userId, communityId: found.community_id, action: 'ctw.delete', entity: 'ctw', entityId: id, before: kept, after: null });
        return { deleted: true };
      });
    },

    async drawChanceToWin(auth, id) {
      const now = ctx.now();
      // Close the window now (the draw itself is its own transaction, as the server's timer runs it).
      const contest = await db.transaction().execute(async (trx) => {
        const found = await findContest(trx, id);
        if (!found) throw contestNotFound();
        await mayWrite(auth, found.community_id, trx, contestNotFound);
        if (found.status === 'drawn') throw new AppError('ALREADY_DRAWN', 409, `Contest ${id} was drawn already.`);
        if (new Date(found.starts_at) > now) throw new AppError('VALIDATION_ERROR', 400, `Contest ${id} has not started: nobody can have qualified yet.`);
        await moveDrawingTo(trx, id, now);
        return found;
      });
      const draw = await drawContest(db, id, now);
      if (!draw) throw new AppError('ALREADY_DRAWN', 409, `Contest ${id} was drawn by someone else meanwhile.`);
      await announce(db, winnersAnnouncement(draw), now);
      const [view] = await contestViews([(await findContest(db, id))!]);
      await writeAudit(db, {
        operatorId: auth.userId,
        communityId: contest.community_id,
        action: 'ctw.draw',
        entity: 'ctw',
        entityId: id,
        before: { drawsAt: new Date(contest.draws_at).toISOString(), status: 'open' },
        after: { drawsAt: view.drawsAt, status: 'drawn', entries: view.entries, winners: view.winners.length },
      });
      return view;
    },
  };
}
