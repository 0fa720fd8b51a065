import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Timestamp, CreatedAt, Json, LocalizedText } from './columns';

// Contests: Chance to Win draws and trivia (the question of the day and team contests).

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
