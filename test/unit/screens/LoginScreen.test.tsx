import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { resetData } from '../data/dataTestKit';
import { fakeFetch, requests } from './fakeFetch';
import { renderApp } from './renderApp';

const invalidCredentials = 'Login failed, please check your email and password and try again.';

const loggedIn = { authToken: 'auth-token-0123456789', refreshToken: 'refresh-token-0123456789', userId: 7, isVerified: true, status: 'OK' };

async function fillAndSubmit(email: string, password: string) {
  fireEvent.change(await screen.findByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password', { exact: true }), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

afterEach(resetData);

describe('LoginScreen', () => {
  it('shows the invalid-credentials message under the form when login fails', async () => {
    const sent = fakeFetch({ 'POST /mobile/login': { status: 401, error: 'INVALID_CREDENTIALS' } });
    await renderApp({ path: '/login' });
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    expect(screen.queryByText(invalidCredentials)).toBeNull();

    await fillAndSubmit(' ada@example.org ', 'Wrong-password1!');

    expect(await screen.findByText(invalidCredentials)).toBeTruthy();
    expect(requests(sent, 'POST', '/mobile/login').map((r) => r.form)).toEqual([{ email: 'ada@example.org', pwd: 'Wrong-password1!' }]);
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('says so when the server is rate limiting, and something else for an unexpected failure', async () => {
    let answer = { status: 429, error: 'RATE_LIMITED' };
    fakeFetch({ 'POST /mobile/login': () => answer });
    await renderApp({ path: '/login' });
    await fillAndSubmit('ada@example.org', 'Secret-123!');
    expect(await screen.findByText('Too many attempts. Please wait a minute and try again.')).toBeTruthy();

    answer = { status: 500, error: 'INTERNAL_ERROR' };
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('We could not log you in right now. Please try again.')).toBeTruthy();
  });

  it('asks for the password instead of sending a blank one', async () => {
    const sent = fakeFetch({ 'POST /mobile/login': { status: 401, error: 'INVALID_CREDENTIALS' } });
    await renderApp({ path: '/login' });

    await fillAndSubmit('ada@example.org', '');

    expect(await screen.findByText('Password is required.')).toBeTruthy();
    // Filled in, the same form sends once: the blank attempt sent nothing.
    fireEvent.change(screen.getByLabelText('Password', { exact: true }), { target: { value: 'Secret-123!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await screen.findByText(invalidCredentials);
    expect(requests(sent, 'POST', '/mobile/login').map((r) => r.form.pwd)).toEqual(['Secret-123!']);
  });

  it('clears a field error as soon as the field is fixed, without waiting for the next try', async () => {
    fakeFetch({});
    await renderApp({ path: '/login' });
    await fillAndSubmit('ada@@example.org', '');
    expect(await screen.findByText('Email cannot contain more than one @.')).toBeTruthy();
    expect(screen.getByText('Password is required.')).toBeTruthy();

    // Still wrong: the error stays.
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@@example.or' } });
    expect(screen.getByText('Email cannot contain more than one @.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.org' } });
    expect(screen.queryByText('Email cannot contain more than one @.')).toBeNull();
    fireEvent.change(screen.getByLabelText('Password', { exact: true }), { target: { value: 'S' } });
    expect(screen.queryByText('Password is required.')).toBeNull();
  });

  it('sends nothing while offline and says why', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const sent = fakeFetch({ 'POST /mobile/login': { status: 401, error: 'INVALID_CREDENTIALS' } });
    await renderApp({ path: '/login' });

    expect(await screen.findByText(/Connect to the internet to log in/)).toBeTruthy();
    await fillAndSubmit('ada@example.org', 'Secret-123!');
    expect((screen.getByRole('button', { name: 'Log in' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.submit(screen.getByRole('button', { name: 'Log in' }).closest('form')!);

    // Back online, one submit sends one login: nothing was sent while offline.
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(screen.queryByText(/Connect to the internet to log in/)).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await screen.findByText(invalidCredentials);
    expect(requests(sent, 'POST', '/mobile/login')).toHaveLength(1);
  });

  it('keeps me logged in by default and remembers turning it off', async () => {
    fakeFetch({});
    await renderApp({ path: '/login' });
    const rememberMe = (await screen.findByLabelText('Keep me logged in')) as HTMLInputElement;
    expect(rememberMe.checked).toBe(true);

    fireEvent.click(rememberMe);

    expect(rememberMe.checked).toBe(false);
    expect(localStorage.getItem('rememberMe')).toBe('false');
  });

  it('stores the session when login succeeds, and goes home', async () => {
    fakeFetch({ 'POST /mobile/login': { data: loggedIn } });
    const { location } = await renderApp({ path: '/login' });

    await fillAndSubmit('ada@example.org', 'Secret-123!');

    await waitFor(() => expect(localStorage.getItem('authToken')).toBe('auth-token-0123456789'));
    expect(localStorage.getItem('refreshToken')).toBe('refresh-token-0123456789');
    expect(localStorage.getItem('userId')).toBe('7');
    expect(localStorage.getItem('email')).toBe('ada@example.org');
    expect(localStorage.getItem('isVerified')).toBe('true');
    expect(localStorage.getItem('rememberMe')).toBe('true');
    await waitFor(() => expect(location.history.at(-1)).toBe('/home'));
  });
});
