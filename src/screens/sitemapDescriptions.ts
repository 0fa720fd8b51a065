import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { paths } from '../routing/paths';

type PathName = keyof typeof paths;

/** One line per route of the sitemap (issue 12): what a visitor finds there. */
export const sitemapDescriptions: Record<PathName, MessageDescriptor> = {
  root: msg({ id: 'pages.sitemap.route.root', message: 'Opens the right place: log in, verify your email, or your home.' }),
  login: msg({ id: 'pages.sitemap.route.login', message: 'Log in with your email and password, or with Google or Apple.' }),
  welcome: msg({ id: 'pages.sitemap.route.welcome', message: 'What the app is, and how to join.' }),
  signup: msg({ id: 'pages.sitemap.route.signup', message: 'Create your account in your community.' }),
  forgotPassword: msg({ id: 'pages.sitemap.route.forgotPassword', message: 'Get a link by email to choose a new password.' }),
  communityScan: msg({ id: 'pages.sitemap.route.communityScan', message: "Scan your community's QR code to join it." }),
  resetPassword: msg({ id: 'pages.sitemap.route.resetPassword', message: 'Choose a new password from the link we emailed.' }),
  setup: msg({ id: 'pages.sitemap.route.setup', message: 'Create the first community of a new server, with the link it printed.' }),
  verify: msg({ id: 'pages.sitemap.route.verify', message: 'Enter the code we emailed to verify your account.' }),
  authCallback: msg({ id: 'pages.sitemap.route.authCallback', message: 'Where Google or Apple sign-in comes back to the app.' }),
  sitemap: msg({ id: 'pages.sitemap.route.sitemap', message: 'This page: every screen of the app.' }),
  documentation: msg({ id: 'pages.sitemap.route.documentation', message: 'Help for members, and how the app works inside.' }),
  apiDocs: msg({ id: 'pages.sitemap.route.apiDocs', message: "The server's API, and a page to try it." }),
  terms: msg({ id: 'pages.sitemap.route.terms', message: 'The terms you agree to when you create an account.' }),
  activity: msg({ id: 'pages.sitemap.route.activity', message: 'Everything you earned and spent, and what waits to be sent.' }),
  announcements: msg({ id: 'pages.sitemap.route.announcements', message: 'News from your community.' }),
  chanceToWin: msg({ id: 'pages.sitemap.route.chanceToWin', message: 'Earn enough pips to enter the prize draw, and check past draws.' }),
  contests: msg({ id: 'pages.sitemap.route.contests', message: 'The question of the day, the team contests and Chance to Win, with where you stand in each.' }),
  deleteAccount: msg({ id: 'pages.sitemap.route.deleteAccount', message: 'Delete your account for good.' }),
  earn: msg({ id: 'pages.sitemap.route.earn', message: 'Scan QR codes and complete actions to earn pips.' }),
  forms: msg({ id: 'pages.sitemap.route.forms', message: 'Answer questionnaires to earn pips.' }),
  home: msg({ id: 'pages.sitemap.route.home', message: 'Your pips and the way to everything else.' }),
  profile: msg({ id: 'pages.sitemap.route.profile', message: 'Your details, password, notifications and language.' }),
  changePassword: msg({ id: 'pages.sitemap.route.changePassword', message: 'Change your password.' }),
  redeem: msg({ id: 'pages.sitemap.route.redeem', message: 'Trade your pips for rewards.' }),
  rewards: msg({ id: 'pages.sitemap.route.rewards', message: 'The rewards you got, with their codes.' }),
  rewardDetail: msg({ id: 'pages.sitemap.route.rewardDetail', message: 'One of your rewards: its code and terms.' }),
  support: msg({ id: 'pages.sitemap.route.support', message: "How to reach your community's team." }),
  individualTrivia: msg({ id: 'pages.sitemap.route.individualTrivia', message: 'The trivia question of the day.' }),
  individualTriviaQuestion: msg({ id: 'pages.sitemap.route.individualTriviaQuestion', message: "Today's question and its answers." }),
  individualTriviaAnswer: msg({ id: 'pages.sitemap.route.individualTriviaAnswer', message: 'Whether you were right, and the pips you earned.' }),
  triviaContest: msg({ id: 'pages.sitemap.route.triviaContest', message: 'A team trivia contest: the leaderboard and your team.' }),
  triviaContestQuestion: msg({ id: 'pages.sitemap.route.triviaContestQuestion', message: "A contest's next question." }),
  triviaContestAnswer: msg({ id: 'pages.sitemap.route.triviaContestAnswer', message: "Your answer's result in a contest." }),
  admin: msg({ id: 'pages.sitemap.route.admin', message: 'For the people who run a community: rewards, actions, members and reports.' }),
  triviaContestInfo: msg({ id: 'pages.sitemap.route.triviaContestInfo', message: "A contest's rules, dates and teams." }),
};

const byPattern = new Map<string, MessageDescriptor>(Object.entries(paths).map(([name, pattern]) => [pattern, sitemapDescriptions[name as PathName]]));

/** The lines that name Google and Apple, for a server that offers neither (or before it has said). */
const withoutSignInProviders: Partial<Record<PathName, MessageDescriptor>> = {
  login: msg({ id: 'pages.sitemap.route.loginPasswordOnly', message: 'Log in with your email and password.' }),
  authCallback: msg({
    id: 'pages.sitemap.route.authCallbackOff',
    message: 'Where a sign-in with another account comes back to the app; none is offered here.',
  }),
};
const byPatternWithout = new Map<string, MessageDescriptor>(
  Object.entries(paths).map(([name, pattern]) => [pattern, withoutSignInProviders[name as PathName] ?? sitemapDescriptions[name as PathName]]),
);

/** The description of a route of the route table, by its pattern; Google and Apple only when offered. */
export const describeRoute = (pattern: string, { signInProviders }: { signInProviders: boolean }): MessageDescriptor | undefined =>
  (signInProviders ? byPattern : byPatternWithout).get(pattern);
