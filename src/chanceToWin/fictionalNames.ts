/**
 * The players list never shows real names (issue 11): each player gets a fictional name from an
 * adjective and a noun, stable per member and contest (from the contest id and the player id the
 * server gives, itself unlinkable to the member), in the member's language.
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

export function fictionalName(contestId: number, playerId: number, language: string): string {
  const list = language.startsWith('es') ? words.es : words.en;
  const hash = fnv1a(`${contestId}:${playerId}`);
  const adjective = list.adjectives[hash % list.adjectives.length];
  const noun = list.nouns[(hash >>> 8) % list.nouns.length];
  return language.startsWith('es') ? `${noun} ${adjective}` : `${adjective} ${noun}`;
}
