// Loads fake-indexeddb before Dexie is imported.
import '../../data/dataTestKit';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { fakeFetch, requests } from '../fakeFetch';
import { renderApp } from '../renderApp';
import { resetData, signIn } from '../rewards/dataHarness';

const harbour = { communityId: 'harbour', name: 'Harbour Club', role: 'editor' as const };
const ada = { userId: 12, email: 'ada@example.org', firstName: 'Ada', lastName: 'Lovelace', verified: true, availablePips: 40, totalEarnedPips: 50, totalUsedPips: 10, joinedAt: '2026-11-01T00:00:00.000Z' };
const main = () => within(screen.getByRole('main'));

// The console is the largest lazy screen (see AdminScreen.test.tsx).
beforeAll(() => import('../../../../src/screens/admin/AdminScreen'), 60_000);
beforeEach(() => void signIn());
afterEach(resetData);

/** Issue 49, member care: an editor suspends a member with a reason and restores them from the members' list. */
describe('the console, suspending a member', () => {
  it('asks why, suspends, shows the member as suspended with the reason, and restores them', async () => {
    let suspension: { at: string; reason: string } | null = null;
    const sent = fakeFetch({
      'GET /admin/communities': { data: { communities: [harbour] } },
      'GET /admin/communities/harbour/members': () => ({ data: { total: 1, members: [{ ...ada, suspension }] } }),
      'POST /admin/members/12/suspend': ({ json }) => {
        suspension = { at: '2026-12-03T10:00:00.000Z', reason: (json as { reason: string }).reason };
        return { data: { ...ada, suspension } };
      },
      'POST /admin/members/12/restore': () => {
        suspension = null;
        return { data: { ...ada, suspension } };
      },
    });
    await renderApp({ path: '/console/members' });
    fireEvent.click(await main().findByRole('button', { name: 'Suspend: ada@example.org' }));
    // A reason is needed; nothing is sent without one.
    fireEvent.click(main().getByRole('button', { name: 'Suspend the member' }));
    expect(await main().findByText('Say why you suspend them (for the operators).')).toBeTruthy();
    expect(requests(sent, 'POST', '/admin/members/12/suspend')).toEqual([]);
    fireEvent.change(main().getByLabelText('Why (kept for the operators, not shown to the member)'), { target: { value: ' Shared QR codes online ' } });
    fireEvent.click(main().getByRole('button', { name: 'Suspend the member' }));
    expect(await main().findByText('Member suspended: they can sign in and read, but not earn or redeem until restored.')).toBeTruthy();
    expect(requests(sent, 'POST', '/admin/members/12/suspend').map((r) => r.json)).toEqual([{ reason: 'Shared QR codes online' }]);
    // Reloaded: suspended, with the reason, and a restore instead of a suspend.
    expect(await main().findByText('Shared QR codes online')).toBeTruthy();
    expect(main().getByText('Suspended')).toBeTruthy();
    expect(main().queryByRole('button', { name: 'Suspend: ada@example.org' })).toBeNull();

    fireEvent.click(main().getByRole('button', { name: 'Restore: ada@example.org' }));
    expect(await main().findByText('Member restored: they can earn and redeem again.')).toBeTruthy();
    expect(requests(sent, 'POST', '/admin/members/12/restore')).toHaveLength(1);
    expect(await main().findByRole('button', { name: 'Suspend: ada@example.org' })).toBeTruthy();
    expect(main().queryByText('Suspended')).toBeNull();
  });

  it('offers a viewer neither', async () => {
    fakeFetch({
      'GET /admin/communities': { data: { communities: [{ ...harbour, role: 'viewer' }] } },
      'GET /admin/communities/harbour/members': { data: { total: 1, members: [{ ...ada, suspension: { at: '2026-12-03T10:00:00.000Z', reason: 'Spam' } }] } },
    });
    await renderApp({ path: '/console/members' });
    expect(await main().findByText('Suspended')).toBeTruthy();
    expect(main().queryByRole('button', { name: /^(Suspend|Restore): / })).toBeNull();
  });
});
