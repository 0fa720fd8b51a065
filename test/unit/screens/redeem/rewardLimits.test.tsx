// Loads fake-indexeddb before Dexie is imported.
import '../../data/dataTestKit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { Promo } from '../../../../src/api/client';
import { i18n } from '@lingui/core';
import { fakeFetch } from '../fakeFetch';
import { renderApp } from '../renderApp';
import { resetData, signIn } from '../rewards/dataHarness';

/** A reward of "1 per member", one of "2 per member per week", one without a limit. */
const rewards: Promo[] = [
  { id: 3, type: 'REDEEM', title: 'Coffee voucher', pips: 250, available: true, options: [{ optId: 31, label: '$5 card', pips: 250, inStock: true, limit: { count: 1, period: 'ever' } }] },
  { id: 4, type: 'REDEEM', title: 'Cinema ticket', pips: 100, available: true, options: [{ optId: 41, label: 'One ticket', pips: 100, inStock: true, limit: { count: 2, period: 'week' } }] },
  { id: 5, type: 'REDEEM', title: 'Book', pips: 50, available: true, options: [{ optId: 51, label: 'Paperback', pips: 50, inStock: true, limit: null }] },
];

function serve(limitsLeft: { optId: number; left: number }[]) {
  return fakeFetch({
    'GET /mobile/promos/get': { data: { promos: rewards, limitsLeft } },
    'GET /mobile/dashboard': { data: { availablePips: 300, totalEarnedPips: 300, totalUsedPips: 0, actions: [] } },
  });
}

beforeEach(() => void signIn());
afterEach(resetData);

describe('a reward with a per-member limit', () => {
  it('says "1 per member" on the card, and "You already have this one" once the member has it', async () => {
    serve([{ optId: 31, left: 0 }, { optId: 41, left: 2 }]);
    await renderApp({ path: '/redeem' });

    const coffee = await screen.findByRole('link', { name: /Coffee voucher/ });
    expect(within(coffee).getByTestId('redeem-limit').textContent).toBe('1 per member');
    expect(within(coffee).getByTestId('redeem-used-up').textContent).toBe('You already have this one');
    const cinema = screen.getByRole('link', { name: /Cinema ticket/ });
    expect(within(cinema).getByTestId('redeem-limit').textContent).toBe('2 per member per week');
    expect(within(cinema).queryByTestId('redeem-used-up')).toBeNull();
    const book = screen.getByRole('link', { name: /Book/ });
    expect(within(book).queryByTestId('redeem-limit')).toBeNull();
  });

  it('disables Redeem on the reward the member already has, and says why', async () => {
    serve([{ optId: 31, left: 0 }, { optId: 41, left: 1 }]);
    await renderApp({ path: '/redeem/3' });
    await screen.findByText('You have 300 pips');
    expect(screen.getByTestId('redeem-used-up').textContent).toBe('You already have this one');
    expect((screen.getByRole('button', { name: 'Redeem' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/Price: 250 pips · 1 per member/)).toBeTruthy();
  });

  it('lets the member redeem while some of the limit is left', async () => {
    serve([{ optId: 31, left: 0 }, { optId: 41, left: 1 }]);
    await renderApp({ path: '/redeem/4' });
    await screen.findByText('You have 300 pips');
    expect(screen.queryByTestId('redeem-used-up')).toBeNull();
    const redeem = screen.getByRole('button', { name: 'Redeem' }) as HTMLButtonElement;
    expect(redeem.disabled).toBe(false);
    fireEvent.click(redeem);
    expect(await screen.findByRole('dialog', { name: 'Confirm redemption' })).toBeTruthy();
  });

  it('speaks Spanish', async () => {
    serve([{ optId: 31, left: 0 }]);
    await renderApp({ path: '/redeem', language: 'es' });
    const coffee = await screen.findByRole('link', { name: /Coffee voucher/ });
    expect(within(coffee).getByTestId('redeem-limit').textContent).toBe('1 por miembro');
    expect(within(coffee).getByTestId('redeem-used-up').textContent).toBe('Ya tienes esta');
    expect(i18n.locale).toBe('es');
  });
});
