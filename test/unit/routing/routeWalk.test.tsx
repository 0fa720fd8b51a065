import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { resetData, signIn } from '../data/dataTestKit';
import { guardMessages } from '../../../src/routing/guardMessages';
import { findRoute, matchPattern, routeTable, type ScreenKey } from '../../../src/routing/routeTable';
import { i18n } from '../../../src/i18n/i18n';
import { renderApp } from '../screens/renderApp';
import { expectedGuards } from './expectedRoutes';

/** How each standing is stored on the device at app start. */
const sessions = {
  anonymous: () => {},
  unverified: () => void signIn(7, { verified: false }),
  verified: () => void signIn(7),
};
type Standing = keyof typeof sessions;

/** The h1 each screen shows (in English, with every API call failing); null: the screen of another room, any h1. */
const headings: Record<ScreenKey, string | RegExp | null> = {
  Login: 'Log in',
  Welcome: 'Welcome to pips',
  Signup: 'Create your account',
  ForgotPassword: 'Forgot your password?',
  CommunityQRScan: null,
  ResetPassword: 'Choose a new password',
  Setup: 'Set up your community',
  Verify: 'Verify your account',
  AuthCallback: null,
  Sitemap: 'Sitemap',
  Documentation: 'Documentation',
  ApiDocs: 'API docs',
  Activity: 'Activity',
  Announcements: 'Announcements',
  ChanceToWin: 'Chance to Win',
  Contests: 'Contests',
  DeleteAccount: 'Delete account',
  Earn: 'Earn',
  Forms: 'Forms',
  Home: 'Hi there',
  Profile: 'Profile',
  ChangePassword: 'Change password',
  Redeem: 'Redeem',
  Rewards: 'My rewards',
  RewardDetail: 'Reward details',
  Support: 'Help and support',
  Terms: 'Terms and conditions',
  IndividualTrivia: 'Trivia',
  TriviaQuestion: /^(Question of the day|Contest question)$/,
  TriviaAnswer: 'Your answer',
  TriviaContest: 'Trivia contest',
  TriviaContestInfo: 'Trivia contest',
  Admin: 'Community console',
};

/** Where the guard table says a visit ends, and the toast on the way (if any). */
function landing(path: string, standing: Standing): { at: string; message?: string } {
  const index = ['anonymous', 'unverified', 'verified'].indexOf(standing);
  let at = path;
  let message: string | undefined;
  for (let hops = 0; hops < 3; hops++) {
    const decision = expectedGuards[at]?.[index];
    if (!decision?.redirect) break;
    message ??= decision.messageId && i18n._(guardMessages[decision.messageId]);
    at = decision.redirect;
  }
  return { at, message };
}

/** One concrete path per route of the table (the first case of the guard table that matches it). */
const walked = routeTable.map(({ pattern }) => Object.keys(expectedGuards).find((path) => matchPattern(pattern, path))!);

afterEach(resetData);
// /documentation draws every machine when its module is first built (ELK layout): build it once
// here, so each walk measures where the visit lands, not the diagrams' layout.
beforeAll(() => import('../../../src/screens/DocumentationScreen'), 180_000);

/** The guard toasts on screen. */
const guardToasts = () => screen.queryAllByText(/Please (log in|verify your account) to access this page/).map((toast) => toast.textContent);

describe.each(Object.keys(sessions) as Standing[])('every route, %s', (standing) => {
  it.each(walked)('%s', async (path) => {
    const { at, message } = landing(path, standing);
    sessions[standing]();
    // Every call fails: these tests are about where a visit lands, not about data.
    vi.stubGlobal('fetch', async () => new Response('', { status: 503 }));
    const { location } = await renderApp({ path });

    await waitFor(() => expect(location.history.at(-1)).toBe(at));
    // null: the screen of another room, whatever its h1 says.
    const heading = headings[findRoute(at)!.screen] ?? /./;
    // (a cold /documentation builds every machine diagram first: seconds on a busy machine)
    expect(await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 15_000 })).toBeTruthy();
    await waitFor(() => expect(guardToasts()).toEqual(message ? [message] : []));
  });
});

describe('an unknown URL', () => {
  it.each(Object.keys(sessions) as Standing[])('shows Page not found with a way home, %s', async (standing) => {
    sessions[standing]();
    vi.stubGlobal('fetch', async () => new Response('', { status: 503 }));
    const { location } = await renderApp({ path: '/no-such-page' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' }, { timeout: 3000 })).toBeTruthy();
    expect(screen.getByText(/There is no page at \/no-such-page/)).toBeTruthy();
    expect(location.history).toEqual(['/no-such-page']);
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
  });
});
