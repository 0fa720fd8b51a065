/**
 * The trivia leaderboard rules: the top 5, or the top 4 plus the member when the member
 * is not among the top 5; competition ranks (ties share a rank: 1, 1, 3); leaders shown by the
 * name they chose or their initials, never an e-mail address.
 */

export const LEADERBOARD_SIZE = 5;

export interface Ranked {
  userId: number;
  correctAnswers: number;
}

/** Competition rank of each entry of a list sorted best first. */
export function competitionRanks(sorted: readonly Ranked[]): number[] {
  const ranks: number[] = [];
  sorted.forEach((entry, index) => {
    ranks.push(index > 0 && sorted[index - 1].correctAnswers === entry.correctAnswers ? ranks[index - 1] : index + 1);
  });
  return ranks;
}

/**
 * The leaders shown to `userId`, from every member sorted best first: the top five, or the top
 * four and the member (with the member's real rank) when the member is further down.
 */
export function leadersFor<T extends Ranked>(sorted: readonly T[], userId: number): (T & { rank: number })[] {
  const ranks = competitionRanks(sorted);
  const withRank = sorted.map((entry, index) => ({ ...entry, rank: ranks[index] }));
  const position = withRank.findIndex((entry) => entry.userId === userId);
  if (position < LEADERBOARD_SIZE) return withRank.slice(0, LEADERBOARD_SIZE);
  return [...withRank.slice(0, LEADERBOARD_SIZE - 1), withRank[position]];
}

/** "Ana L." style initials: the first letter of each name, with a dot. */
export function initials(firstName: string, lastName: string): string {
  const parts = [firstName, lastName].map((name) => name.trim()).filter((name) => name.length > 0);
  if (parts.length === 0) return '?';
  return parts.map((name) => `${[...name][0].toUpperCase()}.`).join(' ');
}

/** The community's calendar day 'YYYY-MM-DD' of a moment, in an IANA time zone. */
export function dayIn(timeZone: string, at: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(at);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/**
 * When the community's next day starts after `at`: the first minute whose day in the time zone
 * differs from `at`'s (a search over the next 48 hours, so it holds across DST changes).
 */
export function nextDayStart(timeZone: string, at: Date): Date {
  const today = dayIn(timeZone, at);
  const minute = 60_000;
  let low = Math.floor(at.getTime() / minute);
  let high = low + 48 * 60;
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (dayIn(timeZone, new Date(middle * minute)) === today) low = middle;
    else high = middle;
  }
  return new Date(high * minute);
}

/** Whether a string names a time zone this runtime knows. */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The day before 'YYYY-MM-DD'. */
export function previousDay(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

/** Days in a row ending today (or yesterday, when today is not played yet), from days newest first. */
export function streakOf(daysNewestFirst: readonly string[], today: string): number {
  let expected = daysNewestFirst[0] === today ? today : previousDay(today);
  let streak = 0;
  for (const day of daysNewestFirst) {
    if (day !== expected) break;
    streak += 1;
    expected = previousDay(expected);
  }
  return streak;
}
