import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { resetData } from '../data/dataTestKit';
import { readPendingCommunity } from '../../../src/data/pendingCommunity';
import { fakeFetch, requests } from './fakeFetch';
import { renderApp } from './renderApp';

const auth = { authToken: 'auth-token-0123456789', refreshToken: 'refresh-token-1', userId: 7, isVerified: false, status: 'OK' };
const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
/** The date of birth's three fields (day, month by name, year), from a `YYYY-MM-DD` date. */
const typeDateOfBirth = (date: string) => {
  const [year, month, day] = date.split('-').map(Number);
  type('Day', String(day));
  type('Month', String(month));
  type('Year', String(year));
};
const demo = () => localStorage.setItem('pendingCommunity', JSON.stringify({ communityId: 'demo', name: 'Demo Community' }));

afterEach(resetData);

describe('SignupScreen: registering (the session binding)', () => {
  async function fillSignup() {
    await screen.findByRole('heading', { level: 1, name: 'Create your account' });
    type('Email', ' ada@example.org ');
    type('First name', ' Ada ');
    type('Last name', 'Lovelace');
    typeDateOfBirth('1990-12-10');
    type('Password', 'Pips-2026!secret');
    type('Confirm password', 'Pips-2026!secret');
    fireEvent.click(screen.getByLabelText('I agree to the terms and conditions'));
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
  }

  it('sends the password only as a token, signs the new member in and asks for the e-mail code', async () => {
    demo();
    const sent = fakeFetch({ 'POST /api/tokenize': { data: { token: 'password-token' } }, 'POST /mobile/user/register': { data: auth } });
    const { location } = await renderApp({ path: '/signup' });
    await fillSignup();

    await waitFor(() => expect(location.history.at(-1)).toBe('/verify'));
    expect(requests(sent, 'POST', '/api/tokenize').map((r) => r.form)).toEqual([{ tokenType: 'register', password: 'Pips-2026!secret' }]);
    const [register] = requests(sent, 'POST', '/mobile/user/register');
    expect(register.query).toEqual({
      email: 'ada@example.org',
      firstName: 'Ada',
      lastName: 'Lovelace',
      passwordToken: 'password-token',
      dayOfBirth: '1990-12-10',
      phone: '',
      customTermsAccepted: 'true',
      communityId: 'demo',
    });
    expect(localStorage.getItem('authToken')).toBe(auth.authToken);
    expect(readPendingCommunity()).toBeNull();
    expect(await screen.findByRole('heading', { level: 1, name: 'Verify your account' })).toBeTruthy();
  });

  it('links the terms checkbox to the terms, in a new tab so the form stays filled', async () => {
    demo();
    await renderApp({ path: '/signup' });
    const link = await screen.findByRole('link', { name: 'Read the terms and conditions' });
    expect([link.getAttribute('href'), link.getAttribute('target')]).toEqual(['/terms', '_blank']);
  });

  it('marks a taken e-mail on its field until it is changed, and keeps the form', async () => {
    demo();
    fakeFetch({ 'POST /api/tokenize': { data: { token: 'password-token' } }, 'POST /mobile/user/register': { status: 409, error: 'EMAIL_TAKEN' } });
    const { location } = await renderApp({ path: '/signup' });
    await fillSignup();

    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    const describedBy = email.getAttribute('aria-describedby') ?? '';
    expect(describedBy.split(' ').map((id) => document.getElementById(id)?.textContent)).toContain(
      'An account with this email already exists. Try logging in instead.',
    );
    expect(document.querySelector('.mantine-Notification-root')).toBeNull();
    fireEvent.change(email, { target: { value: 'ada.lovelace@example.org' } });
    await waitFor(() => expect(email.getAttribute('aria-invalid')).not.toBe('true'));
    expect(location.history.at(-1)).toBe('/signup');
    expect((screen.getByLabelText('Last name') as HTMLInputElement).value).toBe('Lovelace');
    expect(readPendingCommunity()).toEqual({ communityId: 'demo', name: 'Demo Community' });
  });
});

describe('AuthCallbackScreen: back from Google or Apple (the oidcCallback binding)', () => {
  it('exchanges the ticket once and signs a known member in', async () => {
    const sent = fakeFetch({
      'POST /web/auth/oidc/session': { data: { outcome: 'signedIn', auth: { ...auth, isVerified: true }, email: 'ada@example.org' } },
    });
    const { location } = await renderApp({ path: '/auth/callback?ticket=t-1' });

    await waitFor(() => expect(location.history.at(-1)).toBe('/home'));
    expect(requests(sent, 'POST', '/web/auth/oidc/session').map((r) => r.form)).toEqual([{ ticket: 't-1' }]);
    expect(localStorage.getItem('authToken')).toBe(auth.authToken);
    expect(localStorage.getItem('email')).toBe('ada@example.org');
  });

  it('asks a first sign-in for what the signup needs, registers with the ticket, and opens the app', async () => {
    demo();
    const needsSignup = { outcome: 'needsSignup', provider: 'google', email: 'ana@example.org', firstName: 'Ana', lastName: '', ticket: 'signup-1' };
    const sent = fakeFetch({
      'POST /web/auth/oidc/session': { data: needsSignup },
      'POST /web/auth/oidc/register': { data: { ...auth, isVerified: true } },
    });
    const { location } = await renderApp({ path: '/auth/callback?ticket=t-2' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Finish creating your account' })).toBeTruthy();
    // The used-up ticket leaves the address.
    await waitFor(() => expect(location.history.at(-1)).toBe('/auth/callback'));
    type('Last name', 'Lovelace');
    typeDateOfBirth('1990-12-10');
    fireEvent.click(screen.getByLabelText('I agree to the terms and conditions'));
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(location.history.at(-1)).toBe('/home'));
    expect(requests(sent, 'POST', '/web/auth/oidc/register')[0].form).toMatchObject({
      ticket: 'signup-1',
      communityId: 'demo',
      customTermsAccepted: 'true',
      dayOfBirth: '1990-12-10',
      firstName: 'Ana',
      lastName: 'Lovelace',
    });
    expect(localStorage.getItem('email')).toBe('ana@example.org');
    expect(readPendingCommunity()).toBeNull();
  });

  it('says why a sign-in did not finish', async () => {
    const sent = fakeFetch({});
    await renderApp({ path: '/auth/callback?error=OIDC_CANCELLED' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign-in did not finish' })).toBeTruthy();
    expect(screen.getByText('Sign-in was cancelled. You can try again or use your email instead.')).toBeTruthy();
    expect(requests(sent, 'POST', '/web/auth/oidc/session')).toEqual([]);
  });
});
