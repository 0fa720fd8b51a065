import { paths } from './paths';

/**
 * Who may see a route:
 * - `root`: `/`, dispatched by session (login, verify or home);
 * - `guest`: public, but an authenticated user is sent to `/`;
 * - `public`: public and reachable whatever the session (forgot/reset password, community scan);
 * - `open`: open to everyone (sitemap, documentation, API docs);
 * - `verify`: logged in but not yet verified;
 * - `protected`: verified users.
 */
export type RouteAccess = 'root' | 'guest' | 'public' | 'open' | 'verify' | 'protected';

/** The separately loaded screens (plus the extensions: forgot/reset password, OIDC callback). */
export type ScreenKey =
  | 'Login'
  | 'Welcome'
  | 'Signup'
  | 'ForgotPassword'
  | 'CommunityQRScan'
  | 'ResetPassword'
  | 'Setup'
  | 'Verify'
  | 'AuthCallback'
  | 'Sitemap'
  | 'Documentation'
  | 'ApiDocs'
  | 'Activity'
  | 'Announcements'
  | 'ChanceToWin'
  | 'Contests'
  | 'DeleteAccount'
  | 'Earn'
  | 'Forms'
  | 'Home'
  | 'Profile'
  | 'ChangePassword'
  | 'Redeem'
  | 'Rewards'
  | 'RewardDetail'
  | 'Support'
  | 'Terms'
  | 'IndividualTrivia'
  | 'TriviaQuestion'
  | 'TriviaAnswer'
  | 'TriviaContest'
  | 'TriviaContestInfo'
  | 'Admin';

export interface AppRoute {
  /** wouter pattern; `:name?` is optional. */
  pattern: string;
  access: RouteAccess;
  screen: ScreenKey;
}

const route = (pattern: string, access: RouteAccess, screen: ScreenKey): AppRoute => ({ pattern, access, screen });

/** The complete route table, in matching order. */
export const routeTable: readonly AppRoute[] = [
  { pattern: paths.root, access: 'root', screen: 'Home' },

  route(paths.login, 'guest', 'Login'),
  route(paths.welcome, 'guest', 'Welcome'),
  route(paths.signup, 'guest', 'Signup'),
  route(paths.authCallback, 'guest', 'AuthCallback'),
  route(paths.forgotPassword, 'public', 'ForgotPassword'),
  route(paths.communityScan, 'public', 'CommunityQRScan'),
  route(paths.resetPassword, 'public', 'ResetPassword'),
  route(paths.setup, 'public', 'Setup'),
  route(paths.verify, 'verify', 'Verify'),

  route(paths.sitemap, 'open', 'Sitemap'),
  route(paths.documentation, 'open', 'Documentation'),
  route(paths.apiDocs, 'open', 'ApiDocs'),
  route(paths.terms, 'open', 'Terms'),

  route(paths.activity, 'protected', 'Activity'),
  route(paths.announcements, 'protected', 'Announcements'),
  route(paths.chanceToWin, 'protected', 'ChanceToWin'),
  route(paths.contests, 'protected', 'Contests'),
  route(paths.deleteAccount, 'protected', 'DeleteAccount'),
  route(paths.earn, 'protected', 'Earn'),
  route(paths.forms, 'protected', 'Forms'),
  route(paths.home, 'protected', 'Home'),
  route(paths.profile, 'protected', 'Profile'),
  route(paths.changePassword, 'protected', 'ChangePassword'),
  route(paths.redeem, 'protected', 'Redeem'),
  route(paths.rewards, 'protected', 'Rewards'),
  route(paths.rewardDetail, 'protected', 'RewardDetail'),
  route(paths.support, 'open', 'Support'),
  route(paths.individualTrivia, 'protected', 'IndividualTrivia'),
  route(paths.individualTriviaQuestion, 'protected', 'TriviaQuestion'),
  route(paths.individualTriviaAnswer, 'protected', 'TriviaAnswer'),
  route(paths.triviaContest, 'protected', 'TriviaContest'),
  route(paths.triviaContestQuestion, 'protected', 'TriviaQuestion'),
  route(paths.triviaContestAnswer, 'protected', 'TriviaAnswer'),
  route(paths.triviaContestInfo, 'protected', 'TriviaContestInfo'),
  route(paths.admin, 'protected', 'Admin'),
];

/**
 * Matches a pathname against a wouter pattern (the same rules as wouter's default parser for the
 * patterns used here: literal segments, `:name` and optional `:name?`). Returns the params, or null.
 */
export function matchPattern(pattern: string, pathname: string): Record<string, string> | null {
  const patternParts = pattern.split('/').filter(Boolean);
  const pathParts = pathname.replace(/\/+$/, '').split('/').filter(Boolean);
  const params: Record<string, string> = {};
  let at = 0;
  for (const part of patternParts) {
    const param = /^:(\w+)(\?)?$/.exec(part);
    const segment = pathParts[at];
    if (!param) {
      if (segment !== part) return null;
      at++;
    } else if (segment !== undefined) {
      try {
        params[param[1]] = decodeURIComponent(segment);
      } catch {
        return null;
      }
      at++;
    } else if (!param[2]) {
      return null;
    }
  }
  return at === pathParts.length ? params : null;
}

/** The route a pathname (no query, no hash) belongs to, or undefined for an unknown path. */
export function findRoute(pathname: string): AppRoute | undefined {
  return routeTable.find((entry) => matchPattern(entry.pattern, pathname) !== null);
}
