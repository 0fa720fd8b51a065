import { describe, expect, it } from 'vitest';
import { commitmentOf, newSeed } from '../../../server/contests/draw';
import { fictionalName, playerIdOf, playerName } from '../../../server/contests/playerNames';

/** The players' (and winners') fictional names: no database needed. */
describe('fictionalName', () => {
  it('is stable per contest and player, differs between contests, and uses the words of the member language', () => {
    expect(fictionalName(12, 90210, 'en')).toBe(fictionalName(12, 90210, 'en'));
    const acrossContests = new Set([1, 2, 3, 4, 5, 6, 7, 8].map((contest) => fictionalName(contest, 90210, 'en')));
    expect(acrossContests.size).toBeGreaterThan(1);
    expect(fictionalName(12, 90210, 'en')).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
    // The member's language picks the word lists: most players get other words in Spanish.
    const players = Array.from({ length: 20 }, (_, i) => 1000 + i * 7);
    const differing = players.filter((player) => fictionalName(12, player, 'es-ES') !== fictionalName(12, player, 'en'));
    expect(differing.length).toBeGreaterThan(15);
  });

  it('names a member of a contest by their player id, unlinkable to their user id', () => {
    const seed = newSeed();
    const contest = { id: 7, seed, commitment: commitmentOf(seed) };
    expect(playerName(contest, 42, 'es')).toBe(fictionalName(7, playerIdOf(contest, 42), 'es'));
    expect(playerIdOf(contest, 42)).not.toBe(42);
    expect(playerIdOf({ seed: newSeed() }, 42)).not.toBe(playerIdOf(contest, 42));
  });
});
