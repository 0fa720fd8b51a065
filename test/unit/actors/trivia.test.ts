// Loads fake-indexeddb before Dexie is imported.
import { MEMBER, resetData, signIn, startApp, waitForLoad, waitForMember, type AppActorRef } from '../data/dataTestKit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor, type ActorRefFrom } from 'xstate';
import type { TriviaChartData, TriviaContestSummary } from '../../../machines/trivia.types';
import type { triviaRoundMachine } from '../../../machines/triviaRound.machine';
import type { triviaVerificationMachine } from '../../../machines/triviaVerification.machine';
import { readTriviaVerification, writeTriviaVerification } from '../../../src/data/triviaCache';
import { isNoAvailableQuestions, roundPath } from '../../../src/actors/trivia';
import { fakeFetch, noAnswer, requests, type Answer } from '../screens/fakeFetch';

type Verification = ActorRefFrom<typeof triviaVerificationMachine>;
type Round = ActorRefFrom<typeof triviaRoundMachine>;

const contests: TriviaContestSummary[] = [
  { id: 1, name: 'Spring cup', assigned: true, status: 'running', teamName: 'Owls' },
  { id: 2, name: 'Autumn cup', assigned: false, status: 'running', teamName: null },
  { id: 3, name: 'Winter cup', assigned: true, status: 'ended', teamName: 'Foxes' },
  { id: 4, name: 'Summer cup', assigned: false, status: 'upcoming', teamName: null },
];
const question = (id: number) => ({ id, text: `Question ${id}?`, answers: [{ id: 1, text: 'Right' }, { id: 2, text: 'Wrong' }] });
const noneLeft: Answer = { status: 404, error: 'NO_AVAILABLE_QUESTIONS' };
const dashboard = { data: { availablePips: 1, totalEarnedPips: 1, totalUsedPips: 0, actions: [] } };

/** The member's app (online unless told), once the session says the member is verified. */
async function appOf({ online = true, language = 'en' as 'en' | 'es', navigate = vi.fn() } = {}) {
  const app = startApp({ navigate, connectivity: { isOnline: () => online, locks: undefined } }, { language });
  await waitForMember(app, MEMBER);
  return { app, navigate };
}

const verificationOf = (app: AppActorRef) => app.system.get('triviaVerification') as Verification;
/** The verification's next result (it starts by itself once the member is verified). */
const scanned = (app: AppActorRef) => waitFor(verificationOf(app), (s) => s.matches('succeeded') || s.matches('failed'));

afterEach(resetData);

describe('isNoAvailableQuestions', () => {
  it('reads the code, or the text in any case', () => {
    expect(isNoAvailableQuestions({ success: false, error: 'NO_AVAILABLE_QUESTIONS', message: '' } as never)).toBe(true);
    expect(isNoAvailableQuestions({ success: false, error: 'NOT_FOUND', message: 'No available questions.' } as never)).toBe(true);
    expect(isNoAvailableQuestions({ success: false, error: 'CONTEST_ENDED', message: 'This contest has ended.' } as never)).toBe(false);
    expect(isNoAvailableQuestions({ success: true, data: question(1) } as never)).toBe(false);
  });
});

describe('roundPath', () => {
  it('leads to the question of the day or to the contest', () => {
    expect(roundPath(null, 'question')).toBe('/trivia/individual/question');
    expect(roundPath(null, 'answer')).toBe('/trivia/individual/answer');
    expect(roundPath(5, 'answer')).toBe('/trivia/contest/5/answer');
  });
});

describe('the trivia verification as the app binds it (contest list → each running contest\'s question call)', () => {
  it('counts a running contest as answered when its question call says none is left, asks no other contest, and stores the result', async () => {
    signIn();
    const sent = fakeFetch({
      'GET /mobile/contest/trivias': { data: { contests } },
      'GET /mobile/contest/trivia/1/question': noneLeft,
      'GET /mobile/contest/trivia/2/question': { data: question(20) },
    });
    const { app } = await appOf();
    const done = await scanned(app);

    expect(done.matches('succeeded')).toBe(true);
    expect(done.context).toMatchObject({ userId: MEMBER, language: 'en', contests, answered: [1], errorCode: null });
    expect(requests(sent, 'GET', '/mobile/contest/trivia/3/question')).toEqual([]);
    expect(requests(sent, 'GET', '/mobile/contest/trivia/4/question')).toEqual([]);
    await vi.waitFor(async () => expect(await readTriviaVerification(MEMBER, 'en')).toMatchObject({ contests, answered: [1] }));
    expect(await readTriviaVerification(MEMBER, 'es')).toBeUndefined();
  });

  it('asks at most 4 contests at once, and every one of them', async () => {
    signIn();
    const many = Array.from({ length: 9 }, (_, i) => ({ id: i + 1, name: `Cup ${i + 1}`, assigned: false, status: 'running' }));
    let inFlight = 0;
    let most = 0;
    const slow: Answer = async () => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 20));
      inFlight -= 1;
      return noneLeft as { status: number; error: string };
    };
    const sent = fakeFetch({
      'GET /mobile/contest/trivias': { data: { contests: many } },
      ...Object.fromEntries(many.map((c) => [`GET /mobile/contest/trivia/${c.id}/question`, slow])),
    });
    const { app } = await appOf();
    const done = await scanned(app);

    expect(done.context.answered).toEqual(many.map((c) => c.id));
    expect(sent.filter((r) => /\/mobile\/contest\/trivia\/\d+\/question$/.test(r.path))).toHaveLength(9);
    expect(most).toBe(4);
  });

  it('offline: the copy stored for the member and language stands in, without a request', async () => {
    signIn();
    await writeTriviaVerification({ userId: MEMBER, language: 'es', contests: contests.slice(0, 1), answered: [1] });
    await writeTriviaVerification({ userId: MEMBER, language: 'en', contests: contests.slice(1, 2), answered: [] });
    const sent = fakeFetch({});
    const { app } = await appOf({ online: false, language: 'es' });
    const done = await scanned(app);

    expect(done.matches('succeeded')).toBe(true);
    expect(done.context).toMatchObject({ contests: contests.slice(0, 1), answered: [1] });
    expect(requests(sent, 'GET', '/mobile/contest/trivias')).toEqual([]);
  });

  it('a list that tells what is left asks no question call: none left is answered, the day done until the next starts', async () => {
    signIn();
    const nextDayAt = '2026-12-04T05:00:00.000Z';
    const sent = fakeFetch({
      'GET /mobile/contest/trivias': {
        data: { contests: [{ ...contests[0], questionsLeft: 0 }, { ...contests[1], questionsLeft: 3 }, contests[2], contests[3]], daily: { questionsLeft: 0, nextDayAt } },
      },
    });
    const { app } = await appOf();
    const done = await scanned(app);

    expect(done.matches('succeeded')).toBe(true);
    expect(done.context).toMatchObject({ answered: [1], dayDoneUntil: Date.parse(nextDayAt) });
    expect(sent.filter((r) => /\/question$/.test(r.path))).toEqual([]);
    await vi.waitFor(async () => expect(await readTriviaVerification(MEMBER, 'en')).toMatchObject({ answered: [1], dayDoneUntil: Date.parse(nextDayAt) }));

    // The next list says the day has questions again: the day is no longer done.
    fakeFetch({ 'GET /mobile/contest/trivias': { data: { contests, daily: { questionsLeft: 2, nextDayAt } } } });
    verificationOf(app).send({ type: 'verify.request' });
    const again = await waitFor(verificationOf(app), (s) => s.matches('succeeded') && s.context.dayDoneUntil === null);
    expect(again.context.dayDoneUntil).toBeNull();
  });

  it('offline with nothing stored: the check fails with OFFLINE', async () => {
    signIn();
    await writeTriviaVerification({ userId: 8, language: 'en', contests, answered: [1] });
    fakeFetch({});
    const { app } = await appOf({ online: false });
    const done = await scanned(app);
    expect(done.matches('failed')).toBe(true);
    expect(done.context).toMatchObject({ errorCode: 'OFFLINE', contests: [], answered: [] });
  });

  it('no answer from the server: the stored copy; a server refusal: failed with its code, not the copy', async () => {
    signIn();
    await writeTriviaVerification({ userId: MEMBER, language: 'en', contests: contests.slice(0, 2), answered: [2] });
    let reply: Answer = noAnswer;
    fakeFetch({ 'GET /mobile/contest/trivias': (request) => (typeof reply === 'function' ? reply(request) : reply) });
    const { app } = await appOf();
    const first = await scanned(app);
    expect(first.matches('succeeded')).toBe(true);
    expect(first.context).toMatchObject({ contests: contests.slice(0, 2), answered: [2] });

    reply = { status: 500, error: 'INTERNAL_ERROR' };
    verificationOf(app).send({ type: 'verify.request' });
    const second = await waitFor(verificationOf(app), (s) => s.matches('failed'));
    expect(second.context.errorCode).toBe('INTERNAL_ERROR');
  });
});

describe('a round of trivia as the app binds it (API calls and the child routes)', () => {
  const roundOf = (app: AppActorRef, id: 'individualTrivia' | 'contestTrivia') => app.system.get(id) as Round;

  it('the question of the day: served, answered under the answer\'s key, the result route, the pips moved', async () => {
    signIn();
    const sent = fakeFetch({
      'GET /mobile/dashboard': dashboard,
      'GET /mobile/contest/trivias': { data: { contests: [] } },
      'GET /mobile/contest/trivia/individual/question': { data: { ...question(11), streakDays: 0 } },
      'POST /mobile/contest/trivia/individual/answer': { data: { correct: true, pipsEarned: 1, correctAnswerId: 1, streakDays: 3, actionPips: 2, questionsLeft: 2, nextDayAt: '2026-12-03T00:00:00.000Z' } },
    });
    const { app, navigate } = await appOf();
    await waitForLoad(app, 'dashboard', 'succeeded');
    const round = roundOf(app, 'individualTrivia');
    round.send({ type: 'round.open', contestId: null });
    await waitFor(round, (s) => s.matches('question'));
    expect(round.getSnapshot().context.question).toMatchObject({ id: 11, text: 'Question 11?' });

    round.send({ type: 'user.answer', answerId: 1 });
    const result = await waitFor(round, (s) => s.matches('result'));
    expect(result.context.result).toEqual({
      correct: true,
      pipsEarned: 1,
      correctAnswerId: 1,
      streakDays: 3,
      actionPips: 2,
      questionsLeft: 2,
      nextDayAt: '2026-12-03T00:00:00.000Z',
    });
    const [answer] = requests(sent, 'POST', '/mobile/contest/trivia/individual/answer');
    expect(answer.query).toEqual({ questionId: '11', answerId: '1', idempotencyKey: 'trivia-day-11-1' });
    expect(navigate).toHaveBeenCalledWith('/trivia/individual/answer');
    // Pips moved: the balances are fetched again.
    await vi.waitFor(() => expect(requests(sent, 'GET', '/mobile/dashboard')).toHaveLength(2));

    round.send({ type: 'user.next' });
    expect(navigate).toHaveBeenLastCalledWith('/trivia/individual/question');
  });

  it('a wrong answer moves no pips; skipping asks PUT skip and the next question; none left is "exhausted"', async () => {
    signIn();
    let served = 0;
    const sent = fakeFetch({
      'GET /mobile/dashboard': dashboard,
      'GET /mobile/contest/trivias': { data: { contests: [] } },
      'GET /mobile/contest/trivia/individual/question': () => (served++ < 2 ? { data: question(11 + served) } : noneLeft as { status: number; error: string }),
      'POST /mobile/contest/trivia/individual/answer': { data: { correct: false, pipsEarned: 0, correctAnswerId: 1 } },
      'PUT /mobile/contest/trivia/individual/skip': { data: { status: 'OK' } },
    });
    const { app } = await appOf();
    await waitForLoad(app, 'dashboard', 'succeeded');
    const round = roundOf(app, 'individualTrivia');
    round.send({ type: 'round.open', contestId: null });
    await waitFor(round, (s) => s.matches('question'));
    round.send({ type: 'user.answer', answerId: 2 });
    const wrong = await waitFor(round, (s) => s.matches('result'));
    // No streak in the answer: null, not a made-up number.
    expect(wrong.context.result).toEqual({ correct: false, pipsEarned: 0, correctAnswerId: 1, streakDays: null, actionPips: 0, questionsLeft: null, nextDayAt: null });

    round.send({ type: 'user.next' });
    await waitFor(round, (s) => s.matches('question') && s.context.question?.id === 13);
    round.send({ type: 'user.skip' });
    await waitFor(round, (s) => s.matches('exhausted'));
    expect(requests(sent, 'PUT', '/mobile/contest/trivia/individual/skip')).toHaveLength(1);
    expect(requests(sent, 'GET', '/mobile/dashboard')).toHaveLength(1);
  });

  it("skipping the day's last question ends the round there: no question call after it, the day done until the next starts", async () => {
    signIn();
    const nextDayAt = '2026-12-04T05:00:00.000Z';
    const sent = fakeFetch({
      'GET /mobile/dashboard': dashboard,
      'GET /mobile/contest/trivias': { data: { contests: [] } },
      'GET /mobile/contest/trivia/individual/question': { data: question(21) },
      'PUT /mobile/contest/trivia/individual/skip': { data: { status: 'OK', questionsLeft: 0, nextDayAt } },
    });
    const { app } = await appOf();
    await scanned(app);
    const round = roundOf(app, 'individualTrivia');
    round.send({ type: 'round.open', contestId: null });
    await waitFor(round, (s) => s.matches('question'));
    round.send({ type: 'user.skip' });
    await waitFor(round, (s) => s.matches('exhausted'));

    expect(requests(sent, 'GET', '/mobile/contest/trivia/individual/question')).toHaveLength(1);
    await vi.waitFor(() => expect(verificationOf(app).getSnapshot().context.dayDoneUntil).toBe(Date.parse(nextDayAt)));
  });

  it('a contest: the chart, then the question; an answer sent as text under its key; the chart moves at once', async () => {
    signIn();
    const chart: TriviaChartData = {
      userId: MEMBER,
      userCorrectAnswers: 0,
      userTotalPips: 0,
      userRank: 2,
      userDisplayName: 'Ada',
      leaders: [
        { userId: 9, correctAnswers: 1, rank: 1, displayName: 'B. C.' },
        { userId: MEMBER, correctAnswers: 0, rank: 2, displayName: 'Ada' },
      ],
      teams: [{ id: 1, name: 'Owls', correctAnswers: 1, members: 2, mine: true }],
    };
    const sent = fakeFetch({
      'GET /mobile/dashboard': dashboard,
      'GET /mobile/contest/trivias': { data: { contests: contests.slice(0, 1) } },
      'GET /mobile/contest/trivia/1/charts': { data: chart },
      'GET /mobile/contest/trivia/1/question': { data: question(31) },
      // No `correct` in the answer: pips earned mean right.
      'POST /mobile/contest/trivia/1/answer': { data: { pipsEarned: 5 } },
    });
    const { app, navigate } = await appOf();
    const round = roundOf(app, 'contestTrivia');
    round.send({ type: 'round.open', contestId: 1 });
    await waitFor(round, (s) => s.matches('question'));
    expect(round.getSnapshot().context.chart).toEqual(chart);

    round.send({ type: 'user.answer', answerId: 1 });
    const result = await waitFor(round, (s) => s.matches('result'));
    expect(requests(sent, 'POST', '/mobile/contest/trivia/1/answer')[0].query).toEqual({ questionId: '31', answer: '1', idempotencyKey: 'trivia-1-31-1' });
    expect(result.context.result).toEqual({ correct: true, pipsEarned: 5, correctAnswerId: null, streakDays: null, actionPips: 0, questionsLeft: null, nextDayAt: null });
    expect(navigate).toHaveBeenCalledWith('/trivia/contest/1/answer');
    expect(result.context.chart).toMatchObject({ userCorrectAnswers: 1, userTotalPips: 5, userRank: 1 });
    expect(result.context.chart?.leaders.map((l) => [l.userId, l.rank])).toEqual([
      [9, 1],
      [MEMBER, 1],
    ]);
  });

  it('joining sends the chosen name, reloads the chart and asks the verification again', async () => {
    signIn();
    const sent = fakeFetch({
      'GET /mobile/dashboard': dashboard,
      'GET /mobile/contest/trivias': { data: { contests: contests.slice(1, 2) } },
      'GET /mobile/contest/trivia/2/question': { data: question(41) },
      'GET /mobile/contest/trivia/2/charts': { data: { userId: MEMBER, userCorrectAnswers: 0, userTotalPips: 0, userRank: 1, leaders: [] } },
      'PUT /mobile/contest/trivia/2/join': { data: { status: 'OK', pipsEarned: 0 } },
    });
    const { app } = await appOf();
    await scanned(app);
    const round = roundOf(app, 'contestTrivia');
    round.send({ type: 'round.open', contestId: 2 });
    await waitFor(round, (s) => s.matches('question'));

    round.send({ type: 'user.join', displayName: 'Ada L' });
    await waitFor(round, (s) => s.matches('question') && requests(sent, 'GET', '/mobile/contest/trivia/2/charts').length === 2);
    expect(requests(sent, 'PUT', '/mobile/contest/trivia/2/join').map((r) => r.query)).toEqual([{ displayName: 'Ada L' }]);
    await vi.waitFor(() => expect(requests(sent, 'GET', '/mobile/contest/trivias')).toHaveLength(2));
  });

  it('passes the contract\'s refusal on (CONTEST_ENDED), and no answer as NETWORK_ERROR', async () => {
    signIn();
    let reply: Answer = { status: 409, error: 'CONTEST_ENDED' };
    fakeFetch({
      'GET /mobile/contest/trivias': { data: { contests: [] } },
      'GET /mobile/contest/trivia/3/charts': { status: 409, error: 'CONTEST_ENDED' },
      'GET /mobile/contest/trivia/3/question': (request) => (typeof reply === 'function' ? reply(request) : reply),
    });
    const { app } = await appOf();
    const round = roundOf(app, 'contestTrivia');
    round.send({ type: 'round.open', contestId: 3 });
    const ended = await waitFor(round, (s) => s.matches('failed'));
    expect(ended.context).toMatchObject({ errorCode: 'CONTEST_ENDED', chart: null });

    reply = noAnswer;
    round.send({ type: 'user.retry' });
    await waitFor(round, (s) => s.matches('failed') && s.context.errorCode === 'NETWORK_ERROR');
  });

  it('offline: OFFLINE without a request', async () => {
    signIn();
    const sent = fakeFetch({});
    const { app } = await appOf({ online: false });
    const round = roundOf(app, 'individualTrivia');
    round.send({ type: 'round.open', contestId: null });
    const failed = await waitFor(round, (s) => s.matches('failed'));
    expect(failed.context.errorCode).toBe('OFFLINE');
    expect(sent.filter((r) => r.path.startsWith('/mobile/contest/trivia'))).toEqual([]);
  });
});
