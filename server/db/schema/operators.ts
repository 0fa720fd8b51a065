import type { Generated } from 'kysely';
import type { Timestamp, CreatedAt, Json } from './columns';

// The operator console's own tables: roles, the audit log, invitations, translations, images.

export type OperatorRole = 'owner' | 'editor' | 'viewer';

/** An operator's role in a community (migration 040). */
export interface OperatorRolesTable {
  user_id: number;
  community_id: string;
  role: OperatorRole;
  created_at: CreatedAt;
}

/** One operator write (migration 040): who, what, the changed fields before and after, when. */
export interface AuditLogTable {
  id: Generated<number>;
  operator_id: number | null;
  community_id: string;
  action: string;
  entity: string;
  entity_id: string;
  before: Json<unknown> | null;
  after: Json<unknown> | null;
  created_at: CreatedAt;
}

/** An invitation of an e-mail address to a role in a community (migration 064). */
export interface OperatorInvitationsTable {
  id: Generated<number>;
  community_id: string;
  email: string;
  role: OperatorRole;
  invited_by: number | null;
  /** SHA-256 (hex) of the mailed token. */
  token_hash: string;
  created_at: CreatedAt;
  expires_at: Timestamp;
  accepted_at: Timestamp | null;
  accepted_by: number | null;
  revoked_at: Timestamp | null;
  revoked_by: number | null;
}

/** One-time tokens that set up a server with no operator yet (migration 068). */
export interface SetupTokensTable {
  /** SHA-256 (hex) of the printed token. */
  token_hash: string;
  created_at: CreatedAt;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

/** Cached and operator-given translations (migration 051). */
export interface TranslationsTable {
  /** SHA-256 (hex) of `source`. */
  source_hash: string;
  /** The content language translated into: 'en' or 'es'. */
  target_lang: string;
  source: string;
  translated: string;
  origin: 'operator' | 'machine';
  created_at: CreatedAt;
}

/** Operator images, by the SHA-256 of their bytes (migration 052). */
export interface ImagesTable {
  hash: string;
  content_type: 'image/png' | 'image/jpeg' | 'image/webp';
  bytes: Uint8Array;
  width: number;
  height: number;
  created_at: CreatedAt;
}
