import type { CtwContest } from '../db/schema';
import { createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * The verifiable draw of a Chance to Win contest (docs/features.md, "Verifiable draws"). Pure functions of
 * what the server publishes, so anyone can recompute them; the PWA does so with WebCrypto in
 * src/chanceToWin/verifyDraw.ts, and a property test checks both agree.
 *
 * - seed: 32 random bytes, kept secret until the drawing, written as 64 lower-case hex digits;
 * - commitment: hex SHA-256 of the seed's 32 bytes, published when the contest is created;
 * - entries: one id per qualified member, in ascending order;
 *   entriesHash: hex SHA-256 of the UTF-8 text of the ids joined by "\n";
 * - the stream: block i (i = 0, 1, ...) is HMAC-SHA-256(key = seed bytes, message =
 *   entriesHash + ":" + i), read as eight big-endian unsigned 32-bit words;
 * - the winners: a Fisher-Yates shuffle of the entries, stopped after min(winners, entries)
 *   steps: step j picks an index in [j, n) as j + (w mod (n - j)) with the next word w, after
 *   rejecting every w >= floor(2^32 / (n - j)) * (n - j) (no modulo bias); the winners are the
 *   entries at positions 0 .. k-1, in the order drawn.
 */

export const SEED_PATTERN = /^[0-9a-f]{64}$/;

/** A fresh secret seed (64 hex digits). */
export const newSeed = (): string => randomBytes(32).toString('hex');

/** The commitment published in advance: hex SHA-256 of the seed's bytes. */
export const commitmentOf = (seed: string): string => createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex');

/** The entries in the order the draw reads them: ascending. */
export const sortEntries = (entries: readonly number[]): number[] => [...entries].sort((a, b) => a - b);

/** hex SHA-256 of the ascending ids joined by "\n". */
export const entriesHashOf = (sortedEntries: readonly number[]): string =>
  createHash('sha256').update(sortedEntries.join('\n'), 'utf8').digest('hex');

/** The counter-mode word stream of a draw. */
function wordStream(seed: string, entriesHash: string): () => number {
  const key = Buffer.from(seed, 'hex');
  let counter = 0;
  let block: Buffer = Buffer.alloc(0);
  let offset = 0;
  return () => {
    if (offset >= block.length) {
      block = createHmac('sha256', key).update(`${entriesHash}:${counter}`, 'utf8').digest();
      counter += 1;
      offset = 0;
    }
    const word = block.readUInt32BE(offset);
    offset += 4;
    return word;
  };
}

/** The winning entries, in the order drawn: distinct, uniformly chosen, reproducible. */
export function drawWinners(seed: string, sortedEntries: readonly number[], numberOfWinners: number): number[] {
  if (!SEED_PATTERN.test(seed)) throw new Error('the seed must be 64 lower-case hex digits');
  const pool = [...sortedEntries];
  const n = pool.length;
  const k = Math.min(Math.max(0, numberOfWinners), n);
  const next = wordStream(seed, entriesHashOf(pool));
  for (let j = 0; j < k; j++) {
    const range = n - j;
    const limit = Math.floor(0x1_0000_0000 / range) * range;
    let word = next();
    while (word >= limit) word = next();
    const pick = j + (word % range);
    [pool[j], pool[pick]] = [pool[pick], pool[j]];
  }
  return pool.slice(0, k);
}

/** What a contest publishes so anyone can check its draw (DrawProof in openapi.yaml): the seed and entries once drawn. */
export function drawProof(
  contest: Pick<CtwContest, 'commitment' | 'number_of_winners' | 'status' | 'seed' | 'entries_hash' | 'drawn_at'>,
  entries: readonly number[] | undefined,
) {
  const drawn = contest.status === 'drawn';
  return {
    commitment: contest.commitment,
    numberOfWinners: contest.number_of_winners,
    seed: drawn ? contest.seed : null,
    entries: drawn ? [...(entries ?? [])] : null,
    entryCount: drawn ? (entries ?? []).length : null,
    entriesHash: drawn ? contest.entries_hash : null,
    drawnAt: drawn && contest.drawn_at ? new Date(contest.drawn_at).toISOString() : null,
  };
}
