import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { findRoute, matchPattern, type ScreenKey } from './routeTable';

/** What every document title ends with: "Redeem · pips". */
export const TITLE_SUFFIX = 'pips';

const t = {
  Login: msg({ id: 'routing.title.login', message: 'Log in' }),
  Welcome: msg({ id: 'routing.title.welcome', message: 'Welcome' }),
  Signup: msg({ id: 'routing.title.signup', message: 'Create your account' }),
  ForgotPassword: msg({ id: 'routing.title.forgotPassword', message: 'Forgot your password?' }),
  CommunityQRScan: msg({ id: 'routing.title.communityScan', message: 'Join your community' }),
  Setup: msg({ id: 'routing.title.setup', message: 'Set up your community' }),
  ResetPassword: msg({ id: 'routing.title.resetPassword', message: 'Choose a new password' }),
  Verify: msg({ id: 'routing.title.verify', message: 'Verify your account' }),
  AuthCallback: msg({ id: 'routing.title.authCallback', message: 'Signing you in' }),
  Sitemap: msg({ id: 'routing.title.sitemap', message: 'Sitemap' }),
  Documentation: msg({ id: 'routing.title.documentation', message: 'Documentation' }),
  ApiDocs: msg({ id: 'routing.title.apiDocs', message: 'API docs' }),
  Activity: msg({ id: 'routing.title.activity', message: 'Activity' }),
  Announcements: msg({ id: 'routing.title.announcements', message: 'Announcements' }),
  ChanceToWin: msg({ id: 'routing.title.chanceToWin', message: 'Chance to Win' }),
  Contests: msg({ id: 'routing.title.contests', message: 'Contests' }),
  DeleteAccount: msg({ id: 'routing.title.deleteAccount', message: 'Delete account' }),
  Earn: msg({ id: 'routing.title.earn', message: 'Earn' }),
  Forms: msg({ id: 'routing.title.forms', message: 'Forms' }),
  Home: msg({ id: 'routing.title.home', message: 'Home' }),
  Profile: msg({ id: 'routing.title.profile', message: 'Profile' }),
  ChangePassword: msg({ id: 'routing.title.changePassword', message: 'Change password' }),
  Redeem: msg({ id: 'routing.title.redeem', message: 'Redeem' }),
  Rewards: msg({ id: 'routing.title.rewards', message: 'My rewards' }),
  RewardDetail: msg({ id: 'routing.title.rewardDetail', message: 'Reward details' }),
  Support: msg({ id: 'routing.title.support', message: 'Help and support' }),
  Terms: msg({ id: 'routing.title.terms', message: 'Terms and conditions' }),
  IndividualTrivia: msg({ id: 'routing.title.trivia', message: 'Trivia' }),
  TriviaQuestion: msg({ id: 'routing.title.triviaQuestion', message: 'Question of the day' }),
  TriviaAnswer: msg({ id: 'routing.title.triviaAnswer', message: 'Your answer' }),
  TriviaContest: msg({ id: 'routing.title.triviaContest', message: 'Trivia contest' }),
  TriviaContestInfo: msg({ id: 'routing.title.triviaContestInfo', message: 'About the contest' }),
  Admin: msg({ id: 'routing.title.admin', message: 'Community console' }),
} satisfies Record<ScreenKey, MessageDescriptor>;

/** A screen's own title where one route holds screens of different kinds (by its parameters). */
const withParams: Partial<Record<ScreenKey, (params: Record<string, string>) => MessageDescriptor | undefined>> = {
  Redeem: ({ id }) => (id ? msg({ id: 'routing.title.redeemReward', message: 'Redeem a reward' }) : undefined),
  Forms: ({ id }) => (id ? msg({ id: 'routing.title.questionnaire', message: 'Questionnaire' }) : undefined),
  TriviaQuestion: ({ id }) => (id ? msg({ id: 'routing.title.contestQuestion', message: 'Contest question' }) : undefined),
};

const notFound = msg({ id: 'routing.title.notFound', message: 'Page not found' });

/** The title of the screen a pathname (no query) shows, before the app's name. */
export function screenTitle(pathname: string): MessageDescriptor {
  const route = findRoute(pathname);
  if (!route) return notFound;
  const params = matchPattern(route.pattern, pathname) ?? {};
  return withParams[route.screen]?.(params) ?? t[route.screen];
}

/** The document's title: the screen's, then the app's name ("Redeem · pips"). */
export const documentTitle = (screen: string): string => `${screen} · ${TITLE_SUFFIX}`;
