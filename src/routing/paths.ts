/** Every route of the app as a wouter pattern (`:name?` is an optional segment). */
export const paths = {
  root: '/',
  // public
  login: '/login',
  welcome: '/welcome',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  communityScan: '/community-scan',
  resetPassword: '/reset-password',
  verify: '/verify',
  authCallback: '/auth/callback',
  // a server with no operator yet: the one-time setup link it prints at start (issue 49)
  setup: '/setup',
  // open to everyone
  sitemap: '/sitemap',
  documentation: '/documentation',
  apiDocs: '/api-docs',
  terms: '/terms',
  // protected
  activity: '/activity',
  announcements: '/announcements',
  chanceToWin: '/chance-to-win',
  contests: '/contests',
  deleteAccount: '/delete-account',
  earn: '/earn/:actionId?',
  forms: '/forms/:id?',
  home: '/home',
  profile: '/profile',
  changePassword: '/profile/change-password',
  redeem: '/redeem/:id?',
  rewards: '/rewards',
  rewardDetail: '/rewards/:id',
  support: '/support',
  individualTrivia: '/trivia/individual',
  individualTriviaQuestion: '/trivia/individual/question',
  individualTriviaAnswer: '/trivia/individual/answer',
  triviaContest: '/trivia/contest/:id',
  triviaContestQuestion: '/trivia/contest/:id/question',
  triviaContestAnswer: '/trivia/contest/:id/answer',
  triviaContestInfo: '/trivia/contest/:id/info',
  // operators (issue 14): the console, its view as the optional part (not under /admin, the
  // operator API's prefix: the server redirects a bare /admin here)
  admin: '/console/:view?',
} as const;

/** A concrete link to a pattern: `:name` parts filled from `params`, missing optional parts dropped. */
export function linkTo(pattern: string, params: Record<string, string | number> = {}): string {
  const filled = pattern
    .split('/')
    .map((segment) => {
      const param = /^:(\w+)(\?)?$/.exec(segment);
      if (!param) return segment;
      const value = params[param[1]];
      if (value === undefined) {
        if (param[2]) return null;
        throw new Error(`linkTo(${pattern}): missing ${param[1]}`);
      }
      return encodeURIComponent(String(value));
    })
    .filter((segment) => segment !== null)
    .join('/');
  return filled || '/';
}
