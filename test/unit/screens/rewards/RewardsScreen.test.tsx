// Loads fake-indexeddb before Dexie is imported.
import '../../data/dataTestKit';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { GiftCard, Transaction } from '../../../../src/api/client';
import { writeCachedResource, writeCachedTransaction } from '../../../../src/data/resourceCache';
import { fakeFetch } from '../fakeFetch';
import { renderApp } from '../renderApp';
import { noAnswer, requests, resetData, scope, signIn } from './dataHarness';

const giftCards: GiftCard[] = [
  { transactionId: 40, name: 'Cinema ticket', pips: 400, date: '2026-01-09T10:00:00Z', imageUrl: null },
  { transactionId: 41, name: 'Coffee voucher', pips: 250, date: '2026-03-05T12:00:00Z', imageUrl: 'https://cdn.example.org/coffee.png' },
  { transactionId: 39, name: 'Sticker pack', pips: 1, date: '2025-12-24T08:00:00Z' },
];

const coffee: Transaction = {
  transactionId: 41,
  name: 'Coffee voucher',
  description: 'A hot drink at any partner café.',
  imageUrl: 'https://cdn.example.org/coffee.png',
  pips: 250,
  date: '2026-03-05T12:00:00Z',
  code: 'CAFE-1234-XYZ',
  url: 'https://partner.example.org/claim',
  terms: 'Valid for 30 days.',
};

const renderRewards = () => renderApp({ path: '/rewards' });
const renderDetail = (id: number | string) => renderApp({ path: `/rewards/${id}` });
/** The links of the list (not the shell's). */
const rewardLinks = () => within(screen.getByRole('main')).getAllByRole('link').filter((link) => link.dataset.testid !== 'back-link');

function stubClipboard(writeText = vi.fn(async (_text: string) => {})) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  return writeText;
}

beforeEach(() => void signIn());
afterEach(resetData);

describe('RewardsScreen (My Rewards)', () => {
  it('lists the rewards newest first, with name, pips and date, each linking to its detail', async () => {
    const sent = fakeFetch({ 'GET /mobile/dashboard/giftcards': { data: { giftcards: giftCards, page: 1, size: 200, total: 3 } } });
    await renderRewards();

    expect(await screen.findByRole('heading', { level: 1, name: 'My rewards' })).toBeTruthy();
    await screen.findByText('Coffee voucher');
    const links = rewardLinks();
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/rewards/41', '/rewards/40', '/rewards/39']);
    expect(within(links[0]).getByRole('heading', { level: 2, name: 'Coffee voucher' })).toBeTruthy();
    expect(within(links[0]).getByText('March 5, 2026')).toBeTruthy();
    expect(within(links[0]).getByText(/Redeemed for 250 pips/)).toBeTruthy();
    expect(within(links[2]).getByText(/Redeemed for 1 pip\b/)).toBeTruthy();
    expect(within(links[1]).getByText('January 9, 2026')).toBeTruthy();
    expect(requests(sent, 'GET', '/mobile/dashboard/giftcards')[0].query).toEqual({ page: '1', size: '200' });
  });

  it('keeps the saved rewards on screen when the network fails', async () => {
    await writeCachedResource('giftCards', scope, giftCards.slice(0, 1));
    fakeFetch({ 'GET /mobile/dashboard/giftcards': noAnswer });
    await renderRewards();
    expect(await screen.findByRole('link', { name: /Cinema ticket/ })).toBeTruthy();
    expect(await screen.findByText('You are offline or the server did not answer: these are your saved rewards.')).toBeTruthy();
    expect(screen.queryByText('Failed to fetch user rewards')).toBeNull();
  });

  it('says the rewards could not be fetched when none are saved', async () => {
    fakeFetch({ 'GET /mobile/dashboard/giftcards': { status: 500, error: 'INTERNAL_ERROR' } });
    await renderRewards();
    expect(await screen.findByText('Failed to fetch user rewards')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('offline with nothing saved: says so calmly, no error and no button, and shows the rewards once back online', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    fakeFetch({ 'GET /mobile/dashboard/giftcards': noAnswer });
    await renderRewards();
    const notice = await screen.findByTestId('not-saved-offline');
    expect(notice.textContent).toBe("You're offlineThis is not saved on this device yet. It shows as soon as you're back online.");
    expect(screen.queryByText('Failed to fetch user rewards')).toBeNull();
    expect(within(screen.getByRole('main')).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();

    fakeFetch({ 'GET /mobile/dashboard/giftcards': { data: { giftcards: giftCards, page: 1, size: 200, total: 3 } } });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByRole('link', { name: /Coffee voucher/ })).toBeTruthy();
    expect(screen.queryByTestId('not-saved-offline')).toBeNull();
  });

  it('points to Redeem when there are no rewards yet', async () => {
    fakeFetch({ 'GET /mobile/dashboard/giftcards': { data: { giftcards: [], page: 1, size: 200, total: 0 } } });
    await renderRewards();
    expect(await screen.findByText('You have no rewards yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Redeem your pips for a reward' }).getAttribute('href')).toBe('/redeem');
  });
});

describe('RewardDetailScreen', () => {
  it('shows the reward with its code, and copies the code', async () => {
    const sent = fakeFetch({ 'POST /mobile/transaction': { data: coffee } });
    const writeText = stubClipboard();
    await renderDetail(41);

    expect(await screen.findByRole('heading', { level: 1, name: 'Coffee voucher' })).toBeTruthy();
    expect(screen.getByText('A hot drink at any partner café.')).toBeTruthy();
    expect(screen.getByText('March 5, 2026')).toBeTruthy();
    expect(screen.getByTestId('reward-code').textContent).toBe('CAFE-1234-XYZ');
    expect(requests(sent, 'POST', '/mobile/transaction')[0].form).toEqual({ id: '41' });

    fireEvent.click(screen.getByRole('button', { name: 'Copy code' }));
    expect(await screen.findByText('Code copied')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('CAFE-1234-XYZ');
  });

  it('says so when the code cannot be copied', async () => {
    fakeFetch({ 'POST /mobile/transaction': { data: coffee } });
    stubClipboard(vi.fn(async () => Promise.reject(new Error('denied'))));
    await renderDetail(41);
    fireEvent.click(await screen.findByRole('button', { name: 'Copy code' }));
    expect(await screen.findByText('Could not copy the code. Select it and copy it by hand.')).toBeTruthy();
  });

  it('opens the reward in a new tab, and Claim copies the code and opens it', async () => {
    fakeFetch({ 'POST /mobile/transaction': { data: coffee } });
    const writeText = stubClipboard();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    await renderDetail(41);

    const openLink = await screen.findByRole('link', { name: 'Open' });
    expect(openLink.getAttribute('href')).toBe('https://partner.example.org/claim');
    expect(openLink.getAttribute('target')).toBe('_blank');
    expect(openLink.getAttribute('rel')).toContain('noopener');

    fireEvent.click(screen.getByRole('button', { name: 'Claim' }));
    expect(open).toHaveBeenCalledWith('https://partner.example.org/claim', '_blank', 'noopener,noreferrer');
    expect(writeText).toHaveBeenCalledWith('CAFE-1234-XYZ');
  });

  it('never opens a link that is not a web address', async () => {
    fakeFetch({ 'POST /mobile/transaction': { data: { ...coffee, url: 'javascript:alert(1)' } } });
    await renderDetail(41);
    await screen.findByRole('heading', { level: 1, name: 'Coffee voucher' });
    expect(screen.queryByRole('link', { name: 'Open' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Claim' })).toBeNull();
  });

  it('says no code was found when the reward has none', async () => {
    fakeFetch({ 'POST /mobile/transaction': { data: { ...coffee, code: null } } });
    await renderDetail(41);
    expect(await screen.findByText('No code found, contact support.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Copy code' })).toBeNull();
  });

  it('keeps the terms and conditions folded until asked', async () => {
    fakeFetch({ 'POST /mobile/transaction': { data: coffee } });
    await renderDetail(41);
    const terms = await screen.findByRole('button', { name: 'Terms and conditions' });
    expect(terms.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(terms);
    expect(terms.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('Valid for 30 days.')).toBeTruthy();
  });

  it('shows the saved reward when the network fails', async () => {
    await writeCachedTransaction(scope, coffee);
    fakeFetch({ 'POST /mobile/transaction': noAnswer });
    await renderDetail(41);
    expect(await screen.findByRole('heading', { level: 1, name: 'Coffee voucher' })).toBeTruthy();
    expect(screen.getByTestId('reward-code').textContent).toBe('CAFE-1234-XYZ');
    expect(await screen.findByText('You are offline or the server did not answer: these are your saved rewards.')).toBeTruthy();
  });

  it('says the reward could not be fetched, or does not exist', async () => {
    fakeFetch({ 'POST /mobile/transaction': ({ form }) => (form.id === '404' ? { status: 404, error: 'NOT_FOUND' } : noAnswer()) });
    await renderDetail(41);
    expect(await screen.findByText('Failed to fetch user rewards')).toBeTruthy();
    await resetData();
    signIn();
    fakeFetch({ 'POST /mobile/transaction': { status: 404, error: 'NOT_FOUND' } });
    await renderDetail(404);
    expect(await screen.findByRole('heading', { level: 1, name: 'Reward not found' })).toBeTruthy();
  });

  it('refuses an id that is not a reward id without calling the server', async () => {
    const sent = fakeFetch({});
    await renderDetail('abc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Reward not found' })).toBeTruthy();
    await waitFor(() => expect(requests(sent, 'POST', '/mobile/transaction')).toEqual([]));
  });
});
