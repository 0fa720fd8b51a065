import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MEMBER, resetData, signIn } from '../data/dataTestKit';
import { listOfflineEarn, queueOfflineEarn } from '../../../src/data/offlineQueues';
import { fakeFetch, isBackgroundCall, noAnswer, requests, user, type SentRequest } from './fakeFetch';
import { setOnline } from './rewards/dataHarness';
import { renderApp } from './renderApp';
import { writeCachedResource } from '../../../src/data/resourceCache';

const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const press = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
/** What the screen itself sent (the member's dashboard and profile load at sign-in). */
/** Requests that change something: not GETs, nor the member's announcement records (a read that is a POST). */
const writes = (sent: SentRequest[]) => sent.filter((r) => r.method !== 'GET' && !isBackgroundCall(r));

afterEach(resetData);

describe('ForgotPasswordScreen', () => {
  it('says when the e-mail is unknown, and asks to check the inbox when it is known', async () => {
    const sent = fakeFetch({
      'PUT /web/user/password/reset/start': ({ query }) =>
        query.email === 'ada@example.org' ? { data: { status: 'OK' } } : { status: 404, error: 'EMAIL_NOT_FOUND' },
    });
    await renderApp({ path: '/forgot-password' });

    await screen.findByLabelText('Email');
    type('Email', 'ada@@example.org');
    press('Send reset link');
    expect(await screen.findByText('Email cannot contain more than one @.')).toBeTruthy();
    expect(sent).toHaveLength(0);
    // Fixed, the error goes at once.
    type('Email', 'ada@example.org');
    expect(screen.queryByText('Email cannot contain more than one @.')).toBeNull();

    type('Email', 'nobody@example.org');
    press('Send reset link');
    expect(await screen.findByText('Email not found. Please check your email and try again.')).toBeTruthy();

    type('Email', ' ada@example.org ');
    press('Send reset link');
    expect(await screen.findByText('Check your email')).toBeTruthy();
    // The result takes the form's place, and the focus.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByText('Check your email').closest('[role="status"]')));
    expect(sent.at(-1)).toMatchObject({ query: { email: 'ada@example.org' }, headers: { 'accept-language': 'en' } });
  });

  it('says so when the server is rate limiting', async () => {
    fakeFetch({ 'PUT /web/user/password/reset/start': { status: 429, error: 'RATE_LIMITED' } });
    await renderApp({ path: '/forgot-password' });
    await screen.findByLabelText('Email');
    type('Email', 'ada@example.org');
    press('Send reset link');
    expect(await screen.findByText('Too many reset requests. Please wait a while before asking again.')).toBeTruthy();
  });
});

describe('ResetPasswordScreen', () => {
  const path = '/reset-password?emailToken=mail-token&email=ada%40example.org';

  it('checks the password rules and the confirmation before sending anything', async () => {
    const sent = fakeFetch({});
    await renderApp({ path });
    await screen.findByLabelText('New password');
    type('New password', 'nouppercase1!');
    type('Confirm new password', 'nouppercase1?');
    press('Reset password');
    expect(await screen.findByText('Password must contain at least one uppercase letter.')).toBeTruthy();
    expect(screen.getByText('Passwords do not match.')).toBeTruthy();
    expect(sent).toHaveLength(0);
  });

  it('resets with the tokens and goes to /login with a success toast', async () => {
    const sent = fakeFetch({
      'POST /api/tokenize': { data: { token: 'password-token' } },
      'PUT /web/user/password/reset/finish': { data: { status: 'OK' } },
    });
    const { location } = await renderApp({ path });
    await screen.findByLabelText('New password');
    type('New password', 'Fresh-Start-2027!');
    type('Confirm new password', 'Fresh-Start-2027!');
    press('Reset password');
    await waitFor(() => expect(location.history.at(-1)).toBe('/login?email=ada%40example.org'));
    expect(await screen.findByText('Your password has been reset. Log in with your new password.')).toBeTruthy();
    expect(writes(sent).map((r) => [r.path, r.form, r.query])).toEqual([
      ['/api/tokenize', { tokenType: 'register', password: 'Fresh-Start-2027!' }, {}],
      ['/web/user/password/reset/finish', {}, { emailToken: 'mail-token', passwordToken: 'password-token' }],
    ]);
  });

  it('says when the link is used or expired', async () => {
    fakeFetch({
      'POST /api/tokenize': { data: { token: 'password-token' } },
      'PUT /web/user/password/reset/finish': { status: 400, error: 'INVALID_TOKEN' },
    });
    await renderApp({ path });
    await screen.findByLabelText('New password');
    type('New password', 'Fresh-Start-2027!');
    type('Confirm new password', 'Fresh-Start-2027!');
    press('Reset password');
    expect(await screen.findByText('This reset link is invalid or has expired. Please ask for a new one.')).toBeTruthy();
  });

  it('shows the invalid-link message without a token', async () => {
    fakeFetch({});
    await renderApp({ path: '/reset-password' });
    expect(await screen.findByText('This reset link is invalid or has expired. Please ask for a new one.')).toBeTruthy();
    expect(screen.queryByLabelText('New password')).toBeNull();
  });
});

describe('SetupScreen', () => {
  const path = '/setup?token=setup-token-1';
  const fill = async () => {
    await screen.findByLabelText('Community name');
    type('Community name', '  Riverside Runners ');
    type('Your email', ' Owner@Example.org ');
    type(/^Password/, 'Owner-2026!secret');
  };

  it('checks the fields before sending, then creates the community and leads on to the console', async () => {
    const sent = fakeFetch({
      'POST /admin/setup': {
        data: { communityId: 'c-river', name: 'Riverside Runners', joinLink: 'https://pips.test/community-scan?communityId=c-river', email: 'owner@example.org', accountCreated: true },
      },
    });
    await renderApp({ path });
    await screen.findByLabelText('Community name');
    press('Create the community');
    expect(await screen.findByText('Enter the name of your community.')).toBeTruthy();
    expect(screen.getByText('Email is required.')).toBeTruthy();
    expect(writes(sent)).toHaveLength(0);

    await fill();
    press('Create the community');
    expect(await screen.findByText('Your community is ready')).toBeTruthy();
    expect(writes(sent).map((r) => [r.path, r.json])).toEqual([
      // Trimmed here; the server lowercases the address.
      ['/admin/setup', { token: 'setup-token-1', community: 'Riverside Runners', email: 'Owner@Example.org', password: 'Owner-2026!secret' }],
    ]);
    expect(screen.getByText('https://pips.test/community-scan?communityId=c-river')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in and open the console' }).getAttribute('href')).toBe('/console');
    // The result takes the form's place, and the focus.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByText('Your community is ready').closest('[role="status"]')));
    expect(screen.queryByLabelText('Community name')).toBeNull();
  });

  it('says why the server refused: a used link, or an address whose account has another password', async () => {
    fakeFetch({
      'POST /admin/setup': ({ json }) =>
        (json as { email: string }).email === 'Owner@Example.org' ? { status: 401, error: 'INVALID_CREDENTIALS' } : { status: 400, error: 'INVALID_TOKEN' },
    });
    await renderApp({ path });
    await fill();
    press('Create the community');
    expect(await screen.findByText('An account uses this email already: enter its password to own the community with it.')).toBeTruthy();
    type('Your email', 'someone@example.org');
    press('Create the community');
    expect(await screen.findByText(/^This setup link does not work: it was used, it expired/)).toBeTruthy();
    // The form stays, as typed.
    expect((screen.getByLabelText('Community name') as HTMLInputElement).value).toBe('  Riverside Runners ');
  });

  it('says the link does not work when it has no token, and offers no form', async () => {
    fakeFetch({});
    await renderApp({ path: '/setup' });
    expect(await screen.findByText(/^This setup link does not work/)).toBeTruthy();
    expect(screen.queryByLabelText('Community name')).toBeNull();
  });
});

describe('ChangePasswordScreen', () => {
  it('refuses a new password equal to the current one before sending', async () => {
    signIn(MEMBER);
    const sent = fakeFetch({});
    await renderApp({ path: '/profile/change-password' });
    await screen.findByLabelText('Current password');
    type('Current password', 'Same-Pass-1!');
    type('New password', 'Same-Pass-1!');
    type('Confirm new password', 'Same-Pass-1!');
    press('Change password');
    expect(await screen.findByText('The new password must be different from the current one.')).toBeTruthy();
    expect(writes(sent)).toHaveLength(0);
  });

  it.each([
    ['INCORRECT_PASSWORD', { status: 400, error: 'INCORRECT_PASSWORD' }, 'Incorrect password. Please try again.'],
    ['an empty token', { data: { token: '' } }, 'Failed to create password token'],
  ])('explains %s', async (_, answer, message) => {
    signIn(MEMBER);
    fakeFetch({ 'POST /api/tokenize': answer });
    await renderApp({ path: '/profile/change-password' });
    await screen.findByLabelText('Current password');
    type('Current password', 'Old-Pass-1!');
    type('New password', 'New-Pass-2!');
    type('Confirm new password', 'New-Pass-2!');
    press('Change password');
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it('changes the password with the token and goes back to the profile', async () => {
    signIn(MEMBER);
    const sent = fakeFetch({ 'POST /api/tokenize': { data: { token: 'change-token' } }, 'PUT /mobile/user/password': { data: { status: 'OK' } } });
    const { location } = await renderApp({ path: '/profile/change-password' });
    await screen.findByLabelText('Current password');
    type('Current password', 'Old-Pass-1!');
    type('New password', 'New-Pass-2!');
    type('Confirm new password', 'New-Pass-2!');
    press('Change password');
    await waitFor(() => expect(location.history.at(-1)).toBe('/profile'));
    expect(await screen.findByText('Your password has been changed.')).toBeTruthy();
    const [tokenize, change] = writes(sent);
    expect(tokenize.form).toEqual({ tokenType: 'changePassword', userId: '7', password: 'New-Pass-2!', currentPassword: 'Old-Pass-1!' });
    expect(change).toMatchObject({ method: 'PUT', path: '/mobile/user/password', query: { token: 'change-token' } });
  });
});

describe('ProfileScreen', () => {
  it("updates name and phone, sending back the member's stored date of birth, and shows the saved profile", async () => {
    signIn(MEMBER);
    const sent = fakeFetch({
      'GET /mobile/user/get': { data: user },
      'PUT /mobile/user': ({ query }) => ({ data: { ...user, ...query, fullName: `${query.firstName} ${query.lastName}` } }),
    });
    await renderApp({ path: '/profile' });
    expect(((await screen.findByLabelText('First name')) as HTMLInputElement).value).toBe('Ada');
    expect(screen.getByText('Demo Community')).toBeTruthy();

    type('First name', '  Augusta ');
    type('Phone (optional)', '+44 20 7946 0958');
    press('Save changes');
    expect(await screen.findByText('Profile updated successfully')).toBeTruthy();
    expect(sent.find((r) => r.method === 'PUT')?.query).toEqual({
      firstName: 'Augusta',
      lastName: 'Lovelace',
      phone: '+44 20 7946 0958',
      dayOfBirth: '1815-12-10',
    });
    // The resources fetch the profile again after the update.
    const putAt = sent.findIndex((r) => r.method === 'PUT');
    await waitFor(() => expect(requests(sent.slice(putAt), 'GET', '/mobile/user/get')).toHaveLength(1));
  });

  it('shows the cached profile first, then follows the fresh one from the server', async () => {
    signIn(MEMBER);
    await writeCachedResource('profile', { userId: MEMBER, language: 'en' }, user);
    let answer!: (reply: { data: unknown }) => void;
    fakeFetch({ 'GET /mobile/user/get': () => new Promise((resolve) => (answer = resolve)) });
    await renderApp({ path: '/profile' });
    const firstName = (await screen.findByLabelText('First name')) as HTMLInputElement;
    expect(firstName.value).toBe('Ada');

    await waitFor(() => expect(answer).toBeTypeOf('function'));
    answer({ data: { ...user, firstName: 'Augusta', fullName: 'Augusta Lovelace' } });
    await waitFor(() => expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Augusta'));
  });

  it('offline, shows the saved profile read-only with a notice, and sends nothing', async () => {
    signIn(MEMBER);
    setOnline(false);
    await writeCachedResource('profile', { userId: MEMBER, language: 'en' }, user);
    const sent = fakeFetch({ 'GET /mobile/user/get': noAnswer });
    await renderApp({ path: '/profile' });
    const firstName = (await screen.findByLabelText('First name')) as HTMLInputElement;
    expect(firstName.value).toBe('Ada');
    expect(await screen.findByText(/You are offline: this is your profile as saved on this device/)).toBeTruthy();
    expect([firstName.disabled, (screen.getByLabelText('Phone (optional)') as HTMLInputElement).disabled]).toEqual([true, true]);
    expect((screen.getByRole('button', { name: 'Save changes' }) as HTMLButtonElement).disabled).toBe(true);
    expect(requests(sent, 'PUT', '/mobile/user')).toEqual([]);
    setOnline(true);
  });

  it('keeps what the member typed when the fresh profile arrives meanwhile', async () => {
    signIn(MEMBER);
    await writeCachedResource('profile', { userId: MEMBER, language: 'en' }, user);
    let answer!: (reply: { data: unknown }) => void;
    fakeFetch({ 'GET /mobile/user/get': () => new Promise((resolve) => (answer = resolve)) });
    await renderApp({ path: '/profile' });
    await screen.findByLabelText('First name');
    type('Last name', 'Byron');

    await waitFor(() => expect(answer).toBeTypeOf('function'));
    // The fresh copy also carries a new e-mail, shown beside the form: its arrival is visible.
    answer({ data: { ...user, firstName: 'Augusta', fullName: 'Augusta Lovelace', email: 'augusta@example.org' } });
    expect(await screen.findByText('augusta@example.org')).toBeTruthy();
    expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Ada');
    expect((screen.getByLabelText('Last name') as HTMLInputElement).value).toBe('Byron');
  });

  it('never makes up a date of birth when none is stored', async () => {
    signIn(MEMBER);
    const sent = fakeFetch({ 'GET /mobile/user/get': { data: { ...user, dayOfBirth: null } }, 'PUT /mobile/user': { data: user } });
    await renderApp({ path: '/profile' });
    await screen.findByLabelText('First name');
    press('Save changes');
    await screen.findByText('Profile updated successfully');
    expect(sent.find((r) => r.method === 'PUT')?.query).not.toHaveProperty('dayOfBirth');
  });

  it('shows the failure and keeps the form when the update fails', async () => {
    signIn(MEMBER);
    fakeFetch({ 'GET /mobile/user/get': { data: user }, 'PUT /mobile/user': { status: 500, error: 'INTERNAL_ERROR' } });
    await renderApp({ path: '/profile' });
    await screen.findByLabelText('First name');
    press('Save changes');
    expect(await screen.findByText('Failed to update user profile')).toBeTruthy();
  });
});

describe('DeleteAccountScreen', () => {
  it('explains, then asks for the password, then deletes, drops the queued scans and logs out', async () => {
    signIn(MEMBER);
    await queueOfflineEarn({ userId: MEMBER, metadata: { qrParam: 'CODE-OF-SEVEN-000000' } });
    await queueOfflineEarn({ userId: 8, metadata: { qrParam: 'CODE-OF-EIGHT-000000' } });
    const sent = fakeFetch({
      'GET /mobile/user/get': { data: user },
      'POST /api/tokenize': ({ form }) =>
        form.password === 'Right-Pass-1!' ? { data: { token: 'confirm-token' } } : { status: 400, error: 'INCORRECT_PASSWORD' },
      'DELETE /mobile/user': { data: { status: 'OK' } },
    });
    const { location } = await renderApp({ path: '/delete-account' });
    expect(await screen.findByText('This cannot be undone')).toBeTruthy();
    expect(screen.queryByLabelText('Enter your password to confirm')).toBeNull();
    press('Continue');

    await screen.findByLabelText('Enter your password to confirm');
    type('Enter your password to confirm', 'Wrong-1!');
    press('Delete my account');
    expect(await screen.findByText('Incorrect password. Please try again.')).toBeTruthy();
    expect(sent.some((r) => r.method === 'DELETE')).toBe(false);

    type('Enter your password to confirm', 'Right-Pass-1!');
    press('Delete my account');
    expect(await screen.findByText('Your account has been deleted.')).toBeTruthy();
    expect(sent.find((r) => r.method === 'DELETE')?.query).toEqual({ passwordToken: 'confirm-token' });
    await waitFor(() => expect(localStorage.getItem('authToken')).toBeNull());
    await waitFor(() => expect(location.history.at(-1)).toBe('/login'));
    // A deleted account's queued pips can never be sent; another member's stay.
    expect(await listOfflineEarn(MEMBER)).toEqual([]);
    expect(await listOfflineEarn(8)).toHaveLength(1);
  });

  it('asks an account without a password to type the confirmation word', async () => {
    signIn(MEMBER);
    const sent = fakeFetch({ 'GET /mobile/user/get': { data: { ...user, hasPassword: false } }, 'DELETE /mobile/user': { data: { status: 'OK' } } });
    await renderApp({ path: '/delete-account' });
    await screen.findByText('Continue');
    press('Continue');
    await screen.findByLabelText('Type DELETE to confirm');
    type('Type DELETE to confirm', 'delete it');
    press('Delete my account');
    expect(await screen.findByText('Type DELETE to confirm.')).toBeTruthy();
    type('Type DELETE to confirm', 'delete');
    press('Delete my account');
    expect(await screen.findByText('Your account has been deleted.')).toBeTruthy();
    expect(sent.filter((r) => r.path === '/api/tokenize')).toHaveLength(0);
    expect(sent.find((r) => r.method === 'DELETE')?.query).toEqual({});
  });
});
