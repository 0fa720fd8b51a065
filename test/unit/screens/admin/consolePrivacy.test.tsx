// Loads fake-indexeddb before Dexie is imported.
import '../../data/dataTestKit';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeFetch, requests } from '../fakeFetch';
import { renderApp } from '../renderApp';
import { resetData, signIn } from '../rewards/dataHarness';

const harbour = { communityId: 'harbour', name: 'Harbour Club', role: 'owner' as const };
const hill = { communityId: 'hill', name: 'Hill Club', role: 'viewer' as const };
const reward = { id: 21, communityId: 'hill', type: 'REDEEM', title: { en: 'Book voucher' }, description: null, url: null, pips: 0, earnLimit: 'ONCE', archived: false, createdAt: '2026-11-20T10:00:00.000Z' };
const option = { optId: 31, label: { en: '$5 card' }, pips: 30, codesTotal: 2, codesLeft: 1, stock: 'low' as const, limit: null };
const report = { from: '2026-11-19T00:00:00.000Z', to: '2026-11-26T00:00:00.000Z', days: 7, members: { total: 12, joined: 3 }, pips: { earned: 140, redeemed: 60, adjusted: 0 }, earnings: [], redemptions: [], stock: [] };
const detail = (community: typeof harbour | typeof hill) => ({ ...community, archived: false, members: 12, support: null, joinLink: `http://pips.test/community-scan?communityId=${community.communityId}` });
const invitation = { id: 5, email: 'sam@example.org', role: 'editor' as const, invitedBy: 'ada@example.org', createdAt: '2026-11-26T10:00:00.000Z', expiresAt: '2026-12-03T10:00:00.000Z' };

const main = () => within(screen.getByRole('main'));

// The console is the largest lazy screen (see AdminScreen.test.tsx).
beforeAll(() => import('../../../../src/screens/admin/AdminScreen'), 60_000);

beforeEach(() => void signIn());
afterEach(resetData);

/** Issue 46 in the console: codes masked for a viewer, invitations instead of roles given at once. */
describe('the console, codes by role and invitations', () => {
  it('shows a viewer the codes as the server masks them, says why, and offers nothing to void', async () => {
    const sent = fakeFetch({
      'GET /admin/communities': { data: { communities: [hill] } },
      'GET /admin/communities/hill/promos': (r) => ({ data: { promos: r.query.archived === 'true' ? [] : [reward] } }),
      'GET /admin/promos/21/options': { data: { options: [option] } },
      'GET /admin/communities/hill/codes/duplicates': { data: { groups: [] } },
      'GET /admin/options/31/codes': {
        data: {
          total: 2,
          masked: true,
          codes: [
            { id: 2, code: '••••••0002', status: 'free', handedOutAt: null, userId: null, email: null },
            { id: 1, code: '••••••0001', status: 'handedOut', handedOutAt: '2026-11-25T10:00:00.000Z', userId: 8, email: 'ana@example.org' },
          ],
        },
      },
    });
    await renderApp({ path: '/console/rewards' });
    fireEvent.click(await main().findByRole('button', { name: 'Codes: $5 card' }));
    expect(await main().findByText('••••••0002')).toBeTruthy();
    expect(main().getByText('••••••0001')).toBeTruthy();
    expect(main().getByTestId('codes-privacy').textContent).toBe('Your role shows only the last 4 characters of each code. Owners and editors see them whole.');
    expect(main().queryByRole('button', { name: /^Void/ })).toBeNull();
    expect(requests(sent, 'GET', '/admin/options/31/codes')[0].query).toEqual({ page: '1', size: '200' });
  });

  it('shows an owner the invitations pending, withdraws one, and sends a new one instead of giving the role', async () => {
    let pending = [invitation];
    const sent = fakeFetch({
      'GET /admin/communities': { data: { communities: [harbour] } },
      'GET /admin/communities/harbour': { data: detail(harbour) },
      'GET /admin/communities/harbour/operators': { data: { operators: [{ userId: 7, email: 'ada@example.org', role: 'owner' }] } },
      'GET /admin/communities/harbour/invitations': () => ({ data: { invitations: pending } }),
      'DELETE /admin/communities/harbour/invitations/5': () => {
        pending = [];
        return { data: { deleted: true } };
      },
      'POST /admin/communities/harbour/operators': (r) => {
        const body = r.json as { email: string; role: 'editor' };
        pending = [{ ...invitation, id: 6, email: body.email, role: body.role }];
        return { data: pending[0] };
      },
    });
    await renderApp({ path: '/console/community' });
    const panel = within(await main().findByTestId('admin-invitations'));
    expect(panel.getByRole('heading', { name: 'Invitations waiting for an answer' })).toBeTruthy();
    expect(panel.getByText('sam@example.org')).toBeTruthy();
    expect(panel.getByText('Editor')).toBeTruthy();

    fireEvent.click(panel.getByRole('button', { name: 'Withdraw the invitation of sam@example.org' }));
    expect(await main().findByText('Invitation withdrawn: its link no longer works.')).toBeTruthy();
    expect(await within(await main().findByTestId('admin-invitations')).findByText('None: every invitation was accepted, withdrawn or has expired.')).toBeTruthy();

    fireEvent.change(main().getByLabelText('Email to invite'), { target: { value: 'kim@example.org' } });
    fireEvent.click(main().getByRole('button', { name: 'Send the invitation' }));
    expect(await main().findByText('Invitation sent to kim@example.org (Editor). The role applies once they accept it from the mail, within 7 days.')).toBeTruthy();
    expect(requests(sent, 'POST', '/admin/communities/harbour/operators').map((r) => r.json)).toEqual([{ email: 'kim@example.org', role: 'editor' }]);
    expect(await within(await main().findByTestId('admin-invitations')).findByText('kim@example.org')).toBeTruthy();
  });

  it('asks an editor or viewer for no invitations (they are the owners’)', async () => {
    const sent = fakeFetch({
      'GET /admin/communities': { data: { communities: [hill] } },
      'GET /admin/communities/hill': { data: detail(hill) },
      'GET /admin/communities/hill/operators': { data: { operators: [] } },
    });
    await renderApp({ path: '/console/community' });
    expect(await main().findByRole('heading', { name: 'Operators' })).toBeTruthy();
    expect(main().queryByTestId('admin-invitations')).toBeNull();
    expect(main().queryByLabelText('Email to invite')).toBeNull();
    expect(requests(sent, 'GET', '/admin/communities/hill/invitations')).toEqual([]);
  });

  it('accepts the invitation of the mailed link, drops its token from the address and opens the community joined', async () => {
    const sent = fakeFetch({
      'POST /admin/invitations/accept': { data: { communityId: 'hill', name: 'Hill Club', role: 'viewer' } },
      'GET /admin/communities': { data: { communities: [harbour, hill] } },
      'GET /admin/communities/hill/report': { data: report },
      'GET /admin/communities/hill/chance-to-win': { data: { contests: [] } },
    });
    const { location } = await renderApp({ path: '/console?invitation=tok-123' });
    const result = await main().findByTestId('invitation-result');
    expect(result.textContent).toBe('Invitation accepted: you are now Viewer (read only) of Hill Club.');
    expect(requests(sent, 'POST', '/admin/invitations/accept').map((r) => r.json)).toEqual([{ token: 'tok-123' }]);
    // The community joined is the one shown, not the first of the list.
    expect(await main().findByText('Your role: Viewer (read only)')).toBeTruthy();
    expect(await main().findByText('Pips earned this week')).toBeTruthy();
    await waitFor(() => expect(location.history!.at(-1)).toBe('/console'));
    // Accepted before the communities were listed, so the list has the new one.
    const order = sent.filter((r) => r.path.startsWith('/admin')).map((r) => `${r.method} ${r.path}`);
    expect(order.slice(0, 2)).toEqual(['POST /admin/invitations/accept', 'GET /admin/communities']);
  });

  it('says why an invitation could not be accepted, in the operator’s language', async () => {
    // A 403 makes the app refresh its session once and retry (SPEC: session refresh); the
    // operator asked to be remembered, so the refresh works and the retry's 403 is what they read.
    localStorage.setItem('rememberMe', 'true');
    const sent = fakeFetch({
      'POST /admin/invitations/accept': { status: 403, error: 'FORBIDDEN' },
      'POST /mobile/session/refresh': { data: { authToken: 'auth-token-fresh-0123456789', refreshToken: 'refresh-2' } },
      'GET /admin/communities': { data: { communities: [] } },
    });
    await renderApp({ path: '/console?invitation=tok-123', language: 'es' });
    // The console's Spanish catalog loads first (its own chunk, slow on a busy machine).
    const result = await main().findByTestId('invitation-result', {}, { timeout: 15_000 });
    expect(result.getAttribute('role')).toBe('alert');
    expect(result.textContent).toContain('Esta invitación es para otra dirección de correo.');
    expect(await main().findByText('No administras ninguna comunidad')).toBeTruthy();
    expect(requests(sent, 'POST', '/admin/invitations/accept').map((r) => r.headers.authorization)).toEqual([
      'auth-token-7-0123456789',
      'auth-token-fresh-0123456789',
    ]);
    // Still signed in: the console stays, no logout went out.
    expect(requests(sent, 'POST', '/mobile/session/logout')).toEqual([]);
    expect(screen.queryByRole('heading', { name: 'Iniciar sesión' })).toBeNull();
  });
});
