import { describe, expect, it } from 'vitest';
import type { TriviaChartData } from '../../machines/trivia.types';
import { applyLocalAnswer, rankLeaders } from '../../machines/triviaChart';

const leader = (userId: number, correctAnswers: number, rank: number) => ({ userId, correctAnswers, rank });

describe('the local chart after an answer that earned pips', () => {
  it('ranks ties together (1, 1, 3)', () => {
    expect(rankLeaders([leader(1, 5, 0), leader(2, 5, 0), leader(3, 4, 0)]).map((l) => l.rank)).toEqual([1, 1, 3]);
  });

  it('moves a member inside the top five up past those they now beat, sharing a rank on a tie', () => {
    const chart: TriviaChartData = {
      userId: 9,
      userCorrectAnswers: 2,
      userTotalPips: 10,
      userRank: 4,
      leaders: [leader(1, 5, 1), leader(2, 3, 2), leader(3, 3, 2), leader(9, 2, 4), leader(4, 1, 5)],
      teams: [
        { id: 1, name: 'Red', correctAnswers: 8, members: 3, mine: true },
        { id: 2, name: 'Blue', correctAnswers: 6, members: 2, mine: false },
      ],
    };
    const after = applyLocalAnswer(chart, 5);
    expect(after).toMatchObject({ userCorrectAnswers: 3, userTotalPips: 15, userRank: 2 });
    expect(after.leaders.map((l) => [l.userId, l.correctAnswers, l.rank])).toEqual([
      [1, 5, 1],
      [2, 3, 2],
      [3, 3, 2],
      [9, 3, 2],
      [4, 1, 5],
    ]);
    expect(after.teams?.map((t) => t.correctAnswers)).toEqual([9, 6]);
    const again = applyLocalAnswer(after, 5);
    expect(again).toMatchObject({ userCorrectAnswers: 4, userTotalPips: 20, userRank: 2 });
    expect(again.leaders.map((l) => l.userId)).toEqual([1, 9, 2, 3, 4]);
  });

  it('brings a member from outside the top five into it: the top five again, the fifth dropped', () => {
    const chart: TriviaChartData = {
      userId: 9,
      userCorrectAnswers: 2,
      userTotalPips: 10,
      userRank: 7,
      leaders: [leader(1, 6, 1), leader(2, 5, 2), leader(3, 4, 3), leader(4, 3, 4), leader(9, 2, 7)],
    };
    const after = applyLocalAnswer(chart, 5);
    // 3 right answers: tied with the fourth, so rank 4 and inside the top five.
    expect(after).toMatchObject({ userCorrectAnswers: 3, userRank: 4 });
    expect(after.leaders.map((l) => [l.userId, l.rank])).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
      [4, 4],
      [9, 4],
    ]);
  });

  it('keeps the rank of a member still below the top four (the others are not known here)', () => {
    const chart: TriviaChartData = {
      userId: 9,
      userCorrectAnswers: 0,
      userTotalPips: 0,
      userRank: 12,
      leaders: [leader(1, 9, 1), leader(2, 8, 2), leader(3, 7, 3), leader(4, 6, 4), leader(9, 0, 12)],
    };
    const after = applyLocalAnswer(chart, 5);
    expect(after).toMatchObject({ userCorrectAnswers: 1, userTotalPips: 5, userRank: 12 });
    expect(after.leaders.map((l) => [l.userId, l.correctAnswers, l.rank])).toEqual([
      [1, 9, 1],
      [2, 8, 2],
      [3, 7, 3],
      [4, 6, 4],
      [9, 1, 12],
    ]);
  });
});
