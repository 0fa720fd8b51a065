// Loads fake-indexeddb before Dexie is imported.
import '../../data/dataTestKit';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Promo } from '../../../../src/api/client';
import { listOfflineEarn } from '../../../../src/data/offlineQueues';
import { writeCachedResource } from '../../../../src/data/resourceCache';
import { activateLocale } from '../../../../src/i18n/i18n';
import { fakeFetch, type Answer } from '../fakeFetch';
import { renderApp } from '../renderApp';
import { storedCredentials } from '../../data/dataTestKit';
import { keyPattern, noAnswer, requests, resetData, scope, setOnline, signIn } from '../rewards/dataHarness';

const stored = storedCredentials();
const code = 'Ab3dEf6hIj9kLm0p';

const promos: Promo[] = [
  {
    id: 1,
    type: 'EARN',
    title: 'Take the partner survey',
    description: 'Five minutes about your neighbourhood.',
    imageUrl: 'https://cdn.example.org/survey.png',
    url: 'https://partner.example.org/survey',
    pips: 5,
    limit: 'unlimited',
    available: true,
  },
  { id: 2, type: 'EARN', title: 'Follow us', url: null, pips: 1, limit: 'daily', available: true },
  { id: 3, type: 'EARN', title: 'Play the daily trivia', pips: 2, redirectToInternalScreen: '/trivia/individual', completedBy: 'triviaAnswer', available: true },
  { id: 8, type: 'EARN', title: 'See the contests', pips: 1, redirectToInternalScreen: '/trivia/individual', completedBy: null, available: true },
  { id: 4, type: 'EARN', title: 'Welcome bonus', pips: 20, limit: 'once', available: false },
  { id: 5, type: 'EARN', title: 'Daily check-in', pips: 1, limit: 'daily', available: false },
  { id: 6, type: 'EARN', title: 'Tell us about you', pips: 3, questionnaireUrl: '/forms/9', available: true },
  { id: 7, type: 'EARN', title: 'Street survey', pips: 4, limit: 'daily', questionnaireUrl: '/forms/4', available: false },
];

/** The server: the earn promos and whatever the test adds. */
function serve(routes: Record<string, Answer> = {}) {
  return fakeFetch({ 'GET /mobile/promos/get': { data: { promos } }, ...routes });
}

/** The earn screen of the signed-in member, once its heading shows. */
async function renderEarn(path = '/earn') {
  const view = await renderApp({ path });
  await screen.findByRole('heading', { level: 1, name: 'Earn' });
  return view;
}

const card = (title: string) => screen.getByRole('article', { name: title });

/** A tab as window.open returns it. */
function fakeTab() {
  return { opener: {} as unknown, closed: false, location: { href: 'about:blank' }, close: vi.fn() };
}

// The scanner is a lazily loaded chunk: transform it once, so each test's lazy import is quick.
beforeAll(() => import('../../../../src/screens/earn/EarnQRScanner'), 30_000);

beforeEach(() => void signIn());
afterEach(resetData);

describe('EarnScreen: the cards and the list', () => {
  it("the Chance to Win card tells of the current draw's prize and threshold", async () => {
    serve({
      'GET /mobile/contest/chancetowin': {
        data: {
          id: 3,
          name: 'Autumn draw',
          prize: 'A bicycle',
          thresholdInPips: 20,
          earnedPips: 4,
          startDate: '2026-09-01T00:00:00.000Z',
          drawingDate: '2099-01-01T00:00:00.000Z',
          winners: [],
          players: [],
          lastContest: null,
        },
      },
    });
    await renderEarn();
    const chance = screen.getByRole('link', { name: /Chance to Win/ });
    expect((await within(chance).findByTestId('earn-chance-to-win-prize')).textContent).toBe('A chance to win A bicycle with 20 pips');
  });

  it('shows the trivia and Chance to Win cards and every earn action with its pips and what to do', async () => {
    const sent = serve();
    await renderEarn();

    expect(screen.getByRole('heading', { level: 1, name: 'Earn' })).toBeTruthy();
    const trivia = screen.getByRole('link', { name: /Trivia/ });
    expect(trivia.getAttribute('href')).toBe('/trivia/individual');
    expect(within(trivia).getByText('1+ pips')).toBeTruthy();
    const chance = screen.getByRole('link', { name: /Chance to Win/ });
    expect(chance.getAttribute('href')).toBe('/chance-to-win');
    // The draw gives a chance at its prize, not pips.
    expect(within(chance).getByText('Prize draw')).toBeTruthy();
    expect(within(chance).queryByText(/\d\+ pips/)).toBeNull();
    // each card with the icon of its Home tile, hidden from screen readers
    const forms = screen.getByRole('link', { name: /^Forms/ });
    expect([trivia, chance, forms].map((card) => card.querySelector('[aria-hidden] svg')?.getAttribute('class'))).toEqual([
      expect.stringContaining('tabler-icon-bulb'),
      expect.stringContaining('tabler-icon-trophy'),
      expect.stringContaining('tabler-icon-clipboard-list'),
    ]);
    expect(screen.getByRole('button', { name: 'Scan a QR code' }).getAttribute('aria-expanded')).toBe('false');

    const survey = await screen.findByRole('article', { name: 'Take the partner survey' });
    expect(within(survey).getByText('Five minutes about your neighbourhood.')).toBeTruthy();
    expect(within(survey).getByText('+5 pips')).toBeTruthy();
    const image = survey.querySelector('img');
    expect(image?.getAttribute('src')).toBe('https://cdn.example.org/survey.png');
    // A 64 px tile whatever the image's own size: the card never shifts while it loads.
    expect([image?.getAttribute('width'), image?.getAttribute('height'), image?.style.width, image?.style.height]).toEqual(['64', '64', '64px', '64px']);
    expect(within(survey).getByRole('button', { name: 'Earn' })).toBeTruthy();
    expect(within(survey).queryByRole('link', { name: 'Answer the questionnaire' })).toBeNull();

    const follow = card('Follow us');
    expect(follow.querySelector('img')).toBeNull();
    expect(within(follow).getByTestId('promo-image-placeholder').style.width).toBe('64px');
    expect(within(follow).getByText('+1 pip')).toBeTruthy();
    expect(within(follow).getByRole('button', { name: 'Earn' })).toBeTruthy();
    expect(within(follow).queryByRole('link')).toBeNull();

    // Completed in the app: Start leads there (answering pays); no Earn button.
    expect(within(card('Play the daily trivia')).getByRole('link', { name: 'Start' }).getAttribute('href')).toBe('/trivia/individual');
    expect(within(card('Play the daily trivia')).queryByRole('button', { name: 'Earn' })).toBeNull();
    // A screen with no completion would never pay there: the Earn button pays, a link leads there.
    expect(within(card('See the contests')).getByRole('button', { name: 'Earn' })).toBeTruthy();
    expect(within(card('See the contests')).getByRole('link', { name: 'Go there' }).getAttribute('href')).toBe('/trivia/individual');
    expect(within(card('See the contests')).queryByRole('link', { name: 'Start' })).toBeNull();
    expect(within(card('Tell us about you')).getByRole('link', { name: 'Answer the questionnaire' }).getAttribute('href')).toBe('/forms/9');
    expect(within(card('Tell us about you')).queryByRole('button', { name: 'Earn' })).toBeNull();
    // An answered questionnaire is earned, whatever the promo's limit says.
    expect((within(card('Street survey')).getByRole('button', { name: 'Earned' }) as HTMLButtonElement).disabled).toBe(true);

    const earned = within(card('Welcome bonus')).getByRole('button', { name: 'Earned' }) as HTMLButtonElement;
    expect(earned.disabled).toBe(true);
    const tomorrow = within(card('Daily check-in')).getByRole('button', { name: 'Come back tomorrow' }) as HTMLButtonElement;
    expect(tomorrow.disabled).toBe(true);

    expect(requests(sent, 'GET', '/mobile/promos/get')[0]).toMatchObject({ query: { type: 'EARN' }, headers: { authorization: stored.authToken } });
  });

  it('shows the saved actions when the network fails, and says they could not be refreshed', async () => {
    await writeCachedResource('earnPromos', scope, promos.slice(0, 1));
    fakeFetch({ 'GET /mobile/promos/get': noAnswer });
    await renderEarn();
    expect(await screen.findByRole('article', { name: 'Take the partner survey' })).toBeTruthy();
    expect(await screen.findByText('These are the actions saved on this device: they could not be refreshed.')).toBeTruthy();
    expect(screen.queryByText('Failed to fetch earn actions')).toBeNull();
  });

  it('says the list could not be fetched when nothing is saved, and tries again', async () => {
    let fail = true;
    serve({ 'GET /mobile/promos/get': () => (fail ? { status: 500, error: 'INTERNAL_ERROR' } : { data: { promos } }) });
    await renderEarn();
    expect(await screen.findByText('Failed to fetch earn actions')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Take the partner survey' })).toBeTruthy();
  });

  it('speaks Spanish, pips and plurals included', async () => {
    const sent = serve();
    await renderEarn();
    await act(() => activateLocale('es'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Formas de ganar' })).toBeTruthy();
    const survey = await screen.findByRole('article', { name: 'Take the partner survey' });
    expect(within(survey).getByText('+5 pips')).toBeTruthy();
    expect(within(survey).getByRole('button', { name: 'Ganar' })).toBeTruthy();
    expect(within(card('Follow us')).getByText('+1 pip')).toBeTruthy();
    expect(within(card('Daily check-in')).getByRole('button', { name: 'Vuelve mañana' })).toBeTruthy();
    // The promos are fetched again in the new language (the server localises them).
    expect(requests(sent, 'GET', '/mobile/promos/get').at(-1)?.headers['accept-language']).toBe('es');
  });

  it('says when there is nothing to earn', async () => {
    fakeFetch({ 'GET /mobile/promos/get': { data: { promos: [] } } });
    await renderEarn();
    expect(await screen.findByText('No other ways to earn right now. Come back soon.')).toBeTruthy();
  });

  it('highlights and scrolls to the action of /earn/{actionId}', async () => {
    serve();
    const scrolled = vi.fn();
    HTMLElement.prototype.scrollIntoView = scrolled;
    await renderEarn('/earn/2');
    const follow = await screen.findByRole('article', { name: 'Follow us' });
    expect(follow.getAttribute('aria-current')).toBe('true');
    expect(card('Take the partner survey').getAttribute('aria-current')).toBeNull();
    await waitFor(() => expect(scrolled).toHaveBeenCalled());
    expect(scrolled.mock.contexts[0]).toBe(follow);
  });

  it('says so when the action of /earn/{actionId} is gone', async () => {
    serve();
    await renderEarn('/earn/99');
    expect(await screen.findByText('This action is no longer available.')).toBeTruthy();
  });
});

/** The member's team contests as GET /mobile/contest/trivias lists them, and each one's question call. */
const contests = [
  { id: 1, name: 'Spring cup', assigned: true, status: 'running', teamName: 'Owls' },
  { id: 2, name: 'Autumn cup', assigned: false, status: 'running', teamName: null },
  { id: 3, name: 'Winter cup', assigned: true, status: 'ended', teamName: 'Foxes' },
];
const aQuestion = { data: { id: 10, text: 'Largest ocean?', answers: [{ id: 1, text: 'Pacific' }, { id: 2, text: 'Atlantic' }] } };
const noneLeft: Answer = { status: 404, error: 'NO_AVAILABLE_QUESTIONS' };

describe('EarnScreen: the trivia card says which contests still have questions', () => {
  const triviaCard = () => screen.getByRole('link', { name: /^Trivia/ });

  it('names the running contests whose question call still gives a question, never an ended one', async () => {
    const sent = serve({
      'GET /mobile/contest/trivias': { data: { contests } },
      'GET /mobile/contest/trivia/1/question': aQuestion,
      'GET /mobile/contest/trivia/2/question': aQuestion,
    });
    await renderEarn();
    await waitFor(() => expect(within(triviaCard()).getByTestId('earn-trivia-contests').textContent).toBe('Questions waiting in Spring cup and Autumn cup'));
    expect(requests(sent, 'GET', '/mobile/contest/trivia/3/question')).toEqual([]);
  });

  it('leaves out a contest the member has answered', async () => {
    serve({
      'GET /mobile/contest/trivias': { data: { contests } },
      'GET /mobile/contest/trivia/1/question': noneLeft,
      'GET /mobile/contest/trivia/2/question': aQuestion,
    });
    await renderEarn();
    await waitFor(() => expect(within(triviaCard()).getByTestId('earn-trivia-contests').textContent).toBe('Questions waiting in Autumn cup'));
  });

  it('says every contest is answered when none has a question left, in Spanish too', async () => {
    serve({
      'GET /mobile/contest/trivias': { data: { contests } },
      'GET /mobile/contest/trivia/1/question': noneLeft,
      'GET /mobile/contest/trivia/2/question': noneLeft,
    });
    await renderEarn();
    expect(await within(triviaCard()).findByText('You answered every team contest.')).toBeTruthy();
    await act(() => activateLocale('es'));
    expect(await screen.findByText('Respondiste todos los concursos por equipos.')).toBeTruthy();
  });
});

describe('EarnScreen: earning an action', () => {
  it('opens a tab inside the click, shows the page in it once earned, and refreshes the pips', async () => {
    const sent = serve({ 'POST /mobile/earn': { data: { pipsEarned: 5, availablePips: 15, url: 'https://partner.example.org/survey?member=7' } } });
    const tab = fakeTab();
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    await renderEarn();
    const survey = await screen.findByRole('article', { name: 'Take the partner survey' });

    fireEvent.click(within(survey).getByRole('button', { name: 'Earn' }));
    // In the click itself: the only moment a browser allows a new tab.
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();

    expect(await screen.findByText('You earned 5 pips.')).toBeTruthy();
    expect(tab.location.href).toBe('https://partner.example.org/survey?member=7');
    const [earn] = requests(sent, 'POST', '/mobile/earn');
    expect(earn.form.pid).toBe('1');
    expect(earn.form.idempotencyKey).toMatch(keyPattern);
    // refreshPips: the list is fetched again (availability may have changed).
    await waitFor(() => expect(requests(sent, 'GET', '/mobile/promos/get')).toHaveLength(2));
  });

  it('opens no tab for an action without a page', async () => {
    serve({ 'POST /mobile/earn': { data: { pipsEarned: 1, availablePips: 11 } } });
    const open = vi.spyOn(window, 'open');
    await renderEarn();
    fireEvent.click(within(await screen.findByRole('article', { name: 'Follow us' })).getByRole('button', { name: 'Earn' }));
    expect(await screen.findByText('You earned 1 pip.')).toBeTruthy();
    expect(open).not.toHaveBeenCalled();
  });

  it.each([
    ['ALREADY_EARNED', 'You already earned the pips of this action.'],
    ['ALREADY_EARNED_TODAY', 'You already earned these pips today. Come back tomorrow.'],
    ['NOT_FOUND', 'This action is no longer available.'],
    ['ACCOUNT_SUSPENDED', 'Your account is suspended: you can see your pips and history, but not earn or redeem. Ask your community for help.'],
    ['INTERNAL_ERROR', 'Please try again.'],
  ])('closes the tab and explains %s', async (error, text) => {
    serve({ 'POST /mobile/earn': { status: error === 'INTERNAL_ERROR' ? 500 : 409, error } });
    const tab = fakeTab();
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    await renderEarn();
    fireEvent.click(within(await screen.findByRole('article', { name: 'Take the partner survey' })).getByRole('button', { name: 'Earn' }));
    expect(await screen.findByText(text)).toBeTruthy();
    expect(tab.close).toHaveBeenCalled();
  });

  it('says the feature is not available offline when the request gets no answer', async () => {
    serve({ 'POST /mobile/earn': noAnswer });
    await renderEarn();
    fireEvent.click(within(await screen.findByRole('article', { name: 'Follow us' })).getByRole('button', { name: 'Earn' }));
    expect(await screen.findByText('This feature is not available offline. Please check your internet connection and try again.')).toBeTruthy();
  });

  it('keeps the key of a lost answer for the next try of that action, even after leaving the screen', async () => {
    let answered = false;
    const sent = serve({
      'POST /mobile/earn': () => (answered ? { data: { pipsEarned: 1, availablePips: 1 } } : noAnswer()),
    });
    const earnFollowUs = async () =>
      fireEvent.click(within(await screen.findByRole('article', { name: 'Follow us' })).getByRole('button', { name: 'Earn' }));
    await renderEarn();
    await earnFollowUs();
    expect(await screen.findByText('This feature is not available offline. Please check your internet connection and try again.')).toBeTruthy();
    cleanup();

    answered = true;
    await renderEarn();
    await earnFollowUs();
    expect(await screen.findByText('You earned 1 pip.')).toBeTruthy();
    const keys = requests(sent, 'POST', '/mobile/earn').map((post) => post.form.idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    // Answered: the next earn of it is a new one.
    expect(sessionStorage.getItem('pips.unresolvedWrites')).toBeNull();
  });

  it('sends nothing and opens no tab when offline', async () => {
    const sent = serve();
    const open = vi.spyOn(window, 'open');
    await renderEarn();
    const survey = await screen.findByRole('article', { name: 'Take the partner survey' });
    setOnline(false);
    fireEvent.click(within(survey).getByRole('button', { name: 'Earn' }));
    expect(await screen.findByText('This feature is not available offline. Please check your internet connection and try again.')).toBeTruthy();
    expect(open).not.toHaveBeenCalled();
    expect(requests(sent, 'POST', '/mobile/earn')).toEqual([]);
  });
});

describe('EarnScreen: earn QR codes', () => {
  const qrRoutes = (earnQr: Answer): Record<string, Answer> => ({
    'POST /api/tokenize': ({ form }) => (form.tokenType === 'qrParams' ? { data: { token: `token-for-${form.qrParam}` } } : { status: 400, error: 'VALIDATION_ERROR' }),
    'POST /mobile/earn/qr/post': earnQr,
  });

  it('opens the scanner in its own chunk, with the photo fallback when there is no camera', async () => {
    serve();
    await renderEarn();
    const toggle = screen.getByRole('button', { name: 'Scan a QR code' });
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    // happy-dom has no camera.
    expect(await screen.findByText('The camera is off')).toBeTruthy();
    // The message stands alone: no empty camera box.
    expect(screen.queryByLabelText('Camera preview')).toBeNull();
    expect(screen.getByRole('button', { name: 'Choose a photo' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close the scanner' }));
    expect(screen.queryByLabelText('Camera preview')).toBeNull();
  });

  it('earns the code of an /earn?qr= link at once, shows the pips, and drops the code from the address', async () => {
    const sent = serve(qrRoutes({ data: { title: 'Park clean-up', pipsEarned: 10, availablePips: 25 } }));
    // Hold the scan until the list has loaded, so the refresh after the credit is a new fetch.
    let listShown!: () => void;
    const gate = new Promise<void>((resolve) => (listShown = resolve));
    const server = globalThis.fetch;
    vi.stubGlobal('fetch', async (request: Request) => {
      if (new URL(request.url).pathname === '/api/tokenize') await gate;
      return server(request);
    });
    const { location } = await renderEarn(`/earn?qr=${code}`);
    await screen.findByRole('article', { name: 'Take the partner survey' });
    listShown();
    const result = await screen.findByTestId('earn-qr-result');
    expect(within(result).getByText('You earned 10 pips.')).toBeTruthy();
    expect(within(result).getByText('Park clean-up')).toBeTruthy();
    // The result says it all: no generic 'Code accepted.' and no camera box.
    expect(screen.queryByText('Code accepted.')).toBeNull();
    expect(screen.queryByLabelText('Camera preview')).toBeNull();
    // The way on: the next code, in the same words as after a refused one.
    expect(screen.getByRole('button', { name: 'Scan another code' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Scan with the camera' })).toBeNull();
    expect(location.history?.at(-1)).toBe('/earn');

    const [tokenize] = requests(sent, 'POST', '/api/tokenize');
    expect(tokenize.form).toMatchObject({ tokenType: 'qrParams', qrParam: code });
    const earnQr = requests(sent, 'POST', '/mobile/earn/qr/post');
    expect(earnQr).toHaveLength(1);
    expect(earnQr[0].query.qrToken).toBe(`token-for-${code}`);
    expect(earnQr[0].query.idempotencyKey).toMatch(keyPattern);
    await waitFor(() => expect(requests(sent, 'GET', '/mobile/promos/get')).toHaveLength(2));
  });

  it.each([
    ['ALREADY_EARNED', 'Already earned', 'You already scanned this code.', 'Scan another code'],
    ['ALREADY_EARNED_TODAY', 'Already earned', 'You already earned these pips today. Come back tomorrow.', 'Scan another code'],
    ['QR_CODE_EXPIRED', 'This code gives no pips', 'This code has expired.', 'Scan another code'],
    ['QR_CODE_NOT_YET_VALID', 'This code gives no pips', 'This code is not active yet. Please try again later.', 'Scan another code'],
    ['QR_CODE_EXHAUSTED', 'This code gives no pips', 'This code has been used up: no pips are left on it.', 'Scan another code'],
    ['INVALID_TOKEN', 'This code gives no pips', 'This is not an earn code.', 'Scan another code'],
    ['ACCOUNT_SUSPENDED', 'Account suspended', 'Your account is suspended: you can see your pips and history, but not earn or redeem. Ask your community for help.', 'Scan another code'],
    ['INTERNAL_ERROR', 'Uh-oh, something went wrong', 'Please try again.', 'Try again'],
  ])('says what became of the code for %s', async (error, title, text, retry) => {
    serve(qrRoutes({ status: error === 'INTERNAL_ERROR' ? 500 : 409, error }));
    await renderEarn(`/earn?qr=${code}`);
    const alert = await screen.findByTestId('qr-rejection');
    expect(within(alert).getByText(title)).toBeTruthy();
    expect(within(alert).getByText(text)).toBeTruthy();
    // An answer (the code was read) is not dressed as a failure, and a failure is not an answer.
    expect(screen.queryAllByText('Uh-oh, something went wrong')).toHaveLength(title === 'Uh-oh, something went wrong' ? 1 : 0);
    expect(screen.getByRole('button', { name: retry })).toBeTruthy();
    expect(screen.queryByRole('button', { name: retry === 'Try again' ? 'Scan another code' : 'Try again' })).toBeNull();
  });

  it('never sends a link that holds no earn code', async () => {
    const sent = serve(qrRoutes({ data: { title: 'x', pipsEarned: 1, availablePips: 1 } }));
    await renderEarn('/earn?qr=%3Cscript%3E');
    expect(await screen.findByText('This is not an earn code.')).toBeTruthy();
    expect(requests(sent, 'POST', '/api/tokenize')).toEqual([]);
  });

  it('queues the scan offline, says it will be sent later and lists it as pending', async () => {
    setOnline(false);
    const sent = serve(qrRoutes({ data: { title: 'x', pipsEarned: 1, availablePips: 1 } }));
    await renderEarn(`/earn?qr=${code}`);
    expect(await screen.findByText('You are offline. Your scan will be sent when you are back online.')).toBeTruthy();
    // Saved, not accepted: the generic 'Code accepted.' would say the pips are there.
    expect(screen.queryByText('Code accepted.')).toBeNull();
    const pending = await screen.findByRole('region', { name: 'Waiting to be sent' });
    expect(within(pending).getByText('QR code scan')).toBeTruthy();
    expect(within(pending).getByText('Pending')).toBeTruthy();
    expect(within(pending).getByText('just now')).toBeTruthy();
    expect(requests(sent, 'POST', '/api/tokenize')).toEqual([]);
    expect(requests(sent, 'POST', '/mobile/earn/qr/post')).toEqual([]);
    expect(await listOfflineEarn(7)).toEqual([
      expect.objectContaining({ type: 'qr', metadata: { qrParam: code }, idempotencyKey: expect.stringMatching(keyPattern), userId: 7 }),
    ]);
  });

  it('sends the queued scan when the network is back, under its key, and the pending list empties', async () => {
    setOnline(false);
    const sent = serve(qrRoutes({ data: { title: 'Park clean-up', pipsEarned: 10, availablePips: 25 } }));
    await renderEarn(`/earn?qr=${code}`);
    await screen.findByRole('region', { name: 'Waiting to be sent' });
    const [queued] = await listOfflineEarn(7);

    setOnline(true);
    expect(await screen.findByText("You're back online.")).toBeTruthy();
    expect(await screen.findByText('1 offline action synced.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Waiting to be sent' })).toBeNull());
    expect(requests(sent, 'POST', '/api/tokenize').map((r) => r.form.qrParam)).toEqual([code]);
    expect(requests(sent, 'POST', '/mobile/earn/qr/post').map((r) => r.query)).toEqual([
      { qrToken: `token-for-${code}`, idempotencyKey: queued.idempotencyKey },
    ]);
    expect(await listOfflineEarn(7)).toEqual([]);
  });

  it('queues the scan when the network drops during the scan', async () => {
    serve(qrRoutes(noAnswer));
    await renderEarn(`/earn?qr=${code}`);
    expect(await screen.findByText('You are offline. Your scan will be sent when you are back online.')).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'Waiting to be sent' })).toBeTruthy();
  });
});
