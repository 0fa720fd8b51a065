// Loads fake-indexeddb before Dexie is imported.
import '../../data/dataTestKit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Dashboard, Promo } from '../../../../src/api/client';
import { writeCachedResource } from '../../../../src/data/resourceCache';
import { fakeFetch, type Answer, type SentRequest } from '../fakeFetch';
import { renderApp } from '../renderApp';
import { keyPattern, noAnswer, requests, resetData, scope, setOnline, signIn } from '../rewards/dataHarness';

const rewards: Promo[] = [
  {
    id: 3,
    type: 'REDEEM',
    title: 'Coffee voucher',
    description: 'A hot drink at any partner café.',
    imageUrl: 'https://cdn.example.org/coffee.png',
    imageWidth: 640,
    imageHeight: 360,
    terms: 'Valid for 30 days. One per visit.',
    pips: 250,
    available: true,
    options: [
      { optId: 31, label: '$5 card', pips: 250, inStock: true },
      { optId: 32, label: '$10 card', pips: 500, inStock: true },
    ],
  },
  { id: 4, type: 'REDEEM', title: 'Cinema ticket', pips: 400, available: true, options: [{ optId: 41, label: 'One ticket', pips: 400, inStock: true }] },
  { id: 5, type: 'REDEEM', title: 'Headphones', pips: 100, available: false, options: [{ optId: 51, label: 'Standard', pips: 100, inStock: false }] },
];

const dashboard = (availablePips: number): Dashboard => ({ availablePips, totalEarnedPips: 500, totalUsedPips: 500 - availablePips, actions: [] });

/** The server: the rewards, a balance of 300 pips, and whatever the test adds. */
function serve(routes: Record<string, Answer> = {}) {
  return fakeFetch({
    'GET /mobile/promos/get': { data: { promos: rewards } },
    'GET /mobile/dashboard': { data: dashboard(300) },
    ...routes,
  });
}

const renderRedeem = (path = '/redeem') => renderApp({ path });

const redeemPosts = (sent: SentRequest[]) => requests(sent, 'POST', '/mobile/redeem');

/** Opens /redeem/3, waits for the balance, and opens the confirm dialog for the $5 card. */
async function openConfirmation() {
  const view = await renderRedeem('/redeem/3');
  await screen.findByText('You have 300 pips');
  fireEvent.click(screen.getByRole('button', { name: 'Redeem' }));
  const dialog = await screen.findByRole('dialog', { name: 'Confirm redemption' });
  return { ...view, dialog };
}

beforeEach(() => void signIn());
afterEach(resetData);

describe('RedeemScreen: the list', () => {
  it('shows every reward with its image, price, stock and the pips still needed', async () => {
    const sent = serve();
    await renderRedeem();

    expect(await screen.findByRole('heading', { level: 1, name: 'Redeem' })).toBeTruthy();
    expect(await screen.findByText('You have 300 pips')).toBeTruthy();

    const coffee = await screen.findByRole('link', { name: /Coffee voucher/ });
    expect(coffee.getAttribute('href')).toBe('/redeem/3');
    expect(within(coffee).getByRole('heading', { level: 2, name: 'Coffee voucher' })).toBeTruthy();
    const image = coffee.querySelector('img');
    expect(image?.getAttribute('src')).toBe('https://cdn.example.org/coffee.png');
    // Its size from the server, so the card keeps its box while it loads.
    expect([image?.getAttribute('width'), image?.getAttribute('height')]).toEqual(['640', '360']);
    expect(image?.style.height).toBe('120px');
    expect(within(coffee).getByText('From 250 pips')).toBeTruthy();
    expect(within(coffee).queryByText(/more pip/)).toBeNull();

    const cinema = screen.getByRole('link', { name: /Cinema ticket/ });
    // No image: the tinted placeholder with the Redeem icon, as tall as an image would be.
    expect(cinema.querySelector('img')).toBeNull();
    const placeholder = within(cinema).getByTestId('promo-image-placeholder');
    expect(placeholder.getAttribute('aria-hidden')).toBe('true');
    expect(placeholder.style.height).toBe('120px');
    expect(placeholder.querySelector('svg')).not.toBeNull();
    expect(within(cinema).getByText('Price: 400 pips')).toBeTruthy();
    expect(within(cinema).getByText('You need 100 more pips')).toBeTruthy();
    // How far the member is, not an error: never in the error's red.
    expect(within(cinema).getByTestId('redeem-need-more').getAttribute('style') ?? '').not.toMatch(/red/);

    const headphones = screen.getByRole('link', { name: /Headphones/ });
    expect(within(headphones).getByText('Out of stock')).toBeTruthy();
    expect(within(headphones).queryByText(/more pip/)).toBeNull();

    expect(requests(sent, 'GET', '/mobile/promos/get')[0]).toMatchObject({ query: { type: 'REDEEM' } });
  });

  it('keeps the saved rewards when the network fails', async () => {
    await writeCachedResource('redeemPromos', scope, rewards.slice(1, 2));
    await writeCachedResource('dashboard', scope, dashboard(1000));
    fakeFetch({ 'GET /mobile/promos/get': noAnswer, 'GET /mobile/dashboard': noAnswer });
    await renderRedeem();
    expect(await screen.findByRole('link', { name: /Cinema ticket/ })).toBeTruthy();
    expect(screen.getByText('You have 1,000 pips')).toBeTruthy();
    expect(screen.queryByText('Failed to fetch rewards')).toBeNull();
  });

  it('says the rewards could not be fetched when none are saved, and tries again', async () => {
    let down = true;
    serve({ 'GET /mobile/promos/get': () => (down ? noAnswer() : { data: { promos: rewards } }) });
    await renderRedeem();
    expect(await screen.findByText('Failed to fetch rewards')).toBeTruthy();
    down = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /Coffee voucher/ })).toBeTruthy();
  });
});

describe('RedeemScreen: one reward', () => {
  it('shows the description, the options with their price, the terms, and the pips still needed', async () => {
    serve();
    await renderRedeem('/redeem/3');

    expect(await screen.findByRole('heading', { level: 1, name: 'Coffee voucher' })).toBeTruthy();
    expect(screen.getByText('A hot drink at any partner café.')).toBeTruthy();
    const five = screen.getByRole('radio', { name: '$5 card' }) as HTMLInputElement;
    const ten = screen.getByRole('radio', { name: '$10 card' }) as HTMLInputElement;
    expect(five.checked).toBe(true);
    expect(screen.getByText('Price: 500 pips')).toBeTruthy();
    await screen.findByText('You have 300 pips');
    const redeem = screen.getByRole('button', { name: 'Redeem' }) as HTMLButtonElement;
    expect(redeem.disabled).toBe(false);

    fireEvent.click(ten);
    expect(await screen.findByText('You need 200 more pips')).toBeTruthy();
    expect(screen.getByTestId('redeem-need-more').getAttribute('style') ?? '').not.toMatch(/red/);
    expect(redeem.disabled).toBe(true);
    fireEvent.click(five);
    await waitFor(() => expect(screen.queryByText('You need 200 more pips')).toBeNull());
    expect(redeem.disabled).toBe(false);

    const terms = screen.getByRole('button', { name: 'Terms and conditions' });
    expect(terms.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(terms);
    expect(terms.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('Valid for 30 days. One per visit.')).toBeTruthy();
  });

  it('cannot redeem a reward that is out of stock', async () => {
    serve();
    await renderRedeem('/redeem/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Headphones' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Standard' }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Redeem' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('cannot redeem while the balance is unknown, and says why', async () => {
    serve({ 'GET /mobile/dashboard': noAnswer });
    await renderRedeem('/redeem/3');
    expect(await screen.findByText('Your pips balance could not be loaded.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Redeem' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says when the reward does not exist', async () => {
    serve();
    await renderRedeem('/redeem/99');
    expect(await screen.findByRole('heading', { level: 1, name: 'Reward not found' })).toBeTruthy();
    expect(screen.getByTestId('back-link').getAttribute('href')).toBe('/redeem');
    expect(screen.getByTestId('back-link').textContent).toBe('All rewards');
  });
});

describe('RedeemScreen: redeeming', () => {
  it('shows the current balance, the cost and the remaining balance; cancel sends nothing', async () => {
    const sent = serve();
    const { dialog } = await openConfirmation();
    expect(within(dialog).getByText('$5 card', { exact: false })).toBeTruthy();
    expect(within(dialog).getByRole('rowheader', { name: 'Current balance' })).toBeTruthy();
    expect(within(dialog).getByTestId('confirm-balance').textContent).toBe('300');
    expect(within(dialog).getByTestId('confirm-cost').textContent).toBe('−250');
    expect(within(dialog).getByTestId('confirm-remaining').textContent).toBe('50');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(redeemPosts(sent)).toEqual([]);
  });

  it('redeems once confirmed, refreshes the pips and shows the new reward', async () => {
    const sent = serve({ 'POST /mobile/redeem': { data: { transactionId: 41, availablePips: 50 } } });
    const { dialog, location } = await openConfirmation();
    const dashboardLoads = requests(sent, 'GET', '/mobile/dashboard').length;

    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/rewards/41'));
    expect(await screen.findByText('Reward redeemed! Your code is in My Rewards.')).toBeTruthy();

    const [post] = redeemPosts(sent);
    expect(redeemPosts(sent)).toHaveLength(1);
    expect(post.form).toMatchObject({ pid: '3', optId: '31', amount: '1' });
    expect(post.form.idempotencyKey).toMatch(keyPattern);
    await waitFor(() => expect(requests(sent, 'GET', '/mobile/dashboard').length).toBeGreaterThan(dashboardLoads));
  });

  it('says no code was found when the reward ran out, offers no retry, and reloads the stock', async () => {
    const sent = serve({ 'POST /mobile/redeem': { status: 409, error: 'OUT_OF_STOCK' } });
    const { dialog } = await openConfirmation();
    const promoLoads = requests(sent, 'GET', '/mobile/promos/get').length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('No code found, contact support.')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Try again' })).toBeNull();
    await waitFor(() => expect(requests(sent, 'GET', '/mobile/promos/get').length).toBeGreaterThan(promoLoads));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('tells how many more pips are needed when the server refuses for the balance', async () => {
    let balance = 300;
    serve({
      'GET /mobile/dashboard': () => ({ data: dashboard(balance) }),
      'POST /mobile/redeem': { status: 400, error: 'INSUFFICIENT_PIPS' },
    });
    const { dialog } = await openConfirmation();
    balance = 200; // spent on another device: the refreshed balance tells how many are missing
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('You need 50 more pips')).toBeTruthy();
  });

  it('shows the failure, and a retry sends the same idempotency key', async () => {
    let attempt = 0;
    const sent = serve({
      'POST /mobile/redeem': () => (++attempt === 1 ? { status: 500, error: 'INTERNAL_ERROR' } : { data: { transactionId: 42, availablePips: 50 } }),
    });
    const { dialog, location } = await openConfirmation();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('Error: failed to redeem reward')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/rewards/42'));
    const [first, second] = redeemPosts(sent);
    expect(second.form.idempotencyKey).toBe(first.form.idempotencyKey);
  });

  it('a lost answer is retried with the same key, also from a new confirmation, until an answer settles it', async () => {
    let answered = false;
    const sent = serve({ 'POST /mobile/redeem': () => (answered ? { data: { transactionId: 43, availablePips: 50 } } : noAnswer()) });
    const { dialog } = await openConfirmation();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(
      await within(dialog).findByText('This feature is not available offline. Please check your internet connection and try again.'),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(redeemPosts(sent)).toHaveLength(2));
    // Sent is not yet answered: the dialog offers Close once the second lost answer shows.
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Redeem' }));
    const again = await screen.findByRole('dialog', { name: 'Confirm redemption' });
    answered = true;
    fireEvent.click(within(again).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(redeemPosts(sent)).toHaveLength(3));
    const keys = redeemPosts(sent).map((post) => post.form.idempotencyKey);
    // The first answer may have been a debit: every try of this option sends its key.
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).toBe(keys[0]);
    // Answered: the next redemption of it is a new one.
    await waitFor(() => expect(sessionStorage.getItem('pips.unresolvedWrites')).toBeNull());
  });

  it('offline, says so and sends nothing (a redemption is never queued)', async () => {
    const sent = serve();
    const { dialog } = await openConfirmation();
    setOnline(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(
      await within(dialog).findByText('This feature is not available offline. Please check your internet connection and try again.'),
    ).toBeTruthy();
    expect(redeemPosts(sent)).toEqual([]);
  });
});
