import { describe, expect, it } from 'vitest';
import { createCommunity } from '../../server/db/repositories/communities';
import { createQuestionnaire } from '../../server/db/repositories/questionnaires';
import { insertMember, teamsOfContest } from '../../server/db/repositories/trivia';
import { backends } from './helpers/databases';
import { expectFailure, expectOk, useHarness } from './helpers/harness';
import { operatorApiTools } from './helpers/operatorApi';

/**
 * Announcements, questionnaires and Chance to Win contests in the operator API: published, edited,
 * archived (out of member calls at once), deleted and drawn.
 */
describe.each(backends)('operator API on $name', (backend) => {
  const h = useHarness(backend);
  const { operator, as } = operatorApiTools(h);

  it('publishes and deletes announcements: members see them at once, and no longer after the delete', async () => {
    const editor = await operator('editor');
    const viewer = await operator('viewer');
    const member = await h.registerVerified();
    const list = `/admin/communities/${h.community.id}/announcements`;
    const memberTitles = async () =>
      (expectOk(await h.call({ url: '/mobile/announcements', token: member.authToken, headers: { 'accept-language': 'es' } })).announcements as { title: string }[]).map(
        (a) => a.title,
      );

    const created = expectOk(await as(editor).post(list, { title: { en: 'Market day', es: 'Día de mercado' }, text: { en: 'Saturday at ten.' }, url: '/earn' }));
    expect(created).toMatchObject({ title: { en: 'Market day', es: 'Día de mercado' }, text: { en: 'Saturday at ten.' }, url: '/earn', read: 0, deleted: 0, pushed: 0 });
    expect(await memberTitles()).toEqual(['Día de mercado']);
    expect(expectOk(await as(viewer).get(list)).announcements).toEqual([created]);

    expectFailure(await as(viewer).call('DELETE', `/admin/announcements/${created.id}`), 403, 'FORBIDDEN');
    expect(expectOk(await as(editor).call('DELETE', `/admin/announcements/${created.id}`))).toEqual({ deleted: true });
    expect(await memberTitles()).toEqual([]);
    expectFailure(await as(editor).call('DELETE', `/admin/announcements/${created.id}`), 404, 'NOT_FOUND');
    const actions = expectOk(await as(viewer).get(`/admin/communities/${h.community.id}/audit`, { page: 1, size: 10 })).entries.map((e: { action: string }) => e.action);
    expect(actions).toEqual(['announcement.delete', 'announcement.create']);

    // Refused: no text, a link out of the app, a viewer.
    expectFailure(await as(editor).post(list, { title: { en: 'Empty' }, text: {} }), 400, 'VALIDATION_ERROR');
    expectFailure(await as(editor).post(list, { title: { en: 'Away' }, text: { en: 'x' }, url: 'https://elsewhere.example' }), 400, 'VALIDATION_ERROR');
    expectFailure(await as(viewer).post(list, { title: { en: 'Viewer' }, text: { en: 'x' } }), 403, 'FORBIDDEN');
    expect(expectOk(await as(viewer).get(list)).announcements).toEqual([]);
  });

  it('archives a questionnaire out of the members\' Forms at once, and restores it', async () => {
    const editor = await operator('editor');
    const viewer = await operator('viewer');
    const member = await h.registerVerified();
    const payload = { title: { en: 'Club survey', es: 'Encuesta del club' }, steps: [{ title: 'One', parts: [{ id: 'q', type: 'text', label: 'Why?' }] }] };
    const id = await createQuestionnaire(h.db, { communityId: h.community.id, payload, pips: 15 });
    const memberForms = async () => (expectOk(await h.call({ url: '/web/questionnaires', query: { page: 1, size: 50 }, token: member.authToken })).questionnaires as { id: number }[]).map((q) => q.id);
    expect(await memberForms()).toEqual([id]);

    expect(expectOk(await as(viewer).get(`/admin/communities/${h.community.id}/questionnaires`)).questionnaires).toEqual([
      { id, title: { en: 'Club survey', es: 'Encuesta del club' }, pips: 15, steps: 1, answers: 0, archived: false, earnActionIds: [] },
    ]);
    expectFailure(await as(viewer).post(`/admin/questionnaires/${id}/archive`), 403, 'FORBIDDEN');
    expect(expectOk(await as(editor).post(`/admin/questionnaires/${id}/archive`))).toMatchObject({ id, archived: true });
    expect(await memberForms()).toEqual([]);
    expectOk(await as(editor).post(`/admin/questionnaires/${id}/archive`));
    expect(expectOk(await as(editor).post(`/admin/questionnaires/${id}/restore`))).toMatchObject({ id, archived: false });
    expect(await memberForms()).toEqual([id]);
    const stranger = await operator('owner', (await createCommunity(h.db, 'Elsewhere')).id);
    expectFailure(await as(stranger).post(`/admin/questionnaires/${id}/archive`), 404, 'NOT_FOUND');
    const actions = expectOk(await as(viewer).get(`/admin/communities/${h.community.id}/audit`, { page: 1, size: 10 })).entries.map((e: { action: string }) => e.action);
    expect(actions).toEqual(['questionnaire.restore', 'questionnaire.archive']);
  });

  it('creates a Chance to Win contest, draws it now with the members who qualified, announces the winners, and refuses a second draw', async () => {
    const owner = await operator('owner');
    const viewer = await operator('viewer');
    const ada = await h.registerVerified({ firstName: 'Ada', lastName: 'Lovelace' });
    const bob = await h.registerVerified({ firstName: 'Bob', lastName: 'Hope' });
    const base = `/admin/communities/${h.community.id}/chance-to-win`;
    const inAWeek = new Date(h.clock.now().getTime() + 7 * 86_400_000).toISOString();
    const contest = { name: { en: 'Summer draw', es: 'Sorteo de verano' }, prize: { en: 'A bike' }, thresholdPips: 20, drawsAt: inAWeek };

    expectFailure(await as(viewer).post(base, contest), 403, 'FORBIDDEN');
    expectFailure(await as(owner).post(base, { ...contest, drawsAt: new Date(h.clock.now().getTime() - 1000).toISOString() }), 400, 'VALIDATION_ERROR');
    expectFailure(await as(owner).post(base, { ...contest, thresholdPips: 0 }), 400, 'VALIDATION_ERROR');
    expectFailure(await as(owner).post(base, { ...contest, startsAt: inAWeek }), 400, 'VALIDATION_ERROR');
    const created = expectOk(await as(owner).post(base, contest));
    expect(created).toMatchObject({ name: contest.name, prize: { en: 'A bike' }, thresholdPips: 20, numberOfWinners: 1, status: 'open', entries: null, winners: [] });
    expect(created.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(expectOk(await as(viewer).get(base)).contests.map((c: { id: number }) => c.id)).toEqual([created.id]);

    // Ada earns 25 pips in the window, Bob 10: only Ada qualifies.
    expectOk(await as(owner).post(`/admin/members/${ada.userId}/adjust`, { delta: 25, reason: 'helper' }));
    expectOk(await as(owner).post(`/admin/members/${bob.userId}/adjust`, { delta: 10, reason: 'helper' }));
    expectFailure(await as(viewer).post(`/admin/chance-to-win/${created.id}/draw`), 403, 'FORBIDDEN');
    const drawn = expectOk(await as(owner).post(`/admin/chance-to-win/${created.id}/draw`));
    expect(drawn).toMatchObject({ id: created.id, status: 'drawn', entries: 1, winners: [{ position: 1, name: 'Ada L.', userId: ada.userId, email: ada.email }] });
    expect(new Date(drawn.drawsAt).getTime()).toBeLessThanOrEqual(h.clock.now().getTime());
    expectFailure(await as(owner).post(`/admin/chance-to-win/${created.id}/draw`), 409, 'ALREADY_DRAWN');
    expectFailure(await as(owner).post('/admin/chance-to-win/999999/draw'), 404, 'NOT_FOUND');

    // The community hears about it; the audit log has the creation and the draw.
    const news = expectOk(await h.call({ url: '/mobile/announcements', token: bob.authToken })).announcements as { title: string }[];
    expect(news.map((a) => a.title).join(' ')).toContain('Summer draw');
    const actions = expectOk(await as(owner).get(`/admin/communities/${h.community.id}/audit`, { page: 1, size: 50 })).entries.map((e: { action: string }) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['ctw.create', 'ctw.draw']));
  });

  it('creates a questionnaire from its payload, naming every problem of a bad one; members get it in their language', async () => {
    const editor = await operator('editor');
    const viewer = await operator('viewer');
    const member = await h.registerVerified();
    const base = `/admin/communities/${h.community.id}/questionnaires`;
    const payload = {
      title: { en: 'Park survey', es: 'Encuesta del parque' },
      steps: [{ parts: [{ id: 'visits', type: 'singleChoice', label: { en: 'How often?', es: '¿Con qué frecuencia?' }, required: true, options: [{ value: 'weekly', label: 'Weekly' }, { value: 'never', label: 'Never' }] }] }],
    };
    expectFailure(await as(viewer).post(base, { payload, pips: 5 }), 403, 'FORBIDDEN');
    const bad = expectFailure(await as(editor).post(base, { payload: { title: '', steps: [] }, pips: 5 }), 400, 'VALIDATION_ERROR');
    expect(bad.error.message).toMatch(/^payload: /);
    expectFailure(await as(editor).post(base, { payload, pips: -1 }), 400, 'VALIDATION_ERROR');
    expect(expectOk(await as(viewer).get(base)).questionnaires).toEqual([]);

    const created = expectOk(await as(editor).post(base, { payload, pips: 5 }));
    expect(created).toMatchObject({ title: { en: 'Park survey', es: 'Encuesta del parque' }, pips: 5, steps: 1, answers: 0, archived: false });
    const got = expectOk(await h.call({ url: '/web/questionnaires', query: { page: 1, size: 10 }, token: member.authToken, headers: { 'accept-language': 'es' } }));
    expect(JSON.stringify(got)).toContain('Encuesta del parque');
    const [entry] = expectOk(await as(editor).get(`/admin/communities/${h.community.id}/audit`, { page: 1, size: 10 })).entries;
    expect(entry).toMatchObject({ action: 'questionnaire.create', entityId: String(created.id) });
  });

  it('offers a questionnaire as an earn action that leads members to it; an unknown, foreign or archived one is refused', async () => {
    const editor = await operator('editor');
    const member = await h.registerVerified();
    const base = `/admin/communities/${h.community.id}`;
    const payload = { title: 'Park survey', steps: [{ parts: [{ id: 'visits', type: 'text', label: 'What would you change?' }] }] };
    const survey = expectOk(await as(editor).post(`${base}/questionnaires`, { payload, pips: 7 }));
    const action = { type: 'EARN', title: { en: 'Tell us about the park' }, pips: 7 };
    // Refused, each with what to change; nothing is created then.
    const unknown = expectFailure(await as(editor).post(`${base}/promos`, { ...action, questionnaireId: 999_999 }), 400, 'VALIDATION_ERROR');
    expect(unknown.error.message).toBe('questionnaireId: this community has no open questionnaire 999999');
    const withUrl = expectFailure(await as(editor).post(`${base}/promos`, { ...action, questionnaireId: survey.id, url: 'https://example.org/' }), 400, 'VALIDATION_ERROR');
    expect(withUrl.error.message).toContain('leave out url');
    expectFailure(await as(editor).post(`${base}/promos`, { ...action, questionnaireId: survey.id, completedBy: 'triviaAnswer' }), 400, 'VALIDATION_ERROR');
    const other = await createCommunity(h.db, 'Elsewhere');
    const foreign = await createQuestionnaire(h.db, { communityId: other.id, payload, pips: 3 });
    expectFailure(await as(editor).post(`${base}/promos`, { ...action, questionnaireId: foreign }), 400, 'VALIDATION_ERROR');
    const archived = expectOk(await as(editor).post(`${base}/questionnaires`, { payload, pips: 2 }));
    expectOk(await as(editor).post(`/admin/questionnaires/${archived.id}/archive`));
    expectFailure(await as(editor).post(`${base}/promos`, { ...action, questionnaireId: archived.id }), 400, 'VALIDATION_ERROR');
    expect(expectOk(await as(editor).get(`${base}/promos`, { type: 'EARN' })).promos).toEqual([]);

    const { promo } = expectOk(await as(editor).post(`${base}/promos`, { ...action, questionnaireId: survey.id }));
    expect(promo).toMatchObject({ questionnaireId: survey.id, url: null, completedBy: null, pips: 7 });
    // The questionnaire says which live earn actions offer it (an archived one no longer does).
    const offers = async () => expectOk(await as(editor).get(`${base}/questionnaires`)).questionnaires.map((q: { id: number; earnActionIds: number[] }) => [q.id, q.earnActionIds]);
    expect(await offers()).toEqual([[archived.id, []], [survey.id, [promo.id]]]);
    expectOk(await as(editor).post(`/admin/promos/${promo.id}/archive`));
    expect(await offers()).toEqual([[archived.id, []], [survey.id, []]]);
    expectOk(await as(editor).post(`/admin/promos/${promo.id}/restore`));
    const offered = expectOk(await h.call({ url: '/mobile/promos/get', query: { type: 'EARN' }, token: member.authToken })).promos;
    expect(offered).toEqual([expect.objectContaining({ id: promo.id, questionnaireUrl: `/forms/${survey.id}` })]);
    // Earned by answering it, not by the earn call.
    expectFailure(await h.call({ method: 'POST', url: '/mobile/earn', form: { pid: promo.id, idempotencyKey: 'survey-1' }, token: member.authToken }), 404, 'NOT_FOUND');
    const actions = expectOk(await as(editor).get(`${base}/audit`, { page: 1, size: 10 })).entries.map((e: { action: string; entityId: string }) => [e.action, e.entityId]);
    expect(actions.slice(0, 3)).toEqual([['promo.restore', String(promo.id)], ['promo.archive', String(promo.id)], ['promo.create', String(promo.id)]]);
  });

  it('edits an announcement (members read the new text) and an open Chance to Win contest (never a drawn one)', async () => {
    const editor = await operator('editor');
    const viewer = await operator('viewer');
    const member = await h.registerVerified();
    const created = expectOk(await as(editor).post(`/admin/communities/${h.community.id}/announcements`, { title: { en: 'Fair' }, text: { en: 'Saturday' } }));
    expectFailure(await as(viewer).put(`/admin/announcements/${created.id}`, { text: { en: 'Sunday' } }), 403, 'FORBIDDEN');
    expectFailure(await as(editor).put(`/admin/announcements/${created.id}`, { url: 'https://elsewhere.example' }), 400, 'VALIDATION_ERROR');
    const edited = expectOk(await as(editor).put(`/admin/announcements/${created.id}`, { text: { en: 'Sunday', es: 'Domingo' }, url: '/earn' }));
    expect(edited).toMatchObject({ id: created.id, title: { en: 'Fair' }, text: { en: 'Sunday', es: 'Domingo' }, url: '/earn' });
    const news = expectOk(await h.call({ url: '/mobile/announcements', token: member.authToken, headers: { 'accept-language': 'es' } })).announcements;
    expect(JSON.stringify(news)).toContain('Domingo');

    const base = `/admin/communities/${h.community.id}/chance-to-win`;
    const inAWeek = new Date(h.clock.now().getTime() + 7 * 86_400_000).toISOString();
    const contest = expectOk(await as(editor).post(base, { name: { en: 'Draw' }, thresholdPips: 20, drawsAt: inAWeek }));
    expectFailure(await as(editor).put(`/admin/chance-to-win/${contest.id}`, { drawsAt: new Date(h.clock.now().getTime() - 1000).toISOString() }), 400, 'VALIDATION_ERROR');
    const changed = expectOk(await as(editor).put(`/admin/chance-to-win/${contest.id}`, { thresholdPips: 5, prize: { en: 'A hat' }, numberOfWinners: 2 }));
    expect(changed).toMatchObject({ thresholdPips: 5, prize: { en: 'A hat' }, numberOfWinners: 2, commitment: contest.commitment, status: 'open' });
    expectOk(await as(editor).post(`/admin/chance-to-win/${contest.id}/draw`));
    expectFailure(await as(editor).put(`/admin/chance-to-win/${contest.id}`, { thresholdPips: 1 }), 409, 'ALREADY_DRAWN');
    const actions = expectOk(await as(editor).get(`/admin/communities/${h.community.id}/audit`, { page: 1, size: 50 })).entries.map((e: { action: string }) => e.action);
    expect(actions.filter((a: string) => a.endsWith('.update')).sort()).toEqual(['announcement.update', 'ctw.update']);
  });

  it('deletes what nothing refers to (a questionnaire, an open draw, a trivia contest nobody joined) and edits a trivia contest', async () => {
    const editor = await operator('editor');
    const viewer = await operator('viewer');
    const member = await h.registerVerified();
    const payload = { title: 'Quick poll', steps: [{ parts: [{ id: 'q', type: 'text', label: 'Why?' }] }] };
    const unused = expectOk(await as(editor).post(`/admin/communities/${h.community.id}/questionnaires`, { payload, pips: 2 }));
    const answered = expectOk(await as(editor).post(`/admin/communities/${h.community.id}/questionnaires`, { payload, pips: 2 }));
    await h.db.insertInto('questionnaire_answers').values({ questionnaire_id: answered.id, user_id: member.userId, answers: JSON.stringify({ q: 'yes' }) }).execute();
    expectFailure(await as(viewer).call('DELETE', `/admin/questionnaires/${unused.id}`), 403, 'FORBIDDEN');
    expectFailure(await as(editor).call('DELETE', `/admin/questionnaires/${answered.id}`), 409, 'IN_USE');
    // Edited: the pips at any time, the questions only while nobody answered.
    expect(expectOk(await as(editor).put(`/admin/questionnaires/${answered.id}`, { pips: 7 }))).toMatchObject({ pips: 7, answers: 1 });
    expectFailure(await as(editor).put(`/admin/questionnaires/${answered.id}`, { payload }), 409, 'IN_USE');
    expectFailure(await as(editor).put(`/admin/questionnaires/${unused.id}`, { payload: { title: '', steps: [] } }), 400, 'VALIDATION_ERROR');
    const retitled = expectOk(await as(editor).put(`/admin/questionnaires/${unused.id}`, { payload: { ...payload, title: { en: 'Poll', es: 'Encuesta' } } }));
    expect(retitled).toMatchObject({ title: { en: 'Poll', es: 'Encuesta' }, steps: 1 });
    expectFailure(await as(viewer).put(`/admin/questionnaires/${unused.id}`, { pips: 1 }), 403, 'FORBIDDEN');
    expect(expectOk(await as(editor).call('DELETE', `/admin/questionnaires/${unused.id}`))).toEqual({ deleted: true });
    expectFailure(await as(editor).call('DELETE', `/admin/questionnaires/${unused.id}`), 404, 'NOT_FOUND');

    const inAWeek = new Date(h.clock.now().getTime() + 7 * 86_400_000).toISOString();
    const draw = expectOk(await as(editor).post(`/admin/communities/${h.community.id}/chance-to-win`, { name: { en: 'Oops' }, thresholdPips: 5, drawsAt: inAWeek }));
    const drawn = expectOk(await as(editor).post(`/admin/communities/${h.community.id}/chance-to-win`, { name: { en: 'Kept' }, thresholdPips: 5, drawsAt: inAWeek }));
    expectOk(await as(editor).post(`/admin/chance-to-win/${drawn.id}/draw`));
    expectFailure(await as(editor).call('DELETE', `/admin/chance-to-win/${drawn.id}`), 409, 'ALREADY_DRAWN');
    expect(expectOk(await as(editor).call('DELETE', `/admin/chance-to-win/${draw.id}`))).toEqual({ deleted: true });
    expect(expectOk(await as(viewer).get(`/admin/communities/${h.community.id}/chance-to-win`)).contests.map((c: { id: number }) => c.id)).toEqual([drawn.id]);

    const base = `/admin/communities/${h.community.id}/trivia/contests`;
    const contest = (name: string) => ({ name: { en: name }, startsAt: '2026-12-01T00:00:00Z', endsAt: '2026-12-02T00:00:00Z', pipsPerAnswer: 3, teams: [{ en: 'Red' }, { en: 'Blue' }] });
    const empty = expectOk(await as(editor).post(base, contest('Empty')));
    const joined = expectOk(await as(editor).post(base, contest('Joined')));
    const [team] = await teamsOfContest(h.db, joined.id);
    await insertMember(h.db, { contestId: joined.id, userId: member.userId, teamId: team.id, displayName: null, at: new Date() });
    expectFailure(await as(editor).put(`/admin/trivia/contests/${joined.id}`, { endsAt: '2026-11-30T00:00:00Z' }), 400, 'VALIDATION_ERROR');
    expect(expectOk(await as(editor).put(`/admin/trivia/contests/${joined.id}`, { name: { en: 'Joined!', es: '¡Unidos!' }, pipsPerAnswer: 4 }))).toMatchObject({
      name: { en: 'Joined!', es: '¡Unidos!' },
      pipsPerAnswer: 4,
      members: 1,
      teams: [{ en: 'Red' }, { en: 'Blue' }],
    });
    expectFailure(await as(editor).call('DELETE', `/admin/trivia/contests/${joined.id}`), 409, 'IN_USE');
    expect(expectOk(await as(editor).call('DELETE', `/admin/trivia/contests/${empty.id}`))).toEqual({ deleted: true });
    expect(expectOk(await as(viewer).get(`/admin/communities/${h.community.id}/trivia`)).contests.map((c: { id: number }) => c.id)).toEqual([joined.id]);
    const actions = expectOk(await as(editor).get(`/admin/communities/${h.community.id}/audit`, { page: 1, size: 50 })).entries.map((e: { action: string }) => e.action);
    expect(actions.filter((a: string) => a.endsWith('.delete') || a.endsWith('.update')).sort()).toEqual([
      'ctw.delete',
      'questionnaire.delete',
      'questionnaire.update',
      'questionnaire.update',
      'trivia.contest.delete',
      'trivia.contest.update',
    ]);
  });

  it('archives announcements, trivia contests and drawn Chance to Win contests out of member calls at once, and restores them', async () => {
    const editor = await operator('editor');
    const member = await h.registerVerified();
    const news = async () => (expectOk(await h.call({ url: '/mobile/announcements', token: member.authToken })).announcements as { id: number }[]).map((a) => a.id);
    const note = expectOk(await as(editor).post(`/admin/communities/${h.community.id}/announcements`, { title: { en: 'Fair' }, text: { en: 'Saturday' }, push: true }));
    expect(await news()).toContain(note.id);
    expect(expectOk(await as(editor).put(`/admin/announcements/${note.id}`, { archived: true }))).toMatchObject({ archived: true });
    expect(await news()).not.toContain(note.id);
    // Its pushes not yet sent are dropped.
    expect(await h.db.selectFrom('push_deliveries').select('state').where('announcement_id', '=', note.id).where('state', '=', 'pending').execute()).toEqual([]);
    expectOk(await as(editor).put(`/admin/announcements/${note.id}`, { archived: false }));
    expect(await news()).toContain(note.id);

    const now = h.clock.now().getTime();
    const quiz = expectOk(
      await as(editor).post(`/admin/communities/${h.community.id}/trivia/contests`, {
        name: { en: 'Quiz' },
        startsAt: new Date(now - 3600_000).toISOString(),
        endsAt: new Date(now + 86_400_000).toISOString(),
        pipsPerAnswer: 1,
        teams: [{ en: 'Red' }, { en: 'Blue' }],
      }),
    );
    const quizzes = async () => (expectOk(await h.call({ url: '/mobile/contest/trivias', token: member.authToken })).contests as { id: number }[]).map((c) => c.id);
    expect(await quizzes()).toEqual([quiz.id]);
    expect(expectOk(await as(editor).put(`/admin/trivia/contests/${quiz.id}`, { archived: true }))).toMatchObject({ archived: true });
    expect(await quizzes()).toEqual([]);
    expectFailure(await h.call({ method: 'PUT', url: `/mobile/contest/trivia/${quiz.id}/join`, token: member.authToken }), 404, 'NOT_FOUND');
    expect(expectOk(await as(editor).get(`/admin/communities/${h.community.id}/trivia`)).contests).toEqual([expect.objectContaining({ id: quiz.id, archived: true })]);
    expectOk(await as(editor).put(`/admin/trivia/contests/${quiz.id}`, { archived: false }));
    expect(await quizzes()).toEqual([quiz.id]);

    const inAWeek = new Date(now + 7 * 86_400_000).toISOString();
    const draw = expectOk(await as(editor).post(`/admin/communities/${h.community.id}/chance-to-win`, { name: { en: 'Draw' }, thresholdPips: 5, drawsAt: inAWeek }));
    expectFailure(await as(editor).put(`/admin/chance-to-win/${draw.id}`, { archived: true }), 400, 'VALIDATION_ERROR');
    expectOk(await as(editor).post(`/admin/chance-to-win/${draw.id}/draw`));
    const past = async () => (expectOk(await h.call({ url: '/mobile/contest/chancetowin/archive', token: member.authToken })).challenges as unknown[]).length;
    expect(await past()).toBe(1);
    expect(expectOk(await as(editor).put(`/admin/chance-to-win/${draw.id}`, { archived: true }))).toMatchObject({ archived: true, status: 'drawn' });
    expect(await past()).toBe(0);
    expectFailure(await as(editor).put(`/admin/chance-to-win/${draw.id}`, { archived: false, thresholdPips: 1 }), 409, 'ALREADY_DRAWN');
    expectOk(await as(editor).put(`/admin/chance-to-win/${draw.id}`, { archived: false }));
    expect(await past()).toBe(1);
    const actions = expectOk(await as(editor).get(`/admin/communities/${h.community.id}/audit`, { page: 1, size: 50 })).entries.map((e: { action: string }) => e.action);
    expect(actions.filter((a: string) => a.endsWith('.archive') || a.endsWith('.restore')).sort()).toEqual([
      'announcement.archive',
      'announcement.restore',
      'ctw.archive',
      'ctw.restore',
      'trivia.contest.archive',
      'trivia.contest.restore',
    ]);
  });
});
