import { describe, expect, it } from 'vitest';
import { findRoute, matchPattern, routeTable, type ScreenKey } from '../../../src/routing/routeTable';
import { sections, whereabouts, type SectionKey } from '../../../src/routing/sections';
import { expectedGuards } from './expectedRoutes';

describe('whereabouts', () => {
  it('marks each section on its own screen, with no back link there', () => {
    for (const { key, href } of sections) expect(whereabouts(href)).toEqual({ section: key, back: null });
  });

  it.each([
    ['/earn/12', 'earn', '/earn'],
    ['/forms', 'earn', '/earn'],
    ['/forms/3', 'earn', '/forms'],
    ['/redeem/4', 'redeem', '/redeem'],
    ['/rewards', 'redeem', '/redeem'],
    ['/rewards/9', 'redeem', '/rewards'],
    ['/announcements', null, '/home'],
    ['/contests', 'earn', '/home'],
    ['/chance-to-win', 'earn', '/earn'],
    ['/trivia/individual', 'earn', '/earn'],
    ['/trivia/individual/question', 'earn', '/trivia/individual'],
    ['/trivia/individual/answer', 'earn', '/trivia/individual'],
    ['/trivia/contest/5', 'earn', '/trivia/individual'],
    ['/trivia/contest/5/question', 'earn', '/trivia/contest/5'],
    ['/trivia/contest/5/answer', 'earn', '/trivia/contest/5'],
    ['/trivia/contest/12/info', 'earn', '/trivia/contest/12'],
    ['/profile/change-password', 'profile', '/profile'],
    ['/delete-account', 'profile', '/profile'],
    ['/console', 'profile', '/profile'],
    ['/console/rewards', 'profile', '/profile'],
    ['/sitemap', null, '/'],
    ['/documentation', null, '/'],
    ['/api-docs', null, '/'],
    ['/support', null, '/'],
  ])('%s is in %s and goes back to %s', (path, section, back) => {
    const place = whereabouts(path);
    expect(place.section).toBe(section);
    expect(place.back?.href).toBe(back);
  });

  /**
   * Every screen of the route table with the section its tab marks (issue 48: every screen below
   * Home once marked Home). A screen added to the table fails here until it is placed.
   */
  const sectionOfScreen: Record<ScreenKey, SectionKey | null> = {
    Login: null,
    Welcome: null,
    Signup: null,
    ForgotPassword: null,
    CommunityQRScan: null,
    ResetPassword: null,
    Setup: null,
    Verify: null,
    AuthCallback: null,
    Sitemap: null,
    Documentation: null,
    ApiDocs: null,
    Terms: null,
    Support: null,
    Announcements: null,
    Home: 'home',
    Earn: 'earn',
    Forms: 'earn',
    Contests: 'earn',
    ChanceToWin: 'earn',
    IndividualTrivia: 'earn',
    TriviaQuestion: 'earn',
    TriviaAnswer: 'earn',
    TriviaContest: 'earn',
    TriviaContestInfo: 'earn',
    Redeem: 'redeem',
    Rewards: 'redeem',
    RewardDetail: 'redeem',
    Activity: 'activity',
    Profile: 'profile',
    ChangePassword: 'profile',
    DeleteAccount: 'profile',
    Admin: 'profile',
  };

  it('marks the right section on every path of every route', () => {
    const walked = Object.keys(expectedGuards).filter((path) => findRoute(path) && path !== '/');
    expect(new Set(walked.map((path) => findRoute(path)!.screen))).toEqual(new Set(routeTable.map((route) => route.screen)));
    for (const path of walked) expect([path, whereabouts(path).section]).toEqual([path, sectionOfScreen[findRoute(path)!.screen]]);
  });

  it('only Home itself marks Home', () => {
    const home = Object.keys(expectedGuards).filter((path) => whereabouts(path).section === 'home');
    // '/' is Home's too: it leads a member there
    expect(home).toEqual(['/', '/home']);
  });

  it('names the Redeem back link of My rewards after the section', () => {
    expect(whereabouts('/rewards').back).toEqual({ target: 'redeemSection', href: '/redeem' });
  });

  it('gives every protected screen below a section a back link leading to a shown route', () => {
    const protectedPaths = Object.keys(expectedGuards).filter((path) => findRoute(path)?.access === 'protected');
    for (const path of protectedPaths) {
      const place = whereabouts(path);
      const isSectionScreen = sections.some(({ href }) => matchPattern(href, path.replace(/\/$/, '') || '/'));
      if (isSectionScreen) continue;
      expect(place.back, `${path} has a back link`).not.toBeNull();
      expect(findRoute(place.back!.href), `${path} goes back to a route`).toBeDefined();
    }
  });

  it('names the trivia back links after the trivia screen they lead to', () => {
    expect(whereabouts('/trivia/individual/answer').back).toEqual({ target: 'trivia', href: '/trivia/individual' });
    expect(whereabouts('/trivia/contest/7/answer').back).toEqual({ target: 'triviaContest', href: '/trivia/contest/7' });
    expect(whereabouts('/trivia/contest/7/info').back).toEqual({ target: 'triviaContest', href: '/trivia/contest/7' });
  });

  it('knows nothing of the entry screens and unknown paths', () => {
    expect(whereabouts('/login')).toEqual({ section: null, back: null });
    expect(whereabouts('/no-such-page')).toEqual({ section: null, back: null });
  });

  it('places every route of the table', () => {
    for (const { pattern } of routeTable) expect(() => whereabouts(pattern.replace(/:\w+\??/g, '1'))).not.toThrow();
  });
});
