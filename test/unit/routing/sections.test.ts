import { describe, expect, it } from 'vitest';
import { findRoute, matchPattern, routeTable } from '../../../src/routing/routeTable';
import { sections, whereabouts } from '../../../src/routing/sections';
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
    ['/rewards', 'home', '/home'],
    ['/rewards/9', 'home', '/rewards'],
    ['/announcements', 'home', '/home'],
    ['/chance-to-win', 'home', '/home'],
    ['/trivia/individual', 'home', '/home'],
    ['/trivia/individual/question', 'home', '/trivia/individual'],
    ['/trivia/individual/answer', 'home', '/trivia/individual'],
    ['/trivia/contest/5', 'home', '/trivia/individual'],
    ['/trivia/contest/5/question', 'home', '/trivia/contest/5'],
    ['/trivia/contest/5/answer', 'home', '/trivia/contest/5'],
    ['/trivia/contest/12/info', 'home', '/trivia/contest/12'],
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
