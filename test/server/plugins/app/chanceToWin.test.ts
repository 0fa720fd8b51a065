import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitmentOf, drawWinners, entriesHashOf, newSeed } from '../../../../server/contests/draw';
import type { FinishedDraw } from '../../../../server/contests/runDraws';
import { ensureDemoContest } from '../../../../server/db/demoContent';
import { createCommunity } from '../../../../server/db/repositories/communities';
import { insertContest } from '../../../../server/db/repositories/chanceToWin';
import { adjustPips } from '../../../../server/db/repositories/ledger';
import { fictionalName, playerIdOf, playerName } from '../../../../server/contests/playerNames';
import { createChanceToWinService } from '../../../../server/plugins/app/chanceToWin';
import { verifyDraw } from '../../../../src/chanceToWin/verifyDraw';
import { startPushService, type PushServiceStandIn } from '../../../support/pushService';
import { backends } from '../../helpers/databases';
import { expectFailure, expectOk, useHarness, type TestUser } from '../../helpers/harness';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

describe.each(backends)('Chance to Win on $name', (backend) => {
  // No timer: each test says when draws run (the start-up run is tested on its own).
  const h = useHarness(backend, { drawIntervalSeconds: 0, pushAllowInsecureEndpoint: true });
  let pushService: PushServiceStandIn;
  beforeAll(async () => {
    pushService = await startPushService();
  });
  afterAll(async () => {
    await pushService.close();
  });

  /** A contest of the demo community, its window around the real now unless told. */
  async function contest(options: { startsAt?: Date; drawsAt?: Date; threshold?: number; winners?: number; community?: string } = {}) {
    const seed = newSeed();
    const row = await insertContest(h.db, {
      communityId: options.community ?? h.community.id,
      name: { en: 'Spring draw', es: 'Sorteo de primavera' },
      prize: { en: 'A bicycle', es: 'Una bicicleta' },
      thresholdPips: options.threshold ?? 100,
      startsAt: options.startsAt ?? new Date(Date.now() - HOUR),
      drawsAt: options.drawsAt ?? new Date(Date.now() + DAY),
      numberOfWinners: options.winners ?? 1,
      seed,
      commitment: commitmentOf(seed),
    });
    return { ...row, seed };
  }

  const earn = (user: TestUser, delta: number, at = new Date()) => adjustPips(h.db, { userId: user.userId, delta, reason: 'test' }, at);
  const current = (user: TestUser, language = 'en') =>
    h.call({ url: '/mobile/contest/chancetowin', token: user.authToken, headers: { 'accept-language': language } });
  const archive = (user: TestUser) => h.call({ url: '/mobile/contest/chancetowin/archive', token: user.authToken });
  /** A server two days ahead (past every drawing made here; members' tokens stay valid on h.app). */
  const later = (notifyWinners: (draw: FinishedDraw) => Promise<void> = async () => {}) =>
    createChanceToWinService({ db: h.db, now: () => new Date(Date.now() + 2 * DAY), notifyWinners });
  const drawNow = () => later().runDueDraws();

  it('answers CHALLENGE_NOT_ACTIVE (in the member language) when no contest runs, and before one starts', async () => {
    const user = await h.registerVerified();
    const none = expectFailure(await current(user, 'es'), 404, 'CHALLENGE_NOT_ACTIVE');
    expect(none.error.message).toMatch(/sorteo/);
    await contest({ startsAt: new Date(Date.now() + HOUR) });
    expectFailure(await current(user), 404, 'CHALLENGE_NOT_ACTIVE');
    expect(expectOk(await archive(user))).toEqual({ challenges: [] });
  });

  it('counts as earnedPips only the credits inside the contest window', async () => {
    const start = new Date(Date.now() - 2 * HOUR);
    const end = new Date(Date.now() + DAY);
    const c = await contest({ startsAt: start, drawsAt: end, threshold: 35 });
    const user = await h.registerVerified();
    await earn(user, 30, new Date(start.getTime() - 1000)); // before
    await earn(user, 20, new Date(start.getTime() + 1000)); // inside
    await earn(user, -10, new Date(start.getTime() + 2000)); // a debit inside does not undo earning
    await earn(user, 15, new Date(Date.now() - 1000)); // inside
    await earn(user, 500, new Date(end.getTime() + 1000)); // after the drawing
    const data = expectOk(await current(user, 'es'));
    expect(data).toMatchObject({
      id: c.id,
      name: 'Sorteo de primavera',
      prize: 'Una bicicleta',
      thresholdInPips: 35,
      earnedPips: 35,
      startDate: start.toISOString(),
      drawingDate: end.toISOString(),
      winners: [],
      lastContest: null,
      proof: { commitment: c.commitment, numberOfWinners: 1, seed: null, entries: null, entryCount: null, entriesHash: null, drawnAt: null },
    });
    // The seed stays secret until the drawing.
    expect(JSON.stringify(data)).not.toContain(c.seed);
    expect(data.players).toEqual([{ playerId: playerIdOf(c, user.userId), name: playerName(c, user.userId, 'es'), earnedPips: 35, isYou: true }]);
  });

  it('lists the qualified players under ids unrelated to the members, only in their community', async () => {
    const c = await contest({ threshold: 10 });
    const a = await h.registerVerified({ firstName: 'Ana' });
    const b = await h.registerVerified({ firstName: 'Bea' });
    const below = await h.registerVerified();
    await earn(a, 10);
    await earn(b, 25);
    await earn(below, 9);
    const players = expectOk(await current(a)).players;
    expect(players).toEqual([
      { playerId: playerIdOf(c, b.userId), name: fictionalName(c.id, playerIdOf(c, b.userId), 'en'), earnedPips: 25, isYou: false },
      { playerId: playerIdOf(c, a.userId), name: fictionalName(c.id, playerIdOf(c, a.userId), 'en'), earnedPips: 10, isYou: true },
    ]);
    expect(JSON.stringify(players)).not.toMatch(/\bAna\b|\bBea\b/);
    expect(players.map((p: { playerId: number }) => p.playerId)).not.toContain(a.userId);
    // Another contest (another seed) gives the same member another id.
    const other = await contest({ threshold: 10 });
    expect(playerIdOf(other, a.userId)).not.toBe(playerIdOf(c, a.userId));
  });

  it('draws reproducibly from the published seed and entries, and the browser verifies it', async () => {
    const c = await contest({ threshold: 50, winners: 2 });
    const members: TestUser[] = [];
    for (let i = 0; i < 5; i++) {
      const member = await h.registerVerified({ firstName: `Member${i}`, lastName: `Last${i}` });
      await earn(member, 50 + i);
      members.push(member);
    }
    const [draw] = await drawNow();
    expect(draw).toMatchObject({ contestId: c.id, entryCount: 5 });
    const [drawn] = expectOk(await archive(members[0])).challenges;
    const proof = drawn.proof;
    expect(proof.seed).toBe(c.seed);
    expect(createHash('sha256').update(Buffer.from(proof.seed, 'hex')).digest('hex')).toBe(proof.commitment);
    expect(proof.entries).toHaveLength(5);
    expect(proof.entryCount).toBe(5);
    expect(proof.entriesHash).toBe(entriesHashOf(proof.entries));
    const winnerEntries = drawn.winners.map((w: { entryId: number }) => w.entryId);
    expect(winnerEntries).toEqual(drawWinners(proof.seed, proof.entries, 2));
    // The winners under their players' fictional names (server/contests/playerNames.ts), never their own.
    expect(drawn.winners.map((w: { name: string }) => w.name)).toEqual(draw.winners.map((w) => playerName(c, w.userId, 'en')));
    expect(JSON.stringify(drawn)).not.toMatch(/Member\d|Last\d/);
    const published = { ...proof, numberOfWinners: proof.numberOfWinners, winners: winnerEntries };
    expect(await verifyDraw(published)).toEqual({ verdict: 'verified' });
    // A tampered seed, entry list or winner list does not pass.
    expect(await verifyDraw({ ...published, seed: newSeed() })).toEqual({ verdict: 'mismatch', reason: 'commitment' });
    expect(await verifyDraw({ ...published, entries: [...proof.entries, 999999] })).toEqual({ verdict: 'mismatch', reason: 'entriesHash' });
    expect(await verifyDraw({ ...published, winners: [...winnerEntries].reverse() })).toEqual({ verdict: 'mismatch', reason: 'winners' });
    // The finished contest is no longer current; it is the last contest's result.
    const next = await contest({ drawsAt: new Date(Date.now() + 3 * DAY) });
    const now = expectOk(await current(members[0]));
    expect(now.id).toBe(next.id);
    expect(now.lastContest).toMatchObject({ id: c.id, winners: drawn.winners });
  });

  it('never draws a member twice, never a member below the threshold, and fewer winners when entries are few', async () => {
    await contest({ threshold: 20, winners: 10 });
    const qualified: TestUser[] = [];
    for (let i = 0; i < 3; i++) {
      const member = await h.registerVerified({ firstName: `Q${i}` });
      await earn(member, 20);
      await earn(member, 5);
      qualified.push(member);
    }
    const below = await h.registerVerified({ firstName: 'Below' });
    await earn(below, 19);
    const unverified = await h.register({ firstName: 'Unverified' });
    await earn(unverified, 100);
    const [draw] = await drawNow();
    expect(draw.entryCount).toBe(3);
    expect(draw.winners).toHaveLength(3);
    expect(new Set(draw.winners.map((w) => w.userId))).toEqual(new Set(qualified.map((m) => m.userId)));
    const [drawn] = expectOk(await archive(below)).challenges;
    expect(new Set(drawn.winners.map((w: { entryId: number }) => w.entryId)).size).toBe(3);
  });

  it('enters in the draw only the pips of the window, and only members of the community', async () => {
    const start = new Date(Date.now() - 2 * HOUR);
    const end = new Date(Date.now() + DAY);
    await contest({ startsAt: start, drawsAt: end, threshold: 20, winners: 5 });
    const inside = await h.registerVerified({ firstName: 'Inside' });
    await earn(inside, 20, new Date(start.getTime() + 1000));
    // Rich before the start and after the drawing date, but below the threshold inside the window.
    const outside = await h.registerVerified({ firstName: 'Outside' });
    await earn(outside, 500, new Date(start.getTime() - 1000));
    await earn(outside, 19, new Date(start.getTime() + 1000));
    await earn(outside, 500, new Date(end.getTime() + 1000));
    // Enough pips inside the window, in another community.
    const elsewhere = await h.registerVerified({ firstName: 'Elsewhere', communityId: (await createCommunity(h.db, 'Other')).id });
    await earn(elsewhere, 50, new Date(start.getTime() + 1000));
    const [draw] = await drawNow();
    expect(draw.entryCount).toBe(1);
    expect(draw.winners.map((w) => w.userId)).toEqual([inside.userId]);
  });

  it('draws a contest nobody qualified for with no winners', async () => {
    await contest({ threshold: 1000 });
    const user = await h.registerVerified();
    await earn(user, 10);
    const [draw] = await drawNow();
    expect(draw).toMatchObject({ entryCount: 0, winners: [] });
    const [drawn] = expectOk(await archive(user)).challenges;
    expect(drawn.winners).toEqual([]);
    expect(drawn.proof).toMatchObject({ entries: [], entryCount: 0, entriesHash: entriesHashOf([]) });
    expect(await verifyDraw({ ...drawn.proof, winners: [] })).toEqual({ verdict: 'verified' });
  });

  it('draws once when two servers find the same draw due at once, and notifies once', async () => {
    await contest({ threshold: 10, winners: 2 });
    for (let i = 0; i < 4; i++) await earn(await h.registerVerified(), 10);
    const notified: FinishedDraw[] = [];
    const services = [0, 1, 2].map(() => later(async (draw) => void notified.push(draw)));
    const runs = await Promise.all(services.map((service) => service.runDueDraws()));
    expect(runs.flat()).toHaveLength(1);
    expect(notified).toHaveLength(1);
    const winners = await h.db.selectFrom('ctw_winners').selectAll().execute();
    expect(winners).toHaveLength(2);
    const entries = await h.db.selectFrom('ctw_entries').selectAll().execute();
    expect(entries).toHaveLength(4);
    expect(await services[0].runDueDraws()).toEqual([]);
  });

  it('runs a draw that came due while the server was down when a server starts', async () => {
    const c = await contest({ startsAt: new Date(Date.now() - 2 * DAY), drawsAt: new Date(Date.now() - HOUR), threshold: 5 });
    const user = await h.registerVerified();
    await earn(user, 5, new Date(Date.now() - DAY));
    // The member's browser is subscribed to Web Push.
    expectOk(
      await h.call({
        method: 'POST',
        url: '/mobile/device/identifier/set',
        token: user.authToken,
        form: { identifier: JSON.stringify(pushService.subscribe().json), platform: 'ios' },
      }),
    );
    const restarted = await h.buildApp({ drawIntervalSeconds: 0 });
    let drawn = await h.db.selectFrom('ctw_contests').select('status').where('id', '=', c.id).executeTakeFirstOrThrow();
    for (let i = 0; i < 100 && drawn.status !== 'drawn'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      drawn = await h.db.selectFrom('ctw_contests').select('status').where('id', '=', c.id).executeTakeFirstOrThrow();
    }
    expect(drawn.status).toBe('drawn');
    const [contestView] = expectOk(await h.call({ url: '/mobile/contest/chancetowin/archive', token: user.authToken })).challenges;
    expect(contestView.winners).toHaveLength(1);
    expect(restarted).toBeDefined();
    // The server announced the winners to the community (winners are announced).
    const announced = await h.db.selectFrom('announcements').select(['id', 'title', 'text', 'url']).execute();
    expect(announced).toHaveLength(1);
    // ... and pushed it to the subscribed browser.
    const pushes = await h.db.selectFrom('push_deliveries').select(['announcement_id', 'user_id']).execute();
    expect(pushes).toEqual([{ announcement_id: announced[0].id, user_id: user.userId }]);
    expect(announced[0].url).toBe('/chance-to-win');
    expect(JSON.stringify(announced[0].text)).toContain('1 member took part');
  });

  it('rolls a failed draw back whole, so the next try draws it', async () => {
    const c = await contest({ threshold: 5 });
    const user = await h.registerVerified();
    await earn(user, 5);
    const server = later();
    // A crash inside the transaction: the winners' table refuses the insert once.
    await h.db.schema.alterTable('ctw_winners').addCheckConstraint('test_refuse', sql`position < 0`).execute();
    await expect(server.runDueDraws()).rejects.toThrow();
    const open = await h.db.selectFrom('ctw_contests').select(['status', 'entries_hash']).where('id', '=', c.id).executeTakeFirstOrThrow();
    expect(open).toEqual({ status: 'open', entries_hash: null });
    expect(await h.db.selectFrom('ctw_entries').selectAll().execute()).toEqual([]);
    await h.db.schema.alterTable('ctw_winners').dropConstraint('test_refuse').execute();
    const [draw] = await server.runDueDraws();
    expect(draw.winners.map((w) => w.userId)).toEqual([user.userId]);
  });

  it('gives the demo community one demo contest, once, with its commitment', async () => {
    expect(await ensureDemoContest(h.db, h.community.id)).toEqual({ created: true });
    expect(await ensureDemoContest(h.db, h.community.id)).toEqual({ created: false });
    const user = await h.registerVerified();
    const data = expectOk(await current(user, 'es'));
    expect(data).toMatchObject({ name: 'Oportunidad de ganar de demostración', thresholdInPips: 20, earnedPips: 0 });
    expect(data.proof.commitment).toMatch(/^[0-9a-f]{64}$/);
  });

  it('is for verified members only', async () => {
    const user = await h.register();
    expectFailure(await current(user), 403, 'ACCOUNT_NOT_VERIFIED');
    expectFailure(await h.call({ url: '/mobile/contest/chancetowin/archive' }), 401, 'UNAUTHORIZED');
  });
});
