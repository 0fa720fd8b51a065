// Loads fake-indexeddb before Dexie is imported.
import { MEMBER, memberActorsLoaded, resetData, signIn, startApp, waitForLoad, waitForMember, type AppActorRef } from '../data/dataTestKit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from 'xstate';
import { parseEarnCode } from '../../../machines/earnCode';
import { selectAccepted, selectScannerError } from '../../../machines/qrScanner.selectors';
import { listOfflineEarn } from '../../../src/data/offlineQueues';
import { fakeFetch, isBackgroundCall, noAnswer, requests, type Answer } from '../screens/fakeFetch';

const code = 'Ab3dEf6hIj9kLm0p';

describe('parseEarnCode', () => {
  it.each([
    [code, code],
    [`  ${code}\n`, code],
    [`https://pips.example.org/earn?qr=${code}`, code],
    [`http://localhost:5173/earn/?qr=${code}`, code],
    [`https://other.example.com/earn?qr=${code}&utm=poster`, code],
  ])('reads %j', (text, expected) => {
    expect(parseEarnCode(text)).toBe(expected);
  });

  it.each([
    ['too short', 'Ab3dEf6h'],
    ['spaces inside', 'Ab3dEf6h Ij9kLm0p'],
    ['a community code', 'https://pips.example.org/community-scan?communityId=demo'],
    ['another path', `https://pips.example.org/redeem?qr=${code}`],
    ['two codes', `https://pips.example.org/earn?qr=${code}&qr=${code}`],
    ['a malformed code', 'https://pips.example.org/earn?qr=%3Cscript%3E'],
    ['a javascript link', `javascript:alert(1)//earn?qr=${code}`],
    ['words', 'hello world'],
    ['nothing', ''],
  ])('refuses %s', (_, text) => {
    expect(parseEarnCode(text)).toBeNull();
  });
});

const link = `https://pips.example.org/earn?qr=${code}`;
const keyPattern = /^[A-Za-z0-9_-]{8,128}$/;
const earned = { data: { title: 'Park clean-up', pipsEarned: 10, availablePips: 25 } };

/** The server: tokenize and earnQr answer as the test says; records what was sent. */
function serve({ tokenize = { data: { token: 'qr-token-123' } } as Answer, earnQr = earned as Answer } = {}) {
  return fakeFetch({
    'POST /api/tokenize': tokenize,
    'POST /mobile/earn/qr/post': earnQr,
    'GET /mobile/dashboard': { data: { availablePips: 25, totalEarnedPips: 25, totalUsedPips: 0, actions: [] } },
  });
}

/** The member's app (online unless told), and a scan of `text` through its earn scanner. */
async function scanIn(text: string, { online = true } = {}) {
  const app = startApp({ connectivity: { isOnline: () => online, locks: undefined } });
  await waitForMember(app, MEMBER);
  return { app, result: await scan(app, text) };
}

/** The earn scanner accepts `text` (a link opened, or a decoded frame): what it ended with. */
async function scan(app: AppActorRef, text: string) {
  const scanner = app.system.get('earnScanner')!;
  scanner.send({ type: 'link.opened', text });
  const ended = await waitFor(scanner, (s) => s.matches('done') || s.matches('rejected'));
  return { accepted: selectAccepted(ended), error: selectScannerError(ended) };
}

const posts = (sent: ReturnType<typeof serve>) => sent.filter((r) => r.method === 'POST' && !isBackgroundCall(r));

afterEach(resetData);

describe('the earn pipeline as the app binds it (earn scanner → tokenize → earn, or the queue)', () => {
  it('tokenizes the scanned text as it was read, then earns under a fresh key, and reloads the pips', async () => {
    signIn();
    const sent = serve();
    const app = startApp({ connectivity: { isOnline: () => true, locks: undefined } });
    await waitForMember(app, MEMBER);
    await waitForLoad(app, 'dashboard', 'succeeded');
    const result = await scan(app, link);

    expect(result).toEqual({ accepted: { kind: 'earned', title: 'Park clean-up', pipsEarned: 10 }, error: null });
    const [tokenize, earn] = posts(sent);
    expect(tokenize).toMatchObject({ path: '/api/tokenize', form: { tokenType: 'qrParams', qrParam: link } });
    expect(earn).toMatchObject({ path: '/mobile/earn/qr/post', query: { qrToken: 'qr-token-123' } });
    expect(earn.query.idempotencyKey).toMatch(keyPattern);
    expect(await listOfflineEarn(MEMBER)).toEqual([]);
    // Pips moved: the balances are fetched again.
    await vi.waitFor(() => expect(requests(sent, 'GET', '/mobile/dashboard')).toHaveLength(2));
  });

  it('a second scan is a new earn: a new key', async () => {
    signIn();
    const sent = serve();
    const { app } = await scanIn(link);
    await scan(app, link);
    const keys = requests(sent, 'POST', '/mobile/earn/qr/post').map((r) => r.query.idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('never sends a text that is no earn code', async () => {
    signIn();
    const sent = serve();
    const { result } = await scanIn('https://pips.example.org/community-scan?communityId=demo');
    expect(result).toEqual({ accepted: null, error: 'INVALID_TOKEN' });
    expect(posts(sent)).toEqual([]);
  });

  it.each(['ALREADY_EARNED', 'ALREADY_EARNED_TODAY', 'QR_CODE_EXPIRED', 'QR_CODE_NOT_YET_VALID', 'QR_CODE_EXHAUSTED'])(
    'passes the refusal %s on, and queues nothing',
    async (error) => {
      signIn();
      serve({ earnQr: { status: 409, error } });
      const { result } = await scanIn(code);
      expect(result).toEqual({ accepted: null, error });
      expect(await listOfflineEarn(MEMBER)).toEqual([]);
    },
  );

  it('passes a refused token on without earning', async () => {
    signIn();
    const sent = serve({ tokenize: { status: 400, error: 'INVALID_TOKEN' } });
    const { result } = await scanIn(code);
    expect(result.error).toBe('INVALID_TOKEN');
    expect(requests(sent, 'POST', '/mobile/earn/qr/post')).toEqual([]);
  });

  it('treats an empty token as an unknown failure', async () => {
    signIn();
    const sent = serve({ tokenize: { data: { token: '' } } });
    const { result } = await scanIn(code);
    expect(result.error).toBe('UNKNOWN_ERROR');
    expect(requests(sent, 'POST', '/mobile/earn/qr/post')).toEqual([]);
  });

  it('queues the scan without a request when the app knows it is offline', async () => {
    signIn();
    const sent = serve();
    const { result } = await scanIn(link, { online: false });
    expect(result.accepted).toEqual({ kind: 'queued' });
    expect(posts(sent)).toEqual([]);
    expect(await listOfflineEarn(MEMBER)).toEqual([
      expect.objectContaining({ type: 'qr', metadata: { qrParam: link }, idempotencyKey: expect.stringMatching(keyPattern) }),
    ]);
  });

  it('queues the scan when the token call gets no answer', async () => {
    signIn();
    const sent = serve({ tokenize: noAnswer });
    const { result } = await scanIn(code);
    expect(result.accepted).toEqual({ kind: 'queued' });
    expect(requests(sent, 'POST', '/mobile/earn/qr/post')).toEqual([]);
    expect((await listOfflineEarn(MEMBER)).map((item) => item.metadata.qrParam)).toEqual([code]);
  });

  it("queues the scan under the lost attempt's key when the earn call gets no answer", async () => {
    signIn();
    const sent = serve({ earnQr: noAnswer });
    const { result } = await scanIn(code);
    expect(result.accepted).toEqual({ kind: 'queued' });
    const [lost] = requests(sent, 'POST', '/mobile/earn/qr/post');
    // The replay must not credit twice if the lost attempt did credit.
    expect((await listOfflineEarn(MEMBER)).map((item) => item.idempotencyKey)).toEqual([lost.query.idempotencyKey]);
  });

  it('does not queue a scan the member walked away from', async () => {
    signIn();
    let answer!: () => void;
    const sent = serve({ tokenize: () => new Promise((_, fail) => (answer = () => fail(new TypeError('Failed to fetch')))) });
    const app = startApp({ connectivity: { isOnline: () => true, locks: undefined } });
    await waitForMember(app, MEMBER);
    const scanner = app.system.get('earnScanner')!;
    scanner.send({ type: 'link.opened', text: code });
    await vi.waitFor(() => expect(requests(sent, 'POST', '/api/tokenize')).toHaveLength(1));
    const pipeline = scanner.getSnapshot().children.acceptCode!;

    scanner.send({ type: 'user.cancel' });
    answer();

    // The pipeline ended with the scanner: it can queue nothing any more.
    expect(pipeline.getSnapshot().status).toBe('stopped');
    expect(scanner.getSnapshot().matches('idle')).toBe(true);
    expect(await listOfflineEarn(MEMBER)).toEqual([]);
  });

  it('says QUEUE_FAILED when the scan cannot be saved (nobody is signed in to keep it for)', async () => {
    // The scanner heard the connection was down while the member was signed in; then they logged out.
    signIn();
    const sent = serve();
    const app = startApp({ connectivity: { isOnline: () => false, locks: undefined } });
    await waitForMember(app, MEMBER);
    await memberActorsLoaded(app);
    app.system.get('session')!.send({ type: 'user.logout' });
    await waitForMember(app, null);
    const result = await scan(app, code);
    expect(result).toEqual({ accepted: null, error: 'QUEUE_FAILED' });
    expect(posts(sent)).toEqual([]);
  });
});
