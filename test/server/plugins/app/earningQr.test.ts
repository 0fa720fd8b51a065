import { describe, expect, it } from 'vitest';
import { createCommunity } from '../../../../server/db/repositories/communities';
import { parseQrParam } from '../../../../server/plugins/app/earnQr';
import { hashToken } from '../../../../server/security/tokens';
import { createEarnPromo, createEarnQrCode, verifiedMember } from '../../helpers/catalog';
import { backends } from '../../helpers/databases';
import { useHarness, expectFailure, expectOk, type TestUser } from '../../helpers/harness';

const DAY = 24 * 3600;

describe('parseQrParam', () => {
  it.each([
    ['AbCdEfGh12345678', 'AbCdEfGh12345678'],
    ['  AbCdEfGh12345678\n', 'AbCdEfGh12345678'],
    ['https://pips.example/earn?qr=AbC_dEf-Gh123456', 'AbC_dEf-Gh123456'],
    ['http://other.host:8080/earn?x=1&qr=Code1234567890ab#frag', 'Code1234567890ab'],
    ['/earn?qr=Code1234567890ab', 'Code1234567890ab'],
  ])('reads %j as the code %j', (text, code) => {
    expect(parseQrParam(text)).toBe(code);
  });

  it.each([
    [''],
    ['   '],
    ['https://pips.example/earn'],
    ['https://pips.example/earn?qr='],
    ['https://pips.example/earn?qr=bad%20code'],
    ['not a code'],
    ['x'.repeat(129)],
    [`https://pips.example/earn?qr=${'x'.repeat(129)}`],
    ['demo-community:abc'],
  ])('finds no code in %j', (text) => {
    expect(parseQrParam(text)).toBeUndefined();
  });
});

describe.each(backends)('earn QR codes on $name', (backend) => {
  // These tests move the clock by days: keep sessions alive across.
  const h = useHarness(backend, { accessTokenTtlSeconds: 365 * DAY });

  const printed = (code: string) => `http://pips.test/earn?qr=${code}`;
  async function tokenize(user: TestUser, qrParam: string): Promise<string> {
    const response = await h.call({ method: 'POST', url: '/api/tokenize', form: { tokenType: 'qrParams', qrParam }, token: user.authToken });
    return expectOk(response).token;
  }
  const post = (user: TestUser, qrToken: string, idempotencyKey?: string, language?: string) =>
    h.call({
      method: 'POST',
      url: '/mobile/earn/qr/post',
      query: { qrToken, idempotencyKey },
      token: user.authToken,
      headers: language ? { 'accept-language': language } : {},
    });
  /** Scans: tokenize the scanned text, then earn with the token. */
  const scan = async (user: TestUser, qrParam: string, idempotencyKey?: string, language?: string) =>
    post(user, await tokenize(user, qrParam), idempotencyKey, language);
  const available = async (user: TestUser) =>
    (await h.db.selectFrom('users').select('available_pips').where('id', '=', user.userId).executeTakeFirstOrThrow()).available_pips;
  const tokenUsed = async (token: string) =>
    (await h.db.selectFrom('one_time_tokens').select('used_at').where('token_hash', '=', hashToken(token)).executeTakeFirstOrThrow()).used_at !== null;

  it('credits a scanned code (the printed URL) once, with its title in the member language', async () => {
    const user = await verifiedMember(h);
    const qr = await createEarnQrCode(h.db, { communityId: h.community.id, title: { en: 'Welcome desk', es: 'Recepción' }, pips: 10 });
    const token = await tokenize(user, printed(qr.code));
    expect(expectOk(await post(user, token, undefined, 'es'))).toEqual({ title: 'Recepción', pipsEarned: 10, availablePips: 10 });
    expect(await tokenUsed(token)).toBe(true);
    const rows = await h.db.selectFrom('ledger_entries').selectAll().where('user_id', '=', user.userId).execute();
    expect(rows).toEqual([expect.objectContaining({ delta: 10, kind: 'qr', source_id: qr.id, title: { en: 'Welcome desk', es: 'Recepción' } })]);
    const code = await h.db.selectFrom('earn_qr_codes').select('claims_count').where('id', '=', qr.id).executeTakeFirstOrThrow();
    expect(code.claims_count).toBe(1);

    // The same code again: refused, nothing credited, and the refused token stays unused.
    const again = await tokenize(user, printed(qr.code));
    expectFailure(await post(user, again), 409, 'ALREADY_EARNED');
    expect(await tokenUsed(again)).toBe(false);
    expect(await available(user)).toBe(10);
  });

  it('accepts the bare code, any host and surrounding blanks', async () => {
    const user = await verifiedMember(h);
    const a = await createEarnQrCode(h.db, { communityId: h.community.id, pips: 1, title: 'A' });
    const b = await createEarnQrCode(h.db, { communityId: h.community.id, pips: 2, title: 'B' });
    const c = await createEarnQrCode(h.db, { communityId: h.community.id, pips: 4, title: 'C' });
    expect(expectOk(await scan(user, a.code))).toEqual({ title: 'A', pipsEarned: 1, availablePips: 1 });
    expect(expectOk(await scan(user, `https://elsewhere.example/earn?qr=${b.code}`))).toMatchObject({ title: 'B', availablePips: 3 });
    expect(expectOk(await scan(user, `  ${c.code}\n`))).toMatchObject({ title: 'C', availablePips: 7 });
  });

  it('answers INVALID_TOKEN for a scan that names no earn code of the member community', async () => {
    const user = await verifiedMember(h);
    const other = await createCommunity(h.db, 'Elsewhere');
    const foreign = await createEarnQrCode(h.db, { communityId: other.id });
    for (const text of ['UnknownCode1234567', printed('UnknownCode1234567'), 'https://pips.test/earn', 'hello world', foreign.code]) {
      const body = expectFailure(await scan(user, text), 400, 'INVALID_TOKEN');
      expect(body.error.message).toBe('This is not an earn code.');
    }
    expect(await available(user)).toBe(0);
  });

  it('refuses unknown, used, expired and other members tokens with INVALID_TOKEN', async () => {
    const user = await verifiedMember(h);
    const intruder = await verifiedMember(h);
    const qr = await createEarnQrCode(h.db, { communityId: h.community.id, limit: 'daily' });
    expectFailure(await post(user, 'no-such-token-at-all'), 400, 'INVALID_TOKEN');

    const token = await tokenize(user, qr.code);
    expectFailure(await post(intruder, token), 400, 'INVALID_TOKEN');
    expect(await tokenUsed(token)).toBe(false);
    expectOk(await post(user, token));
    expectFailure(await post(user, token), 400, 'INVALID_TOKEN');

    const stale = await tokenize(user, qr.code);
    h.clock.advance(DAY + 60);
    expectFailure(await post(user, stale), 400, 'INVALID_TOKEN');
    // A register token is not a QR token either.
    expectFailure(await post(user, await h.tokenize()), 400, 'INVALID_TOKEN');
    expect(await available(user)).toBe(10);
    expect(await available(intruder)).toBe(0);
  });

  it('honours the validity window', async () => {
    const user = await verifiedMember(h);
    const now = h.clock.now().getTime();
    const later = await createEarnQrCode(h.db, { communityId: h.community.id, validFrom: new Date(now + DAY * 1000) });
    const past = await createEarnQrCode(h.db, { communityId: h.community.id, validUntil: new Date(now - 1000) });
    const window = await createEarnQrCode(h.db, {
      communityId: h.community.id,
      validFrom: new Date(now - 1000),
      validUntil: new Date(now + 2 * DAY * 1000),
    });
    expectFailure(await scan(user, later.code), 400, 'QR_CODE_NOT_YET_VALID');
    expectFailure(await scan(user, past.code), 400, 'QR_CODE_EXPIRED');
    h.clock.advance(DAY + 1);
    expectOk(await scan(user, later.code));
    expectOk(await scan(user, window.code));
    const other = await verifiedMember(h);
    h.clock.advance(DAY);
    expectFailure(await scan(other, window.code), 400, 'QR_CODE_EXPIRED');
    expect(await available(user)).toBe(20);
  });

  it('credits a daily code once per UTC day', async () => {
    const user = await verifiedMember(h);
    const qr = await createEarnQrCode(h.db, { communityId: h.community.id, pips: 3, limit: 'daily' });
    expectOk(await scan(user, qr.code));
    expectFailure(await scan(user, qr.code), 409, 'ALREADY_EARNED_TODAY');
    const now = h.clock.now();
    const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
    h.clock.advance((midnight - now.getTime()) / 1000 + 1);
    expect(expectOk(await scan(user, qr.code))).toMatchObject({ availablePips: 6 });
    expectFailure(await scan(user, qr.code), 409, 'ALREADY_EARNED_TODAY');
  });

  it('stops at the total cap (QR_CODE_EXHAUSTED), and a refused member does not use up the cap', async () => {
    const qr = await createEarnQrCode(h.db, { communityId: h.community.id, totalCap: 2 });
    const [a, b, c] = [await verifiedMember(h), await verifiedMember(h), await verifiedMember(h)];
    expectOk(await scan(a, qr.code));
    expectFailure(await scan(a, qr.code), 409, 'ALREADY_EARNED');
    expectOk(await scan(b, qr.code));
    expectFailure(await scan(c, qr.code), 409, 'QR_CODE_EXHAUSTED');
    const row = await h.db.selectFrom('earn_qr_codes').select('claims_count').where('id', '=', qr.id).executeTakeFirstOrThrow();
    expect(row.claims_count).toBe(2);
    expect(await available(c)).toBe(0);
  });

  it('never exceeds the cap under parallel scans', async () => {
    const qr = await createEarnQrCode(h.db, { communityId: h.community.id, totalCap: 3, pips: 1 });
    const members = [];
    for (let i = 0; i < 6; i++) members.push(await verifiedMember(h));
    const tokens = await Promise.all(members.map((m) => tokenize(m, qr.code)));
    const responses = await Promise.all(members.map((m, i) => post(m, tokens[i])));
    expect(responses.filter((r) => r.status === 200)).toHaveLength(3);
    for (const r of responses.filter((r) => r.status !== 200)) expectFailure(r, 409, 'QR_CODE_EXHAUSTED');
    const total = await h.db.selectFrom('ledger_entries').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(Number(total.n)).toBe(3);
  });

  it('a replay with a new token under the same key returns the first answer, credits once and uses the token', async () => {
    const user = await verifiedMember(h);
    const qr = await createEarnQrCode(h.db, { communityId: h.community.id, pips: 10, title: 'Desk' });
    const first = expectOk(await scan(user, printed(qr.code), 'offline-scan-0001'));
    expect(first).toEqual({ title: 'Desk', pipsEarned: 10, availablePips: 10 });
    // The offline queue tokenizes the same scan again after a lost response.
    const fresh = await tokenize(user, printed(qr.code));
    expect(expectOk(await post(user, fresh, 'offline-scan-0001'))).toEqual(first);
    expect(await tokenUsed(fresh)).toBe(true);
    // An exact replay (same used token, same key) answers the first answer too.
    expect(expectOk(await post(user, fresh, 'offline-scan-0001'))).toEqual(first);
    // The used token under another key, or without one, is refused.
    expectFailure(await post(user, fresh, 'offline-scan-0009'), 400, 'INVALID_TOKEN');
    expectFailure(await post(user, fresh), 400, 'INVALID_TOKEN');
    // The bare code is the same code: still the same request.
    expect(expectOk(await scan(user, qr.code, 'offline-scan-0001'))).toEqual(first);
    // Even once the code has expired, the replay answers the first result.
    await h.db.updateTable('earn_qr_codes').set({ valid_until: new Date(h.clock.now().getTime() - 1000) }).where('id', '=', qr.id).execute();
    expect(expectOk(await scan(user, qr.code, 'offline-scan-0001'))).toEqual(first);
    // Another key is a new scan, and the code is over.
    expectFailure(await scan(user, qr.code, 'offline-scan-0002'), 400, 'QR_CODE_EXPIRED');
    expect(await available(user)).toBe(10);
    const rows = await h.db.selectFrom('ledger_entries').selectAll().where('user_id', '=', user.userId).execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses another code under a used key (IDEMPOTENCY_KEY_REUSED), and an invalid token even on replay', async () => {
    const user = await verifiedMember(h);
    const a = await createEarnQrCode(h.db, { communityId: h.community.id });
    const b = await createEarnQrCode(h.db, { communityId: h.community.id });
    expectOk(await scan(user, a.code, 'scan-key-00001'));
    const tokenB = await tokenize(user, b.code);
    expectFailure(await post(user, tokenB, 'scan-key-00001'), 409, 'IDEMPOTENCY_KEY_REUSED');
    expect(await tokenUsed(tokenB)).toBe(false);
    expectFailure(await post(user, 'unknown-token-value', 'scan-key-00001'), 400, 'INVALID_TOKEN');
    // Keys are shared by every replayable write of the member: a promo earn under it is another request.
    const pid = await createEarnPromo(h.db, { communityId: h.community.id });
    expectFailure(
      await h.call({ method: 'POST', url: '/mobile/earn', form: { pid, idempotencyKey: 'scan-key-00001' }, token: user.authToken }),
      409,
      'IDEMPOTENCY_KEY_REUSED',
    );
    expect(await available(user)).toBe(10);
  });

  it('is for verified members', async () => {
    const user = await h.register();
    expectFailure(await post(user, 'anything-at-all'), 403, 'ACCOUNT_NOT_VERIFIED');
    expectFailure(await h.call({ method: 'POST', url: '/mobile/earn/qr/post', query: { qrToken: 'x' } }), 401, 'UNAUTHORIZED');
  });
});
