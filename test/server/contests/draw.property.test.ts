import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commitmentOf, drawWinners, entriesHashOf, sortEntries } from '../../../server/contests/draw';
import { entriesHashOf as browserEntriesHash, recomputeWinners, verifyDraw } from '../../../src/chanceToWin/verifyDraw';

const seedArb = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((bytes) => Buffer.from(bytes).toString('hex'));
const entriesArb = fc.uniqueArray(fc.integer({ min: 1, max: 2 ** 31 - 1 }), { maxLength: 60 }).map(sortEntries);

describe('the verifiable draw', () => {
  it('gives the same winners on the server (node:crypto) and in the browser (WebCrypto), distinct and among the entries', async () => {
    await fc.assert(
      fc.asyncProperty(seedArb, entriesArb, fc.integer({ min: 1, max: 12 }), async (seed, entries, numberOfWinners) => {
        const server = drawWinners(seed, entries, numberOfWinners);
        expect(await recomputeWinners(seed, entries, numberOfWinners)).toEqual(server);
        expect(await browserEntriesHash(entries)).toBe(entriesHashOf(entries));
        expect(server).toHaveLength(Math.min(numberOfWinners, entries.length));
        expect(new Set(server).size).toBe(server.length);
        for (const winner of server) expect(entries).toContain(winner);
        const published = { commitment: commitmentOf(seed), seed, entries, entriesHash: entriesHashOf(entries), numberOfWinners, winners: server };
        expect(await verifyDraw(published)).toEqual({ verdict: 'verified' });
      }),
      { numRuns: 150 },
    );
  });

  it('is a function of the seed and the entries only (the same inputs, the same winners)', () => {
    const seed = 'ab'.repeat(32);
    const entries = [3, 7, 11, 19, 23, 42];
    expect(drawWinners(seed, entries, 3)).toEqual(drawWinners(seed, [...entries], 3));
    expect(drawWinners(seed, entries, 3)).not.toEqual(drawWinners('cd'.repeat(32), entries, 3));
  });

  it('picks every entry about equally often (no modulo bias worth measuring)', () => {
    const entries = [1, 2, 3, 4, 5, 6, 7];
    const counts = new Map(entries.map((entry) => [entry, 0]));
    const runs = 7000;
    for (let i = 0; i < runs; i++) {
      const seed = commitmentOf(i.toString(16).padStart(64, '0'));
      const [winner] = drawWinners(seed, entries, 1);
      counts.set(winner, counts.get(winner)! + 1);
    }
    // Each expects 1000; a chi-square with 6 degrees of freedom stays under 22.5 with p = 0.999.
    const chi = [...counts.values()].reduce((sum, count) => sum + (count - runs / 7) ** 2 / (runs / 7), 0);
    expect(chi).toBeLessThan(22.5);
  });
});
