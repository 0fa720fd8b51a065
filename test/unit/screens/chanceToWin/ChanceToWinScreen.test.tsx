// Loads fake-indexeddb before Dexie is imported.
import '../../data/dataTestKit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { commitmentOf, drawWinners, entriesHashOf } from '../../../../server/contests/draw';
import { fictionalName } from '../../../../server/contests/playerNames';
import type { ChanceToWin, ChanceToWinContest } from '../../../../src/api/client';
import { fakeFetch, type SentRequest } from '../fakeFetch';
import { renderApp } from '../renderApp';
import { resetData, signIn } from '../rewards/dataHarness';

const HOUR = 3_600_000;

/** The language the app asked the server for (the server names the players in it). */
const languageOf = (request: SentRequest) => (request.headers['accept-language']?.startsWith('es') ? 'es' : 'en');

/** The current contest: 4 of 10 pips, drawing in 2 d 3 h 30 min (and a few seconds), two players named in `language`. */
function current(language = 'en', now = Date.now()): ChanceToWin {
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
      { playerId: 90210, name: fictionalName(12, 90210, language), earnedPips: 25, isYou: false },
      { playerId: 31337, name: fictionalName(12, 31337, language), earnedPips: 12, isYou: false },
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
      { name: 'Brave Fox', entryId: first, isYou: false },
      { name: 'Calm Owl', entryId: second, isYou: false },
      { name: 'Jolly Seal', entryId: third, isYou: false },
    ],
    yourEntryId: null,
    proof: summerProof,
  },
  {
    id: 10,
    name: 'Spring draw',
    thresholdInPips: 500,
    startDate: '2026-04-01T00:00:00.000Z',
    drawingDate: '2026-05-01T00:00:00.000Z',
    winners: [],
    yourEntryId: null,
    // A seed that is not the committed one.
    proof: { ...summerProof, numberOfWinners: 1, seed: 'ab'.repeat(32), entries: [], entryCount: 0, entriesHash: entriesHashOf([]) },
  },
];

function serve({ contest, archive = pastContests }: { contest?: ChanceToWin; archive?: ChanceToWinContest[] } = {}) {
  return fakeFetch({
    'GET /mobile/contest/chancetowin': (request) => ({ data: contest ?? current(languageOf(request)) }),
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
    expect(summer.getByTestId('ctw-winners').textContent).toBe('Winners: Brave Fox, Calm Owl, Jolly Seal');
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
      winners: [{ name: 'Brave Fox', entryId: first, isYou: false }],
      yourEntryId: null,
    };
    serve({ archive: [flash, pastContests[0]] });
    const { unmount } = await renderApp({ path: '/chance-to-win' });
    fireEvent.click(await within(await screen.findByTestId('top-bar-actions')).findByRole('button', { name: 'Past contests' }));
    let list = within(await drawer());
    const item = within(await list.findByTestId('ctw-archive-12'));
    expect(item.getByText('Drawn September 1, 2026')).toBeTruthy();
    expect(item.queryByText(/^From /)).toBeNull();
    expect(item.getByTestId('ctw-winners').textContent).toBe('Winner: Brave Fox');
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
    expect(flashEs.getByTestId('ctw-winners').textContent).toBe('Ganó: Brave Fox');
    expect(list.getByText('Ganadores: Brave Fox, Calm Owl, Jolly Seal')).toBeTruthy();
    expect(list.getAllByText('Prueba del sorteo')).toHaveLength(1);
  });

  /** A drawn contest with two winners, as the server answers one member: they won or not, with their own entry. */
  const winter = (me: { won: boolean; entryId: number | null }): ChanceToWinContest => ({
    id: 13,
    name: 'Winter draw',
    thresholdInPips: 10,
    startDate: '2026-12-01T00:00:00.000Z',
    drawingDate: '2026-12-21T00:00:00.000Z',
    winners: [
      { name: 'Brave Fox', entryId: first, isYou: me.won },
      { name: 'Calm Owl', entryId: second, isYou: false },
    ],
    yourEntryId: me.entryId,
    proof: { ...summerProof, numberOfWinners: 2 },
  });
  const pastContestsButton = async (name: string) =>
    fireEvent.click(await within(await screen.findByTestId('top-bar-actions')).findByRole('button', { name }));

  it('the winner reads "You won" and their entry id, on the screen and in the archive, with the winning entries and the public proof', async () => {
    serve({ archive: [winter({ won: true, entryId: first }), pastContests[0]] });
    await renderApp({ path: '/chance-to-win' });
    const last = within(await screen.findByRole('region', { name: "Last contest's results" }));
    expect(last.getByTestId('ctw-winners').textContent).toBe('Winners: Brave Fox, Calm Owl');
    expect(last.getByTestId('ctw-you-won').textContent).toBe('You won');
    expect(last.getByTestId('ctw-your-entry').textContent).toBe(`Your entry: #${first}`);
    await pastContestsButton('Past contests');
    const list = within(await drawer());
    const item = within(await list.findByTestId('ctw-archive-13'));
    expect(item.getByTestId('ctw-you-won').textContent).toBe('You won');
    expect(item.getByTestId('ctw-your-entry').textContent).toBe(`Your entry: #${first}`);
    expect(item.getByText(`Winning entries: #${first}, #${second}`)).toBeTruthy();
    await waitFor(() => expect(item.getByTestId('ctw-verdict').textContent).toBe('Verified'));
    // The proof anyone can read, without an account.
    const link = item.getByRole('link', { name: 'Public proof (every entry id)' });
    expect(link.getAttribute('href')).toBe('/mobile/contest/chancetowin/13/proof');
    expect(link.getAttribute('target')).toBe('_blank');
    // A contest they had no entry in says neither.
    const summer = within(list.getByTestId('ctw-archive-11'));
    expect(summer.queryByTestId('ctw-you-won')).toBeNull();
    expect(summer.queryByTestId('ctw-your-entry')).toBeNull();
  });

  it('another member reads the winners under their fictional names and their own entry, never "You won" (en and es)', async () => {
    const loser = entries.find((entry) => entry !== first && entry !== second)!;
    serve({ archive: [winter({ won: false, entryId: loser })] });
    const { unmount } = await renderApp({ path: '/chance-to-win' });
    let last = within(await screen.findByRole('region', { name: "Last contest's results" }));
    expect(last.getByTestId('ctw-winners').textContent).toBe('Winners: Brave Fox, Calm Owl');
    expect(last.getByTestId('ctw-your-entry').textContent).toBe(`Your entry: #${loser}`);
    expect(last.queryByTestId('ctw-you-won')).toBeNull();
    expect(screen.queryByText('You won')).toBeNull();
    unmount();

    await renderApp({ path: '/chance-to-win', language: 'es' });
    last = within(await screen.findByRole('region', { name: 'Resultados del último sorteo' }));
    expect(last.getByTestId('ctw-your-entry').textContent).toBe(`Tu participación: n.º ${loser}`);
    expect(last.queryByTestId('ctw-you-won')).toBeNull();
  });

  it('en español, el ganador lee «Has ganado» y su participación', async () => {
    serve({ archive: [winter({ won: true, entryId: first })] });
    await renderApp({ path: '/chance-to-win', language: 'es' });
    const last = within(await screen.findByRole('region', { name: 'Resultados del último sorteo' }));
    expect(last.getByTestId('ctw-you-won').textContent).toBe('Has ganado');
    expect(last.getByTestId('ctw-your-entry').textContent).toBe(`Tu participación: n.º ${first}`);
    await pastContestsButton('Sorteos anteriores');
    const item = within(await within(await drawer()).findByTestId('ctw-archive-13'));
    expect(item.getByText(`Participaciones ganadoras: #${first}, #${second}`)).toBeTruthy();
    expect(item.getByRole('link', { name: 'Prueba pública (todas las participaciones)' })).toBeTruthy();
  });

  it('once qualified, says so with the figures instead of "37 of 20 pips earned", in both languages', async () => {
    const qualified = (language: string) => ({ ...current(language), earnedPips: 37, thresholdInPips: 20 });
    serve({ contest: qualified('en') });
    const { unmount } = await renderApp({ path: '/chance-to-win' });
    await screen.findByRole('heading', { level: 2, name: 'Autumn draw' });
    expect(screen.getByTestId('ctw-status').textContent).toBe("You're in the draw: 37 pips earned, 20 needed");
    expect(screen.getByTestId('ctw-earned').textContent).toMatch(/^Pips earned since .+ count\.$/);
    expect(screen.queryByText(/37 of 20/)).toBeNull();
    unmount();

    serve({ contest: qualified('es') });
    await renderApp({ path: '/chance-to-win', language: 'es' });
    await screen.findByRole('heading', { level: 2, name: 'Autumn draw' });
    expect(screen.getByTestId('ctw-status').textContent).toBe('Estás en el sorteo: 37 pips ganados, 20 necesarios');
    expect(screen.getByTestId('ctw-earned').textContent).toMatch(/^Cuentan los pips ganados desde el .+\.$/);
  });

  it('says so when no contest has been drawn yet', async () => {
    serve({ archive: [] });
    await renderApp({ path: '/chance-to-win' });
    fireEvent.click(await within(await screen.findByTestId('top-bar-actions')).findByRole('button', { name: 'Past contests' }));
    expect(await within(await drawer()).findByText('No contest has been drawn yet.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: "Last contest's results" })).toBeNull();
  });

  it('in Spanish: the texts, and the players under the Spanish names the server gives', async () => {
    serve();
    await renderApp({ path: '/chance-to-win', language: 'es' });
    await screen.findByRole('heading', { level: 2, name: 'Autumn draw' });
    expect(screen.getByTestId('ctw-status').textContent).toBe('Te faltan 6 pips para clasificarte');
    expect(screen.getByText(/^Sorteo en 2 d 3 h 30 min/)).toBeTruthy();
    const names = within(screen.getByTestId('ctw-players'))
      .getAllByRole('listitem')
      .map((player) => player.textContent);
    expect(names).toEqual([`${fictionalName(12, 90210, 'es')}25 pips`, `${fictionalName(12, 31337, 'es')}12 pips`]);
    fireEvent.click(await within(screen.getByTestId('top-bar-actions')).findByRole('button', { name: 'Sorteos anteriores' }));
    const list = within(await drawer());
    await waitFor(() => expect(list.getByTestId('ctw-archive-11')).toBeTruthy());
    expect(list.getByText('Ganadores: Brave Fox, Calm Owl, Jolly Seal')).toBeTruthy();
    expect(list.getByText('Sin ganadores: nadie se clasificó.')).toBeTruthy();
    expect(list.getAllByTestId('ctw-verdict').map((verdict) => verdict.textContent)).toEqual([
      'Verificado',
      'No coincide: este sorteo no se puede verificar',
    ]);
  });
});
