import type { TriviaChartData, TriviaLeader } from './trivia.types';

/** The leaderboard keeps the top 5; outside them, the top 4 plus the member. */
export const LEADERBOARD_SIZE = 5;

/** Competition ranks (ties share a rank: 1, 1, 3) of leaders sorted best first. */
export function rankLeaders(sorted: readonly TriviaLeader[]): TriviaLeader[] {
  return sorted.map((leader, index) => {
    let first = index;
    while (first > 0 && sorted[first - 1].correctAnswers === leader.correctAnswers) first -= 1;
    return { ...leader, rank: first + 1 };
  });
}

/**
 * The chart right after an answer that earned `pips`, before the server's comes back: one more
 * right answer, the pips added, and the rank recomputed from the leaders the member can see (the
 * top five, or the top four and the member). The member passes whoever they now have more right
 * answers than; when they are still below the top four their rank cannot be known locally and
 * stays as it was.
 */
export function applyLocalAnswer(chart: TriviaChartData, pips: number): TriviaChartData {
  const mineNow = chart.userCorrectAnswers + 1;
  const me: TriviaLeader = {
    ...(chart.leaders.find((l) => l.userId === chart.userId) ?? { userId: chart.userId, displayName: chart.userDisplayName }),
    correctAnswers: mineNow,
  };
  const others = chart.leaders.filter((l) => l.userId !== chart.userId);
  // The member goes after those with as many right answers (they were there first).
  const position = others.filter((l) => l.correctAnswers >= mineNow).length;
  const merged = rankLeaders([...others.slice(0, position), me, ...others.slice(position)]);
  const ranked = merged.find((l) => l.userId === chart.userId)!;
  const visible = position < LEADERBOARD_SIZE ? merged.slice(0, LEADERBOARD_SIZE) : [...merged.slice(0, LEADERBOARD_SIZE - 1), ranked];
  // Known when the member was ranked within the top five, or now has at least as many right
  // answers as the lowest leader shown: everyone not shown has no more than that leader.
  const lowestShown = Math.min(...others.map((l) => l.correctAnswers));
  const knownRank = chart.userRank <= LEADERBOARD_SIZE || others.length < LEADERBOARD_SIZE - 1 || mineNow >= lowestShown;
  const userRank = knownRank ? (ranked.rank ?? chart.userRank) : chart.userRank;
  return {
    ...chart,
    userCorrectAnswers: mineNow,
    userTotalPips: chart.userTotalPips + pips,
    userRank,
    leaders: visible.map((l) => (l.userId === chart.userId ? { ...l, rank: userRank } : l)),
    teams: chart.teams?.map((team) => (team.mine ? { ...team, correctAnswers: team.correctAnswers + 1 } : team)),
  };
}
