// Loads fake-indexeddb before Dexie is imported.
import '../../data/dataTestKit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { fakeFetch, requests, type Answer } from '../fakeFetch';
import { renderApp } from '../renderApp';
import { resetData, signIn } from '../rewards/dataHarness';

const DAY = 86_400_000;

/** The member's team contests as GET /mobile/contest/trivias lists them. */
const contests = [
  { id: 1, name: 'Spring cup', assigned: true, status: 'running', teamName: 'Owls' },
  { id: 2, name: 'Autumn cup', assigned: true, status: 'running', teamName: 'Foxes' },
  { id: 3, name: 'Winter cup', assigned: true, status: 'ended', teamName: 'Seals' },
  { id: 4, name: 'Summer cup', assigned: false, status: 'upcoming', startsAt: '2099-06-01T12:00:00.000Z', teamName: null },
];
const aQuestion: Answer = { data: { id: 10, text: 'Largest ocean?', answers: [{ id: 1, text: 'Pacific' }, { id: 2, text: 'Atlantic' }] } };
const noneLeft: Answer = { status: 404, error: 'NO_AVAILABLE_QUESTIONS' };

const drawingDate = new Date(Date.now() + 3 * DAY).toISOString();
const draw = (earnedPips: number): Answer => ({
  data: {
    id: 12,
    name: 'Autumn draw',
    prize: 'A bicycle',
    thresholdInPips: 20,
    earnedPips,
    startDate: new Date(Date.now() - DAY).toISOString(),
    drawingDate,
    winners: [],
    players: [],
    lastContest: null,
  },
});

function serve(routes: Record<string, Answer> = {}) {
  return fakeFetch({
    'GET /mobile/contest/trivias': { data: { contests } },
    'GET /mobile/contest/trivia/1/question': noneLeft,
    'GET /mobile/contest/trivia/2/question': aQuestion,
    'GET /mobile/contest/chancetowin': draw(8),
    ...routes,
  });
}

const card = (testId: string) => screen.getByTestId(testId);
const longDate = (iso: string, locale: string) => new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric' }).format(new Date(iso));

beforeEach(() => void signIn());
afterEach(resetData);

describe('ContestsScreen', () => {
  it('lists the question of the day, each team contest and Chance to Win with their state, each opening its screen', async () => {
    const sent = serve();
    await renderApp({ path: '/contests' });
    await screen.findByRole('heading', { level: 1, name: 'Contests' });
    await waitFor(() => expect(card('contest-team-1').dataset.state).toBe('answered'));
    await waitFor(() => expect(card('contest-chance-to-win').dataset.state).toBe('earning'));

    const daily = card('contest-daily');
    expect(daily.dataset.state).toBe('new');
    expect(daily.getAttribute('href')).toBe('/trivia/individual/question');
    expect(within(daily).getByTestId('contest-state').textContent).toBe('New');

    expect(within(card('contest-team-1')).getByTestId('contest-state').textContent).toBe('Answered');
    expect(card('contest-team-2').dataset.state).toBe('open');
    expect(within(card('contest-team-2')).getByText('Your team: Foxes. Questions are waiting.')).toBeTruthy();
    expect(card('contest-team-2').getAttribute('href')).toBe('/trivia/contest/2');
    expect(within(card('contest-team-3')).getByTestId('contest-state').textContent).toBe('Ended');
    expect(within(card('contest-team-4')).getByText(`A team contest starting on ${longDate(contests[3].startsAt!, 'en-US')}.`)).toBeTruthy();

    const chance = card('contest-chance-to-win');
    expect(chance.getAttribute('href')).toBe('/chance-to-win');
    expect(within(chance).getByText('Chance to Win: Autumn draw')).toBeTruthy();
    expect(within(chance).getByText(`12 more pips for a chance to win A bicycle, drawing on ${longDate(drawingDate, 'en-US')}.`)).toBeTruthy();
    // The screen asks for nothing the actors did not already load: no question of the day, one list, one draw.
    expect(requests(sent, 'GET', '/mobile/contest/trivia/individual/question')).toEqual([]);
    expect(requests(sent, 'GET', '/mobile/contest/trivias')).toHaveLength(1);
  });

  it('shows a qualified member as qualified, with the drawing date, in Spanish', async () => {
    serve({ 'GET /mobile/contest/chancetowin': draw(37) });
    await renderApp({ path: '/contests', language: 'es' });
    await screen.findByRole('heading', { level: 1, name: 'Concursos' });
    await waitFor(() => expect(card('contest-chance-to-win').dataset.state).toBe('qualified'));
    const chance = card('contest-chance-to-win');
    expect(within(chance).getByTestId('contest-state').textContent).toBe('Clasificado');
    expect(within(chance).getByText(`Estás en el sorteo, que será el ${longDate(drawingDate, 'es-419')}.`)).toBeTruthy();
  });

  it('sits under Earn with a link back home', async () => {
    serve();
    await renderApp({ path: '/contests' });
    const back = await screen.findByTestId('back-link');
    expect(back.getAttribute('href')).toBe('/home');
    // The sections come once the stored session is read as verified.
    const sectionNavs = await waitFor(() => {
      const navs = screen.getAllByRole('navigation', { name: 'Sections', hidden: true });
      expect(navs).toHaveLength(2);
      return navs;
    });
    for (const nav of sectionNavs) {
      expect(within(nav).getByRole('link', { name: 'Earn', hidden: true }).getAttribute('aria-current')).toBe('page');
    }
  });
});
