import { describe, expect, it } from 'vitest';
import { createCommunity } from '../../server/db/repositories/communities';
import { insertMember, teamsOfContest } from '../../server/db/repositories/trivia';
import { backends } from './helpers/databases';
import { expectFailure, expectOk, useHarness } from './helpers/harness';
import { operatorApiTools } from './helpers/operatorApi';

/**
 * Trivia in the operator API: the daily settings, questions for the pool or a contest, team
 * contests and their charts; the push status.
 */
describe.each(backends)('operator API on $name', (backend) => {
  const h = useHarness(backend);
  const { operator, as } = operatorApiTools(h);

  it('runs trivia: the daily settings, questions for the pool or a contest (every bad entry named, nothing added then), and team contests', async () => {
    const editor = await operator('editor');
    const viewer = await operator('viewer');
    const base = `/admin/communities/${h.community.id}/trivia`;
    const question = (text: string, right = 0) => ({
      text: { en: text, es: `${text} (es)` },
      answers: [{ text: { en: 'Yes' } }, { text: { en: 'No' } }].map((a, i) => (i === right ? { ...a, correct: true } : a)),
    });

    expect(expectOk(await as(viewer).get(base))).toEqual({ dailyAllowance: 3, timeZone: 'UTC', questions: 0, contests: [] });
    expectFailure(await as(viewer).put(base, { dailyAllowance: 5 }), 403, 'FORBIDDEN');
    expectFailure(await as(editor).put(base, { timeZone: 'Mars/Olympus' }), 400, 'VALIDATION_ERROR');
    expect(expectOk(await as(editor).put(base, { dailyAllowance: 5, timeZone: 'Europe/Madrid' }))).toMatchObject({ dailyAllowance: 5, timeZone: 'Europe/Madrid' });

    const bad = expectFailure(
      await as(editor).post(`${base}/questions`, { questions: [question('Is water wet?'), { text: { en: 'Two right?' }, answers: [{ text: { en: 'A' }, correct: true }, { text: { en: 'B' }, correct: true }] }] }),
      400,
      'VALIDATION_ERROR',
    );
    expect(bad.error.message).toContain('question 2: exactly one answer must be');
    // Every bad entry is named in one answer, not only the first.
    const several = expectFailure(
      await as(editor).post(`${base}/questions`, {
        questions: [
          { text: '', answers: [{ text: 'A', correct: true }, { text: 'B' }] },
          question('Fine?'),
          { text: 'One answer?', answers: [{ text: 'A', correct: true }] },
          { text: 'Odd field?', answers: [{ text: 'A', correct: true }, { text: 'B', colour: 'red' }] },
        ],
      }),
      400,
      'VALIDATION_ERROR',
    ).error.message;
    expect(several).toContain('question 1: text must not be empty');
    expect(several).toContain('question 3: answers must be a list of 2 to 6 answers');
    expect(several).toContain('question 4, answer 2: unknown field "colour"');
    expect(several).not.toContain('question 2');
    expect(expectOk(await as(viewer).get(base)).questions).toBe(0);
    // Texts as plain strings, the form the CLI's help and the console's hint show, are taken as they are.
    expect(
      expectOk(await as(editor).post(`${base}/questions`, { questions: [{ text: 'Capital of Massachusetts?', answers: [{ text: 'Boston', correct: true }, { text: 'Denver' }] }] })),
    ).toEqual({ added: 1, total: 1 });
    const stored = expectOk(await as(viewer).get(`${base}/questions`, { page: 1, size: 10 })).questions[0];
    expect(stored).toMatchObject({ text: { en: 'Capital of Massachusetts?' }, answers: [{ text: { en: 'Boston' }, correct: true }, { text: { en: 'Denver' }, correct: false }] });
    expectOk(await as(editor).call('DELETE', `/admin/trivia/questions/${stored.id}`));
    expect(expectOk(await as(editor).post(`${base}/questions`, { questions: [question('Is water wet?'), question('Is fire cold?', 1)] }))).toEqual({ added: 2, total: 2 });

    expectFailure(
      await as(editor).post(`${base}/contests`, { name: { en: 'Quiz night' }, startsAt: '2026-12-02T00:00:00Z', endsAt: '2026-12-01T00:00:00Z', pipsPerAnswer: 3, teams: [{ en: 'Red' }, { en: 'Blue' }] }),
      400,
      'VALIDATION_ERROR',
    );
    expectFailure(await as(editor).post(`${base}/contests`, { name: { en: 'Quiz night' }, startsAt: '2026-12-01T00:00:00Z', endsAt: '2026-12-02T00:00:00Z', pipsPerAnswer: 3, teams: [{ en: 'Red' }] }), 400, 'VALIDATION_ERROR');
    const contest = expectOk(
      await as(editor).post(`${base}/contests`, {
        name: { en: 'Quiz night', es: 'Noche de preguntas' },
        startsAt: '2026-12-01T00:00:00Z',
        endsAt: '2026-12-02T00:00:00Z',
        pipsPerAnswer: 3,
        joinPips: 2,
        teams: [{ en: 'Red', es: 'Rojos' }, { en: 'Blue' }],
      }),
    );
    expect(contest).toMatchObject({ name: { en: 'Quiz night', es: 'Noche de preguntas' }, pipsPerAnswer: 3, joinPips: 2, teams: [{ en: 'Red', es: 'Rojos' }, { en: 'Blue' }], members: 0, questions: 0 });
    expect(expectOk(await as(editor).post(`${base}/questions`, { contestId: contest.id, questions: [question('Is ice cold?')] }))).toEqual({ added: 1, total: 1 });
    expectFailure(await as(editor).post(`${base}/questions`, { contestId: 999999, questions: [question('Lost?')] }), 404, 'NOT_FOUND');

    const trivia = expectOk(await as(viewer).get(base));
    expect(trivia).toMatchObject({ dailyAllowance: 5, questions: 2, contests: [{ id: contest.id, questions: 1 }] });
    const actions = expectOk(await as(editor).get(`/admin/communities/${h.community.id}/audit`, { page: 1, size: 50 })).entries.map((e: { action: string }) => e.action);
    expect(actions.sort()).toEqual(['trivia.contest.create', 'trivia.question.delete', 'trivia.questions', 'trivia.questions', 'trivia.questions', 'trivia.settings']);
  });

  it('creates a contest with its questions in one call; a bad entry names every problem and creates nothing', async () => {
    const editor = await operator('editor');
    const base = `/admin/communities/${h.community.id}/trivia`;
    const contest = { name: { en: 'Quiz night' }, startsAt: '2026-12-01T00:00:00Z', endsAt: '2026-12-02T00:00:00Z', pipsPerAnswer: 3, teams: [{ en: 'Red' }, { en: 'Blue' }] };
    const good = { text: 'Capital of Massachusetts?', answers: [{ text: 'Boston', correct: true }, { text: 'Denver' }] };
    const refused = expectFailure(
      await as(editor).post(`${base}/contests`, { ...contest, questions: [good, { text: '', answers: [{ text: 'A', correct: true }, { text: 'B' }] }, { text: 'Only one?', answers: [{ text: 'A', correct: true }] }] }),
      400,
      'VALIDATION_ERROR',
    ).error.message;
    expect(refused).toBe('questions: question 2: text must not be empty; question 3: answers must be a list of 2 to 6 answers');
    expect(expectOk(await as(editor).get(base))).toMatchObject({ questions: 0, contests: [] });

    const created = expectOk(await as(editor).post(`${base}/contests`, { ...contest, questions: [good, { text: { en: 'Is ice cold?', es: '¿El hielo está frío?' }, answers: [{ text: 'Yes', correct: true }, { text: 'No' }] }] }));
    expect(created).toMatchObject({ name: { en: 'Quiz night' }, questions: 2 });
    const stored = expectOk(await as(editor).get(`${base}/questions`, { page: 1, size: 10, contestId: created.id })).questions;
    expect(stored.map((q: { text: { en: string } }) => q.text.en).sort()).toEqual(['Capital of Massachusetts?', 'Is ice cold?']);
    // The pool of the question of the day is untouched.
    expect(expectOk(await as(editor).get(base)).questions).toBe(0);
    const [entry] = expectOk(await as(editor).get(`/admin/communities/${h.community.id}/audit`, { page: 1, size: 10 })).entries;
    expect(entry).toMatchObject({ action: 'trivia.contest.create', entityId: String(created.id), after: expect.objectContaining({ questions: 2 }) });
  });

  it('lists, edits, archives and deletes single trivia questions; answers stay once a member was served it', async () => {
    const editor = await operator('editor');
    const viewer = await operator('viewer');
    const member = await h.registerVerified();
    const base = `/admin/communities/${h.community.id}/trivia/questions`;
    const q = (text: string) => ({ text: { en: text }, answers: [{ text: { en: 'Yes' }, correct: true }, { text: { en: 'No' } }] });
    expectOk(await as(editor).post(base, { questions: [q('Is water wet?'), q('Is the sky blue?')] }));
    const page = expectOk(await as(viewer).get(base, { page: 1, size: 10 }));
    expect(page.total).toBe(2);
    const [sky, water] = page.questions;
    expect(sky).toMatchObject({ text: { en: 'Is the sky blue?' }, contestId: null, archived: false, served: 0, answered: 0, answers: [{ text: { en: 'Yes' }, correct: true }, { text: { en: 'No' }, correct: false }] });

    expectFailure(await as(viewer).put(`/admin/trivia/questions/${sky.id}`, { text: { en: 'Sky?' } }), 403, 'FORBIDDEN');
    const twoRight = [{ text: { en: 'A' }, correct: true }, { text: { en: 'B' }, correct: true }];
    expect(expectFailure(await as(editor).put(`/admin/trivia/questions/${sky.id}`, { answers: twoRight }), 400, 'VALIDATION_ERROR').error.message).toContain('exactly one answer');
    const edited = expectOk(
      await as(editor).put(`/admin/trivia/questions/${sky.id}`, { text: { en: 'Is the sky green?', es: '¿Es verde el cielo?' }, answers: [{ text: { en: 'Yes' } }, { text: { en: 'No' }, correct: true }, { text: { en: 'At dusk' } }] }),
    );
    expect(edited).toMatchObject({ text: { en: 'Is the sky green?', es: '¿Es verde el cielo?' }, answers: [{ correct: false }, { correct: true }, { correct: false }] });

    // A member is served a question: its answers stay, its text may change, it cannot be deleted.
    const served = expectOk(await h.call({ url: '/mobile/contest/trivia/individual/question', token: member.authToken }));
    const servedId = served.id as number;
    expectFailure(await as(editor).put(`/admin/trivia/questions/${servedId}`, { answers: [{ text: { en: 'A' }, correct: true }, { text: { en: 'B' } }] }), 409, 'IN_USE');
    expectOk(await as(editor).put(`/admin/trivia/questions/${servedId}`, { text: { en: 'Reworded' } }));
    expectFailure(await as(editor).call('DELETE', `/admin/trivia/questions/${servedId}`), 409, 'IN_USE');
    const other = servedId === sky.id ? water : sky;
    expect(expectOk(await as(editor).put(`/admin/trivia/questions/${servedId}`, { archived: true }))).toMatchObject({ archived: true, served: 1 });
    expect(expectOk(await as(viewer).get(base, { page: 1, size: 10 })).questions.map((x: { id: number }) => x.id)).toEqual([other.id]);
    expect(expectOk(await as(viewer).get(base, { page: 1, size: 10, archived: 'true' })).questions.map((x: { id: number }) => x.id)).toEqual([servedId]);
    expect(expectOk(await as(viewer).get(`/admin/communities/${h.community.id}/trivia`)).questions).toBe(1);
    expect(expectOk(await as(editor).call('DELETE', `/admin/trivia/questions/${other.id}`))).toEqual({ deleted: true });
    expectFailure(await as(editor).call('DELETE', `/admin/trivia/questions/${other.id}`), 404, 'NOT_FOUND');
    expectFailure(await as(editor).get(base, { page: 1, size: 10, contestId: 999999 }), 404, 'NOT_FOUND');
    const actions = expectOk(await as(editor).get(`/admin/communities/${h.community.id}/audit`, { page: 1, size: 50 })).entries.map((e: { action: string }) => e.action);
    expect(actions.filter((a: string) => a.startsWith('trivia.question.')).sort()).toEqual([
      'trivia.question.archive',
      'trivia.question.delete',
      'trivia.question.update',
      'trivia.question.update',
    ]);
  });

  it('reads a community\'s push status and a trivia contest\'s charts (viewers too; others\' are not found)', async () => {
    const editor = await operator('editor');
    const viewer = await operator('viewer');
    const stranger = await operator('owner', (await createCommunity(h.db, 'Elsewhere')).id);
    const member = await h.registerVerified();
    expect(expectOk(await as(viewer).get(`/admin/communities/${h.community.id}/push`))).toEqual({ subscriptions: 0, members: 0, queue: [], failures: [] });
    expectFailure(await as(stranger).get(`/admin/communities/${h.community.id}/push`), 403, 'FORBIDDEN');
    const contest = expectOk(
      await as(editor).post(`/admin/communities/${h.community.id}/trivia/contests`, { name: { en: 'Quiz' }, startsAt: '2026-01-01T00:00:00Z', endsAt: '2099-01-01T00:00:00Z', pipsPerAnswer: 1, teams: [{ en: 'Red' }, { en: 'Blue' }] }),
    );
    const [team] = await teamsOfContest(h.db, contest.id);
    await insertMember(h.db, { contestId: contest.id, userId: member.userId, teamId: team.id, displayName: null, at: new Date() });
    await h.db.updateTable('trivia_contest_members').set({ correct_answers: 3, total_pips: 3 }).where('user_id', '=', member.userId).execute();
    expect(expectOk(await as(viewer).get(`/admin/trivia/contests/${contest.id}/charts`))).toEqual({
      teams: [
        { name: { en: 'Red' }, rightAnswers: 3, members: 1 },
        { name: { en: 'Blue' }, rightAnswers: 0, members: 0 },
      ],
      leaders: [{ rank: 1, name: 'A. L.', correctAnswers: 3, totalPips: 3 }],
    });
    expectFailure(await as(stranger).get(`/admin/trivia/contests/${contest.id}/charts`), 404, 'NOT_FOUND');
  });
});
