import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import type { StoredCredentials } from '../../../machines';
import { api } from '../../../src/app/api';
import { AppActors } from '../../../src/app/AppActors';
import { SessionContext } from '../../../src/app/SessionContext';
import { createSessionLogic } from '../../../src/app/sessionLogic';
import { activateLocale } from '../../../src/i18n/i18n';

const envelope = (data: unknown, status = 200, code?: string) =>
  new Response(
    JSON.stringify(
      code
        ? { status: 'ERROR', success: false, data: null, error: { code, message: code } }
        : { status: 'OK', success: true, data, error: null },
    ),
    { status, headers: { 'Content-Type': 'application/json' } },
  );

/** A server whose auth token 'old-token-123' has expired; one refresh hands out 'new-token-456'. */
function fakeServer({ refreshSucceeds = true } = {}) {
  const refreshes: string[] = [];
  const dashboardTokens: (string | null)[] = [];
  const fetch = vi.fn(async (request: Request) => {
    const { pathname } = new URL(request.url);
    if (pathname === '/mobile/session/refresh') {
      refreshes.push(new URLSearchParams(await request.text()).get('refreshToken') ?? '');
      await new Promise((resolve) => setTimeout(resolve, 10));
      return refreshSucceeds
        ? envelope({ authToken: 'new-token-456', refreshToken: 'refresh-2' })
        : envelope(null, 401, 'INVALID_REFRESH_TOKEN');
    }
    if (pathname === '/mobile/dashboard') {
      const token = request.headers.get('Authorization');
      dashboardTokens.push(token);
      return token === 'new-token-456'
        ? envelope({ availablePips: 5, totalEarnedPips: 5, totalUsedPips: 0, actions: [] })
        : envelope(null, 401, 'UNAUTHORIZED');
    }
    return envelope(null, 404, 'NOT_FOUND');
  });
  vi.stubGlobal('fetch', fetch);
  return { refreshes, dashboardTokens };
}

const stored: StoredCredentials = { authToken: 'old-token-123', userId: '7', email: 'ada@example.org', isVerified: 'true' };

let sessionState = '';
function SessionProbe() {
  sessionState = SessionContext.useSelector((s) => JSON.stringify(s.value));
  return null;
}

async function startApp() {
  const sessionLogic = createSessionLogic({ api, readStored: () => stored });
  render(
    <MantineProvider>
      <Notifications />
      <AppActors sessionLogic={sessionLogic}>
        <SessionProbe />
      </AppActors>
    </MantineProvider>,
  );
  await waitFor(() => expect(sessionState).toBe('{"loggedIn":"verified"}'));
}

beforeAll(() => activateLocale('en'));
beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('authToken', 'old-token-123');
  localStorage.setItem('refreshToken', 'refresh-1');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('token refresh behind the API client', () => {
  it('turns concurrent 401s into exactly one refresh, then retries every call with the new token', async () => {
    localStorage.setItem('rememberMe', 'true');
    const server = fakeServer();
    await startApp();

    const results = await Promise.all([api.getDashboard(), api.getDashboard(), api.getDashboard()]);

    expect(results.map((r) => r.success)).toEqual([true, true, true]);
    expect(server.refreshes).toEqual(['refresh-1']);
    expect(server.dashboardTokens.filter((t) => t === 'new-token-456')).toHaveLength(3);
    expect(localStorage.getItem('authToken')).toBe('new-token-456');
    expect(localStorage.getItem('refreshToken')).toBe('refresh-2');
    expect(sessionState).toBe('{"loggedIn":"verified"}');
  });

  it('does not refresh when the user turned remember-me off, and ends the session', async () => {
    localStorage.setItem('rememberMe', 'false');
    const server = fakeServer();
    await startApp();

    const results = await Promise.all([api.getDashboard(), api.getDashboard()]);

    expect(results.map((r) => r.success)).toEqual([false, false]);
    expect(server.refreshes).toEqual([]);
    await waitFor(() => expect(sessionState).toBe('{"loggedOut":"idle"}'));
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(document.body.textContent).toContain('Your session has expired. Please log in again.');
  });

  it('logs out when the refresh is refused', async () => {
    localStorage.setItem('rememberMe', 'true');
    const server = fakeServer({ refreshSucceeds: false });
    await startApp();

    const result = await api.getDashboard();

    expect(result).toMatchObject({ success: false, error: 'UNAUTHORIZED', statusCode: 401 });
    expect(server.refreshes).toHaveLength(1);
    await waitFor(() => expect(sessionState).toBe('{"loggedOut":"idle"}'));
  });
});
