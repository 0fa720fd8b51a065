// Loads fake-indexeddb before Dexie is imported.
import '../../data/dataTestKit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeFetch, requests, type Answer } from '../fakeFetch';
import { renderApp } from '../renderApp';
import { resetData, signIn } from '../rewards/dataHarness';

/** The member's team contests as GET /mobile/contest/trivias lists them. */
const contests = [
  { id: 1, name: 'Spring cup', assigned: true, status: 'running', teamName: 'Owls' },
  { id: 2, name: 'Autumn cup', assigned: false, status: 'running', teamName: null },
  { id: 3, name: 'Winter cup', assigned: true, status: 'ended', teamName: 'Foxes' },
  { id: 4, name: 'Summer cup', assigned: false, status: 'upcoming', teamName: null },
];
const aQuestion: Answer = { data: { id: 10, text: 'Largest ocean?', answers: [{ id: 1, text: 'Pacific' }, { id: 2, text: 'Atlantic' }] } };
const noneLeft: Answer = { status: 404, error: 'NO_AVAILABLE_QUESTIONS' };

const contestLink = (name: string) => screen.getByRole('link', { name: new RegExp(name) });

beforeEach(() => void signIn());
afterEach(resetData);

describe('IndividualTriviaScreen: the contest list says which contests still have questions', () => {
  it('marks a running contest answered when its question call says none is left, and the others by what they are', async () => {
    const sent = fakeFetch({
      'GET /mobile/contest/trivias': { data: { contests } },
      'GET /mobile/contest/trivia/1/question': noneLeft,
      'GET /mobile/contest/trivia/2/question': aQuestion,
    });
    await renderApp({ path: '/trivia/individual' });
    await screen.findByRole('heading', { level: 1, name: 'Trivia' });
    await waitFor(() => expect(within(contestLink('Spring cup')).getByText('All answered')).toBeTruthy());
    expect(within(contestLink('Spring cup')).getByText('Your team: Owls')).toBeTruthy();
    expect(within(contestLink('Autumn cup')).getByText('Questions waiting · 5+ pips')).toBeTruthy();
    expect(within(contestLink('Autumn cup')).getByText('Not joined yet')).toBeTruthy();
    expect(within(contestLink('Winter cup')).getByText('Ended')).toBeTruthy();
    expect(within(contestLink('Summer cup')).getByText('Soon')).toBeTruthy();
    expect(contestLink('Autumn cup').getAttribute('href')).toBe('/trivia/contest/2');
    // Only the running contests are asked.
    expect(requests(sent, 'GET', '/mobile/contest/trivia/3/question')).toEqual([]);
    expect(requests(sent, 'GET', '/mobile/contest/trivia/4/question')).toEqual([]);
  });

  it('takes the text "no available questions" as the same answer', async () => {
    fakeFetch({
      'GET /mobile/contest/trivias': { data: { contests: contests.slice(0, 2) } },
      'GET /mobile/contest/trivia/1/question': { status: 404, error: 'No available questions' },
      'GET /mobile/contest/trivia/2/question': aQuestion,
    });
    await renderApp({ path: '/trivia/individual' });
    await waitFor(() => expect(within(contestLink('Spring cup')).getByText('All answered')).toBeTruthy());
    expect(within(contestLink('Autumn cup')).getByText('Questions waiting · 5+ pips')).toBeTruthy();
  });
});

describe('the trivia screens\' back links', () => {
  it.each([
    ['/trivia/individual/question', 'Back to trivia', '/trivia/individual'],
    ['/trivia/contest/2', 'Back to trivia', '/trivia/individual'],
    ['/trivia/contest/2/question', 'Back to the contest', '/trivia/contest/2'],
    ['/trivia/contest/2/info', 'Back to the contest', '/trivia/contest/2'],
  ])('%s goes back to its trivia screen', async (path, label, href) => {
    fakeFetch({ 'GET /mobile/contest/trivias': { data: { contests } } });
    await renderApp({ path });
    const back = await screen.findByTestId('back-link');
    expect(back.textContent).toBe(label);
    expect(back.getAttribute('href')).toBe(href);
  });
});

describe('a contest nobody has answered yet', () => {
  it('says so instead of an empty leaderboard', async () => {
    fakeFetch({
      'GET /mobile/contest/trivias': { data: { contests: contests.slice(0, 1) } },
      'GET /mobile/contest/trivia/1/charts': { data: { userId: 7, userCorrectAnswers: 0, userTotalPips: 0, userRank: null, userDisplayName: null, leaders: [] } },
    });
    await renderApp({ path: '/trivia/contest/1' });
    expect(await screen.findByText('Nobody has answered yet: the first right answer leads.')).toBeTruthy();
    expect(screen.queryByTestId('trivia-leaders')).toBeNull();
  });
});

describe('the leaderboard and the teams', () => {
  const chartOf = (leaders: { userId: number; correctAnswers: number; rank: number; displayName: string }[]) => ({
    data: {
      userId: 7,
      userCorrectAnswers: 0,
      userTotalPips: 0,
      userRank: leaders.at(-1)!.rank,
      userDisplayName: 'Ada',
      leaders,
      teams: [
        { id: 1, name: 'Owls', correctAnswers: 9, members: 3, mine: false },
        { id: 2, name: 'Foxes', correctAnswers: 4, members: 2, mine: true },
      ],
    },
  });
  const rows = () => within(screen.getByTestId('trivia-leaders')).getAllByRole('row').map((row) => row.textContent);

  /** Renders the contest with these leaders (name, right answers, rank), Ada (the member, user 7) among them. */
  async function showLeaders(leaders: [name: string, correctAnswers: number, rank: number][]) {
    fakeFetch({
      'GET /mobile/contest/trivias': { data: { contests: contests.slice(0, 1) } },
      'GET /mobile/contest/trivia/1/charts': chartOf(
        leaders.map(([displayName, correctAnswers, rank], i) => ({ userId: displayName === 'Ada' ? 7 : i + 1, correctAnswers, rank, displayName })),
      ),
    });
    await renderApp({ path: '/trivia/contest/1' });
    await screen.findByTestId('trivia-leaders');
  }

  it('a member below the top four: a "…" row stands for the players left out; the teams have column headers', async () => {
    await showLeaders([['Bo', 9, 1], ['Cy', 8, 2], ['Di', 8, 2], ['Ed', 6, 4], ['Ada', 1, 9]]);
    expect(rows()).toEqual(['RankNameRight answers', '1Bo9', '2Cy8', '2Di8', '4Ed6', '…More players', '9Ada (you)1']);
    const teams = within(screen.getByTestId('trivia-teams'));
    expect(teams.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Team', 'Right answers']);
    expect(teams.getAllByRole('row').map((row) => row.textContent)).toEqual(['TeamRight answers', 'Owls9', 'Foxes (your team)4']);
  });

  it('a member right after the top four, ties included: no "…" row, nobody is left out', async () => {
    await showLeaders([['Bo', 9, 1], ['Cy', 9, 1], ['Di', 8, 3], ['Ed', 6, 4], ['Ada', 1, 5]]);
    expect(rows()).toEqual(['RankNameRight answers', '1Bo9', '1Cy9', '3Di8', '4Ed6', '5Ada (you)1']);
    expect(screen.queryByTestId('trivia-leaders-gap')).toBeNull();
  });
});

describe('a contest round through its screens', () => {
  it('"Answer questions" after a result (by way of the leaderboard) shows the next question, not an empty screen', async () => {
    // As the server does: the next question not answered yet (the verification asks too).
    let answered = 0;
    const sent = fakeFetch({
      'GET /mobile/dashboard': { data: { availablePips: 0, totalEarnedPips: 0, totalUsedPips: 0, actions: [] } },
      'GET /mobile/contest/trivias': { data: { contests: contests.slice(0, 1) } },
      'GET /mobile/contest/trivia/1/charts': { data: { userId: 7, userCorrectAnswers: 0, userTotalPips: 0, userRank: 1, userDisplayName: 'Ada', leaders: [] } },
      'GET /mobile/contest/trivia/1/question': () => ({
        data: { id: 31 + answered, text: `Question ${answered + 1}?`, answers: [{ id: 1, text: 'Right' }, { id: 2, text: 'Wrong' }] },
      }),
      'POST /mobile/contest/trivia/1/answer': () => {
        answered += 1;
        return { data: { pipsEarned: 5, correct: true, correctAnswerId: 1 } };
      },
    });
    await renderApp({ path: '/trivia/contest/1/question' });
    fireEvent.click(await screen.findByRole('button', { name: 'Right' }));
    expect(await screen.findByText('You earned 5 pips.')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'See the leaderboard' }));
    // The local chart: one right answer, 5 pips.
    await waitFor(() => expect(screen.getByTestId('trivia-my-place').textContent).toContain('Pips earned: 5'));
    fireEvent.click(screen.getByRole('link', { name: 'Answer questions' }));
    expect(await screen.findByText('Question 2?')).toBeTruthy();
    expect(requests(sent, 'POST', '/mobile/contest/trivia/1/answer')).toHaveLength(1);
  });
});
