import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { resetData, signIn } from '../data/dataTestKit';
import { fakeFetch, requests, user } from './fakeFetch';
import { renderApp } from './renderApp';

const hrefOf = (name: string | RegExp) => within(screen.getByRole('main')).getByRole('link', { name }).getAttribute('href');

afterEach(resetData);

describe('HomeScreen', () => {
  it('greets by first name, shows the three balances and links every tile', async () => {
    signIn(7);
    fakeFetch({
      'GET /mobile/user/get': { data: user },
      'GET /mobile/dashboard': { data: { availablePips: 1200, totalEarnedPips: 1500, totalUsedPips: 300, actions: [] } },
    });
    await renderApp({ path: '/home' });

    expect(await screen.findByRole('heading', { name: 'Hi, Ada' })).toBeTruthy();
    await waitFor(() => expect(screen.getByLabelText('Available pips').textContent).toBe('1,200'));
    expect(screen.getByLabelText('Total earned').textContent).toBe('1,500');
    expect(screen.getByLabelText('Total used').textContent).toBe('300');
    expect(
      ['Earn', 'Redeem', 'Activity', 'Profile', 'Contests', 'My rewards', 'Forms', 'Trivia', 'Chance to Win', 'Announcements'].map((tile) =>
        hrefOf(new RegExp(`^${tile}`)),
      ),
    ).toEqual(['/earn', '/redeem', '/activity', '/profile', '/contests', '/rewards', '/forms', '/trivia/individual', '/chance-to-win', '/announcements']);
    // the sections are one tap away in the tab bar (phones) and the header (wide screens)
    const sectionNavs = screen.getAllByRole('navigation', { name: 'Sections', hidden: true });
    expect(sectionNavs).toHaveLength(2);
    for (const nav of sectionNavs) {
      expect(within(nav).getAllByRole('link', { hidden: true }).map((link) => link.getAttribute('href'))).toEqual(['/home', '/earn', '/redeem', '/activity', '/profile']);
      expect(within(nav).getByRole('link', { name: 'Home', hidden: true }).getAttribute('aria-current')).toBe('page');
    }
  });

  /** The member's balance and three rewards: two in stock (250 and 400 pips) and a cheaper one out of stock. */
  const serveRewards = (available: number) =>
    fakeFetch({
      'GET /mobile/user/get': { data: user },
      'GET /mobile/dashboard': { data: { availablePips: available, totalEarnedPips: 600, totalUsedPips: 600 - available, actions: [] } },
      'GET /mobile/promos/get': {
        data: {
          promos: [
            { id: 3, type: 'REDEEM', title: 'Coffee voucher', pips: 250, available: true, options: [{ optId: 31, label: '$5', pips: 250, inStock: true }] },
            { id: 4, type: 'REDEEM', title: 'Cinema ticket', pips: 400, available: true, options: [{ optId: 41, label: 'One', pips: 400, inStock: true }] },
            // Out of stock: never the target, however cheap.
            { id: 5, type: 'REDEEM', title: 'Headphones', pips: 100, available: true, options: [{ optId: 51, label: 'Std', pips: 100, inStock: false }] },
          ],
        },
      },
    });

  it('shows the progress toward the cheapest reward in stock the member cannot afford yet', async () => {
    signIn(7);
    serveRewards(150);
    await renderApp({ path: '/home' });
    const progress = await screen.findByTestId('reward-progress');
    expect(within(progress).getByText('Next reward: Coffee voucher')).toBeTruthy();
    expect(within(progress).getByText('100 more pips to go (150 of 250)')).toBeTruthy();
    expect(within(progress).getByRole('progressbar', { name: 'Progress toward the next reward' }).getAttribute('aria-valuenow')).toBe('60');
    expect(within(progress).getByRole('link', { name: 'See the reward' }).getAttribute('href')).toBe('/redeem/3');
  });

  it('says the member can redeem the dearest reward in stock once every one is within reach', async () => {
    signIn(7);
    serveRewards(450);
    await renderApp({ path: '/home' });
    const ready = await screen.findByTestId('reward-progress');
    expect(within(ready).getByText('You have enough pips for Cinema ticket')).toBeTruthy();
    expect(within(ready).getByText('It costs 400 pips; you have 450.')).toBeTruthy();
    expect(within(ready).getByRole('link', { name: 'Redeem now' }).getAttribute('href')).toBe('/redeem/4');
  });

  it('says there is no reward to aim at when none is in stock, and points to the ways to earn', async () => {
    signIn(7);
    fakeFetch({
      'GET /mobile/user/get': { data: user },
      'GET /mobile/dashboard': { data: { availablePips: 20, totalEarnedPips: 20, totalUsedPips: 0, actions: [] } },
      'GET /mobile/promos/get': {
        data: { promos: [{ id: 5, type: 'REDEEM', title: 'Headphones', pips: 100, available: true, options: [{ optId: 51, label: 'Std', pips: 100, inStock: false }] }] },
      },
    });
    await renderApp({ path: '/home' });
    const none = await screen.findByTestId('reward-progress-none');
    expect(within(none).getByText('No rewards available yet')).toBeTruthy();
    expect(within(none).getByRole('link', { name: 'Ways to earn' }).getAttribute('href')).toBe('/earn');
    expect(within(none).queryByRole('progressbar')).toBeNull();
    expect(screen.queryByTestId('reward-progress')).toBeNull();
  });

  it('says when the dashboard cannot be fetched', async () => {
    signIn(7);
    fakeFetch({ 'GET /mobile/user/get': { data: user } });
    await renderApp({ path: '/home' });
    expect(await screen.findByText('Failed to fetch dashboard')).toBeTruthy();
  });

  it('logs out: the tokens go and the member lands on /login', async () => {
    signIn(7);
    fakeFetch({ 'GET /mobile/user/get': { data: user } });
    const { location } = await renderApp({ path: '/home' });
    fireEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/login'));
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(localStorage.getItem('userId')).toBeNull();
  });
});

describe('WelcomeScreen', () => {
  it('reads the app name from the web manifest', async () => {
    vi.stubGlobal('fetch', async (request: Request) =>
      new URL(request.url).pathname === '/manifest.webmanifest'
        ? new Response(JSON.stringify({ name: 'Neighbourhood Rewards', short_name: 'NR' }), {
            headers: { 'Content-Type': 'application/manifest+json' },
          })
        : new Response('', { status: 503 }),
    );
    await renderApp({ path: '/welcome' });
    expect(await screen.findByRole('heading', { name: 'Welcome to Neighbourhood Rewards' })).toBeTruthy();
    expect(hrefOf('Continue with email')).toBe('/signup');
  });

  it('shows the name the manifest had at build until (or unless) the fetched one answers', async () => {
    fakeFetch({});
    await renderApp({ path: '/welcome' });
    expect(await screen.findByRole('heading', { name: 'Welcome to pips' })).toBeTruthy();
  });
});

describe('LoginScreen links', () => {
  it('offers the forgot-password page and takes the e-mail from a finished reset', async () => {
    fakeFetch({});
    await renderApp({ path: '/login?email=ada%40example.org' });
    expect(((await screen.findByLabelText('Email')) as HTMLInputElement).value).toBe('ada@example.org');
    expect(hrefOf('Forgot password?')).toBe('/forgot-password');
  });
});

describe('SignupScreen community', () => {
  it('sends a member without a community to the scan', async () => {
    fakeFetch({});
    await renderApp({ path: '/signup' });
    expect(await screen.findByText('You must scan your community QR code to create an account.')).toBeTruthy();
    expect(hrefOf('Scan your community QR code')).toBe('/community-scan');
    // No form that could not be sent: the scan is the way on, and logging in stays offered.
    expect(screen.queryByLabelText('Email')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create account' })).toBeNull();
    expect(screen.queryByTestId('oidc-buttons-signup')).toBeNull();
    expect(hrefOf('Log in')).toBe('/login');
  });

  it('shows the scanned community instead', async () => {
    localStorage.setItem('pendingCommunity', JSON.stringify({ communityId: 'demo', name: 'Demo Community' }));
    fakeFetch({});
    await renderApp({ path: '/signup' });
    expect(await screen.findByText('Demo Community')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Scan your community QR code' })).toBeNull();
    expect(screen.getByLabelText('Email')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create account' })).toBeTruthy();
  });
});

describe('VerifyScreen', () => {
  const typeCode = (code: string) => fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: code } });

  it('verifies with the mailed code, remembers it, and opens home', async () => {
    signIn(7, { verified: false });
    const sent = fakeFetch({
      'POST /mobile/verify': ({ form }) => (form.code === '123456' ? { data: { status: 'OK' } } : { status: 400, error: 'INVALID_CODE' }),
    });
    const { location } = await renderApp({ path: '/verify' });
    expect(await screen.findByText('member7@example.org')).toBeTruthy();

    typeCode('654321');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Invalid code. Please try again.')).toBeTruthy();
    expect(localStorage.getItem('isVerified')).toBe('false');

    typeCode('123456');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/home'));
    expect(localStorage.getItem('isVerified')).toBe('true');
    expect(requests(sent, 'POST', '/mobile/verify').map((r) => r.form)).toEqual([{ code: '654321' }, { code: '123456' }]);
    // Verified, the member's data loads.
    await waitFor(() => expect(requests(sent, 'GET', '/mobile/dashboard').length).toBeGreaterThan(0));
  });

  it('asks for a new code and says when it was sent', async () => {
    signIn(7, { verified: false });
    const sent = fakeFetch({ 'POST /mobile/verify': { data: { status: 'OK' } } });
    await renderApp({ path: '/verify' });
    fireEvent.click(await screen.findByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText('Verification code re-sent: please check your email.')).toBeTruthy();
    expect(requests(sent, 'POST', '/mobile/verify').map((r) => r.form)).toEqual([{ op: 'resend' }]);
    // The next one waits, and the link counts down.
    const waiting = await screen.findByRole('button', { name: /^Resend code in 0:(30|29)$/ });
    expect((waiting as HTMLButtonElement).disabled).toBe(true);
    await screen.findByRole('button', { name: /^Resend code in 0:(28|27)$/ }, { timeout: 4000 });
  });

  it('shows the countdown, not an error, when the server says a code went out a moment ago', async () => {
    signIn(7, { verified: false });
    fakeFetch({ 'POST /mobile/verify': { status: 429, error: 'RATE_LIMITED' } });
    await renderApp({ path: '/verify' });
    fireEvent.click(await screen.findByRole('button', { name: 'Resend code' }));
    expect(await screen.findByRole('button', { name: /^Resend code in 0:(30|29)$/ })).toBeTruthy();
    // The countdown is explained: a code went out a moment ago.
    expect(screen.getByText('A code was just sent to your email. You can ask for a new one when the countdown ends.').getAttribute('role')).toBe('status');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.querySelector('.mantine-Notification-root')).toBeNull();
  });
});
