import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { Timestamp, CreatedAt, Json } from './columns';
import type { AnnouncementText } from './announcements';

// Communities, members and their sign-in: accounts, tokens, devices, identities, rate limits.

export interface CommunitiesTable {
  id: string;
  name: string;
  created_at: CreatedAt;
  /** false: archived (no new member can join; migration 054). */
  active: Generated<boolean>;
}

/** How members reach the community's operator (migration 050). */
export interface CommunitySupportTable {
  community_id: string;
  email: string;
  /** https only. */
  url: string | null;
  phone: string | null;
  text: Json<AnnouncementText> | null;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface UsersTable {
  id: Generated<number>;
  community_id: string;
  /** Lower-cased; null once the account is deleted, which frees the address. */
  email: string | null;
  first_name: string;
  last_name: string;
  phone: string;
  /** `date` column: read it as text (`day_of_birth::text`), write 'YYYY-MM-DD'. */
  day_of_birth: ColumnType<string | null, string | null, string | null>;
  guardian_consent_at: Timestamp | null;
  custom_terms_accepted: boolean;
  /** scrypt hash; null for accounts made through Google or Apple that never set a password. */
  password_hash: string | null;
  is_verified: Generated<boolean>;
  available_pips: Generated<number>;
  total_earned_pips: Generated<number>;
  total_used_pips: Generated<number>;
  created_at: CreatedAt;
  deleted_at: Timestamp | null;
  /** Set by an operator: the member reads but neither earns nor redeems (pips_post refuses SUSPENDED). */
  suspended_at: Timestamp | null;
  suspension_reason: string | null;
}

export interface AuthTokensTable {
  token_hash: string;
  user_id: number;
  /** The refresh-token family this access token was issued with. */
  family_id: string;
  expires_at: Timestamp;
  created_at: CreatedAt;
}

export interface RefreshTokensTable {
  token_hash: string;
  user_id: number;
  family_id: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  revoked_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface VerificationCodesTable {
  user_id: number;
  code_hash: string;
  expires_at: Timestamp;
  attempts: Generated<number>;
  sent_at: Timestamp;
}

export type OneTimeTokenType =
  | 'register'
  | 'changePassword'
  | 'qrParams'
  | 'emailReset'
  /** Proves the password before the account is deleted. */
  | 'confirmPassword'
  /** PKCE verifier, nonce, return path and browser binding of a started Google / Apple sign-in. */
  | 'oidcState'
  /** What the provider said, handed to the app on /auth/callback for oidcSession. */
  | 'oidcTicket'
  /** The same, for oidcRegister once the member gave the community and the terms. */
  | 'oidcSignup';

export interface OneTimeTokensTable {
  token_hash: string;
  type: OneTimeTokenType;
  user_id: number | null;
  /** jsonb: e.g. { passwordHash } or { qrParam }. */
  payload: ColumnType<Record<string, unknown>, string, string>;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface DevicesTable {
  id: Generated<number>;
  user_id: number;
  identifier: string;
  platform: string;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** A provider's account (provider + subject) linked to a user. */
export interface IdentitiesTable {
  provider: string;
  subject: string;
  user_id: number;
  /** The e-mail the provider gave when the identity was linked (information only). */
  email: string | null;
  created_at: CreatedAt;
}

export interface RateLimitsTable {
  bucket: string;
  window_start: Timestamp;
  count: number;
}

export type Community = Selectable<CommunitiesTable>;
export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
