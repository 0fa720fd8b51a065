import { describe, expect, it } from 'vitest';
import { createCommunity } from '../../../../server/db/repositories/communities';
import { createContest, createQuestions, setTriviaSettings, type QuestionInput } from '../../../../server/db/repositories/trivia';
import { dayIn, nextDayStart } from '../../../../server/trivia/leaderboard';
import { backends } from '../../helpers/databases';
import { expectFailure, expectOk, useHarness, type TestUser } from '../../helpers/harness';

const q = (n: number): QuestionInput => ({
  text: { en: `Question ${n}?`, es: `¿Pregunta ${n}?` },
  answers: [
    { text: { en: `Wrong ${n}`, es: `Mal ${n}` }, correct: false },
    { text: { en: `Right ${n}`, es: `Bien ${n}` }, correct: true },
    { text: `Other ${n}`, correct: false },
  ],
});

describe.each(backends)('trivia on $name', (backend) => {
  // Tokens outlive the clock moves of the day and contest tests.
  const h = useHarness(backend, { accessTokenTtlSeconds: 30 * 24 * 3600 });

  const pool = (count: number, communityId = h.community.id) =>
    createQuestions(h.db, communityId, null, Array.from({ length: count }, (_, i) => q(i + 1)));
  const question = (user: TestUser, language?: string) =>
    h.call({ url: '/mobile/contest/trivia/individual/question', token: user.authToken, headers: language ? { 'accept-language': language } : undefined });
  const answer = (user: TestUser, questionId: number | string, answerId: number | string, idempotencyKey?: string) =>
    h.call({ method: 'POST', url: '/mobile/contest/trivia/individual/answer', token: user.authToken, query: { questionId, answerId, idempotencyKey } });
  const skip = (user: TestUser) => h.call({ method: 'PUT', url: '/mobile/contest/trivia/individual/skip', token: user.authToken });
  const balance = async (user: TestUser) => expectOk(await h.call({ url: '/mobile/dashboard', token: user.authToken })).availablePips as number;
  const ledgerOf = (userId: number) =>
    h.db.selectFrom('ledger_entries').select(['delta', 'kind', 'source_id']).where('user_id', '=', userId).orderBy('id').execute();
  const rightOf = async (questionId: number) =>
    (await h.db.selectFrom('trivia_answers').select('id').where('question_id', '=', questionId).where('correct', '=', true).executeTakeFirstOrThrow()).id;
  const wrongOf = async (questionId: number) =>
    (await h.db.selectFrom('trivia_answers').select('id').where('question_id', '=', questionId).where('correct', '=', false).executeTakeFirstOrThrow()).id;

  describe('question of the day', () => {
    it('serves a question in the member\'s language without saying which answer is right', async () => {
      const user = await h.registerVerified();
      await pool(2);
      const en = expectOk(await question(user));
      expect(en).toEqual({ id: expect.any(Number), text: 'Question 1?', answers: [expect.any(Object), expect.any(Object), expect.any(Object)], streakDays: 0 });
      expect(en.answers.map((a: { text: string }) => a.text)).toEqual(['Wrong 1', 'Right 1', 'Other 1']);
      for (const a of en.answers) expect(Object.keys(a).sort()).toEqual(['id', 'text']);
      expect(JSON.stringify(en)).not.toMatch(/correct/i);
      // The pending question again, now in Spanish (English where no Spanish was written).
      const es = expectOk(await question(user, 'es-ES,es;q=0.9'));
      expect(es.id).toBe(en.id);
      expect(es.text).toBe('¿Pregunta 1?');
      expect(es.answers.map((a: { text: string }) => a.text)).toEqual(['Mal 1', 'Bien 1', 'Other 1']);
    });

    it('pays 1 pip for a right answer through the ledger and names the right answer either way', async () => {
      const user = await h.registerVerified();
      const [first, second] = await pool(2);
      expectOk(await question(user));
      const right = expectOk(await answer(user, first, await rightOf(first)));
      // Default allowance 3: one answered, one question left in the pool.
      expect(right).toEqual({
        correct: true,
        pipsEarned: 1,
        correctAnswerId: await rightOf(first),
        streakDays: 1,
        actionPips: 0,
        questionsLeft: 1,
        nextDayAt: nextDayStart('UTC', h.clock.now()).toISOString(),
      });
      expect(await balance(user)).toBe(1);
      expect(expectOk(await question(user)).id).toBe(second);
      const wrong = expectOk(await answer(user, second, await wrongOf(second)));
      expect(wrong).toEqual({ correct: false, pipsEarned: 0, correctAnswerId: await rightOf(second), streakDays: 1, actionPips: 0, questionsLeft: 0, nextDayAt: expect.any(String) });
      expect(await ledgerOf(user.userId)).toEqual([{ delta: 1, kind: 'trivia', source_id: first }]);
      const activity = expectOk(await h.call({ url: '/mobile/dashboard/actions', token: user.authToken, query: { page: 1, size: 10 } }));
      expect(JSON.stringify(activity)).toContain('Trivia question of the day');
    });

    it('never serves a question twice to a member, skipped or answered, and ends with NO_AVAILABLE_QUESTIONS', async () => {
      const user = await h.registerVerified();
      await setTriviaSettings(h.db, h.community.id, { dailyAllowance: 10 });
      const ids = await pool(3);
      const served: number[] = [];
      const a = expectOk(await question(user));
      served.push(a.id);
      expectOk(await skip(user));
      const b = expectOk(await question(user));
      served.push(b.id);
      expectOk(await answer(user, b.id, await wrongOf(b.id)));
      const c = expectOk(await question(user));
      served.push(c.id);
      expectOk(await skip(user));
      expect(served).toEqual(ids);
      const none = expectFailure(await question(user), 404, 'NO_AVAILABLE_QUESTIONS');
      expect(none.error.message).toBe('Please try again tomorrow.');
      expectFailure(await skip(user), 404, 'NO_AVAILABLE_QUESTIONS');
      // Another member still gets every question.
      const other = await h.registerVerified();
      expect(expectOk(await question(other)).id).toBe(ids[0]);
    });

    it("the contest list and a skip say how many questions the day has left: 0 exactly when the question call would be NO_AVAILABLE_QUESTIONS", async () => {
      const user = await h.registerVerified();
      await setTriviaSettings(h.db, h.community.id, { dailyAllowance: 2 });
      const ids = await pool(5);
      const daily = async () => expectOk(await h.call({ url: '/mobile/contest/trivias', token: user.authToken })).daily;
      const nextDayAt = nextDayStart('UTC', h.clock.now()).toISOString();
      expect(await daily()).toEqual({ questionsLeft: 2, nextDayAt });
      const first = expectOk(await question(user));
      // The pending one counts.
      expect(await daily()).toEqual({ questionsLeft: 2, nextDayAt });
      expect(expectOk(await skip(user))).toEqual({ status: 'OK', questionsLeft: 1, nextDayAt });
      const second = expectOk(await question(user));
      expect([first.id, second.id]).toEqual(ids.slice(0, 2));
      expect(await daily()).toEqual({ questionsLeft: 1, nextDayAt });
      // The day's last question skipped: none left, and the question call agrees.
      expect(expectOk(await skip(user))).toEqual({ status: 'OK', questionsLeft: 0, nextDayAt });
      expect(await daily()).toEqual({ questionsLeft: 0, nextDayAt });
      expectFailure(await question(user), 404, 'NO_AVAILABLE_QUESTIONS');
      // A new day renews the allowance.
      h.clock.advance(24 * 3600);
      expect((await daily()).questionsLeft).toBe(2);
    });

    it('refuses an answer to a question that was not served, was skipped, or was answered', async () => {
      const user = await h.registerVerified();
      const [first, second] = await pool(2);
      expectFailure(await answer(user, first, await rightOf(first)), 409, 'QUESTION_NOT_SERVED');
      expectOk(await question(user));
      expectFailure(await answer(user, second, await rightOf(second)), 409, 'QUESTION_NOT_SERVED');
      expectFailure(await answer(user, first, await rightOf(second)), 404, 'NOT_FOUND');
      expectOk(await answer(user, first, await rightOf(first)));
      expectFailure(await answer(user, first, await rightOf(first)), 409, 'ALREADY_ANSWERED');
      expectOk(await question(user));
      expectOk(await skip(user));
      expectFailure(await answer(user, second, await rightOf(second)), 409, 'QUESTION_NOT_SERVED');
      expect(await balance(user)).toBe(1);
    });

    it('keeps the daily allowance per day of the community\'s time zone', async () => {
      const user = await h.registerVerified();
      const zone = 'Pacific/Kiritimati'; // UTC+14: its day turns at 10:00 UTC
      await setTriviaSettings(h.db, h.community.id, { dailyAllowance: 2, timeZone: zone });
      await pool(6);
      // Move the clock to the next 09:00 UTC (23:00 in Kiritimati).
      const now = h.clock.now();
      const nine = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 9, 0, 0));
      h.clock.advance((nine.getTime() - now.getTime()) / 1000);
      for (let i = 0; i < 2; i++) {
        const served = expectOk(await question(user));
        const result = expectOk(await answer(user, served.id, await rightOf(served.id)));
        // The allowance renews at 10:00 UTC, Kiritimati's midnight.
        expect(result).toMatchObject({ questionsLeft: 1 - i, nextDayAt: new Date(nine.getTime() + 3600_000).toISOString() });
      }
      expectFailure(await question(user), 404, 'NO_AVAILABLE_QUESTIONS');
      h.clock.advance(50 * 60); // 09:50 UTC: the same day everywhere that matters
      expectFailure(await question(user), 404, 'NO_AVAILABLE_QUESTIONS');
      h.clock.advance(20 * 60); // 10:10 UTC: still the same UTC day, a new day in Kiritimati
      expect(dayIn('UTC', h.clock.now())).toBe(dayIn('UTC', nine));
      const next = expectOk(await question(user));
      expectOk(await answer(user, next.id, await rightOf(next.id)));
      expect(expectOk(await question(user)).streakDays).toBe(2);
      expectOk(await skip(user));
      expectFailure(await question(user), 404, 'NO_AVAILABLE_QUESTIONS');
      // In UTC the same moment is still the first day: the allowance is spent.
      await setTriviaSettings(h.db, h.community.id, { timeZone: 'UTC' });
      const utcUser = await h.registerVerified();
      expectOk(await question(utcUser));
      expectOk(await skip(utcUser));
      expectOk(await question(utcUser));
      expectOk(await skip(utcUser));
      expectFailure(await question(utcUser), 404, 'NO_AVAILABLE_QUESTIONS');
    });

    it('an answer replayed with the same key pays once and answers the first result', async () => {
      const user = await h.registerVerified();
      const [first] = await pool(1);
      expectOk(await question(user));
      const once = expectOk(await answer(user, first, await rightOf(first), 'trivia-key-0001'));
      const again = expectOk(await answer(user, first, await rightOf(first), 'trivia-key-0001'));
      expect(again).toEqual(once);
      expectFailure(await answer(user, first, await wrongOf(first), 'trivia-key-0001'), 409, 'IDEMPOTENCY_KEY_REUSED');
      expect(await ledgerOf(user.userId)).toHaveLength(1);
      expect(await balance(user)).toBe(1);
    });

    it('100 parallel answers to one question from one member pay once', async () => {
      const user = await h.registerVerified();
      const [first] = await pool(1);
      expectOk(await question(user));
      const right = await rightOf(first);
      const results = await Promise.all(Array.from({ length: 100 }, (_, i) => answer(user, first, right, i % 2 === 0 ? `parallel-key-${i}` : undefined)));
      const paid = results.filter((r) => r.status === 200 && r.body.data.pipsEarned === 1);
      expect(paid).toHaveLength(1);
      for (const r of results) if (r.status !== 200) expectFailure(r, 409, 'ALREADY_ANSWERED');
      expect(await ledgerOf(user.userId)).toHaveLength(1);
      expect(await balance(user)).toBe(1);
    });

    it('refuses one member\'s question to another: no answer, no skip, no shared idempotency key', async () => {
      const ada = await h.registerVerified();
      const bob = await h.registerVerified();
      const [first, second] = await pool(2);
      expect(expectOk(await question(ada)).id).toBe(first);
      // Bob was served nothing: Ada's question is not his to answer.
      expectFailure(await answer(bob, first, await rightOf(first), 'shared-key-0001'), 409, 'QUESTION_NOT_SERVED');
      // Bob's skip skips his own question, never Ada's.
      expect(expectOk(await question(bob)).id).toBe(first);
      expectOk(await skip(bob));
      expect(expectOk(await question(ada)).id).toBe(first);
      // The same key from two members is two answers: each pays its own member once.
      const adas = expectOk(await answer(ada, first, await rightOf(first), 'shared-key-0002'));
      expect(expectOk(await question(bob)).id).toBe(second);
      const bobs = expectOk(await answer(bob, second, await wrongOf(second), 'shared-key-0002'));
      expect(adas).toMatchObject({ correct: true, pipsEarned: 1 });
      expect(bobs).toMatchObject({ correct: false, pipsEarned: 0 });
      expect(await balance(ada)).toBe(1);
      expect(await balance(bob)).toBe(0);
      expect(await ledgerOf(bob.userId)).toEqual([]);
    });

    it('answers bad input with 400, never a 500', async () => {
      const user = await h.registerVerified();
      for (const [questionId, answerId] of [['abc', 1], [1, 'x'], [-1, 1], [0.5, 2], ['99999999999999999999', 1]] as const) {
        expectFailure(await answer(user, questionId, answerId), 400, 'VALIDATION_ERROR');
      }
      expectFailure(await h.call({ method: 'POST', url: '/mobile/contest/trivia/individual/answer', token: user.authToken }), 400, 'VALIDATION_ERROR');
      expectFailure(await answer(user, 1, 1, 'bad key!'), 400, 'VALIDATION_ERROR');
      expectFailure(await h.call({ url: '/mobile/contest/trivia/individual/question' }), 401, 'UNAUTHORIZED');
      const unverified = await h.register();
      expectFailure(await question(unverified), 403, 'ACCOUNT_NOT_VERIFIED');
    });
  });

  describe('team contests', () => {
    const hour = 3600_000;
    const contest = async (options: { communityId?: string; teams?: string[]; starts?: number; ends?: number; pips?: number; questions?: number } = {}) => {
      const now = h.clock.now().getTime();
      const communityId = options.communityId ?? h.community.id;
      const created = await createContest(h.db, {
        communityId,
        name: { en: 'Spring quiz', es: 'Concurso de primavera' },
        rules: { en: 'Answer fast.', es: 'Responde rápido.' },
        startsAt: new Date(now + (options.starts ?? -hour)),
        endsAt: new Date(now + (options.ends ?? 24 * hour)),
        pipsPerAnswer: options.pips ?? 5,
        teams: options.teams ?? ['Red', 'Blue'],
      });
      const questionIds = await createQuestions(h.db, communityId, created.id, Array.from({ length: options.questions ?? 3 }, (_, i) => q(i + 1)));
      return { ...created, questionIds };
    };
    const join = (user: TestUser, id: number, displayName?: string) =>
      h.call({ method: 'PUT', url: `/mobile/contest/trivia/${id}/join`, token: user.authToken, query: { displayName } });
    const contestQuestion = (user: TestUser, id: number) => h.call({ url: `/mobile/contest/trivia/${id}/question`, token: user.authToken });
    const contestAnswer = (user: TestUser, id: number, questionId: number | string, answerText: string, idempotencyKey?: string) =>
      h.call({ method: 'POST', url: `/mobile/contest/trivia/${id}/answer`, token: user.authToken, query: { questionId, answer: answerText, idempotencyKey } });
    const charts = (user: TestUser, id: number) => h.call({ url: `/mobile/contest/trivia/${id}/charts`, token: user.authToken });

    it('lists, joins, answers and pays pipsEarned through the ledger; NO_AVAILABLE_QUESTIONS at the end', async () => {
      const user = await h.registerVerified({ firstName: 'Maria', lastName: 'Diaz' });
      const c = await contest({ questions: 2 });
      const listed = expectOk(await h.call({ url: '/mobile/contest/trivias', token: user.authToken, headers: { 'accept-language': 'es' } }));
      expect(listed.contests).toEqual([
        {
          id: c.id,
          name: 'Concurso de primavera',
          assigned: false,
          status: 'running',
          startsAt: expect.any(String),
          endsAt: expect.any(String),
          pipsPerCorrectAnswer: 5,
          rules: 'Responde rápido.',
          teamName: null,
          questionsLeft: 2,
        },
      ]);
      expectFailure(await contestAnswer(user, c.id, c.questionIds[0], String(await rightOf(c.questionIds[0]))), 403, 'FORBIDDEN');
      expect(expectOk(await join(user, c.id))).toEqual({ status: 'OK', pipsEarned: 0 });
      expect(expectOk(await h.call({ url: '/mobile/contest/trivias', token: user.authToken })).contests[0]).toMatchObject({ assigned: true, teamName: 'Red' });
      const first = expectOk(await contestQuestion(user, c.id));
      expect(first.id).toBe(c.questionIds[0]);
      expect(JSON.stringify(first)).not.toMatch(/correct/i);
      expect(expectOk(await contestAnswer(user, c.id, first.id, String(await rightOf(first.id))))).toEqual({
        pipsEarned: 5,
        correct: true,
        correctAnswerId: await rightOf(first.id),
        questionsLeft: 1,
      });
      expectFailure(await contestAnswer(user, c.id, first.id, String(await rightOf(first.id))), 409, 'ALREADY_ANSWERED');
      const second = expectOk(await contestQuestion(user, c.id));
      expect(expectOk(await contestAnswer(user, c.id, second.id, String(await wrongOf(second.id))))).toMatchObject({ pipsEarned: 0, correct: false, questionsLeft: 0 });
      expectFailure(await contestQuestion(user, c.id), 404, 'NO_AVAILABLE_QUESTIONS');
      // The list says so too, so a client need not ask the question call (and log its 404).
      expect(expectOk(await h.call({ url: '/mobile/contest/trivias', token: user.authToken })).contests[0].questionsLeft).toBe(0);
      expect(await ledgerOf(user.userId)).toEqual([{ delta: 5, kind: 'contest', source_id: c.id }]);
      const chart = expectOk(await charts(user, c.id));
      expect(chart).toMatchObject({ userId: user.userId, userCorrectAnswers: 1, userTotalPips: 5, userRank: 1, userDisplayName: 'M. D.' });
      expect(chart.leaders).toEqual([{ userId: user.userId, correctAnswers: 1, rank: 1, displayName: 'M. D.' }]);
      expect(chart.teams).toEqual([
        { id: c.teamIds[0], name: 'Red', correctAnswers: 1, members: 1, mine: true },
        { id: c.teamIds[1], name: 'Blue', correctAnswers: 0, members: 0, mine: false },
      ]);
      expect(JSON.stringify(chart)).not.toContain(user.email);
    });

    it('refuses answers before the start and after the end with a clear code', async () => {
      const user = await h.registerVerified();
      const later = await contest({ starts: 2 * hour, ends: 4 * hour });
      expectOk(await join(user, later.id));
      const right = String(await rightOf(later.questionIds[0]));
      expectFailure(await contestQuestion(user, later.id), 409, 'CONTEST_NOT_STARTED');
      expectFailure(await contestAnswer(user, later.id, later.questionIds[0], right), 409, 'CONTEST_NOT_STARTED');
      h.clock.advance(3 * 3600);
      expectOk(await contestAnswer(user, later.id, later.questionIds[0], right));
      h.clock.advance(2 * 3600);
      expectFailure(await contestQuestion(user, later.id), 409, 'CONTEST_ENDED');
      expectFailure(await contestAnswer(user, later.id, later.questionIds[1], String(await rightOf(later.questionIds[1]))), 409, 'CONTEST_ENDED');
      expectFailure(await join(await h.registerVerified(), later.id), 409, 'CONTEST_ENDED');
      const ended = expectOk(await h.call({ url: '/mobile/contest/trivias', token: user.authToken })).contests[0];
      expect(ended.status).toBe('ended');
      // Questions left are told only while a contest runs.
      expect(ended).not.toHaveProperty('questionsLeft');
    });

    it('a contest answer replayed with the same key pays once; bad answers are 400 or 404, never 500', async () => {
      const user = await h.registerVerified();
      const c = await contest();
      const other = await contest();
      expectOk(await join(user, c.id));
      const right = String(await rightOf(c.questionIds[0]));
      const once = expectOk(await contestAnswer(user, c.id, c.questionIds[0], right, 'contest-key-01'));
      expect(expectOk(await contestAnswer(user, c.id, c.questionIds[0], right, 'contest-key-01'))).toEqual(once);
      expect(await ledgerOf(user.userId)).toHaveLength(1);
      for (const bad of ['abc', '-1', '1.5', ' ', '9999999999999']) expectFailure(await contestAnswer(user, c.id, c.questionIds[1], bad), 400, 'VALIDATION_ERROR');
      // Another question's answer, another contest's question.
      expectFailure(await contestAnswer(user, c.id, c.questionIds[1], right), 404, 'NOT_FOUND');
      expectFailure(await contestAnswer(user, c.id, other.questionIds[0], String(await rightOf(other.questionIds[0]))), 404, 'NOT_FOUND');
      expectFailure(await h.call({ method: 'PUT', url: '/mobile/contest/trivia/abc/join', token: user.authToken }), 400, 'VALIDATION_ERROR');
      expectFailure(await join(user, c.id, ' '.repeat(3)), 400, 'VALIDATION_ERROR');
      expectFailure(await join(user, c.id, 'x'.repeat(31)), 400, 'VALIDATION_ERROR');
      expectFailure(await charts(user, 999999), 404, 'NOT_FOUND');
    });

    it('100 parallel answers to one contest question from one member pay once', async () => {
      const user = await h.registerVerified();
      const c = await contest();
      expectOk(await join(user, c.id));
      const right = String(await rightOf(c.questionIds[0]));
      const results = await Promise.all(
        Array.from({ length: 100 }, (_, i) => contestAnswer(user, c.id, c.questionIds[0], right, i % 2 === 0 ? `contest-parallel-${i}` : undefined)),
      );
      expect(results.filter((r) => r.status === 200 && r.body.data.pipsEarned === 5)).toHaveLength(1);
      for (const r of results) if (r.status !== 200) expectFailure(r, 409, 'ALREADY_ANSWERED');
      expect(await ledgerOf(user.userId)).toEqual([{ delta: 5, kind: 'contest', source_id: c.id }]);
      expect(expectOk(await charts(user, c.id))).toMatchObject({ userCorrectAnswers: 1, userTotalPips: 5 });
    });

    it('refuses one member\'s contest answer under another member\'s name, and joining never charts an e-mail address', async () => {
      const ada = await h.registerVerified({ firstName: 'Ada', lastName: 'Lovelace' });
      const bob = await h.registerVerified({ firstName: 'Bob', lastName: 'Stone' });
      const c = await contest();
      expectOk(await join(ada, c.id, 'Ada L'));
      // Bob has not joined: he can neither answer nor count for Ada's team.
      expectFailure(await contestAnswer(bob, c.id, c.questionIds[0], String(await rightOf(c.questionIds[0]))), 403, 'FORBIDDEN');
      // A name that is an e-mail address is refused, the member's own or any other.
      expectFailure(await join(bob, c.id, bob.email), 400, 'VALIDATION_ERROR');
      expectFailure(await join(bob, c.id, 'me@x.io'), 400, 'VALIDATION_ERROR');
      expectOk(await join(bob, c.id));
      expectFailure(await join(ada, c.id, ada.email), 400, 'VALIDATION_ERROR');
      expectOk(await contestAnswer(bob, c.id, c.questionIds[0], String(await rightOf(c.questionIds[0]))));
      const chart = expectOk(await charts(ada, c.id));
      expect(chart.leaders.map((l: { displayName: string }) => l.displayName)).toEqual(['B. S.', 'Ada L']);
      expect(chart).toMatchObject({ userId: ada.userId, userCorrectAnswers: 0, userDisplayName: 'Ada L' });
      expect(JSON.stringify(chart)).not.toContain('@');
      // Each member's chart speaks of that member only.
      expect(expectOk(await charts(bob, c.id))).toMatchObject({ userId: bob.userId, userCorrectAnswers: 1, userTotalPips: 5, userRank: 1 });
    });

    it('refuses another community\'s contest as not found', async () => {
      const user = await h.registerVerified();
      const elsewhere = await createCommunity(h.db, 'Elsewhere');
      const theirs = await contest({ communityId: elsewhere.id });
      expect(expectOk(await h.call({ url: '/mobile/contest/trivias', token: user.authToken })).contests).toEqual([]);
      expectFailure(await join(user, theirs.id), 404, 'NOT_FOUND');
      expectFailure(await contestQuestion(user, theirs.id), 404, 'NOT_FOUND');
      expectFailure(await charts(user, theirs.id), 404, 'NOT_FOUND');
      expectFailure(await contestAnswer(user, theirs.id, theirs.questionIds[0], String(await rightOf(theirs.questionIds[0]))), 404, 'NOT_FOUND');
      // Individual questions of another community are never served either.
      await pool(1, elsewhere.id);
      expectFailure(await question(user), 404, 'NO_AVAILABLE_QUESTIONS');
    });

    it('keeps team sizes within one of each other after 101 parallel joins', async () => {
      const c = await contest({ teams: ['A', 'B', 'C'] });
      const rows = await h.db
        .insertInto('users')
        .values(
          Array.from({ length: 101 }, (_, i) => ({
            community_id: h.community.id,
            email: `joiner${i}@example.com`,
            first_name: 'J',
            last_name: `${i}`,
            phone: '',
            custom_terms_accepted: true,
            password_hash: null,
            is_verified: true,
          })),
        )
        .returning('id')
        .execute();
      const results = await Promise.allSettled(rows.map((row) => h.app.trivia.join({ userId: row.id, isVerified: true, familyId: 'f' }, c.id)));
      expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
      const sizes = await h.db
        .selectFrom('trivia_contest_members')
        .select(['team_id', (eb) => eb.fn.countAll<string>().as('n')])
        .where('contest_id', '=', c.id)
        .groupBy('team_id')
        .execute();
      const counts = sizes.map((s) => Number(s.n)).sort();
      expect(counts.reduce((a, b) => a + b, 0)).toBe(101);
      expect(counts).toEqual([33, 34, 34]);
    });

    it('shows the top 5 with shared ranks, or the top 4 plus the member, by chosen name or initials', async () => {
      const c = await contest({ questions: 6 });
      const rights = await Promise.all(c.questionIds.map(rightOf));
      const users: TestUser[] = [];
      // Scores 5, 4, 4, 3, 2, 2, 1, 0 (members 0..7, joined in that order).
      const scores = [5, 4, 4, 3, 2, 2, 1, 0];
      for (let i = 0; i < scores.length; i++) {
        const user = await h.registerVerified({ firstName: `First${i}`, lastName: `Last${i}` });
        users.push(user);
        expectOk(await join(user, c.id, i === 0 ? 'Champion' : undefined));
        for (let k = 0; k < scores[i]; k++) expectOk(await contestAnswer(user, c.id, c.questionIds[k], String(rights[k])));
      }
      const inside = expectOk(await charts(users[4], c.id));
      expect(inside.leaders.map((l: { userId: number; rank: number; correctAnswers: number; displayName: string }) => [l.userId, l.rank, l.correctAnswers, l.displayName])).toEqual([
        [users[0].userId, 1, 5, 'Champion'],
        [users[1].userId, 2, 4, 'F. L.'],
        [users[2].userId, 2, 4, 'F. L.'],
        [users[3].userId, 4, 3, 'F. L.'],
        [users[4].userId, 5, 2, 'F. L.'],
      ]);
      expect(inside.userRank).toBe(5);
      // Member 5 ties with member 4 (rank 5) but is sixth: the top 4 and the member, rank 5.
      const tied = expectOk(await charts(users[5], c.id));
      expect(tied.leaders.map((l: { userId: number; rank: number }) => [l.userId, l.rank])).toEqual([
        [users[0].userId, 1],
        [users[1].userId, 2],
        [users[2].userId, 2],
        [users[3].userId, 4],
        [users[5].userId, 5],
      ]);
      const outside = expectOk(await charts(users[7], c.id));
      expect(outside.leaders.map((l: { userId: number; rank: number }) => [l.userId, l.rank])).toEqual([
        [users[0].userId, 1],
        [users[1].userId, 2],
        [users[2].userId, 2],
        [users[3].userId, 4],
        [users[7].userId, 8],
      ]);
      expect(outside).toMatchObject({ userRank: 8, userCorrectAnswers: 0, userTotalPips: 0 });
      expect(outside.teams.map((t: { correctAnswers: number }) => t.correctAnswers).reduce((a: number, b: number) => a + b, 0)).toBe(21);
      for (const user of users) expect(JSON.stringify(outside)).not.toContain(user.email);
    });
  });
});
