import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Kysely's view of the tables created by the migrations in ./migrations. */
export interface Database {
  communities: CommunitiesTable;
  community_support: CommunitySupportTable;
  users: UsersTable;
  auth_tokens: AuthTokensTable;
  refresh_tokens: RefreshTokensTable;
  verification_codes: VerificationCodesTable;
  one_time_tokens: OneTimeTokensTable;
  devices: DevicesTable;
  rate_limits: RateLimitsTable;
  identities: IdentitiesTable;
  ledger_entries: LedgerEntriesTable;
  idempotency_keys: IdempotencyKeysTable;
  questionnaires: QuestionnairesTable;
  questionnaire_answers: QuestionnaireAnswersTable;
  promos: PromosTable;
  promo_options: PromoOptionsTable;
  redemptions: RedemptionsTable;
  gift_card_codes: GiftCardCodesTable;
  earn_qr_codes: EarnQrCodesTable;
  earn_claims: EarnClaimsTable;
  announcements: AnnouncementsTable;
  announcement_statuses: AnnouncementStatusesTable;
  push_subscriptions: PushSubscriptionsTable;
  push_deliveries: PushDeliveriesTable;
  push_keys: PushKeysTable;
  ctw_contests: CtwContestsTable;
  ctw_entries: CtwEntriesTable;
  ctw_winners: CtwWinnersTable;
  trivia_settings: TriviaSettingsTable;
  trivia_contests: TriviaContestsTable;
  trivia_teams: TriviaTeamsTable;
  trivia_questions: TriviaQuestionsTable;
  trivia_answers: TriviaAnswersTable;
  trivia_servings: TriviaServingsTable;
  trivia_contest_members: TriviaContestMembersTable;
  trivia_contest_answers: TriviaContestAnswersTable;
  operator_roles: OperatorRolesTable;
  audit_log: AuditLogTable;
  operator_invitations: OperatorInvitationsTable;
  translations: TranslationsTable;
  images: ImagesTable;
}

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

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

/**
 * Operator-written text: a plain string, or one text per language ({ en, es }); the server
 * resolves it by the caller's Accept-Language (server/i18n/localized.ts).
 */
export type LocalizedText = string | { en: string; es?: string };

/** A jsonb column: read as the parsed value, written as JSON text. */
type Json<T> = ColumnType<T, string, string>;

export type LedgerKind = 'promo' | 'qr' | 'questionnaire' | 'redeem' | 'adjustment' | 'trivia' | 'contest';
export type EarnLimit = 'once' | 'daily' | 'unlimited';

/** Append-only: rows are inserted by `ledger.post` and never updated or deleted. */
export interface LedgerEntriesTable {
  id: Generated<number>;
  user_id: number;
  /** Pips credited (positive) or debited (negative); never 0. */
  delta: number;
  kind: LedgerKind;
  source_id: number | null;
  title: Json<LocalizedText>;
  /** The operator's reason of an adjustment. */
  reason: string | null;
  idempotency_key: string | null;
  created_at: CreatedAt;
}

export interface IdempotencyKeysTable {
  user_id: number;
  key: string;
  operation: string;
  fingerprint: string;
  response: Json<unknown>;
  created_at: CreatedAt;
}

export interface QuestionnairesTable {
  id: Generated<number>;
  community_id: string;
  /** The QuestionnairePayload of openapi.yaml, with LocalizedText where text goes. */
  payload: Json<unknown>;
  pips: Generated<number>;
  active: Generated<boolean>;
  created_at: CreatedAt;
}

export interface QuestionnaireAnswersTable {
  id: Generated<number>;
  questionnaire_id: number;
  user_id: number;
  answers: Json<Record<string, unknown>>;
  ledger_entry_id: number | null;
  created_at: CreatedAt;
}

export interface PromosTable {
  id: Generated<number>;
  community_id: string;
  type: 'EARN' | 'REDEEM';
  title: Json<LocalizedText>;
  description: Json<LocalizedText> | null;
  terms: Json<LocalizedText> | null;
  image_url: string | null;
  /** The pixel size of an image set with `--image` (migration 052); null otherwise. */
  image_width: ColumnType<number | null, number | null | undefined, number | null>;
  image_height: ColumnType<number | null, number | null | undefined, number | null>;
  url: string | null;
  pips: Generated<number>;
  earn_limit: ColumnType<EarnLimit, EarnLimit | undefined, EarnLimit>;
  questionnaire_id: number | null;
  redirect_to_internal_screen: string | null;
  active: Generated<boolean>;
  created_at: CreatedAt;
}

export interface PromoOptionsTable {
  id: Generated<number>;
  promo_id: number;
  label: Json<LocalizedText>;
  pips: number;
  created_at: CreatedAt;
  /** Whether a free code is left (kept by the stock trigger; migration 059). */
  in_stock: Generated<boolean>;
  /** Redemptions per member in `limit_period`, or null for no limit (migration 062). */
  limit_count: number | null;
  limit_period: RedemptionPeriod | null;
}

/** The period of a per-member redemption limit: ever, or a calendar day, week or month in the community's time zone. */
export type RedemptionPeriod = 'ever' | 'day' | 'week' | 'month';

export interface RedemptionsTable {
  id: Generated<number>;
  user_id: number;
  promo_id: number;
  option_id: number;
  pips: number;
  ledger_entry_id: number;
  created_at: CreatedAt;
}

export interface GiftCardCodesTable {
  id: Generated<number>;
  option_id: number;
  code: string;
  redemption_id: number | null;
  imported_at: CreatedAt;
  /** Stored more than once before codes were unique (migration 061): never handed out while a twin exists. */
  duplicate: Generated<boolean>;
}

export interface EarnQrCodesTable {
  id: Generated<number>;
  community_id: string;
  code: string;
  title: Json<LocalizedText>;
  pips: number;
  earn_limit: ColumnType<'once' | 'daily', 'once' | 'daily' | undefined, 'once' | 'daily'>;
  valid_from: Timestamp | null;
  valid_until: Timestamp | null;
  total_cap: number | null;
  claims_count: Generated<number>;
  created_at: CreatedAt;
}

export interface EarnClaimsTable {
  id: Generated<number>;
  user_id: number;
  kind: 'promo' | 'qr';
  source_id: number;
  /** 'once' or the UTC day 'YYYY-MM-DD'. */
  period: string;
  ledger_entry_id: number;
  created_at: CreatedAt;
}

/** A Chance to Win contest (migration 030). */
export interface CtwContestsTable {
  id: Generated<number>;
  community_id: string;
  name: Json<LocalizedText>;
  prize: Json<LocalizedText | null> | null;
  threshold_pips: number;
  starts_at: Timestamp;
  draws_at: Timestamp;
  number_of_winners: number;
  /** Secret until status is 'drawn'. */
  seed: string;
  commitment: string;
  status: ColumnType<'open' | 'drawn', 'open' | 'drawn' | undefined, 'open' | 'drawn'>;
  entries_hash: string | null;
  drawn_at: Timestamp | null;
  created_at: CreatedAt;
  /** false: archived, hidden from members (migration 054). */
  active: Generated<boolean>;
}

export interface CtwEntriesTable {
  id: Generated<number>;
  contest_id: number;
  user_id: number;
  earned_pips: number;
}

export interface CtwWinnersTable {
  contest_id: number;
  entry_id: number;
  user_id: number;
  position: number;
}

export type CtwContest = Selectable<CtwContestsTable>;
export interface TriviaSettingsTable {
  community_id: string;
  daily_allowance: ColumnType<number, number | undefined, number>;
  /** IANA time zone of the community's day. */
  time_zone: ColumnType<string, string | undefined, string>;
}

export interface TriviaContestsTable {
  id: Generated<number>;
  community_id: string;
  name: Json<LocalizedText>;
  rules: Json<LocalizedText> | null;
  starts_at: Timestamp;
  ends_at: Timestamp;
  pips_per_answer: number;
  join_pips: Generated<number>;
  created_at: CreatedAt;
  /** false: archived, hidden from members (migration 054). */
  active: Generated<boolean>;
}

export interface TriviaTeamsTable {
  id: Generated<number>;
  contest_id: number;
  name: Json<LocalizedText>;
  position: number;
}

export interface TriviaQuestionsTable {
  id: Generated<number>;
  community_id: string;
  /** null: the community's individual pool (question of the day). */
  contest_id: number | null;
  text: Json<LocalizedText>;
  position: Generated<number>;
  active: Generated<boolean>;
  created_at: CreatedAt;
}

export interface TriviaAnswersTable {
  id: Generated<number>;
  question_id: number;
  text: Json<LocalizedText>;
  correct: boolean;
  position: number;
}

export type TriviaServingStatus = 'served' | 'answered' | 'skipped';

export interface TriviaServingsTable {
  id: Generated<number>;
  user_id: number;
  question_id: number;
  /** The community's day 'YYYY-MM-DD' it was served on. */
  day: string;
  status: ColumnType<TriviaServingStatus, TriviaServingStatus | undefined, TriviaServingStatus>;
  answer_id: number | null;
  correct: boolean | null;
  ledger_entry_id: number | null;
  answered_day: string | null;
  served_at: Timestamp;
  answered_at: Timestamp | null;
}

export interface TriviaContestMembersTable {
  contest_id: number;
  user_id: number;
  team_id: number;
  display_name: string | null;
  correct_answers: Generated<number>;
  total_pips: Generated<number>;
  joined_at: Timestamp;
}

export interface TriviaContestAnswersTable {
  id: Generated<number>;
  contest_id: number;
  question_id: number;
  user_id: number;
  answer_id: number;
  correct: boolean;
  pips: number;
  ledger_entry_id: number | null;
  created_at: Timestamp;
}

export type Community = Selectable<CommunitiesTable>;
export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;

/** Operator text of an announcement: at least one of the two languages. */
export interface AnnouncementText {
  en?: string;
  es?: string;
}

export interface AnnouncementsTable {
  id: Generated<number>;
  community_id: string;
  title: Json<AnnouncementText>;
  text: Json<AnnouncementText>;
  url: string | null;
  icon: string | null;
  send_date: ColumnType<Date, Date | string | undefined, Date | string>;
  created_at: CreatedAt;
  /** false: archived, hidden from members (migration 054). */
  active: Generated<boolean>;
}

/** 2 delivered by push, 3 read, 4 deleted; no row: 1 (new). */
export type StoredAnnouncementStatus = 2 | 3 | 4;

export interface AnnouncementStatusesTable {
  announcement_id: number;
  user_id: number;
  type: string;
  status: StoredAnnouncementStatus;
  updated_at: Timestamp;
}

export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  device_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  language: string;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export type PushDeliveryState = 'pending' | 'sending' | 'sent' | 'gone' | 'none' | 'failed';

export interface PushDeliveriesTable {
  announcement_id: number;
  user_id: number;
  state: PushDeliveryState;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  claimed_at: Timestamp | null;
  last_error: string | null;
  updated_at: Timestamp;
}

export interface PushKeysTable {
  id: number;
  public_key: string;
  private_key: string;
  created_at: CreatedAt;
}

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
