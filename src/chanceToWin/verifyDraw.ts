/**
 * The browser's check of a Chance to Win draw (docs/features.md, "Verifiable draws"): recomputes with
 * WebCrypto, from what the server published, the commitment, the entries' hash and the winners,
 * and compares them. The same algorithm as the server's server/contests/draw.ts, written again
 * here on purpose: the member's device checks the server instead of trusting its code.
 */

export interface PublishedDraw {
  commitment: string;
  seed: string | null;
  entries: number[] | null;
  entriesHash: string | null;
  numberOfWinners: number;
  /** The winning entry ids, in the order drawn. */
  winners: number[];
}

export type DrawCheck =
  | { verdict: 'verified' }
  | { verdict: 'notDrawn' }
  | { verdict: 'mismatch'; reason: 'commitment' | 'entriesHash' | 'winners' | 'malformed' };

const HEX64 = /^[0-9a-f]{64}$/;

const hexToBytes = (hex: string): Uint8Array<ArrayBuffer> => {
  const bytes = new Uint8Array(new ArrayBuffer(hex.length / 2));
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
};

const bytesToHex = (buffer: ArrayBuffer): string =>
  Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, '0')).join('');

const encoder = new TextEncoder();
/** UTF-8 bytes on a plain ArrayBuffer (what SubtleCrypto's types ask for). */
const utf8 = (text: string): Uint8Array<ArrayBuffer> => new Uint8Array(encoder.encode(text));

/** hex SHA-256 of the ascending entry ids joined by "\n". */
export async function entriesHashOf(sortedEntries: readonly number[], subtle: SubtleCrypto = crypto.subtle): Promise<string> {
  return bytesToHex(await subtle.digest('SHA-256', utf8(sortedEntries.join('\n'))));
}

/** The winners the published seed and entries give, in the order drawn. */
export async function recomputeWinners(
  seed: string,
  sortedEntries: readonly number[],
  numberOfWinners: number,
  subtle: SubtleCrypto = crypto.subtle,
): Promise<number[]> {
  const key = await subtle.importKey('raw', hexToBytes(seed), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const entriesHash = await entriesHashOf(sortedEntries, subtle);
  let counter = 0;
  let words: DataView | null = null;
  let offset = 0;
  const next = async (): Promise<number> => {
    if (words === null || offset >= words.byteLength) {
      words = new DataView(await subtle.sign('HMAC', key, utf8(`${entriesHash}:${counter}`)));
      counter += 1;
      offset = 0;
    }
    const word = words.getUint32(offset, false);
    offset += 4;
    return word;
  };
  const pool = [...sortedEntries];
  const n = pool.length;
  const k = Math.min(Math.max(0, numberOfWinners), n);
  for (let j = 0; j < k; j++) {
    const range = n - j;
    const limit = Math.floor(0x1_0000_0000 / range) * range;
    let word = await next();
    while (word >= limit) word = await next();
    const pick = j + (word % range);
    [pool[j], pool[pick]] = [pool[pick], pool[j]];
  }
  return pool.slice(0, k);
}

/** Checks a published draw: the seed against the commitment, the entries against their hash, the winners against the seed. */
export async function verifyDraw(draw: PublishedDraw, subtle: SubtleCrypto = crypto.subtle): Promise<DrawCheck> {
  if (draw.seed === null || draw.entries === null || draw.entriesHash === null) return { verdict: 'notDrawn' };
  if (!HEX64.test(draw.seed) || !HEX64.test(draw.commitment)) return { verdict: 'mismatch', reason: 'malformed' };
  const commitment = bytesToHex(await subtle.digest('SHA-256', hexToBytes(draw.seed)));
  if (commitment !== draw.commitment) return { verdict: 'mismatch', reason: 'commitment' };
  const sorted = [...draw.entries].sort((a, b) => a - b);
  if ((await entriesHashOf(sorted, subtle)) !== draw.entriesHash) return { verdict: 'mismatch', reason: 'entriesHash' };
  const winners = await recomputeWinners(draw.seed, sorted, draw.numberOfWinners, subtle);
  const same = winners.length === draw.winners.length && winners.every((entry, i) => entry === draw.winners[i]);
  return same ? { verdict: 'verified' } : { verdict: 'mismatch', reason: 'winners' };
}
