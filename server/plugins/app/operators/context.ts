import type { Kysely, Transaction } from 'kysely';
import type { Schema } from '../../../api/types';
import { writeAudit } from '../../../db/repositories/operators/audit';
import { roleIn } from '../../../db/repositories/operators/roles';
import type { Database, LocalizedText, OperatorRole } from '../../../db/schema';
import { AppError } from '../../../errors';
import { forbidden, RANK, requireRoleIn } from '../operatorRoles';
import type { AuthContext } from '../sessions';

/** What the operator service is made with: the database, the clock and the app's public URL (for links). */
export interface OperatorDeps {
  db: Kysely<Database>;
  now: () => Date;
  publicUrl: string;
}

/** What each part of the operator service works with: its deps and the role checks. */
export interface OperatorContext extends OperatorDeps {
  /** The caller's role in the community when it is at least `least`; 404 for an unknown community. */
  requireRole(auth: AuthContext, communityId: string, least: OperatorRole): Promise<OperatorRole>;
  /** Whether the caller may write in the community (to tell 404 from 403 without a leak: both are "not yours"). */
  mayWrite(auth: AuthContext, communityId: string, trx?: Kysely<Database>, notFound?: () => AppError): Promise<void>;
}

export function operatorContext(deps: OperatorDeps): OperatorContext {
  const { db } = deps;
  return {
    ...deps,
    requireRole: (auth, communityId, least) => requireRoleIn(db, auth.userId, communityId, least),
    async mayWrite(auth, communityId, trx = db, notFound) {
      // Inside a write's transaction, its own connection (PGlite has only one).
      const role = await roleIn(trx, auth.userId, communityId);
      // Content of a community the caller does not run answers as if it did not exist (`notFound`).
      if (role === undefined) throw notFound?.() ?? new AppError('NOT_FOUND', 404, 'Not found in a community you run.');
      if (RANK[role] < RANK.editor) throw forbidden();
    },
  };
}

/** A promo not found, or of a community the caller does not run (the same answer). */
export const promoNotFound = () => new AppError('NOT_FOUND', 404, 'No such promo in a community you run.');

/** A stored text as the operator API shows it: always `{ en, es? }`. */
export const adminText = (text: LocalizedText): Schema<'AdminText'> => (typeof text === 'string' ? { en: text } : text);

/** What the audit log calls an edit: `<entity>.archive` or `.restore` when it only (un)archives, else `.update`. */
export const editAction = (entity: string, change: { archived?: boolean }) =>
  Object.keys(change).length === 1 && change.archived !== undefined ? `${entity}.${change.archived ? 'archive' : 'restore'}` : `${entity}.update`;

/** The fields a change touched, as a view shows them before or after it (what the audit log keeps). */
export const touched = <T extends object>(view: T, keys: readonly string[]) => Object.fromEntries(keys.map((key) => [key, view[key as keyof T]]));

/**
 * A write that only moves one item between two states (a promo archived or restored, a QR code
 * ended), in one transaction: the item locked (`find`; missing, or of a community the caller does
 * not run: `notFound`), the caller's right to write checked, then nothing written when `done` says
 * it is in that state already; else `apply` and one audit row, `action` on `entity`, keeping the
 * view's `field` before and after. `at` is the write's moment, read once the caller may write.
 * Answers the item's view as it is now.
 */
export async function changeState<Row extends { community_id: string }, View extends object>(
  ctx: OperatorContext,
  auth: AuthContext,
  id: number,
  change: {
    find: (trx: Transaction<Database>, id: number) => Promise<Row | undefined>;
    notFound: () => AppError;
    view: (row: Row) => View;
    done: (row: Row, at: Date) => boolean;
    apply: (trx: Transaction<Database>, at: Date) => Promise<Row>;
    action: string;
    entity: string;
    field: keyof View & string;
  },
): Promise<View> {
  const { find, notFound, view, done, apply, action, entity, field } = change;
  return ctx.db.transaction().execute(async (trx) => {
    const row = await find(trx, id);
    if (!row) throw notFound();
    await ctx.mayWrite(auth, row.community_id, trx, notFound);
    const at = ctx.now();
    if (done(row, at)) return view(row);
    const changed = await apply(trx, at);
    await writeAudit(trx, {
      operatorId: auth.userId,
      communityId: row.community_id,
      action,
      entity,
      entityId: id,
      before: touched(view(row), [field]),
      after: touched(view(changed), [field]),
    });
    return view(changed);
  });
}
