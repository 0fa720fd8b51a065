import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { resetData, signIn } from '../data/dataTestKit';
import { fakeFetch, requests } from './fakeFetch';
import { renderApp } from './renderApp';

const loggedIn = { authToken: 'auth-token-0123456789', refreshToken: 'refresh-token-1', userId: 7, isVerified: true, status: 'OK' };

afterEach(resetData);

describe('AppRoutes', () => {
  it('sends a visitor from /home to /login with the toast, and back to /home after login', async () => {
    // /home loads the user and the dashboard; these tests are about routing only (503s).
    const sent = fakeFetch({ 'POST /mobile/login': { data: loggedIn } });
    const { location } = await renderApp({ path: '/home' });

    await waitFor(() => expect(location.history.at(-1)).toBe('/login'));
    expect(await screen.findByText('Please log in to access this page.')).toBeTruthy();

    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'ada@example.org' } });
    fireEvent.change(screen.getByLabelText('Password', { exact: true }), { target: { value: 'Secret-123!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));

    await waitFor(() => expect(location.history.at(-1)).toBe('/home'));
    expect(location.history).not.toContain('/');
    expect(requests(sent, 'POST', '/mobile/login')).toHaveLength(1);
  });

  it('sends an unverified user from /home to /verify with the toast', async () => {
    signIn(7, { verified: false });
    fakeFetch({});
    const { location } = await renderApp({ path: '/home' });

    await waitFor(() => expect(location.history.at(-1)).toBe('/verify'));
    expect(
      await screen.findByText('Please verify your account to access this page. Check your email for a verification code.'),
    ).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Verify' })).toBeTruthy();
  });

  it('dispatches / by session, and keeps /community-scan open', async () => {
    signIn(7);
    fakeFetch({});
    const first = await renderApp({ path: '/' });
    await waitFor(() => expect(first.location.history.at(-1)).toBe('/home'));
    cleanup();

    const second = await renderApp({ path: '/community-scan' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Join your community' })).toBeTruthy();
    expect(second.location.history).toEqual(['/community-scan']);
  });

  it('goes to /login without the "please log in" toast when the user logs out', async () => {
    signIn(7);
    fakeFetch({});
    const { location } = await renderApp({ path: '/home' });

    fireEvent.click(await screen.findByRole('button', { name: 'Log out' }));

    await waitFor(() => expect(location.history.at(-1)).toBe('/login'));
    expect(screen.queryByText('Please log in to access this page.')).toBeNull();
  });

  it('follows a logout made in another tab to /login', async () => {
    signIn(7);
    fakeFetch({});
    const { location } = await renderApp({ path: '/home' });
    await screen.findByRole('button', { name: 'Log out' });

    // The other tab cleared the shared storage; this tab hears the storage event.
    for (const key of ['authToken', 'refreshToken', 'userId', 'email', 'isVerified']) localStorage.removeItem(key);
    window.dispatchEvent(new StorageEvent('storage', { key: 'authToken' }));

    await waitFor(() => expect(location.history.at(-1)).toBe('/login'));
  });
});
