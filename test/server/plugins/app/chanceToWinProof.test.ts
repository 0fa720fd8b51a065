import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { commitmentOf, newSeed } from '../../../../server/contests/draw';
import { insertContest } from '../../../../server/db/repositories/chanceToWin';
import { adjustPips } from '../../../../server/db/repositories/ledger';
import { setOperatorRole } from '../../../../server/db/repositories/operators/roles';
import { createChanceToWinService } from '../../../../server/plugins/app/chanceToWin';
import { backends } from '../../helpers/databases';
import { expectFailure, expectOk, useHarness, type TestUser } from '../../helpers/harness';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

/**
 * The draw as docs/features.md "Verifiable draws" describes it, written here from the text with node:crypto
 * (not the server's code): block i of the stream is HMAC-SHA-256(seed bytes, entriesHash + ":" + i)
 * read as big-endian 32-bit words; a Fisher-Yates shuffle of the ascending entries stops after
 * k = min(winners, entries) steps, step j rejecting w >= floor(2^32 / (n-j)) * (n-j) and swapping
 * j with j + w mod (n-j).
 */
function readmeDraw(seedHex: string, entriesHash: string, entries: number[], winners: number): number[] {
  const words: number[] = [];
  let block = 0;
  const next = () => {
    if (words.length === 0) {
      const mac = createHmac('sha256', Buffer.from(seedHex, 'hex')).update(`${entriesHash}:${block++}`).digest();
      for (let offset = 0; offset < mac.length; offset += 4) words.push(mac.readUInt32BE(offset));
    }
    return words.shift()!;
  };
  const pool = [...entries];
  const n = pool.length;
  const k = Math.min(winners, n);
  for (let j = 0; j < k; j++) {
    const range = n - j;
    let w = next();
    while (w >= Math.floor(2 ** 32 / range) * range) w = next();
    const pick = j + (w % range);
    [pool[j], pool[pick]] = [pool[pick], pool[j]];
  }
  return pool.slice(0, k);
}

/** Draws anyone can verify (issue 46): a drawn contest's proof at a public URL, without a token. */
describe.each(backends)('the public proof of a Chance to Win draw on $name', (backend) => {
  const h = useHarness(backend, { drawIntervalSeconds: 0 });

  async function contest(winners: number) {
    const seed = newSeed();
    return insertContest(h.db, {
      communityId: h.community.id,
      name: { en: 'Spring draw' },
      prize: null,
      thresholdPips: 10,
      startsAt: new Date(Date.now() - HOUR),
      drawsAt: new Date(Date.now() + DAY),
      numberOfWinners: winners,
      seed,
      commitment: commitmentOf(seed),
    });
  }
  const proofOf = (id: number | string) => h.call({ url: `/mobile/contest/chancetowin/${id}/proof` });
  const drawDue = () => createChanceToWinService({ db: h.db, now: () => new Date(Date.now() + 2 * DAY), notifyWinners: async () => {} }).runDueDraws();

  it('answers the commitment, seed, entries, their hash and the winning entries without a token; recomputed here they match, and each member finds their entry', async () => {
    const c = await contest(2);
    const members: TestUser[] = [];
    for (let i = 0; i < 6; i++) {
      const member = await h.registerVerified({ firstName: `Quirinus${i}`, lastName: `Yarrowby${i}` });
      await adjustPips(h.db, { userId: member.userId, delta: 10 + i, reason: 'test' });
      members.push(member);
    }
    // Not drawn yet: there is no proof to read.
    expectFailure(await proofOf(c.id), 404, 'NOT_FOUND');
    await drawDue();

    const proof = expectOk(await proofOf(c.id));
    expect(Object.keys(proof).sort()).toEqual(
      ['commitment', 'drawingDate', 'drawnAt', 'entries', 'entriesHash', 'entryCount', 'id', 'numberOfWinners', 'seed', 'winners'].sort(),
    );
    expect(proof).toMatchObject({ id: c.id, drawingDate: c.draws_at.toISOString(), numberOfWinners: 2, entryCount: 6 });
    // The commitment is the one published when the contest was made, and the seed's SHA-256.
    expect(proof.commitment).toBe(c.commitment);
    expect(sha256(Buffer.from(proof.seed, 'hex'))).toBe(proof.commitment);
    // The entries, ascending, and their hash.
    expect(proof.entries).toEqual([...proof.entries].sort((a: number, b: number) => a - b));
    expect(sha256(proof.entries.join('\n'))).toBe(proof.entriesHash);
    // The winners follow from the seed and the entries alone.
    expect(proof.winners).toHaveLength(2);
    expect(readmeDraw(proof.seed, proof.entriesHash, proof.entries, proof.numberOfWinners)).toEqual(proof.winners);

    // Each member finds their own entry in it; the winners are the ones the app shows.
    for (const member of members) {
      const [drawn] = expectOk(await h.call({ url: '/mobile/contest/chancetowin/archive', token: member.authToken })).challenges;
      expect(proof.entries).toContain(drawn.yourEntryId);
      expect(drawn.winners.map((w: { entryId: number }) => w.entryId)).toEqual(proof.winners);
      expect(drawn.winners.some((w: { isYou: boolean }) => w.isYou)).toBe(proof.winners.includes(drawn.yourEntryId));
    }
    // No member's identity: no name, no e-mail, no user id field.
    const text = JSON.stringify(proof);
    for (const member of members) {
      expect(text).not.toContain(member.email);
      expect(text).not.toMatch(/Quirinus|Yarrowby|userId|name/);
    }

    // The operator archives it: the members' lists drop it, the proof stays checkable.
    const owner = await h.registerVerified();
    await setOperatorRole(h.db, owner.userId, h.community.id, 'owner');
    expectOk(await h.call({ method: 'PUT', url: `/admin/chance-to-win/${c.id}`, token: owner.authToken, json: { archived: true } }));
    expect(expectOk(await h.call({ url: '/mobile/contest/chancetowin/archive', token: members[0].authToken })).challenges).toEqual([]);
    expect(expectOk(await proofOf(c.id))).toEqual(proof);

    // The archive still asks for a token; a contest that does not exist, or a bad id, is refused.
    expectFailure(await h.call({ url: '/mobile/contest/chancetowin/archive' }), 401, 'UNAUTHORIZED');
    expectFailure(await proofOf(c.id + 1000), 404, 'NOT_FOUND');
    expectFailure(await proofOf('first'), 400, 'VALIDATION_ERROR');
  });

  it('publishes an empty draw too: no entries, no winners', async () => {
    const c = await contest(1);
    await drawDue();
    const proof = expectOk(await proofOf(c.id));
    expect(proof).toMatchObject({ entries: [], entryCount: 0, winners: [], entriesHash: sha256('') });
    expect(sha256(Buffer.from(proof.seed, 'hex'))).toBe(c.commitment);
  });
});
