import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { fromPromise } from 'xstate';
import { sessionMachine, type AuthResult, type LoginInput, type StoredCredentials } from '../../../machines';
import { AppRoutes } from '../../../src/routing/AppRoutes';
import { renderWithApp } from './renderApp';

const verified: StoredCredentials = { authToken: 'auth-token-0123456789', userId: '7', email: 'ada@example.org', isVerified: 'true' };
const unverified: StoredCredentials = { ...verified, isVerified: 'false' };

const restoring = (stored: StoredCredentials | null) =>
  sessionMachine.provide({
    actors: {
      restoreSession: fromPromise<StoredCredentials | null>(async () => stored),
      login: fromPromise<AuthResult, LoginInput>(async () => ({
        ok: true,
        authToken: 'auth-token-0123456789',
        refreshToken: 'r',
        userId: 7,
        isVerified: true,
      })),
    },
  });

beforeEach(() => {
  localStorage.clear();
  // /home loads the user and the dashboard; these tests are about routing only
  vi.stubGlobal('fetch', async () => new Response('', { status: 503 }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  notifications.clean();
});

describe('AppRoutes', () => {
  it('sends a visitor from /home to /login with the toast, and back to /home after login', async () => {
    const { location } = await renderWithApp(<AppRoutes />, { sessionLogic: restoring(null), path: '/home' });

    await waitFor(() => expect(location.history.at(-1)).toBe('/login'));
    expect(await screen.findByText('Please log in to access this page.')).toBeTruthy();

    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'ada@example.org' } });
    fireEvent.change(screen.getByLabelText('Password', { exact: true }), { target: { value: 'Secret-123!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));

    await waitFor(() => expect(location.history.at(-1)).toBe('/home'));
    expect(location.history).not.toContain('/');
  });

  it('sends an unverified user from /home to /verify with the toast', async () => {
    const { location } = await renderWithApp(<AppRoutes />, { sessionLogic: restoring(unverified), path: '/home' });

    await waitFor(() => expect(location.history.at(-1)).toBe('/verify'));
    expect(
      await screen.findByText('Please verify your account to access this page. Check your email for a verification code.'),
    ).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Verify' })).toBeTruthy();
  });

  it('dispatches / by session, and keeps /community-scan open', async () => {
    const first = await renderWithApp(<AppRoutes />, { sessionLogic: restoring(verified), path: '/' });
    await waitFor(() => expect(first.location.history.at(-1)).toBe('/home'));
    cleanup();

    const second = await renderWithApp(<AppRoutes />, { sessionLogic: restoring(verified), path: '/community-scan' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Join your community' })).toBeTruthy();
    expect(second.location.history).toEqual(['/community-scan']);
  });

  it('goes to /login without the "please log in" toast when the user logs out', async () => {
    const { location } = await renderWithApp(<AppRoutes />, { sessionLogic: restoring(verified), path: '/home' });

    fireEvent.click(await screen.findByRole('button', { name: 'Log out' }));

    await waitFor(() => expect(location.history.at(-1)).toBe('/login'));
    expect(screen.queryByText('Please log in to access this page.')).toBeNull();
  });
});
