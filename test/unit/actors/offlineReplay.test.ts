// Loads fake-indexeddb before Dexie is imported.
import '../data/dataTestKit';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from 'xstate';
import { classifyFailure } from '../../../machines/earnPipeline.machine';
import { selectIsSyncing } from '../../../machines/connectivitySync.selectors';
import { db } from '../../../src/data/databases';
import { listOfflineEarn, listOfflineForms, queueOfflineEarn, queueOfflineForm } from '../../../src/data/offlineQueues';
import { fakeNetwork, loadOf, MEMBER, resetData, signIn, startApp, waitForMember } from '../data/dataTestKit';
import { toastString } from '../../../src/actors/toast';
import type { ConnectivitySyncDeps } from '../../../src/actors/connectivitySync';
import { fakeFetch, isBackgroundCall, noAnswer, requests, type Answer, type SentRequest } from '../screens/fakeFetch';

const link = (code: string) => `https://pips.example.org/earn?qr=${code}`;
const earned = { data: { title: 'Poster', pipsEarned: 5, availablePips: 5 } };

/** The server: tokenize hands out `token-for-<code>`; earnQr and the answers as the test says. */
function serve({ earnQr = earned, answers = { data: { status: 'OK', pipsEarned: 10 } } }: { earnQr?: Answer; answers?: Answer } = {}) {
  return fakeFetch({
    'POST /api/tokenize': ({ form }) => ({ data: { token: `token-for-${new URL(form.qrParam).searchParams.get('qr')}` } }),
    'POST /mobile/earn/qr/post': earnQr,
    'POST /web/questionnaires/3/answers': answers,
    'POST /web/questionnaires/4/answers': answers,
    'POST /web/questionnaires/5/answers': answers,
    'GET /mobile/dashboard': { data: { availablePips: 5, totalEarnedPips: 5, totalUsedPips: 0, actions: [] } },
    'GET /web/questionnaires': { data: { questionnaires: [] } },
  });
}

const codeOf = (request: SentRequest) => request.query.qrToken.replace('token-for-', '');
const earnCalls = (sent: SentRequest[]) => requests(sent, 'POST', '/mobile/earn/qr/post');

/**
 * The member's app, offline at start so nothing is sent; `sync()` brings the network back and
 * waits until the run over both queues has ended. Toasts are recorded.
 */
async function appWithQueues() {
  const net = fakeNetwork(false);
  const toasts: string[] = [];
  // A toast that stays until replaced is marked '(stays)'; the others close after their time.
  const toast: ConnectivitySyncDeps['toast'] = (kind, message, options) =>
    void toasts.push(`${kind}: ${toastString(message)}${options?.autoClose === false ? ' (stays)' : ''}`);
  const app = startApp({ connectivity: { ...net.deps, locks: undefined, toast, hide: (id) => void toasts.push(`(closed ${id})`) } });
  await waitForMember(app, MEMBER);
  // The balances the session opened at sign-in have loaded (what a sync reloads).
  await waitFor(await loadOf(app, 'dashboard'), (s) => s.matches('succeeded') || s.matches('failed'));
  const connectivitySync = app.system.get('connectivitySync')!;
  const sync = async () => {
    net.go('online');
    expect(selectIsSyncing(connectivitySync.getSnapshot())).toBe(true);
    await waitFor(connectivitySync, (s) => !selectIsSyncing(s));
  };
  return { app, toasts, sync };
}

beforeEach(() => void signIn(MEMBER));
afterEach(resetData);

describe('the offline earn queue, replayed through the earn pipeline (connectivitySyncLogic + queueRun)', () => {
  it('sends every scan oldest first under its own idempotency key, removes the sent ones and reloads the pips', async () => {
    await queueOfflineEarn({ userId: MEMBER, metadata: { qrParam: link('FIRSTCODE0000000') } });
    await queueOfflineEarn({ userId: MEMBER, metadata: { qrParam: link('SECONDCODE000000') } });
    const keys = (await listOfflineEarn(MEMBER)).map((item) => item.idempotencyKey);
    const sent = serve();
    const { toasts, sync } = await appWithQueues();

    await sync();

    expect(requests(sent, 'POST', '/api/tokenize').map((r) => r.form)).toEqual([
      { tokenType: 'qrParams', qrParam: link('FIRSTCODE0000000') },
      { tokenType: 'qrParams', qrParam: link('SECONDCODE000000') },
    ]);
    expect(earnCalls(sent).map((r) => r.query)).toEqual([
      { qrToken: 'token-for-FIRSTCODE0000000', idempotencyKey: keys[0] },
      { qrToken: 'token-for-SECONDCODE000000', idempotencyKey: keys[1] },
    ]);
    expect(await listOfflineEarn(MEMBER)).toEqual([]);
    // The waiting toast stays and counts what was sent; the synced one takes its place with its own time.
    expect(toasts).toEqual([
      "success: You're back online.",
      'info: 2 offline actions waiting to sync… (stays)',
      'info: 1 of 2 offline actions sent… (stays)',
      'info: 2 of 2 offline actions sent… (stays)',
      '(closed sync-earn)',
      'success: 2 offline actions synced.',
    ]);
    // Pips moved: the balances the session opened are fetched again.
    await vi.waitFor(() => expect(requests(sent, 'GET', '/mobile/dashboard')).toHaveLength(2));
  });

  it('removes what the server refuses for good, keeps what may work later, and says both', async () => {
    for (const code of ['ALREADYEARNED000', 'EXPIREDCODE00000', 'SERVERERROR00000', 'GOODCODE00000000']) {
      await queueOfflineEarn({ userId: MEMBER, metadata: { qrParam: link(code) } });
    }
    const ids = (await listOfflineEarn(MEMBER)).map((item) => item.id);
    const sent = serve({
      earnQr: (request) =>
        ({
          'token-for-ALREADYEARNED000': { status: 409, error: 'ALREADY_EARNED' },
          'token-for-EXPIREDCODE00000': { status: 400, error: 'QR_CODE_EXPIRED' },
          'token-for-SERVERERROR00000': { status: 500, error: 'INTERNAL_ERROR' },
        })[request.query.qrToken] ?? earned,
    });
    const { toasts, sync } = await appWithQueues();

    await sync();

    expect(earnCalls(sent).map(codeOf)).toEqual(['ALREADYEARNED000', 'EXPIREDCODE00000', 'SERVERERROR00000', 'GOODCODE00000000']);
    expect((await listOfflineEarn(MEMBER)).map((item) => item.id)).toEqual([ids[2]]);
    expect(toasts.slice(1)).toEqual([
      'info: 4 offline actions waiting to sync… (stays)',
      'info: 1 of 4 offline actions sent… (stays)',
      'info: 2 of 4 offline actions sent… (stays)',
      'info: 3 of 4 offline actions sent… (stays)',
      'info: 4 of 4 offline actions sent… (stays)',
      '(closed sync-earn)',
      'success: 1 offline action synced.',
      "warning: 3 offline actions could not be synced. Some were already earned, expired or no longer available. We'll try again when the connection is back.",
    ]);
  });

  it('a code the server does not know (refused tokenize) is dropped without an earn call', async () => {
    await queueOfflineEarn({ userId: MEMBER, metadata: { qrParam: link('UNKNOWNCODE00000') } });
    const sent = fakeFetch({ 'POST /api/tokenize': { status: 400, error: 'INVALID_TOKEN' } });
    const { toasts, sync } = await appWithQueues();

    await sync();

    expect(requests(sent, 'POST', '/api/tokenize')).toHaveLength(1);
    expect(earnCalls(sent)).toEqual([]);
    expect(await listOfflineEarn(MEMBER)).toEqual([]);
    expect(toasts.at(-1)).toBe('warning: 1 offline action could not be synced. Some were already earned, expired or no longer available.');
  });

  it('stops at the first call nothing answers: that scan and the rest stay queued, untouched', async () => {
    for (const code of ['FIRSTCODE0000000', 'LOSTANSWER000000', 'THIRDCODE0000000']) {
      await queueOfflineEarn({ userId: MEMBER, metadata: { qrParam: link(code) } });
    }
    const before = await listOfflineEarn(MEMBER);
    const sent = serve({ earnQr: (request) => (request.query.qrToken === 'token-for-FIRSTCODE0000000' ? earned : noAnswer()) });
    const { toasts, sync } = await appWithQueues();

    await sync();

    expect(earnCalls(sent).map(codeOf)).toEqual(['FIRSTCODE0000000', 'LOSTANSWER000000']);
    expect(await listOfflineEarn(MEMBER)).toEqual(before.slice(1));
    // The second call gets no answer: the rest is kept at once, and the report takes the toast.
    expect(toasts.slice(2)).toEqual([
      'info: 1 of 3 offline actions sent… (stays)',
      '(closed sync-earn)',
      'success: 1 offline action synced.',
      "warning: 2 offline actions could not be synced. We'll try again when the connection is back.",
    ]);
  });

  it('sends the queued key again: a scan whose first answer was lost is credited once by the server', async () => {
    await queueOfflineEarn({ userId: MEMBER, metadata: { qrParam: link('LOSTANSWER000000') } });
    const [item] = await listOfflineEarn(MEMBER);
    // The server applies a key once and answers every replay of it with the first answer.
    const applied = new Map<string, { data: unknown }>();
    const sent = serve({
      earnQr: ({ query }) => {
        if (!applied.has(query.idempotencyKey)) applied.set(query.idempotencyKey, earned);
        return applied.get(query.idempotencyKey)!;
      },
    });
    applied.set(item.idempotencyKey, earned); // the lost attempt
    const { sync } = await appWithQueues();

    await sync();

    expect(earnCalls(sent).map((r) => r.query.idempotencyKey)).toEqual([item.idempotencyKey]);
    expect(applied.size).toBe(1);
    expect(await listOfflineEarn(MEMBER)).toEqual([]);
  });

  it("sends only the signed-in member's queue", async () => {
    await queueOfflineEarn({ userId: MEMBER, metadata: { qrParam: link('CODEOFSEVEN00000') } });
    await queueOfflineEarn({ userId: 8, metadata: { qrParam: link('CODEOFEIGHT00000') } });
    const sent = serve();
    const { sync } = await appWithQueues();

    await sync();

    expect(earnCalls(sent).map(codeOf)).toEqual(['CODEOFSEVEN00000']);
    expect(await listOfflineEarn(8)).toHaveLength(1);
  });

  it('drops a row that cannot be sent as stored (no scanned text, or an old promo row) without a call', async () => {
    await queueOfflineEarn({ userId: MEMBER, metadata: {} });
    await queueOfflineEarn({ userId: MEMBER, type: 'earn', metadata: { title: 'Share a post' } });
    const sent = serve();
    const { toasts, sync } = await appWithQueues();

    await sync();

    expect(sent.filter((r) => r.method === 'POST' && !isBackgroundCall(r))).toEqual([]);
    expect(await listOfflineEarn(MEMBER)).toEqual([]);
    expect(toasts.at(-1)).toBe('warning: 2 offline actions could not be synced. Some were already earned, expired or no longer available.');
  });
});

describe('the offline form queue', () => {
  it('sends the answers as JSON under their key; the sent and the refused leave the queue, a server error stays', async () => {
    await queueOfflineForm({ userId: MEMBER, formId: 3, data: { colour: 'blue' } });
    await queueOfflineForm({ userId: MEMBER, formId: 4, data: { colour: 'red' } });
    await queueOfflineForm({ userId: MEMBER, formId: 5, data: {} });
    const queued = await listOfflineForms(MEMBER);
    const sent = serve({
      answers: (request) =>
        request.path.includes('/4/') ? { status: 409, error: 'ALREADY_ANSWERED' } : request.path.includes('/5/') ? { status: 503, error: 'INTERNAL_ERROR' } : { data: { status: 'OK', pipsEarned: 10 } },
    });
    const { toasts, sync } = await appWithQueues();

    await sync();

    const answers = sent.filter((r) => r.path.startsWith('/web/questionnaires/') && r.method === 'POST');
    expect(answers.map((r) => [r.path, r.json])).toEqual([
      ['/web/questionnaires/3/answers', { answers: { colour: 'blue' }, idempotencyKey: queued[0].idempotencyKey }],
      ['/web/questionnaires/4/answers', { answers: { colour: 'red' }, idempotencyKey: queued[1].idempotencyKey }],
      ['/web/questionnaires/5/answers', { answers: {}, idempotencyKey: queued[2].idempotencyKey }],
    ]);
    expect((await listOfflineForms(MEMBER)).map((item) => item.formId)).toEqual([5]);
    expect(toasts.slice(1)).toEqual([
      'info: 3 offline forms waiting to be sent… (stays)',
      'info: 1 of 3 offline forms sent… (stays)',
      'info: 2 of 3 offline forms sent… (stays)',
      '(closed sync-forms)',
      'success: 1 offline form sent.',
      "warning: 2 offline forms could not be sent. Some were already earned, expired or no longer available. We'll try again when the connection is back.",
    ]);
    // Answered: the forms list, once opened, is fetched again (and the balances).
    await vi.waitFor(() => expect(requests(sent, 'GET', '/mobile/dashboard')).toHaveLength(2));
  });

  it('sends the earn queue first, then the forms, in one run', async () => {
    await queueOfflineForm({ userId: MEMBER, formId: 3, data: { colour: 'blue' } });
    await queueOfflineEarn({ userId: MEMBER, metadata: { qrParam: link('FIRSTCODE0000000') } });
    const sent = serve();
    const { sync } = await appWithQueues();

    await sync();

    expect(sent.filter((r) => r.method === 'POST' && !isBackgroundCall(r)).map((r) => r.path)).toEqual(['/api/tokenize', '/mobile/earn/qr/post', '/web/questionnaires/3/answers']);
    expect(await db().offlineEarn.actions.count()).toBe(0);
    expect(await db().offlineForms.submissions.count()).toBe(0);
  });
});

describe('what a failed call means for a queued item (classifyFailure)', () => {
  it.each([
    ['ALREADY_EARNED', 409, false, false],
    ['ALREADY_EARNED_TODAY', 409, false, false],
    ['ALREADY_ANSWERED', 409, false, false],
    ['QR_CODE_EXPIRED', 400, false, false],
    ['QR_CODE_EXHAUSTED', 409, false, false],
    ['INVALID_TOKEN', 400, false, false],
    ['NOT_FOUND', 404, false, false],
    ['VALIDATION_ERROR', 400, false, false],
    ['IDEMPOTENCY_KEY_REUSED', 409, false, false],
    // What a suspended member queued earns nothing, even after a restore.
    ['ACCOUNT_SUSPENDED', 403, false, false],
    ['QR_CODE_NOT_YET_VALID', 400, true, false],
    ['INTERNAL_ERROR', 500, true, false],
    ['ACCOUNT_NOT_VERIFIED', 403, true, false],
    ['UNAUTHORIZED', 401, true, true],
    ['NETWORK_ERROR', 0, true, true],
  ])('%s (%i): retry %s, stop the run %s', (code, status, retry, stop) => {
    expect(classifyFailure({ code, status })).toEqual({ ok: false, code, retry, stop });
  });
});
