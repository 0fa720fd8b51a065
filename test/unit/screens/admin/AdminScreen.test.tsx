// Loads fake-indexeddb before Dexie is imported.
import '../../data/dataTestKit';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelope, fakeFetch, requests } from '../fakeFetch';
import { renderApp } from '../renderApp';
import { resetData, signIn } from '../rewards/dataHarness';
import { vi } from 'vitest';

const community = { communityId: 'harbour', name: 'Harbour Club', role: 'owner' };
// The stock state as the server words it (server/plugins/app/operators/rewards.ts, stockState).
const option = (codesLeft: number) => ({
  optId: 31,
  label: { en: '$5 card' },
  pips: 30,
  codesTotal: codesLeft,
  codesLeft,
  stock: codesLeft === 0 ? ('none' as const) : codesLeft < 5 ? ('low' as const) : ('ok' as const),
});
const reward = { id: 21, communityId: 'harbour', type: 'REDEEM', title: { en: 'Book voucher', es: 'Vale de libros' }, description: null, url: null, pips: 0, earnLimit: 'ONCE', archived: false, createdAt: '2026-11-20T10:00:00.000Z' };

const main = () => within(screen.getByRole('main'));

// The console is the largest lazy screen: its first import, transformed on the spot, took more
// than the first test's wait on a busy two-core machine (CI's clean-clone run, 2026-11-28).
beforeAll(() => import('../../../../src/screens/admin/AdminScreen'), 60_000);

beforeEach(() => void signIn());
afterEach(resetData);

describe('AdminScreen', () => {
  it('previews a CSV import (a dry run naming the skipped lines), loads it on confirmation, and shows the new stock', async () => {
    let loaded = 0;
    const sent = fakeFetch({
      'GET /admin/communities': { data: { communities: [community] } },
      'GET /admin/communities/harbour/promos': (r) => ({ data: { promos: r.query.archived === 'true' ? [] : [reward] } }),
      'GET /admin/promos/21/options': () => ({ data: { options: [option(loaded)] } }),
      'GET /admin/communities/harbour/codes/duplicates': { data: { groups: [] } },
      'POST /admin/options/31/codes': (r) => {
        const body = r.json as { codes: string[]; dryRun: boolean };
        if (!body.dryRun) loaded = 2;
        return { data: { dryRun: body.dryRun, imported: 2, skipped: [{ line: 3, code: 'B', reason: 'REPEATED', loadedFor: null }], codesLeft: body.dryRun ? 0 : 2 } };
      },
    });
    await renderApp({ path: '/console/rewards' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Community console' })).toBeTruthy();
    expect(await main().findByText('$5 card · 30 pips · 0 of 0 codes left')).toBeTruthy();
    // None loaded yet is not 'low': the option says it has no codes yet.
    expect(main().getByTestId('stock-badge').textContent).toBe('No codes yet');
    expect(main().getByText('Harbour Club · your role: Owner')).toBeTruthy();
    expect(requests(sent, 'GET', '/admin/communities')[0].headers.authorization).toContain('auth-token-');

    fireEvent.click(main().getByRole('button', { name: 'Load codes for $5 card' }));
    fireEvent.change(main().getByLabelText('Or paste the codes, one per line'), { target: { value: 'A\nB\nB\n' } });
    fireEvent.click(main().getByRole('button', { name: 'Preview' }));
    expect(await main().findByText('Preview: 2 codes will be loaded, 1 skipped.')).toBeTruthy();
    expect(main().getByText('repeated in this file')).toBeTruthy();
    const [dryRun] = requests(sent, 'POST', '/admin/options/31/codes');
    expect(dryRun.json).toEqual({ codes: ['A', 'B', 'B'], dryRun: true });

    fireEvent.click(main().getByRole('button', { name: 'Load 2 codes' }));
    expect(await main().findByText('Loaded 2 codes. 2 are left to hand out.')).toBeTruthy();
    expect(await main().findByText('$5 card · 30 pips · 2 of 2 codes left')).toBeTruthy();
    expect(main().getByTestId('stock-badge').textContent).toBe('Low');
    expect(requests(sent, 'POST', '/admin/options/31/codes')[1].json).toEqual({ codes: ['A', 'B', 'B'], dryRun: false });
  });

  it('checks a new earn action as the API does, and a refused write keeps what was typed and says why', async () => {
    const sent = fakeFetch({
      'GET /admin/communities': { data: { communities: [community] } },
      'GET /admin/communities/harbour/promos': { data: { promos: [] } },
      'POST /admin/communities/harbour/promos': { status: 403, error: 'FORBIDDEN' },
    });
    await renderApp({ path: '/console/earn' });
    fireEvent.click(await main().findByRole('button', { name: 'Create earn action' }));
    expect(main().getByText('Enter a title.')).toBeTruthy();
    expect(requests(sent, 'POST', '/admin/communities/harbour/promos')).toEqual([]);

    fireEvent.change(main().getByLabelText(/Title \(English\)/), { target: { value: 'Harbour walk' } });
    expect(main().queryByText('Enter a title.')).toBeNull();
    fireEvent.click(main().getByRole('button', { name: 'Create earn action' }));
    expect(await main().findByText('Your role in this community does not allow this.')).toBeTruthy();
    expect(requests(sent, 'POST', '/admin/communities/harbour/promos')[0].json).toEqual({ type: 'EARN', title: { en: 'Harbour walk' }, pips: 10, earnLimit: 'once' });
    expect((main().getByLabelText(/Title \(English\)/) as HTMLInputElement).value).toBe('Harbour walk');
  });

  it('searches the members by the text typed', async () => {
    const sent = fakeFetch({
      'GET /admin/communities': { data: { communities: [community] } },
      'GET /admin/communities/harbour/members': (r) => ({
        data: {
          total: r.query.q ? 1 : 2,
          members: [{ userId: 7, email: 'ana@example.org', firstName: 'Ana', lastName: 'Ruiz', verified: true, availablePips: 40, totalEarnedPips: 50, totalUsedPips: 10, joinedAt: '2026-11-01T00:00:00.000Z' }],
        },
      }),
    });
    await renderApp({ path: '/console/members' });
    expect(await main().findByText('Showing 1 of 2 members.')).toBeTruthy();
    fireEvent.change(main().getByLabelText('Email or name'), { target: { value: ' ana ' } });
    fireEvent.click(main().getByRole('button', { name: 'Search' }));
    expect(await main().findByText('Showing 1 of 1 members.')).toBeTruthy();
    // The e-mail column holds the e-mail; the ledger is a button of the actions column.
    const row = within(main().getByText('ana@example.org').closest('tr')!);
    expect(main().getByText('ana@example.org').tagName).toBe('TD');
    expect(row.getByRole('button', { name: 'Ledger: ana@example.org' }).textContent).toBe('Ledger');
    expect(requests(sent, 'GET', '/admin/communities/harbour/members').map((r) => r.query.q)).toEqual([undefined, 'ana']);
  });

  it('checks a bulk adjustment line by line; a problem keeps Apply off; a good file is applied in one call', async () => {
    const row = (line: number, email: string, problem: string | null) => ({
      line, email, delta: 10, reason: 'Helper', userId: problem ? null : 7, availableBefore: problem ? null : 40, availableAfter: problem ? null : 50, problem,
    });
    const sent = fakeFetch({
      'GET /admin/communities': { data: { communities: [community] } },
      'GET /admin/communities/harbour/members': { data: { total: 0, members: [] } },
      'POST /admin/communities/harbour/adjustments': (r) => {
        const { csv, dryRun } = r.json as { csv: string; dryRun: boolean };
        const bad = csv.includes('nobody@');
        return { data: { dryRun, applied: dryRun || bad ? 0 : 1, rows: [row(2, 'ana@example.org', null), ...(bad ? [row(3, 'nobody@example.org', 'NO_SUCH_MEMBER')] : [])] } };
      },
    });
    await renderApp({ path: '/console/members' });
    const paste = await main().findByLabelText('Or paste the CSV');
    // The file field says what it is for before a file is chosen (Mantine draws an empty box).
    expect(main().getByRole('button', { name: 'CSV file' }).textContent).toBe('Choose a file…');
    fireEvent.click(main().getByRole('button', { name: 'Check every line' }));
    expect(main().getByText('Choose a CSV file or paste its lines.')).toBeTruthy();

    fireEvent.change(paste, { target: { value: 'email,delta,reason\nana@example.org,10,Helper\nnobody@example.org,10,Helper' } });
    fireEvent.click(main().getByRole('button', { name: 'Check every line' }));
    expect(await main().findByText('1 of 2 lines have a problem: fix the file, nothing is applied until every line is good.')).toBeTruthy();
    expect(main().getByText('No member of this community uses this email.')).toBeTruthy();
    expect(main().getByText('40 → 50')).toBeTruthy();
    expect((main().getByRole('button', { name: 'Apply 2 adjustments' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(main().getByRole('button', { name: 'Cancel' }));
    fireEvent.change(await main().findByLabelText('Or paste the CSV'), { target: { value: 'email,delta,reason\nana@example.org,10,Helper' } });
    fireEvent.click(main().getByRole('button', { name: 'Check every line' }));
    expect(await main().findByText('The line can be applied.')).toBeTruthy();
    fireEvent.click(main().getByRole('button', { name: 'Apply 1 adjustment' }));
    expect(await main().findByText('Applied 1 adjustment.')).toBeTruthy();
    expect(requests(sent, 'POST', '/admin/communities/harbour/adjustments').map((r) => r.json)).toEqual([
      { csv: 'email,delta,reason\nana@example.org,10,Helper\nnobody@example.org,10,Helper', dryRun: true },
      { csv: 'email,delta,reason\nana@example.org,10,Helper', dryRun: true },
      { csv: 'email,delta,reason\nana@example.org,10,Helper', dryRun: false },
    ]);
  });

  it.each([
    ['refuses it the operator API', { status: 403, error: 'FORBIDDEN' }],
    ['lists none', { data: { communities: [] } }],
  ] as const)('says so to an account that runs no community (the server %s)', async (_how, answer) => {
    fakeFetch({ 'GET /admin/communities': answer });
    await renderApp({ path: '/console' });
    expect(await main().findByText('You do not run a community')).toBeTruthy();
  });

  it('sends an expired token through the app’s token refresh and retries with the new one', async () => {
    const seen: string[] = [];
    // "Keep me logged in" was on: the session may be refreshed
    localStorage.setItem('rememberMe', 'true');
    vi.stubGlobal('fetch', async (request: Request) => {
      const { pathname } = new URL(request.url);
      if (pathname === '/mobile/session/refresh') return envelope({ data: { authToken: 'auth-token-fresh-0123456789', refreshToken: 'refresh-2' } });
      if (pathname !== '/admin/communities' && !pathname.startsWith('/admin/communities/harbour/')) return new Response('', { status: 503 });
      const token = request.headers.get('Authorization') ?? '';
      seen.push(`${pathname} ${token.includes('fresh') ? 'fresh' : 'old'}`);
      if (!token.includes('fresh')) return envelope({ status: 401, error: 'UNAUTHORIZED' });
      if (pathname === '/admin/communities') return envelope({ data: { communities: [community] } });
      if (pathname === '/admin/communities/harbour/chance-to-win') return envelope({ data: { contests: [] } });
      return envelope({ data: { from: '2026-11-19T00:00:00.000Z', to: '2026-11-26T00:00:00.000Z', days: 7, members: { total: 12, joined: 3 }, pips: { earned: 140, redeemed: 60, adjusted: 0 }, earnings: [], redemptions: [], stock: [] } });
    });
    await renderApp({ path: '/console' });
    expect(await main().findByText('Pips earned this week')).toBeTruthy();
    expect(main().getByText('140')).toBeTruthy();
    await waitFor(() => expect(seen.slice(0, 2)).toEqual(['/admin/communities old', '/admin/communities fresh']));
    expect(seen).toContain('/admin/communities/harbour/report fresh');
  });
});
