// Loads fake-indexeddb before Dexie is imported.
import '../../data/dataTestKit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { ActivityItem } from '../../../../src/api/client';
import { queueOfflineEarn, queueOfflineForm } from '../../../../src/data/offlineQueues';
import { writeCachedResource } from '../../../../src/data/resourceCache';
import { activateLocale } from '../../../../src/i18n/i18n';
import { fakeFetch } from '../fakeFetch';
import { renderApp } from '../renderApp';
import { noAnswer, requests, resetData, scope, setOnline, signIn } from '../rewards/dataHarness';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

const actions: ActivityItem[] = [
  { id: 1, type: 'EARN', kind: 'promo', title: 'Take the partner survey', pips: 5, date: ago(3 * DAY) },
  { id: 2, type: 'EARN', kind: 'qr', title: 'Farmers market stand', pips: 10, date: ago(5 * MINUTE) },
  { id: 3, type: 'REDEEM', kind: 'redeem', title: 'Coffee voucher', pips: -250, date: ago(2 * 60 * MINUTE) },
  { id: 4, type: 'EARN', kind: 'questionnaire', title: 'Neighbourhood survey', pips: 1, date: ago(20 * DAY) },
  { id: 5, type: 'EARN', kind: 'adjustment', title: 'Welcome gift from the team', pips: 20, date: ago(400 * DAY) },
];

const serve = (items: ActivityItem[] = actions) =>
  fakeFetch({ 'GET /mobile/dashboard/actions': { data: { actions: items, page: 1, size: 1000, total: items.length } } });

const renderActivity = () => renderApp({ path: '/activity' });

/** The list item holding `title`. */
const line = (title: string) => screen.getByText(title).closest('li') as HTMLElement;

beforeEach(() => void signIn());
afterEach(resetData);

describe('ActivityScreen', () => {
  it('says what earned or spent the pips, how many and when, newest first', async () => {
    const sent = serve();
    await renderActivity();
    expect(await screen.findByRole('heading', { level: 1, name: 'Activity' })).toBeTruthy();
    await screen.findByText('Farmers market stand');

    const list = screen.getByRole('list', { name: 'Your pips, newest first' });
    expect(within(list).getAllByRole('listitem').map((item) => within(item).getAllByText(/./)[0].textContent)).toEqual([
      'Farmers market stand',
      'Coffee voucher',
      'Take the partner survey',
      'Neighbourhood survey',
      'Welcome gift from the team',
    ]);

    const qr = line('Farmers market stand');
    expect(within(qr).getByText(/QR code/)).toBeTruthy();
    expect(within(qr).getByText('5 minutes ago')).toBeTruthy();
    expect(within(qr).getByText('+10')).toBeTruthy();
    expect(within(qr).getByText('pips earned')).toBeTruthy();

    const coffee = line('Coffee voucher');
    expect(within(coffee).getByText(/Reward/)).toBeTruthy();
    expect(within(coffee).getByText('2 hours ago')).toBeTruthy();
    expect(within(coffee).getByText('−250')).toBeTruthy();
    expect(within(coffee).getByText('pips spent')).toBeTruthy();

    expect(within(line('Take the partner survey')).getByText(/Earn action/)).toBeTruthy();
    expect(within(line('Take the partner survey')).getByText('3 days ago')).toBeTruthy();
    expect(within(line('Neighbourhood survey')).getByText(/Questionnaire/)).toBeTruthy();
    expect(within(line('Neighbourhood survey')).getByText('2 weeks ago')).toBeTruthy();
    expect(within(line('Neighbourhood survey')).getByText('pip earned')).toBeTruthy();
    expect(within(line('Welcome gift from the team')).getByText(/Adjustment/)).toBeTruthy();
    expect(within(line('Welcome gift from the team')).getByText('1 year ago')).toBeTruthy();

    const time = within(qr).getByText('5 minutes ago');
    expect(time.tagName).toBe('TIME');
    expect(time.getAttribute('dateTime')).toBe(actions[1].date);

    expect(requests(sent, 'GET', '/mobile/dashboard/actions')[0].query).toEqual({ page: '1', size: '1000' });
  });

  it('shows what is waiting to be sent on top, as pending', async () => {
    // Offline: the sync leaves the queues alone while the screen lists them.
    setOnline(false);
    await queueOfflineEarn({ userId: 7, type: 'qr', metadata: { qrParam: 'https://pips.example/earn?qr=abc', title: 'Library visit', pips: 3 } });
    await queueOfflineEarn({ userId: 7, type: 'qr', metadata: { qrParam: 'https://pips.example/earn?qr=def' } });
    await queueOfflineForm({ userId: 7, formId: 2, data: { q1: 'yes' }, title: 'Park survey' });
    await queueOfflineForm({ userId: 8, formId: 3, data: { q1: 'no' }, title: 'Not mine' });
    serve();
    await renderActivity();

    const pendingSection = await screen.findByRole('region', { name: 'Waiting to be sent' });
    const pending = await within(pendingSection).findAllByText('Pending — will be sent when you are back online', { exact: false });
    expect(pending).toHaveLength(3);
    expect(within(pendingSection).getByText('Library visit')).toBeTruthy();
    // Pips are not known before the server credits a scan.
    expect(within(pendingSection).queryByText('+3')).toBeNull();
    expect(within(pendingSection).getByText('Scanned QR code')).toBeTruthy();
    expect(within(pendingSection).getByText('Park survey')).toBeTruthy();
    expect(within(pendingSection).getAllByText('just now')).toHaveLength(3);
    expect(within(pendingSection).queryByText('Not mine')).toBeNull();

    // the pending section comes before the list
    await screen.findByText('Farmers market stand');
    const list = screen.getByRole('list', { name: 'Your pips, newest first' });
    expect(pendingSection.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('never says nothing is here above what waits to be sent', async () => {
    setOnline(false);
    await queueOfflineEarn({ userId: 7, type: 'qr', metadata: { qrParam: 'https://pips.example/earn?qr=abc', title: 'Library visit', pips: 3 } });
    const sent = serve([]);
    await renderActivity();
    const pendingSection = await screen.findByRole('region', { name: 'Waiting to be sent' });
    expect(within(pendingSection).getByText('Library visit')).toBeTruthy();
    // The (empty) list has loaded: no placeholder any more.
    await waitFor(() => expect(requests(sent, 'GET', '/mobile/dashboard/actions').length).toBeGreaterThan(0));
    await waitFor(() => expect(screen.queryByLabelText('Loading')).toBeNull());
    expect(screen.queryByText(/Nothing here yet/)).toBeNull();
  });

  it('says nothing is here yet when there is nothing at all', async () => {
    serve([]);
    await renderActivity();
    expect(await screen.findByText(/Nothing here yet/)).toBeTruthy();
  });

  it('shows nothing pending when the queues are empty', async () => {
    serve();
    await renderActivity();
    await screen.findByText('Farmers market stand');
    expect(screen.queryByRole('region', { name: 'Waiting to be sent' })).toBeNull();
  });

  it('keeps the saved activity when the network fails, and says so', async () => {
    await writeCachedResource('activity', scope, actions.slice(0, 1));
    fakeFetch({ 'GET /mobile/dashboard/actions': noAnswer });
    await renderActivity();
    expect(await screen.findByText('Take the partner survey')).toBeTruthy();
    expect(await screen.findByText('You are offline or the server did not answer: this is your saved activity.')).toBeTruthy();
  });

  it('says the activity could not be fetched when nothing is saved', async () => {
    fakeFetch({ 'GET /mobile/dashboard/actions': noAnswer });
    await renderActivity();
    expect(await screen.findByText('Failed to fetch dashboard data')).toBeTruthy();
  });

  it('says when there is nothing yet', async () => {
    serve([]);
    await renderActivity();
    expect(await screen.findByText('Nothing here yet: the pips you earn and spend will show up here.')).toBeTruthy();
    // and where to start
    expect(screen.getByRole('link', { name: 'Earn your first pips' }).getAttribute('href')).toBe('/earn');
  });

  it('speaks Spanish', async () => {
    serve();
    await renderActivity();
    await act(() => activateLocale('es'));
    try {
      expect(await screen.findByRole('heading', { level: 1, name: 'Actividad' })).toBeTruthy();
      const qr = await screen.findByText('Farmers market stand');
      const item = qr.closest('li') as HTMLElement;
      expect(within(item).getByText(/Código QR/)).toBeTruthy();
      expect(within(item).getByText('hace 5 minutos')).toBeTruthy();
      expect(within(item).getByText('pips ganados')).toBeTruthy();
      expect(within(line('Coffee voucher')).getByText('pips gastados')).toBeTruthy();
    } finally {
      await activateLocale('en');
    }
  });
});
