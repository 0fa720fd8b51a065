// Loads fake-indexeddb before Dexie is imported.
import '../../data/dataTestKit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { commitmentOf, drawWinners, entriesHashOf } from '../../../../server/contests/draw';
import type { ChanceToWin, ChanceToWinContest } from '../../../../src/api/client';
import { fictionalName } from '../../../../src/chanceToWin/fictionalNames';
import { fakeFetch } from '../fakeFetch';
import { renderApp } from '../renderApp';
import { resetData, signIn } from '../rewards/dataHarness';

const HOUR = 3_600_000;

/** The current contest: 4 of 10 pips, drawing in 2 d 3 h 30 min (and a few seconds), two players. */
function current(now = Date.now()): ChanceToWin {
  return {
    id: 12,
    name: 'Autumn draw',
    prize: 'A bicycle',
    thresholdInPips: 10,
    earnedPips: 4,
    startDate: new Date(now - 24 * HOUR).toISOString(),
    drawingDate: new Date(now + 2 * 24 * HOUR + 3 * HOUR + 30 * 60_000 + 20_000).toISOString(),
    winners: [],
    players: [
      { playerId: 90210, earnedPips: 25, isYou: false },
      { playerId: 31337, earnedPips: 12, isYou: false },
    ],
    lastContest: null,
  } as ChanceToWin;
}

/** A real draw (the server's own code): 3 winners among 4 entries. */
const seed = 'cd'.repeat(32);
const entries = [5, 9, 14, 21];
const [first, second, third] = drawWinners(seed, entries, 3);
const summerProof = {
  commitment: commitmentOf(seed),
  numberOfWinners: 3,
  seed,
  entries,
  entryCount: 4,
  entriesHash: entriesHashOf(entries),
  drawnAt: '2026-08-01T00:00:00.000Z',
};

const pastContests: ChanceToWinContest[] = [
  {
    id: 11,
    name: 'Summer draw',
    thresholdInPips: 10,
    startDate: '2026-07-01T00:00:00.000Z',
    drawingDate: '2026-08-01T00:00:00.000Z',
    winners: [
      { name: 'Ana B.', entryId: first },
      { name: 'Bea C.', entryId: second },
      { name: 'Carl D.', entryId: third },
    ],
    proof: summerProof,
  },
  {
    id: 10,
    name: 'Spring draw',
    thresholdInPips: 500,
    startDate: '2026-04-01T00:00:00.000Z',
    drawingDate: '2026-05-01T00:00:00.000Z',
    winners: [],
    // A seed that is not the committed one.
    proof: { ...summerProof, numberOfWinners: 1, seed: 'ab'.repeat(32), entries: [], entryCount: 0, entriesHash: entriesHashOf([]) },
  },
];

function serve({ contest = current(), archive = pastContests }: { contest?: ChanceToWin; archive?: ChanceToWinContest[] } = {}) {
  return fakeFetch({
    'GET /mobile/contest/chancetowin': { data: contest },
    'GET /mobile/contest/chancetowin/archive': { data: { challenges: archive } },
  });
}

const drawer = () => screen.findByRole('dialog');

beforeEach(() => void signIn());
afterEach(resetData);

describe('ChanceToWinScreen', () => {
  it('shows the progress, the time left until the drawing, and the players under fictional names', async () => {
    serve();
    await renderApp({ path: '/chance-to-win' });
    await screen.findByRole('heading', { level: 2, name: 'Autumn draw' });
    expect(screen.getByTestId('ctw-status').textContent).toBe('6 more pips to qualify');
    expect(screen.getByRole('progressbar', { name: 'Progress to the threshold' }).getAttribute('aria-valuenow')).toBe('40');
    expect(screen.getByText(/^Drawing in 2 d 3 h 30 min/)).toBeTruthy();
    const players = within(screen.getByTestId('ctw-players')).getAllByRole('listitem');
    expect(players.map((player) => player.textContent)).toEqual([
      `${fictionalName(12, 90210, 'en')}25 pips`,
      `${fictionalName(12, 31337, 'en')}12 pips`,
    ]);
  });

  it('the card icon replaces the bell; the archive drawer lists each past contest with its dates and winners joined by commas, or the no-winners text', async () => {
    serve();
    await renderApp({ path: '/chance-to-win' });
    const topBar = await screen.findByTestId('top-bar-actions');
    const open = await within(topBar).findByRole('button', { name: 'Past contests' });
    expect(within(topBar).queryByTestId('bell')).toBeNull();
    fireEvent.click(open);
    const list = within(await drawer());
    const summer = within(await list.findByTestId('ctw-archive-11'));
    expect(summer.getByText('Summer draw')).toBeTruthy();
    expect(summer.getByText('From July 1, 2026, drawn August 1, 2026')).toBeTruthy();
    expect(summer.getByTestId('ctw-winners').textContent).toBe('Winners: Ana B., Bea C., Carl D.');
    // The published proof, and the browser's own check of it.
    expect(summer.getByText(`Commitment: ${summerProof.commitment}`)).toBeTruthy();
    expect(summer.getByText(`Seed: ${seed}`)).toBeTruthy();
    expect(summer.getByText('Entries: 4')).toBeTruthy();
    expect(summer.getByText(`Entry list hash: ${summerProof.entriesHash}`)).toBeTruthy();
    expect(summer.getByTestId('ctw-verdict').textContent).toBe('Verified');
    const spring = within(list.getByTestId('ctw-archive-10'));
    expect(spring.getByText('No winners: nobody qualified.')).toBeTruthy();
    expect(spring.queryByTestId('ctw-winners')).toBeNull();
    expect(spring.getByTestId('ctw-verdict').textContent).toBe('Does not match: this draw cannot be verified');
    // The last contest's results, on the screen itself.
    const last = within(screen.getByRole('region', { name: "Last contest's results" }));
    expect(last.getByText('Summer draw')).toBeTruthy();
  });

  it('a contest drawn the day it started shows that day once; one winner is named in the singular (en and es); the proof waits under a closed disclosure', async () => {
    const flash: ChanceToWinContest = {
      id: 12,
      name: 'Flash draw',
      thresholdInPips: 5,
      startDate: '2026-09-01T08:00:00.000Z',
      drawingDate: '2026-09-01T20:00:00.000Z',
      winners: [{ name: 'Ana B.', entryId: first }],
    };
    serve({ archive: [flash, pastContests[0]] });
    const { unmount } = await renderApp({ path: '/chance-to-win' });
    fireEvent.click(await within(await screen.findByTestId('top-bar-actions')).findByRole('button', { name: 'Past contests' }));
    let list = within(await drawer());
    const item = within(await list.findByTestId('ctw-archive-12'));
    expect(item.getByText('Drawn September 1, 2026')).toBeTruthy();
    expect(item.queryByText(/^From /)).toBeNull();
    expect(item.getByTestId('ctw-winners').textContent).toBe('Winner: Ana B.');
    const summer = within(list.getByTestId('ctw-archive-11'));
    const proof = summer.getByTestId('ctw-proof') as HTMLDetailsElement;
    expect(proof.tagName).toBe('DETAILS');
    expect(proof.open).toBe(false);
    expect(proof.querySelector('summary')?.textContent).toBe('Proof of the draw');
    expect(within(proof).getByText(`Commitment: ${summerProof.commitment}`)).toBeTruthy();
    // The verdict is read without opening it.
    expect(proof.contains(summer.getByTestId('ctw-verdict'))).toBe(false);
    unmount();

    await renderApp({ path: '/chance-to-win', language: 'es' });
    fireEvent.click(await within(await screen.findByTestId('top-bar-actions')).findByRole('button', { name: 'Sorteos anteriores' }));
    list = within(await drawer());
    const flashEs = within(await list.findByTestId('ctw-archive-12'));
    expect(flashEs.getByText('Sorteado el 1 de septiembre de 2026')).toBeTruthy();
    expect(flashEs.getByTestId('ctw-winners').textContent).toBe('Ganó: Ana B.');
    expect(list.getByText('Ganadores: Ana B., Bea C., Carl D.')).toBeTruthy();
    expect(list.getAllByText('Prueba del sorteo')).toHaveLength(1);
  });

  it('says so when no contest has been drawn yet', async () => {
    serve({ archive: [] });
    await renderApp({ path: '/chance-to-win' });
    fireEvent.click(await within(await screen.findByTestId('top-bar-actions')).findByRole('button', { name: 'Past contests' }));
    expect(await within(await drawer()).findByText('No contest has been drawn yet.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: "Last contest's results" })).toBeNull();
  });

  it('in Spanish: the texts, and the players named from the Spanish adjective and noun lists', async () => {
    serve();
    await renderApp({ path: '/chance-to-win', language: 'es' });
    await screen.findByRole('heading', { level: 2, name: 'Autumn draw' });
    expect(screen.getByTestId('ctw-status').textContent).toBe('Te faltan 6 pips para clasificarte');
    expect(screen.getByText(/^Sorteo en 2 d 3 h 30 min/)).toBeTruthy();
    const names = within(screen.getByTestId('ctw-players'))
      .getAllByRole('listitem')
      .map((player) => player.textContent);
    expect(names).toEqual([`${fictionalName(12, 90210, 'es')}25 pips`, `${fictionalName(12, 31337, 'es')}12 pips`]);
    expect(fictionalName(12, 90210, 'es')).not.toBe(fictionalName(12, 90210, 'en'));
    fireEvent.click(await within(screen.getByTestId('top-bar-actions')).findByRole('button', { name: 'Sorteos anteriores' }));
    const list = within(await drawer());
    await waitFor(() => expect(list.getByTestId('ctw-archive-11')).toBeTruthy());
    expect(list.getByText('Ganadores: Ana B., Bea C., Carl D.')).toBeTruthy();
    expect(list.getByText('Sin ganadores: nadie se clasificó.')).toBeTruthy();
    expect(list.getAllByTestId('ctw-verdict').map((verdict) => verdict.textContent)).toEqual([
      'Verificado',
      'No coincide: este sorteo no se puede verificar',
    ]);
  });
});

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
});
