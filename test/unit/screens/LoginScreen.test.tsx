import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { fromPromise } from 'xstate';
import { sessionMachine, type AuthResult, type LoginInput, type StoredCredentials } from '../../../machines';
import type { Api } from '../../../src/api/client';
import { createSessionLogic } from '../../../src/app/sessionLogic';
import LoginScreen from '../../../src/screens/LoginScreen';
import { renderWithApp } from './renderApp';

const invalidCredentials = 'Login failed, please check your email and password and try again.';

/** A login actor answering with `result`, and a spy on what it was sent. */
function loginAnswering(result: AuthResult) {
  const login = vi.fn(async (_input: LoginInput) => result);
  return { actor: fromPromise<AuthResult, LoginInput>(({ input }) => login(input)), login };
}

/** A logged-out session whose login answers with `result`. */
function sessionWithLogin(result: AuthResult) {
  const { actor, login } = loginAnswering(result);
  const logic = sessionMachine.provide({
    actors: { restoreSession: fromPromise<StoredCredentials | null>(async () => null), login: actor },
  });
  return { logic, login };
}

function fillAndSubmit(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password', { exact: true }), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('LoginScreen', () => {
  it('shows the invalid-credentials message under the form when login fails', async () => {
    const { logic, login } = sessionWithLogin({ ok: false, code: 'INVALID_CREDENTIALS' });
    await renderWithApp(<LoginScreen />, { sessionLogic: logic, path: '/login' });
    expect(screen.queryByText(invalidCredentials)).toBeNull();

    fillAndSubmit(' ada@example.org ', 'Wrong-password1!');

    expect(await screen.findByText(invalidCredentials)).toBeTruthy();
    expect(login).toHaveBeenCalledWith({ email: 'ada@example.org', pwd: 'Wrong-password1!' });
  });

  it('asks for the password instead of sending a blank one', async () => {
    const { logic, login } = sessionWithLogin({ ok: false, code: 'INVALID_CREDENTIALS' });
    await renderWithApp(<LoginScreen />, { sessionLogic: logic, path: '/login' });

    fillAndSubmit('ada@example.org', '');

    expect(await screen.findByText('Password is required.')).toBeTruthy();
    expect(login).not.toHaveBeenCalled();
  });

  it('sends nothing while offline and says why', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { logic, login } = sessionWithLogin({ ok: false, code: 'INVALID_CREDENTIALS' });
    await renderWithApp(<LoginScreen />, { sessionLogic: logic, path: '/login' });

    expect(screen.getByText(/Connect to the internet to log in/)).toBeTruthy();
    fillAndSubmit('ada@example.org', 'Secret-123!');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(login).not.toHaveBeenCalled();
  });

  it('keeps me logged in by default and remembers turning it off', async () => {
    const { logic } = sessionWithLogin({ ok: false, code: 'INVALID_CREDENTIALS' });
    await renderWithApp(<LoginScreen />, { sessionLogic: logic, path: '/login' });
    const rememberMe = screen.getByLabelText('Keep me logged in') as HTMLInputElement;
    expect(rememberMe.checked).toBe(true);

    fireEvent.click(rememberMe);

    expect(rememberMe.checked).toBe(false);
    expect(localStorage.getItem('rememberMe')).toBe('false');
  });

  it('stores the session when login succeeds', async () => {
    const { actor } = loginAnswering({
      ok: true,
      authToken: 'auth-token-0123456789',
      refreshToken: 'refresh-token-0123456789',
      userId: 7,
      isVerified: true,
    });
    // the app's own storage bindings, with only the login call faked
    const bound = createSessionLogic({ api: {} as Api, readStored: () => null }).provide({ actors: { login: actor } });
    await renderWithApp(<LoginScreen />, { sessionLogic: bound, path: '/login' });

    fillAndSubmit('ada@example.org', 'Secret-123!');

    await waitFor(() => expect(localStorage.getItem('authToken')).toBe('auth-token-0123456789'));
    expect(localStorage.getItem('refreshToken')).toBe('refresh-token-0123456789');
    expect(localStorage.getItem('userId')).toBe('7');
    expect(localStorage.getItem('email')).toBe('ada@example.org');
    expect(localStorage.getItem('isVerified')).toBe('true');
    expect(localStorage.getItem('rememberMe')).toBe('true');
  });
});
