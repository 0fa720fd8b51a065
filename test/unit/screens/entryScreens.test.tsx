// Loads fake-indexeddb before Dexie is imported by the screens.
import { actAs, resetData } from '../data/dataTestKit';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { fromPromise } from 'xstate';
import { sessionMachine, type StoredCredentials } from '../../../machines';
import HomeScreen from '../../../src/screens/HomeScreen';
import LoginScreen from '../../../src/screens/LoginScreen';
import SignupScreen from '../../../src/screens/SignupScreen';
import WelcomeScreen from '../../../src/screens/WelcomeScreen';
import { fakeFetch, user } from './fakeFetch';
import { renderWithApp } from './renderApp';

const stored: StoredCredentials = { authToken: 'auth-token-0123456789', userId: '7', email: 'ada@example.org', isVerified: 'true' };
const session = (credentials: StoredCredentials | null) =>
  sessionMachine.provide({ actors: { restoreSession: fromPromise<StoredCredentials | null>(async () => credentials) } });
const hrefOf = (name: string | RegExp) => screen.getByRole('link', { name }).getAttribute('href');

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('HomeScreen', () => {
  beforeEach(() => actAs(7));
  afterEach(resetData);

  it('greets by first name, shows the three balances and links every tile', async () => {
    fakeFetch({
      'GET /mobile/user/get': { data: user },
      'GET /mobile/dashboard': { data: { availablePips: 1200, totalEarnedPips: 1500, totalUsedPips: 300, actions: [] } },
    });
    await renderWithApp(<HomeScreen />, { sessionLogic: session(stored), path: '/home' });

    expect(await screen.findByRole('heading', { name: 'Hi, Ada' })).toBeTruthy();
    await waitFor(() => expect(screen.getByLabelText('Available pips').textContent).toBe('1,200'));
    expect(screen.getByLabelText('Total earned').textContent).toBe('1,500');
    expect(screen.getByLabelText('Total used').textContent).toBe('300');
    expect(
      ['Earn', 'Redeem', 'Activity', 'Profile', 'Contests', 'Rewards'].map((tile) => hrefOf(new RegExp(`^${tile}`))),
    ).toEqual(['/earn', '/redeem', '/activity', '/profile', '/chance-to-win', '/rewards']);
  });

  it('says when the dashboard cannot be fetched', async () => {
    fakeFetch({ 'GET /mobile/user/get': { data: user } });
    await renderWithApp(<HomeScreen />, { sessionLogic: session(stored), path: '/home' });
    expect(await screen.findByText('Failed to fetch dashboard')).toBeTruthy();
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
    await renderWithApp(<WelcomeScreen />, { sessionLogic: session(null), path: '/welcome' });
    expect(await screen.findByRole('heading', { name: 'Welcome to Neighbourhood Rewards' })).toBeTruthy();
    expect(hrefOf('Continue with email')).toBe('/signup');
  });

  it("falls back to 'Rewards'", async () => {
    fakeFetch({});
    await renderWithApp(<WelcomeScreen />, { sessionLogic: session(null), path: '/welcome' });
    expect(await screen.findByRole('heading', { name: 'Welcome to Rewards' })).toBeTruthy();
  });
});

describe('LoginScreen links', () => {
  it('offers the forgot-password page and takes the e-mail from a finished reset', async () => {
    fakeFetch({});
    await renderWithApp(<LoginScreen />, { sessionLogic: session(null), path: '/login?email=ada%40example.org' });
    expect(hrefOf('Forgot password?')).toBe('/forgot-password');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ada@example.org');
  });
});

describe('SignupScreen community', () => {
  it('sends a member without a community to the scan', async () => {
    fakeFetch({});
    await renderWithApp(<SignupScreen />, { sessionLogic: session(null), path: '/signup' });
    expect(screen.getByText('You must scan your community QR code to create an account.')).toBeTruthy();
    expect(hrefOf('Scan your community QR code')).toBe('/community-scan');
  });

  it('shows the scanned community instead', async () => {
    localStorage.setItem('pendingCommunity', JSON.stringify({ communityId: 'demo', name: 'Demo Community' }));
    fakeFetch({});
    await renderWithApp(<SignupScreen />, { sessionLogic: session(null), path: '/signup' });
    expect(screen.getByText('Demo Community')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Scan your community QR code' })).toBeNull();
  });
});
