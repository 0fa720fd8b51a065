import type { CommunitiesTable, CommunitySupportTable, UsersTable, AuthTokensTable, RefreshTokensTable, VerificationCodesTable, OneTimeTokensTable, DevicesTable, RateLimitsTable, IdentitiesTable } from './schema/accounts';
import type { LedgerEntriesTable, IdempotencyKeysTable, QuestionnairesTable, QuestionnaireAnswersTable, PromosTable, PromoOptionsTable, RedemptionsTable, GiftCardCodesTable, EarnQrCodesTable, EarnClaimsTable } from './schema/earning';
import type { CtwContestsTable, CtwEntriesTable, CtwWinnersTable, TriviaSettingsTable, TriviaContestsTable, TriviaTeamsTable, TriviaQuestionsTable, TriviaAnswersTable, TriviaServingsTable, TriviaContestMembersTable, TriviaContestAnswersTable } from './schema/contests';
import type { AnnouncementsTable, AnnouncementStatusesTable, PushSubscriptionsTable, PushDeliveriesTable, PushKeysTable } from './schema/announcements';
import type { OperatorRolesTable, AuditLogTable, OperatorInvitationsTable, SetupTokensTable, TranslationsTable, ImagesTable } from './schema/operators';

// The tables' types, by area (server/db/schema/); everything is imported from here.
export type * from './schema/accounts';
export type * from './schema/earning';
export type * from './schema/contests';
export type * from './schema/announcements';
export type * from './schema/operators';
export type { LocalizedText } from './schema/columns';

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
  setup_tokens: SetupTokensTable;
  translations: TranslationsTable;
  images: ImagesTable;
}
