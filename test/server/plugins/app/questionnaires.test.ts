import { describe, expect, it } from 'vitest';
import { createCommunity } from '../../../../server/db/repositories/communities';
import { createQuestionnaire, createRedeemPromo, givePips } from '../../helpers/catalog';
import { backends } from '../../helpers/databases';
import { useHarness, expectFailure, expectOk, type TestUser } from '../../helpers/harness';
import { everyPartPayload } from '../../questionnaires/fixtures';

describe.each(backends)('questionnaires on $name', (backend) => {
  const h = useHarness(backend);

  const list = (user: TestUser, language?: string, page = 1, size = 50) =>
    h.call({
      url: '/web/questionnaires',
      token: user.authToken,
      query: { page, size },
      headers: language ? { 'accept-language': language } : undefined,
    });
  const answer = (user: TestUser, id: number, answers: unknown, idempotencyKey?: string) =>
    h.call({ method: 'POST', url: `/web/questionnaires/${id}/answers`, token: user.authToken, json: { answers, idempotencyKey } });
  const balances = async (user: TestUser) => expectOk(await h.call({ url: '/mobile/dashboard', token: user.authToken }));
  const ledgerOf = (userId: number) =>
    h.db.selectFrom('ledger_entries').select(['delta', 'kind', 'source_id', 'title', 'idempotency_key']).where('user_id', '=', userId).orderBy('id').execute();
  const storedAnswers = (userId: number) =>
    h.db.selectFrom('questionnaire_answers').select(['questionnaire_id', 'answers', 'ledger_entry_id']).where('user_id', '=', userId).execute();

  /** Answers that fit everyPartPayload. */
  const good = { colour: 'red', sports: ['run', 'bike'], comment: 'Nice', age: 30, stars: 4, visit: '2024-02-29' };
  const survey = (pips = 15) => createQuestionnaire(h.db, { communityId: h.community.id, payload: everyPartPayload, pips });

  it('lists the active questionnaires of the member\'s community, payload resolved to English', async () => {
    const user = await h.registerVerified();
    const first = await survey();
    const second = await createQuestionnaire(h.db, { communityId: h.community.id });
    await createQuestionnaire(h.db, { communityId: h.community.id, active: false });
    const elsewhere = await createCommunity(h.db, 'Elsewhere');
    await createQuestionnaire(h.db, { communityId: elsewhere.id });

    const { questionnaires } = expectOk(await list(user));
    expect(questionnaires).toEqual([
      { id: first, title: 'Neighbourhood survey', pipsToEarn: 15, answered: false, payload: expect.any(String) },
      { id: second, title: 'Quick survey', pipsToEarn: 0, answered: false, payload: expect.any(String) },
    ]);
    const payload = JSON.parse(questionnaires[0].payload);
    expect(payload.title).toBe('Neighbourhood survey');
    expect(payload.steps[0].title).toBe('About you');
    expect(payload.steps[0].parts[0]).toEqual({
      id: 'colour',
      type: 'singleChoice',
      label: 'Favourite colour',
      required: true,
      options: [
        { value: 'red', label: 'Red' },
        { value: 'blue', label: 'Blue' },
      ],
    });
    expect(payload.steps[1].parts.map((part: { type: string }) => part.type)).toEqual(['number', 'rating', 'date']);
  });

  it('resolves every text to Spanish when asked, English where no Spanish is given', async () => {
    const user = await h.registerVerified();
    await survey();
    const [item] = expectOk(await list(user, 'es-ES,es;q=0.9')).questionnaires;
    expect(item.title).toBe('Encuesta del barrio');
    const payload = JSON.parse(item.payload);
    expect(payload).toMatchObject({ title: 'Encuesta del barrio', description: 'Two minutes', steps: [{ title: 'Sobre ti' }, {}] });
    expect(payload.steps[0].parts[0].label).toBe('Color favorito');
    expect(payload.steps[0].parts[0].options).toEqual([
      { value: 'red', label: 'Rojo' },
      { value: 'blue', label: 'Blue' },
    ]);
    expect(payload.steps[0].parts[2].help).toBe('Corto');
  });

  it('pages the list', async () => {
    const user = await h.registerVerified();
    const ids = [await survey(), await survey(), await survey()];
    expect(expectOk(await list(user, undefined, 1, 2)).questionnaires.map((q: { id: number }) => q.id)).toEqual(ids.slice(0, 2));
    expect(expectOk(await list(user, undefined, 2, 2)).questionnaires.map((q: { id: number }) => q.id)).toEqual(ids.slice(2));
    expectFailure(await list(user, undefined, 1, 51), 400, 'VALIDATION_ERROR');
  });

  it('takes answers for every part type, credits the pips once, and marks it answered', async () => {
    const user = await h.registerVerified();
    const other = await h.registerVerified();
    const id = await survey();
    expect(expectOk(await answer(user, id, { ...good, comment: '' }))).toEqual({ status: 'OK', pipsEarned: 15 });
    expect(await balances(user)).toMatchObject({ availablePips: 15, totalEarnedPips: 15 });
    expect(await ledgerOf(user.userId)).toEqual([
      { delta: 15, kind: 'questionnaire', source_id: id, title: everyPartPayload.title, idempotency_key: null },
    ]);
    const { comment: _omitted, ...cleaned } = good;
    expect(await storedAnswers(user.userId)).toEqual([{ questionnaire_id: id, answers: cleaned, ledger_entry_id: expect.any(Number) }]);

    expect(expectOk(await list(user)).questionnaires[0].answered).toBe(true);
    expect(expectOk(await list(other)).questionnaires[0].answered).toBe(false);
  });

  it('refuses answers that do not fit, naming the part, and credits nothing', async () => {
    const user = await h.registerVerified();
    const id = await survey();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...good, colour: undefined }, 'colour: is required'],
      [{ ...good, colour: 'green' }, 'colour: "green" is not one of its options'],
      [{ ...good, sports: ['run', 'swim', 'bike'] }, 'sports: choose at most 2'],
      [{ ...good, sports: 'run' }, 'sports: must be a list of option values'],
      [{ ...good, comment: 'x'.repeat(11) }, 'comment: must be at most 10 characters'],
      [{ ...good, age: 30.5 }, 'age: must be a whole number'],
      [{ ...good, age: '30' }, 'age: must be a number'],
      [{ ...good, age: 121 }, 'age: must be at most 120'],
      [{ ...good, stars: 5 }, 'stars: must be a whole number from 1 to 4'],
      [{ ...good, visit: '2024-02-30' }, 'visit: must be a date YYYY-MM-DD'],
      [{ ...good, visit: '2025-01-01' }, 'visit: must be on or before 2024-12-31'],
      [{ ...good, surprise: 1 }, 'surprise: is not a part of this questionnaire'],
    ];
    for (const [answers, message] of cases) {
      const failure = expectFailure(await answer(user, id, answers, 'same-key-for-all'), 400, 'VALIDATION_ERROR');
      expect(failure.error.message).toBe(message);
    }
    expectFailure(await answer(user, id, ['red']), 400, 'VALIDATION_ERROR');
    expect(await balances(user)).toMatchObject({ availablePips: 0 });
    expect(await storedAnswers(user.userId)).toEqual([]);
    // A refused request leaves its key unused.
    expect(expectOk(await answer(user, id, good, 'same-key-for-all'))).toEqual({ status: 'OK', pipsEarned: 15 });
  });

  it('answers ALREADY_ANSWERED the second time, with or without another key', async () => {
    const user = await h.registerVerified();
    const id = await survey();
    expectOk(await answer(user, id, good, 'first-answer'));
    expectFailure(await answer(user, id, good), 409, 'ALREADY_ANSWERED');
    expectFailure(await answer(user, id, { ...good, stars: 1 }, 'second-answer'), 409, 'ALREADY_ANSWERED');
    expect(await balances(user)).toMatchObject({ availablePips: 15 });
    expect(await storedAnswers(user.userId)).toHaveLength(1);
  });

  it('answers a replayed key with the first result, even once the form is closed', async () => {
    const user = await h.registerVerified();
    const id = await survey();
    const first = expectOk(await answer(user, id, good, 'offline-form-1'));
    // The same answers in another key order are the same request.
    const reordered = Object.fromEntries(Object.entries(good).reverse());
    expect(expectOk(await answer(user, id, reordered, 'offline-form-1'))).toEqual(first);
    await h.db.updateTable('questionnaires').set({ active: false }).where('id', '=', id).execute();
    expect(expectOk(await answer(user, id, good, 'offline-form-1'))).toEqual(first);
    expect(await balances(user)).toMatchObject({ availablePips: 15 });
    expect((await ledgerOf(user.userId)).map((row) => row.idempotency_key)).toEqual(['offline-form-1']);
  });

  it('refuses a used key for other answers, another form or another call (IDEMPOTENCY_KEY_REUSED)', async () => {
    const user = await h.registerVerified();
    const id = await survey();
    const other = await survey();
    expectOk(await answer(user, id, good, 'form-key-123'));
    expectFailure(await answer(user, id, { ...good, stars: 2 }, 'form-key-123'), 409, 'IDEMPOTENCY_KEY_REUSED');
    expectFailure(await answer(user, other, good, 'form-key-123'), 409, 'IDEMPOTENCY_KEY_REUSED');
    await givePips(h, user.userId, 100);
    const reward = await createRedeemPromo(h.db, { communityId: h.community.id, options: [{ pips: 10, codes: ['R-1'] }] });
    expectFailure(
      await h.call({
        method: 'POST',
        url: '/mobile/redeem',
        token: user.authToken,
        form: { pid: reward.id, optId: reward.optionIds[0], amount: 1, idempotencyKey: 'form-key-123' },
      }),
      409,
      'IDEMPOTENCY_KEY_REUSED',
    );
    expect(await balances(user)).toMatchObject({ availablePips: 115 });
  });

  it('answers NOT_FOUND for unknown, inactive, other communities\' and broken forms', async () => {
    const user = await h.registerVerified();
    const inactive = await createQuestionnaire(h.db, { communityId: h.community.id, active: false, pips: 5 });
    const elsewhere = await createCommunity(h.db, 'Elsewhere');
    const foreign = await createQuestionnaire(h.db, { communityId: elsewhere.id, pips: 5 });
    const broken = await createQuestionnaire(h.db, { communityId: h.community.id, payload: { title: 'No steps' }, pips: 5 });
    for (const id of [999_999, inactive, foreign, broken]) {
      const failure = expectFailure(await answer(user, id, {}), 404, 'NOT_FOUND');
      expect(failure.error.message).toBe('Form not found.');
    }
    // A broken payload is not listed either.
    expect(expectOk(await list(user)).questionnaires).toEqual([]);
    expect(await balances(user)).toMatchObject({ availablePips: 0 });
  });

  it('stores answers without a ledger row for a form worth no pips', async () => {
    const user = await h.registerVerified();
    const id = await createQuestionnaire(h.db, { communityId: h.community.id });
    expect(expectOk(await answer(user, id, {}))).toEqual({ status: 'OK', pipsEarned: 0 });
    expect(await ledgerOf(user.userId)).toEqual([]);
    expect(await storedAnswers(user.userId)).toEqual([{ questionnaire_id: id, answers: {}, ledger_entry_id: null }]);
    expect(expectOk(await list(user)).questionnaires[0].answered).toBe(true);
    expectFailure(await answer(user, id, { comment: 'again' }), 409, 'ALREADY_ANSWERED');
  });

  it('credits one of many simultaneous submissions and refuses the rest, never with a 5xx', async () => {
    const user = await h.registerVerified();
    const id = await survey();
    const responses = await Promise.all(Array.from({ length: 8 }, (_, i) => answer(user, id, good, `parallel-${i}-key`)));
    expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
    for (const response of responses.filter((r) => r.status !== 200)) expectFailure(response, 409, 'ALREADY_ANSWERED');
    expect(await balances(user)).toMatchObject({ availablePips: 15 });
    expect(await ledgerOf(user.userId)).toHaveLength(1);
  });

  it('takes JSON only, needs answers, and is for verified members', async () => {
    const user = await h.registerVerified();
    const id = await survey();
    expectFailure(
      await h.call({ method: 'POST', url: `/web/questionnaires/${id}/answers`, token: user.authToken, form: { answers: 'x' } }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    expectFailure(await h.call({ method: 'POST', url: `/web/questionnaires/${id}/answers`, token: user.authToken, json: {} }), 400, 'VALIDATION_ERROR');
    expectFailure(await answer(user, id, good, 'bad key'), 400, 'VALIDATION_ERROR');
    expectFailure(await h.call({ method: 'POST', url: `/web/questionnaires/${id}/answers`, token: user.authToken, json: { answers: good, extra: 1 } }), 400, 'VALIDATION_ERROR');
    expectFailure(await h.call({ method: 'POST', url: '/web/questionnaires/abc/answers', token: user.authToken, json: { answers: good } }), 400, 'VALIDATION_ERROR');
    // Deeply nested answers are refused before anything walks them.
    const depth = 20_000;
    const nested = `{"answers":{"comment":${'['.repeat(depth)}${']'.repeat(depth)}}}`;
    const deep = expectFailure(
      await h.call({ method: 'POST', url: `/web/questionnaires/${id}/answers`, token: user.authToken, body: nested, headers: { 'content-type': 'application/json' } }),
      400,
      'VALIDATION_ERROR',
    );
    expect(deep.error.message).toBe('comment: must be a text, a number or a list of option values');
    const unverified = await h.register();
    expectFailure(await answer(unverified, id, good), 403, 'ACCOUNT_NOT_VERIFIED');
    expectFailure(await list(unverified), 403, 'ACCOUNT_NOT_VERIFIED');
    expectFailure(await h.call({ url: '/web/questionnaires', query: { page: 1, size: 50 } }), 401, 'UNAUTHORIZED');
  });
});
