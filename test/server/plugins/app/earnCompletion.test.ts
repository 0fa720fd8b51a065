import { describe, expect, it } from 'vitest';
import { setOperatorRole } from '../../../../server/db/repositories/operators/roles';
import { createQuestions, setTriviaSettings, type QuestionInput } from '../../../../server/db/repositories/trivia';
import { createEarnPromo, createQuestionnaire } from '../../helpers/catalog';
import { backends } from '../../helpers/databases';
import { expectFailure, expectOk, useHarness, type TestUser } from '../../helpers/harness';

const q = (n: number): QuestionInput => ({
  text: `Question ${n}?`,
  answers: [
    { text: `Wrong ${n}`, correct: false },
    { text: `Right ${n}`, correct: true },
  ],
});

/**
 * Earn actions completed in the app (issue 48): "Play trivia (+2 pips)" pays its pips when the
 * member answers the question of the day, once per its limit, through the ledger, and then
 * shows as done; the earn call refuses it; the operator API sets what completes it.
 */
describe.each(backends)('earn actions completed in the app on $name', (backend) => {
  const h = useHarness(backend, { accessTokenTtlSeconds: 30 * 24 * 3600 });

  const pool = (count: number) => createQuestions(h.db, h.community.id, null, Array.from({ length: count }, (_, i) => q(i + 1)));
  const question = async (user: TestUser) =>
    expectOk(await h.call({ url: '/mobile/contest/trivia/individual/question', token: user.authToken })) as { id: number };
  const answer = (user: TestUser, questionId: number, answerId: number, idempotencyKey?: string) =>
    h.call({ method: 'POST', url: '/mobile/contest/trivia/individual/answer', token: user.authToken, query: { questionId, answerId, idempotencyKey } });
  const answerOf = async (questionId: number, correct: boolean) =>
    (await h.db.selectFrom('trivia_answers').select('id').where('question_id', '=', questionId).where('correct', '=', correct).executeTakeFirstOrThrow()).id;
  /** Serves the next question and answers it right or wrong. */
  const play = async (user: TestUser, correct: boolean, key?: string) => {
    const served = await question(user);
    return answer(user, served.id, await answerOf(served.id, correct), key);
  };
  const ledgerOf = (user: TestUser) =>
    h.db.selectFrom('ledger_entries').select(['delta', 'kind', 'source_id']).where('user_id', '=', user.userId).orderBy('id').execute();
  const card = async (user: TestUser, id: number) =>
    (expectOk(await h.call({ url: '/mobile/promos/get', query: { type: 'EARN' }, token: user.authToken })).promos as { id: number }[]).find((p) => p.id === id);
  const balance = async (user: TestUser) => expectOk(await h.call({ url: '/mobile/dashboard', token: user.authToken })).availablePips as number;
  const playTrivia = (limit: 'once' | 'daily' | 'unlimited' = 'daily', completedBy: 'triviaAnswer' | 'triviaRightAnswer' = 'triviaAnswer') =>
    createEarnPromo(h.db, { communityId: h.community.id, title: 'Play trivia', pips: 2, limit, completedBy, redirectToInternalScreen: '/trivia/individual' });

  it('pays a daily action once a day when the question of the day is answered, and shows it done', async () => {
    await setTriviaSettings(h.db, h.community.id, { dailyAllowance: 3 });
    await pool(6);
    const action = await playTrivia('daily');
    const user = await h.registerVerified();
    expect(await card(user, action)).toMatchObject({ completedBy: 'triviaAnswer', redirectToInternalScreen: '/trivia/individual', available: true, pips: 2 });

    const first = expectOk(await play(user, true));
    expect(first).toMatchObject({ correct: true, pipsEarned: 1, actionPips: 2, questionsLeft: 2 });
    expect(await ledgerOf(user)).toEqual([
      { delta: 1, kind: 'trivia', source_id: expect.any(Number) },
      { delta: 2, kind: 'promo', source_id: action },
    ]);
    expect(await card(user, action)).toMatchObject({ available: false });
    // The rest of the day's answers pay the trivia's pip only.
    expect(expectOk(await play(user, true))).toMatchObject({ pipsEarned: 1, actionPips: 0 });
    expect(await balance(user)).toBe(4);
    const activity = expectOk(await h.call({ url: '/mobile/dashboard/actions', token: user.authToken, query: { page: 1, size: 10 } }));
    expect(activity.actions.map((a: { title: string; pips: number }) => [a.title, a.pips])).toContainEqual(['Play trivia', 2]);

    // The next UTC day it pays again.
    h.clock.advance(24 * 3600);
    expect(await card(user, action)).toMatchObject({ available: true });
    expect(expectOk(await play(user, false))).toMatchObject({ correct: false, pipsEarned: 0, actionPips: 2 });
    expect((await ledgerOf(user)).filter((row) => row.kind === 'promo')).toHaveLength(2);
  });

  it('pays a once-only action once ever, an unlimited one on every answer, a right-answer one only when right', async () => {
    await setTriviaSettings(h.db, h.community.id, { dailyAllowance: 10 });
    await pool(4);
    const once = await playTrivia('once');
    const always = await playTrivia('unlimited');
    const right = await playTrivia('daily', 'triviaRightAnswer');
    const user = await h.registerVerified();
    expect(expectOk(await play(user, false))).toMatchObject({ actionPips: 4 });
    expect(expectOk(await play(user, true))).toMatchObject({ actionPips: 4 });
    expect(expectOk(await play(user, true))).toMatchObject({ actionPips: 2 });
    const paid = (await ledgerOf(user)).filter((row) => row.kind === 'promo').map((row) => row.source_id);
    expect(paid).toEqual([once, always, always, right, always]);
  });

  it('pays once under a replayed idempotency key, answering the first result again', async () => {
    await pool(2);
    const action = await playTrivia('unlimited');
    const user = await h.registerVerified();
    const served = await question(user);
    const rightId = await answerOf(served.id, true);
    const first = expectOk(await answer(user, served.id, rightId, 'play-trivia-key-1'));
    const replays = await Promise.all(Array.from({ length: 5 }, () => answer(user, served.id, rightId, 'play-trivia-key-1')));
    for (const replay of replays) expect(expectOk(replay)).toEqual(first);
    expect((await ledgerOf(user)).filter((row) => row.kind === 'promo')).toEqual([{ delta: 2, kind: 'promo', source_id: action }]);
    expect(await balance(user)).toBe(3);
  });

  it('refuses the earn call for an action completed in the app; archived actions pay nothing', async () => {
    await pool(2);
    const action = await playTrivia('unlimited');
    const user = await h.registerVerified();
    expectFailure(await h.call({ method: 'POST', url: '/mobile/earn', form: { pid: action }, token: user.authToken }), 404, 'NOT_FOUND');
    await h.db.updateTable('promos').set({ active: false }).where('id', '=', action).execute();
    expect(expectOk(await play(user, true))).toMatchObject({ actionPips: 0 });
    expect(await balance(user)).toBe(1);
  });

  it('lets an operator set and clear what completes an action, with the screen it leads to', async () => {
    const owner = await h.registerVerified();
    await setOperatorRole(h.db, owner.userId, h.community.id, 'owner');
    const post = (json: unknown) => h.call({ method: 'POST', url: `/admin/communities/${h.community.id}/promos`, token: owner.authToken, json });
    const put = (id: number, json: unknown) => h.call({ method: 'PUT', url: `/admin/promos/${id}`, token: owner.authToken, json });
    const created = expectOk(await post({ type: 'EARN', title: { en: 'Play trivia' }, pips: 2, earnLimit: 'daily', completedBy: 'triviaAnswer' }));
    expect(created.promo).toMatchObject({ completedBy: 'triviaAnswer', redirectToInternalScreen: '/trivia/individual', url: null });
    expectFailure(await post({ type: 'EARN', title: { en: 'Both' }, pips: 2, url: 'https://example.org/', completedBy: 'triviaAnswer' }), 400, 'VALIDATION_ERROR');
    expectFailure(await post({ type: 'EARN', title: { en: 'Bad' }, pips: 2, completedBy: 'scanning' }), 400, 'VALIDATION_ERROR');
    const id = created.promo.id as number;
    expect(expectOk(await put(id, { completedBy: 'triviaRightAnswer' }))).toMatchObject({ completedBy: 'triviaRightAnswer', redirectToInternalScreen: '/trivia/individual' });
    expectFailure(await put(id, { url: 'https://example.org/' }), 400, 'VALIDATION_ERROR');
    expect(expectOk(await put(id, { completedBy: null, url: 'https://example.org/' }))).toMatchObject({ completedBy: null, redirectToInternalScreen: null, url: 'https://example.org/' });
    const formId = await createQuestionnaire(h.db, { communityId: h.community.id, pips: 3 });
    const survey = await createEarnPromo(h.db, { communityId: h.community.id, pips: 3, questionnaireId: formId });
    expectFailure(await put(survey, { completedBy: 'triviaAnswer' }), 400, 'VALIDATION_ERROR');
    const audit = await h.db.selectFrom('audit_log').select(['action', 'after']).where('entity', '=', 'promo').where('entity_id', '=', String(id)).orderBy('id').execute();
    expect(audit.map((row) => row.action)).toEqual(['promo.create', 'promo.update', 'promo.update']);
  });
});
