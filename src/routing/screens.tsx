import type { ComponentType } from 'react';
import { retryableLazy } from '../components/retryableLazy';
import { restoreFrom } from '../../machines/session.machine';
import type { StoredCredentials } from '../../machines/session.types';
import { guardRoute, type SessionStanding } from './guard';
import { findRoute, type ScreenKey } from './routeTable';

type ScreenModule = Promise<{ default: ComponentType }>;

/**
 * The screens that send an account request (an on-demand actor: machines/app.root.ts). A screen
 * does not import the requests' module itself: it is fetched with the screen, not once the screen
 * has rendered and asked (a reset link's first visit would wait one more round trip).
 * `test/unit/routing/accountRequestScreens.test.ts` checks this list against the screens' code.
 */
export const accountRequestScreens: ReadonlySet<ScreenKey> = new Set<ScreenKey>([
  'ForgotPassword',
  'ResetPassword',
  'Profile',
  'ChangePassword',
  'DeleteAccount',
  'ApiDocs',
  'Setup',
]);

/**
 * Every screen is its own chunk (separately loaded screens); the operator console
 * (`Admin`, issue 14) is never part of a member's screens.
 */
const loaders: Record<ScreenKey, () => ScreenModule> = {
  Login: () => import('../screens/LoginScreen'),
  Welcome: () => import('../screens/WelcomeScreen'),
  Signup: () => import('../screens/SignupScreen'),
  ForgotPassword: () => import('../screens/ForgotPasswordScreen'),
  CommunityQRScan: () => import('../screens/CommunityScanScreen'),
  ResetPassword: () => import('../screens/ResetPasswordScreen'),
  Setup: () => import('../screens/SetupScreen'),
  Verify: () => import('../screens/VerifyScreen'),
  AuthCallback: () => import('../oidc/AuthCallbackScreen'),
  Sitemap: () => import('../screens/SitemapScreen'),
  Home: () => import('../screens/HomeScreen'),
  Profile: () => import('../screens/ProfileScreen'),
  ChangePassword: () => import('../screens/ChangePasswordScreen'),
  DeleteAccount: () => import('../screens/DeleteAccountScreen'),
  Documentation: () => import('../screens/DocumentationScreen'),
  ApiDocs: () => import('../screens/apiDocs/ApiDocsScreen'),
  Activity: () => import('../screens/activity/ActivityScreen'),
  Announcements: () => import('../screens/announcements/AnnouncementsScreen'),
  ChanceToWin: () => import('../screens/chanceToWin/ChanceToWinScreen'),
  Contests: () => import('../screens/contests/ContestsScreen'),
  Earn: () => import('../screens/earn/EarnScreen'),
  Forms: () => import('../screens/forms/FormsScreen'),
  Redeem: () => import('../screens/redeem/RedeemScreen'),
  Rewards: () => import('../screens/rewards/RewardsScreen'),
  RewardDetail: () => import('../screens/rewards/RewardDetailScreen'),
  Support: () => import('../screens/SupportScreen'),
  Terms: () => import('../screens/TermsScreen'),
  IndividualTrivia: () => import('../screens/trivia/IndividualTriviaScreen'),
  TriviaQuestion: () => import('../screens/trivia/TriviaQuestionScreen'),
  TriviaAnswer: () => import('../screens/trivia/TriviaAnswerScreen'),
  TriviaContest: () => import('../screens/trivia/TriviaContestScreen'),
  TriviaContestInfo: () => import('../screens/trivia/TriviaContestInfoScreen'),
  Admin: () => import('../screens/admin/AdminScreen'),
};

/** A screen's module, with the account requests' module for a screen that sends them. */
const load = (key: ScreenKey): ScreenModule =>
  accountRequestScreens.has(key)
    ? Promise.all([loaders[key](), import('../actors/accountRequests')]).then(([module]) => module)
    : loaders[key]();

/** The component each screen key of the route table renders. */
export const screens = {} as Record<ScreenKey, ComponentType>;
for (const key of Object.keys(loaders) as ScreenKey[]) screens[key] = retryableLazy(() => load(key));

/** An unknown URL's screen (not in the route table: no pattern matches it). */
export const NotFoundScreen = retryableLazy(() => import('../screens/NotFoundScreen'));

/** The standing app start restores from what is stored (by the session machine's own rule). */
export function storedStanding(stored: StoredCredentials): SessionStanding {
  const restored = restoreFrom(stored);
  if (!restored) return 'anonymous';
  return restored.isVerified ? 'verified' : 'unverified';
}

/**
 * The screen a first visit to `pathname` will show, after the guard's redirect if any, or null
 * for an unknown path.
 */
export function firstScreenOf(pathname: string, standing: SessionStanding): ScreenKey | null {
  const { redirect } = guardRoute(pathname, standing);
  const target = redirect ? guardRoute(redirect, standing).redirect ?? redirect : pathname;
  return findRoute(target)?.screen ?? null;
}

/**
 * Starts fetching the first screen's chunk while the catalog loads and the session starts, instead
 * of once the route renders (on a slow network the screen's chunk was the last link of a chain:
 * app, catalog, session, screen). The lazy component finds the module already on its way. The
 * promise settles once the chunk has come or failed.
 */
export function preloadFirstScreen(pathname: string, credentials: StoredCredentials): Promise<void> {
  const screen = firstScreenOf(pathname, storedStanding(credentials));
  if (!screen) return Promise.resolve();
  // Settles either way: a chunk that failed to come is asked for again when the route renders.
  return load(screen).then(
    () => undefined,
    () => undefined,
  );
}
