import type { GuardDecision } from '../../../src/routing/guard';

export const stay: GuardDecision = {};
export const toRoot: GuardDecision = { redirect: '/' };
export const toLogin: GuardDecision = { redirect: '/login' };
export const loginRequired: GuardDecision = { redirect: '/login', messageId: 'guard.loginRequired', rememberOrigin: true };
export const verificationRequired: GuardDecision = { redirect: '/verify', messageId: 'guard.verificationRequired' };
/** Public and reachable whatever the session. */
const always: [GuardDecision, GuardDecision, GuardDecision] = [stay, stay, stay];
/** Public; an authenticated user goes to /. */
const guest: [GuardDecision, GuardDecision, GuardDecision] = [stay, toRoot, toRoot];
const member: [GuardDecision, GuardDecision, GuardDecision] = [loginRequired, verificationRequired, stay];

/** Every route of the table (both forms of optional parameters): [anonymous, unverified, verified]. */
export const expectedGuards: Record<string, [GuardDecision, GuardDecision, GuardDecision]> = {
  '/': [toLogin, { redirect: '/verify' }, { redirect: '/home' }],
  // public
  '/login': guest,
  '/welcome': guest,
  '/signup': guest,
  '/auth/callback': guest,
  '/forgot-password': always,
  '/community-scan': always,
  '/reset-password': always,
  '/setup': always,
  '/verify': [toLogin, stay, { redirect: '/home' }],
  // open to everyone
  '/sitemap': always,
  '/documentation': always,
  '/api-docs': always,
  '/support': always,
  '/terms': always,
  // protected
  '/activity': member,
  '/announcements': member,
  '/chance-to-win': member,
  '/contests': member,
  '/delete-account': member,
  '/earn': member,
  '/earn/42': member,
  '/forms': member,
  '/forms/7': member,
  '/home': member,
  '/profile': member,
  '/profile/change-password': member,
  '/redeem': member,
  '/redeem/3': member,
  '/rewards': member,
  '/rewards/9': member,
  '/trivia/individual': member,
  '/trivia/individual/question': member,
  '/trivia/individual/answer': member,
  '/trivia/contest/5': member,
  '/trivia/contest/5/question': member,
  '/trivia/contest/5/answer': member,
  '/trivia/contest/5/info': member,
  '/console': member,
  '/console/rewards': member,
  // not in the table: shown as they are, on the 'Page not found' screen
  '/no-such-page': always,
  // the operator API's prefix, no screen of the app (the server redirects a bare /admin to /console)
  '/admin': always,
  '/earn/1/2': always,
  '/rewards/': member,
  '/trivia': always,
  '/trivia/contest': always,
};

