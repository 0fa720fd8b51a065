import type { ColumnType, Generated } from 'kysely';
import type { Timestamp, CreatedAt, Json, LocalizedText } from './columns';

// Earning and spending pips: the ledger, questionnaires, promos and rewards, gift-card codes, QR codes.

export type LedgerKind = 'promo' | 'qr' | 'questionnaire' | 'redeem' | 'adjustment' | 'trivia' | 'contest';
export type EarnLimit = 'once' | 'daily' | 'unlimited';
/** What completes an earn action in the app (migration 067). */
export type EarnCompletion = 'triviaAnswer' | 'triviaRightAnswer';

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
  completed_by: ColumnType<EarnCompletion | null, EarnCompletion | null | undefined, EarnCompletion | null>;
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
