import type { Schema } from '../../../api/types';
import { csvFields, csvLines } from '../../../csv';
import { ADJUSTMENT_TITLE, postLedgerEntry } from '../../../db/repositories/ledger';
import { writeAudit } from '../../../db/repositories/operators/audit';
import { ledgerPage } from '../../../db/repositories/ledger';
import { findMember, memberCard, membersByEmail, searchMembers, setSuspension, type MemberColumns } from '../../../db/repositories/operators/members';
import { AppError } from '../../../errors';
import type { AuthContext } from '../sessions';
import { adminText, type OperatorContext } from './context';

/** A member as the operator API shows one. */
const memberView = (m: MemberColumns): Schema<'AdminMember'> => ({
  userId: m.id,
  email: m.email ?? '',
  firstName: m.first_name,
  lastName: m.last_name,
  verified: m.is_verified,
  availablePips: m.available_pips,
  totalEarnedPips: m.total_earned_pips,
  totalUsedPips: m.total_used_pips,
  joinedAt: new Date(m.created_at).toISOString(),
  suspension: m.suspended_at === null ? null : { at: new Date(m.suspended_at).toISOString(), reason: m.suspension_reason ?? '' },
});

const memberNotFound = () => new AppError('NOT_FOUND', 404, 'No such member in a community you run.');

/** An operator's debit below zero, said to the operator (not the member's "You do not have enough pips"). */
const memberHasOnly = (pips: number) => new AppError('INSUFFICIENT_PIPS', 400, `The member has only ${pips} pip${pips === 1 ? '' : 's'}: a debit cannot take them below zero.`);

type BulkRow = Schema<'AdminBulkAdjustResult'>['rows'][number];

/** At most this many lines in one bulk adjustment. */
export const MAX_BULK_ROWS = 5000;

/**
 * The lines of a bulk adjustment's CSV: the header names email, delta and reason (any order and
 * case); blank lines are skipped; each row keeps its line number. Bad deltas and missing reasons
 * are marked here, the members and balances by the caller.
 */
export function parseBulkCsv(csv: string): BulkRow[] {
  const lines = csvLines(csv);
  const first = lines.findIndex((line) => line.trim() !== '');
  const header = first < 0 ? [] : csvFields(lines[first]).map((field) => field.trim().toLowerCase());
  const column = { email: header.indexOf('email'), delta: header.indexOf('delta'), reason: header.indexOf('reason') };
  if (column.email < 0 || column.delta < 0 || column.reason < 0) {
    throw new AppError('VALIDATION_ERROR', 400, 'csv: the first line must name the columns email, delta and reason');
  }
  const rows: BulkRow[] = [];
  lines.forEach((line, index) => {
    if (index <= first || line.trim() === '') return;
    const fields = csvFields(line);
    const email = (fields[column.email] ?? '').trim().toLowerCase();
    const rawDelta = (fields[column.delta] ?? '').trim();
    const reason = (fields[column.reason] ?? '').trim();
    const delta = /^[+-]?\d{1,8}$/.test(rawDelta) ? Number(rawDelta) : null;
    const goodDelta = delta !== null && delta !== 0 && Math.abs(delta) <= 10_000_000;
    rows.push({
      line: index + 1,
      email,
      delta: goodDelta ? delta : null,
      reason,
      userId: null,
      availableBefore: null,
      availableAfter: null,
      problem: !goodDelta ? 'BAD_DELTA' : reason === '' || reason.length > 500 ? 'NO_REASON' : null,
    });
  });
  if (rows.length === 0) throw new AppError('VALIDATION_ERROR', 400, 'csv: no adjustment below the header');
  if (rows.length > MAX_BULK_ROWS) throw new AppError('VALIDATION_ERROR', 400, `csv: at most ${MAX_BULK_ROWS} lines at a time`);
  return rows;
}

/** A community's members: the search, one member's ledger, and adjustments of their pips (one, or many from a CSV). */
export interface MemberOperations {
  members(auth: AuthContext, communityId: string, q: string | undefined, page: number, size: number): Promise<Schema<'AdminMemberPage'>>;
  member(auth: AuthContext, userId: number, page: number, size: number): Promise<Schema<'AdminMemberLedger'>>;
  adjust(auth: AuthContext, userId: number, delta: number, reason: string): Promise<Schema<'AdminAdjustResult'>>;
  /** Suspends the member with a reason (`reason` given), or restores them (null). */
  suspend(auth: AuthContext, userId: number, reason: string | null): Promise<Schema<'AdminMember'>>;
  bulkAdjust(auth: AuthContext, communityId: string, csv: string, dryRun: boolean): Promise<Schema<'AdminBulkAdjustResult'>>;
}

export function memberOperations(ctx: OperatorContext): MemberOperations {
  const { db, requireRole, mayWrite } = ctx;
  return {
    async members(auth, communityId, q, page, size) {
      await requireRole(auth, communityId, 'viewer');
      const { members, total } = await searchMembers(db, communityId, q, size, (page - 1) * size);
      return { total, members: members.map(memberView) };
    },

    async member(auth, userId, page, size) {
      const card = await memberCard(db, userId);
      if (!card) throw memberNotFound();
      await requireRole(auth, card.community_id, 'viewer').catch(() => {
        throw memberNotFound();
      });
      const rows = await ledgerPage(db, userId, size, (page - 1) * size);
      return {
        member: memberView(card),
        entries: rows.map((row) => ({
          id: row.id,
          delta: row.delta,
          kind: row.kind,
          title: adminText(row.title),
          reason: row.reason,
          at: new Date(row.created_at).toISOString(),
        })),
        total: card.ledger_rows,
      };
    },

    async suspend(auth, userId, reason) {
      const member = await findMember(db, userId);
      if (!member) throw memberNotFound();
      await mayWrite(auth, member.community_id, db, memberNotFound);
      return db.transaction().execute(async (trx) => {
        const before = await memberCard(trx, userId);
        if (!before) throw memberNotFound();
        const trimmed = reason?.trim() ?? null;
        const unchanged = trimmed === null ? before.suspended_at === null : before.suspended_at !== null && before.suspension_reason === trimmed;
        if (!unchanged) {
          await setSuspension(trx, userId, trimmed === null ? null : { at: before.suspended_at ?? ctx.now(), reason: trimmed });
          await writeAudit(trx, {
            operatorId: auth.userId,
            communityId: member.community_id,
            action: trimmed === null ? 'member.restore' : 'member.suspend',
            entity: 'member',
            entityId: userId,
            before: { suspended: before.suspended_at !== null, reason: before.suspension_reason },
            after: { suspended: trimmed !== null, reason: trimmed },
          });
        }
        return memberView((await memberCard(trx, userId))!);
      });
    },

    async adjust(auth, userId, delta, reason) {
      const member = await findMember(db, userId);
      if (!member) throw memberNotFound();
      await mayWrite(auth, member.community_id, db, memberNotFound);
      return db.transaction().execute(async (trx) => {
        const trimmed = reason.trim();
        const posted = await postLedgerEntry(
          trx,
          { userId, delta, kind: 'adjustment', sourceId: null, title: ADJUSTMENT_TITLE, reason: trimmed },
          ctx.now(),
        );
        await writeAudit(trx, {
          operatorId: auth.userId,
          communityId: member.community_id,
          action: 'member.adjust',
          entity: 'member',
          entityId: userId,
          before: { availablePips: posted.availablePips - delta },
          after: { availablePips: posted.availablePips, delta, reason: trimmed, entryId: posted.entryId },
        });
        return { userId, availablePips: posted.availablePips, entryId: posted.entryId };
      }).catch(async (error: unknown) => {
        // Rolled back: the balance it had, read again, for the operator.
        if (!(error instanceof AppError && error.code === 'INSUFFICIENT_PIPS')) throw error;
        throw memberHasOnly((await findMember(db, userId))?.available_pips ?? member.available_pips);
      });
    },

    async bulkAdjust(auth, communityId, csv, dryRun) {
      await requireRole(auth, communityId, 'editor');
      const rows = parseBulkCsv(csv);
      return db.transaction().execute(async (trx) => {
        await mayWrite(auth, communityId, trx);
        // The balances each line starts from: the member's, after the lines before it.
        const members = new Map((await membersByEmail(trx, communityId, [...new Set(rows.map((r) => r.email))])).map((m) => [m.email, m]));
        const running = new Map<number, number>();
        for (const row of rows) {
          const member = members.get(row.email);
          if (!member) {
            row.problem ??= 'NO_SUCH_MEMBER';
            continue;
          }
          row.userId = member.id;
          if (row.delta === null || row.problem) continue;
          row.availableBefore = running.get(member.id) ?? member.available_pips;
          row.availableAfter = row.availableBefore + row.delta;
          if (row.availableAfter < 0) row.problem = 'INSUFFICIENT_PIPS';
          else running.set(member.id, row.availableAfter);
        }
        if (dryRun || rows.some((row) => row.problem !== null)) return { dryRun, applied: 0, rows };
        const now = ctx.now();
        for (const row of rows) {
          await postLedgerEntry(trx, { userId: row.userId!, delta: row.delta!, kind: 'adjustment', sourceId: null, title: ADJUSTMENT_TITLE, reason: row.reason }, now);
        }
        await writeAudit(trx, {
          operatorId: auth.userId,
          communityId,
          action: 'members.bulkAdjust',
          entity: 'community',
          entityId: communityId,
          before: null,
          after: { lines: rows.length, adjustments: rows.map((row) => ({ userId: row.userId, delta: row.delta, reason: row.reason })) },
        });
        return { dryRun, applied: rows.length, rows };
      });
    },
  };
}
