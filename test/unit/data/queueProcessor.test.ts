import './dataTestKit';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Api, ApiResult } from '../../../src/api/client';
import { listOfflineEarn, listOfflineForms, queueOfflineEarn, queueOfflineForm } from '../../../src/data/offlineQueues';
import { outcomeOf, processEarnQueue, processFormQueue } from '../../../src/data/queueProcessor';
import { actAs, resetData } from './dataTestKit';

type Answer = ApiResult<unknown>;
const ok = (data: unknown): Answer => ({ success: true, data });
const fail = (error: string, statusCode: number): Answer => ({ success: false, error, message: error, statusCode });
const offline = fail('NETWORK_ERROR', 0);

/**
 * A fake API: `answers` decides each call's answer from its input; `calls` records every call
 * (operation and input) in order.
 */
function fakeApi(answers: Partial<Record<'tokenize' | 'earnQr' | 'earn' | 'answerQuestionnaire', (input: Record<string, unknown>) => Answer>>) {
  const calls: Array<[string, Record<string, unknown>]> = [];
  const op = (name: keyof typeof answers, fallback: (input: Record<string, unknown>) => Answer) => async (input: Record<string, unknown>) => {
    calls.push([name, input]);
    return (answers[name] ?? fallback)(input);
  };
  const api = {
    tokenize: op('tokenize', (input) => ok({ token: `token-for-${String(input.qrParam)}` })),
    earnQr: op('earnQr', () => ok({ title: 'Poster', pipsEarned: 5, availablePips: 5 })),
    earn: op('earn', () => ok({ pipsEarned: 5, availablePips: 5 })),
    answerQuestionnaire: op('answerQuestionnaire', () => ok({ status: 'OK', pipsEarned: 10 })),
  } as unknown as Api;
  return { api, calls };
}

beforeEach(async () => {
  await resetData();
  actAs(7);
});

describe('processing the offline earn queue', () => {
  it('sends every item oldest first with its idempotency key, and removes the successes', async () => {
    await queueOfflineEarn({ metadata: { qrParam: 'https://pips.example.org/earn?qr=FIRSTCODE0000000' } });
    await queueOfflineEarn({ eid: 12, type: 'earn' });
    const keys = (await listOfflineEarn(7)).map((item) => item.idempotencyKey);
    const { api, calls } = fakeApi({});

    const run = await processEarnQueue(api, 7);

    expect(run).toEqual({ succeeded: 2, rejected: [], kept: [] });
    expect(calls).toEqual([
      ['tokenize', { tokenType: 'qrParams', qrParam: 'https://pips.example.org/earn?qr=FIRSTCODE0000000' }],
      ['earnQr', { qrToken: 'token-for-https://pips.example.org/earn?qr=FIRSTCODE0000000', idempotencyKey: keys[0] }],
      ['earn', { pid: 12, idempotencyKey: keys[1] }],
    ]);
    expect(await listOfflineEarn(7)).toEqual([]);
  });

  it('removes an item the server refuses for good and counts it failed with its reason', async () => {
    await queueOfflineEarn({ metadata: { qrParam: 'ALREADY-SCANNED-CODE' } });
    await queueOfflineEarn({ metadata: { qrParam: 'EXPIRED-CODE-000000' } });
    await queueOfflineEarn({ eid: 99, type: 'earn' });
    await queueOfflineEarn({ metadata: { qrParam: 'GOOD-CODE-00000000' } });
    const ids = (await listOfflineEarn(7)).map((item) => item.id);
    const { api } = fakeApi({
      earnQr: (input) =>
        String(input.qrToken).includes('ALREADY')
          ? fail('ALREADY_EARNED', 409)
          : String(input.qrToken).includes('EXPIRED')
            ? fail('QR_CODE_EXPIRED', 400)
            : ok({ title: 'Poster', pipsEarned: 5, availablePips: 5 }),
      earn: () => fail('NOT_FOUND', 404),
    });

    const run = await processEarnQueue(api, 7);

    expect(run).toEqual({
      succeeded: 1,
      rejected: [
        { id: ids[0], code: 'ALREADY_EARNED' },
        { id: ids[1], code: 'QR_CODE_EXPIRED' },
        { id: ids[2], code: 'NOT_FOUND' },
      ],
      kept: [],
    });
    expect(await listOfflineEarn(7)).toEqual([]);
  });

  it('a refused tokenize (unknown code) is a permanent failure too', async () => {
    await queueOfflineEarn({ metadata: { qrParam: 'not a pips code' } });
    const { api, calls } = fakeApi({ tokenize: () => fail('INVALID_TOKEN', 400) });
    const run = await processEarnQueue(api, 7);
    expect(run.rejected.map((r) => r.code)).toEqual(['INVALID_TOKEN']);
    expect(calls.map(([name]) => name)).toEqual(['tokenize']);
    expect(await listOfflineEarn(7)).toEqual([]);
  });

  it('keeps a server error queued and goes on with the next item', async () => {
    await queueOfflineEarn({ eid: 1, type: 'earn' });
    await queueOfflineEarn({ eid: 2, type: 'earn' });
    const [first] = await listOfflineEarn(7);
    const { api } = fakeApi({ earn: (input) => (input.pid === 1 ? fail('INTERNAL_ERROR', 500) : ok({ pipsEarned: 1, availablePips: 1 })) });

    const run = await processEarnQueue(api, 7);

    expect(run).toEqual({ succeeded: 1, rejected: [], kept: [{ id: first.id, code: 'INTERNAL_ERROR' }] });
    expect((await listOfflineEarn(7)).map((item) => item.id)).toEqual([first.id]);
  });

  it('stops at a network failure: that item and the rest stay queued, untouched', async () => {
    await queueOfflineEarn({ eid: 1, type: 'earn' });
    await queueOfflineEarn({ eid: 2, type: 'earn' });
    await queueOfflineEarn({ eid: 3, type: 'earn' });
    const before = await listOfflineEarn(7);
    const { api, calls } = fakeApi({ earn: (input) => (input.pid === 1 ? ok({ pipsEarned: 1, availablePips: 1 }) : offline) });

    const run = await processEarnQueue(api, 7);

    expect(run).toEqual({
      succeeded: 1,
      rejected: [],
      kept: [
        { id: before[1].id, code: 'NETWORK_ERROR' },
        { id: before[2].id, code: 'NETWORK_ERROR' },
      ],
    });
    expect(calls).toHaveLength(2);
    expect(await listOfflineEarn(7)).toEqual(before.slice(1));
  });

  it("sends only the member's own queue", async () => {
    await queueOfflineEarn({ eid: 1, type: 'earn' });
    actAs(8);
    await queueOfflineEarn({ eid: 2, type: 'earn' });
    const { api, calls } = fakeApi({});
    await processEarnQueue(api, 7);
    expect(calls.map(([, input]) => input.pid)).toEqual([1]);
    expect(await listOfflineEarn(8)).toHaveLength(1);
  });

  it('a replayed key that the server already applied answers success: removed, credited once server-side', async () => {
    await queueOfflineEarn({ eid: 5, type: 'earn' });
    const [item] = await listOfflineEarn(7);
    const applied = new Map<string, Answer>();
    const { api } = fakeApi({
      earn: (input) => {
        const key = String(input.idempotencyKey);
        if (!applied.has(key)) applied.set(key, ok({ pipsEarned: 5, availablePips: 5 }));
        return applied.get(key)!;
      },
    });
    // The first answer was lost on the way back: the item is still queued and sent again.
    await api.earn({ pid: 5, idempotencyKey: item.idempotencyKey });
    const run = await processEarnQueue(api, 7);
    expect(run.succeeded).toBe(1);
    expect(applied.size).toBe(1);
  });
});

describe('processing the offline form queue', () => {
  it('sends the answers as JSON input with the idempotency key; successes and refusals are removed', async () => {
    await queueOfflineForm({ formId: 3, data: { colour: 'blue' } });
    await queueOfflineForm({ formId: 4, data: { colour: 'red' } });
    await queueOfflineForm({ formId: 5, data: {} });
    const queued = await listOfflineForms(7);
    const { api, calls } = fakeApi({
      answerQuestionnaire: (input) =>
        input.id === 4 ? fail('ALREADY_ANSWERED', 409) : input.id === 5 ? fail('INTERNAL_ERROR', 503) : ok({ status: 'OK', pipsEarned: 10 }),
    });

    const run = await processFormQueue(api, 7);

    expect(calls[0]).toEqual(['answerQuestionnaire', { id: 3, answers: { colour: 'blue' }, idempotencyKey: queued[0].idempotencyKey }]);
    expect(run).toEqual({
      succeeded: 1,
      rejected: [{ id: queued[1].id, code: 'ALREADY_ANSWERED' }],
      kept: [{ id: queued[2].id, code: 'INTERNAL_ERROR' }],
    });
    expect((await listOfflineForms(7)).map((item) => item.formId)).toEqual([5]);
  });
});

describe('outcomeOf', () => {
  it.each([
    ['ALREADY_EARNED', 409, 'rejected'],
    ['ALREADY_EARNED_TODAY', 409, 'rejected'],
    ['ALREADY_ANSWERED', 409, 'rejected'],
    ['QR_CODE_EXPIRED', 400, 'rejected'],
    ['QR_CODE_EXHAUSTED', 409, 'rejected'],
    ['INVALID_TOKEN', 400, 'rejected'],
    ['NOT_FOUND', 404, 'rejected'],
    ['VALIDATION_ERROR', 400, 'rejected'],
    ['IDEMPOTENCY_KEY_REUSED', 409, 'rejected'],
    ['QR_CODE_NOT_YET_VALID', 400, 'kept'],
    ['INTERNAL_ERROR', 500, 'kept'],
    ['UNAUTHORIZED', 401, 'kept'],
    ['ACCOUNT_NOT_VERIFIED', 403, 'kept'],
    ['NETWORK_ERROR', 0, 'kept'],
  ])('%s (%i) is %s', (code, status, kind) => {
    expect(outcomeOf(fail(code, status)).kind).toBe(kind);
  });

  it('stops the run on a network failure or an unauthorized answer only', () => {
    expect(outcomeOf(offline)).toMatchObject({ kind: 'kept', stop: true });
    expect(outcomeOf(fail('UNAUTHORIZED', 401))).toMatchObject({ stop: true });
    expect(outcomeOf(fail('INTERNAL_ERROR', 500))).toMatchObject({ stop: false });
  });
});
