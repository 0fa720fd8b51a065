import { createHmac } from 'node:crypto';
import type { CtwContest } from '../db/schema';

/**
 * How Chance to Win shows a member to the community (issues 11 and 46): never by their real
 * name, but as a player with a fictional name from an adjective and a noun, stable per member and
 * contest. The same function names the qualified players, the winners in the contest answers and
 * the archive, and the winners in the draw's announcement and its pushes; the member's own app
 * recognises its own player and win by `isYou` instead.
 */

const words = {
  en: {
    adjectives: ['Brave', 'Swift', 'Clever', 'Lucky', 'Bright', 'Calm', 'Bold', 'Jolly', 'Quiet', 'Happy', 'Sunny', 'Mighty', 'Gentle', 'Curious', 'Noble', 'Witty'],
    nouns: ['Fox', 'Otter', 'Falcon', 'Panda', 'Tiger', 'Heron', 'Koala', 'Lynx', 'Dolphin', 'Badger', 'Robin', 'Wolf', 'Bear', 'Owl', 'Hare', 'Seal'],
  },
  es: {
    adjectives: ['Valiente', 'Veloz', 'Astuto', 'Afortunado', 'Brillante', 'Sereno', 'Audaz', 'Alegre', 'Callado', 'Feliz', 'Radiante', 'Poderoso', 'Amable', 'Curioso', 'Noble', 'Ingenioso'],
    nouns: ['Zorro', 'Castor', 'Halcón', 'Panda', 'Tigre', 'Búho', 'Koala', 'Lince', 'Delfín', 'Tejón', 'Petirrojo', 'Lobo', 'Oso', 'Mochuelo', 'Conejo', 'León'],
  },
} as const;

/** FNV-1a of a text: a small, stable spread of the ids. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/**
 * A player's public id: stable per member and contest, unlinkable to the member's id or to other
 * contests (HMAC with the contest's secret seed).
 */
export const playerIdOf = (contest: Pick<CtwContest, 'seed'>, userId: number): number =>
  createHmac('sha256', Buffer.from(contest.seed, 'hex')).update(`player:${userId}`).digest().readUInt32BE(0) & 0x7fffffff;

/** The fictional name of a player id in a contest, in a language (Spanish puts the noun first). */
export function fictionalName(contestId: number, playerId: number, language: string): string {
  const list = language.startsWith('es') ? words.es : words.en;
  const hash = fnv1a(`${contestId}:${playerId}`);
  const adjective = list.adjectives[hash % list.adjectives.length];
  const noun = list.nouns[(hash >>> 8) % list.nouns.length];
  return language.startsWith('es') ? `${noun} ${adjective}` : `${adjective} ${noun}`;
}

/** A member's name as a player of a contest: what the community sees, in a language. */
export const playerName = (contest: Pick<CtwContest, 'id' | 'seed'>, userId: number, language: string): string =>
  fictionalName(contest.id, playerIdOf(contest, userId), language);
