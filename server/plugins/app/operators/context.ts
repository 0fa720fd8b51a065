import type { Kysely } from 'kysely';
import type { Schema } from '../../../api/types';
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
