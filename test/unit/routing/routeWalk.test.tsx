import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { fromPromise } from 'xstate';
import { sessionMachine, type StoredCredentials } from '../../../machines';
import { AppRoutes } from '../../../src/routing/AppRoutes';
import { guardMessages } from '../../../src/routing/guardMessages';
import { findRoute, matchPattern, routeTable, type ScreenKey } from '../../../src/routing/routeTable';
import { i18n } from '../../../src/i18n/i18n';
import { renderWithApp } from '../screens/renderApp';
import { expectedGuards } from './expectedRoutes';

const verified: StoredCredentials = { authToken: 'auth-token-0123456789', userId: '7', email: 'ada@example.org', isVerified: 'true' };
const sessions = {
  anonymous: null,
  unverified: { ...verified, isVerified: 'false' },
  verified,
} satisfies Record<string, StoredCredentials | null>;
type Standing = keyof typeof sessions;

const restoring = (stored: StoredCredentials | null) =>
  sessionMachine.provide({ actors: { restoreSession: fromPromise<StoredCredentials | null>(async () => stored) } });

/** The h1 each screen shows (in English, with every API call failing); null: the screen of another room, any h1. */
const headings: Record<ScreenKey, string | null> = {
  Login: 'Log in',
  Welcome: 'Welcome to Rewards',
  Signup: 'Create your account',
  ForgotPassword: 'Forgot your password?',
  CommunityQRScan: null,
  ResetPassword: 'Choose a new password',
  Verify: 'Verify your account',
  AuthCallback: null,
  Sitemap: 'Sitemap',
  Documentation: 'Documentation',
  ApiDocs: 'API docs',
  Activity: 'Activity',
  Announcements: 'Announcements',
  ChanceToWin: 'Chance to Win',
  DeleteAccount: 'Delete account',
  Earn: 'Earn',
  Forms: 'Forms',
  Home: 'Hi there',
  Profile: 'Profile',
  ChangePassword: 'Change password',
  Redeem: 'Redeem',
  Rewards: 'My rewards',
  RewardDetail: 'Reward details',
  Support: 'Support',
  IndividualTrivia: 'Trivia',
  TriviaQuestion: 'Trivia question',
  TriviaAnswer: 'Trivia answer',
  TriviaContest: 'Trivia contest',
  TriviaContestInfo: 'Trivia contest info',
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

beforeAll(() => {
  // Every call fails: these tests are about where a visit lands, not about data.
  vi.stubGlobal('fetch', async () => new Response('', { status: 503 }));
});
afterAll(() => vi.unstubAllGlobals());
afterEach(() => {
  cleanup();
  notifications.clean();
  localStorage.clear();
});

describe.each(Object.keys(sessions) as Standing[])('every route of SPEC §2, %s', (standing) => {
  it.each(walked)('%s', async (path) => {
    const { at, message } = landing(path, standing);
    const { location } = await renderWithApp(<AppRoutes />, { sessionLogic: restoring(sessions[standing]), path });

    await waitFor(() => expect(location.history.at(-1)).toBe(at));
    const heading = headings[findRoute(at)!.screen];
    if (heading) expect(await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 3000 })).toBeTruthy();
    if (message) expect(await screen.findByText(message)).toBeTruthy();
    else expect(screen.queryByText(/Please (log in|verify your account) to access this page/)).toBeNull();
  });
});
