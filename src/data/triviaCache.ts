import Dexie, { type Table } from 'dexie';
import type { TriviaContestSummary } from '../../machines/trivia.types';

/** What the trivia verification found, kept per member and language. */
export interface TriviaVerificationRow {
  userId: number;
  language: string;
  contests: TriviaContestSummary[];
  answered: number[];
  /** The member's day the answered list was learned (rows stored before issue 48 have none). */
  day?: string | null;
  /** Until when the question of the day has none left for the member. */
  dayDoneUntil?: number | null;
  storedAt: number;
}

class TriviaDatabase extends Dexie {
  verification!: Table<TriviaVerificationRow, [number, string]>;
  constructor() {
    super('trivia');
    this.version(1).stores({ verification: '[userId+language], userId' });
  }
}

let database: TriviaDatabase | null = null;
const triviaDb = () => (database ??= new TriviaDatabase());

export async function readTriviaVerification(userId: number, language: string): Promise<TriviaVerificationRow | undefined> {
  return triviaDb().verification.get([userId, language]);
}

export async function writeTriviaVerification(row: Omit<TriviaVerificationRow, 'storedAt'>): Promise<void> {
  await triviaDb().verification.put({ ...row, storedAt: Date.now() });
}

/** Logout: the member's rows in every language go (null: every member's). */
export async function clearTriviaVerification(userId: number | null): Promise<void> {
  const table = triviaDb().verification;
  await (userId === null ? table.clear() : table.where('userId').equals(userId).delete());
}

/** Closes the connection (a test deletes the database between runs). */
export function closeTriviaDatabase(): void {
  database?.close();
  database = null;
}
