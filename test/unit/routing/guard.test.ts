import { describe, expect, it } from 'vitest';
import { guardRoute, isSafeReturnPath, type SessionStanding } from '../../../src/routing/guard';
import { findRoute, matchPattern, routeTable } from '../../../src/routing/routeTable';
import { linkTo, paths } from '../../../src/routing/paths';
import { expectedGuards, stay, toRoot } from './expectedRoutes';

const standings: SessionStanding[] = ['anonymous', 'unverified', 'verified'];

describe('guardRoute', () => {
  for (const [path, decisions] of Object.entries(expectedGuards)) {
    standings.forEach((standing, i) => {
      it(`${path} for ${standing}`, () => {
        expect(guardRoute(path, standing)).toEqual(decisions[i]);
      });
    });
  }

  it('covers every route of the table', () => {
    for (const { pattern } of routeTable) {
      expect(
        Object.keys(expectedGuards).some((path) => matchPattern(pattern, path)),
        `${pattern} has a case`,
      ).toBe(true);
    }
  });

  it('never redirects a path to itself', () => {
    for (const path of Object.keys(expectedGuards)) {
      for (const standing of standings) expect(guardRoute(path, standing).redirect).not.toBe(path);
    }
  });

  it('reaches a shown screen within two redirects from anywhere', () => {
    for (const path of Object.keys(expectedGuards)) {
      for (const standing of standings) {
        let at = path;
        for (let hops = 0; hops < 2 && guardRoute(at, standing).redirect; hops++) at = guardRoute(at, standing).redirect!;
        expect(guardRoute(at, standing), `${path} as ${standing} ends at ${at}`).toEqual(stay);
      }
    }
  });
});

describe('the route table', () => {
  it('matches optional parameters with and without a value', () => {
    expect(matchPattern('/earn/:actionId?', '/earn')).toEqual({});
    expect(matchPattern('/earn/:actionId?', '/earn/abc')).toEqual({ actionId: 'abc' });
    expect(matchPattern('/rewards/:id', '/rewards')).toBeNull();
    expect(matchPattern('/trivia/contest/:id/info', '/trivia/contest/3/info')).toEqual({ id: '3' });
  });

  it('sends each path to its screen', () => {
    expect(findRoute('/rewards')?.screen).toBe('Rewards');
    expect(findRoute('/rewards/9')?.screen).toBe('RewardDetail');
    expect(findRoute('/redeem/9')?.screen).toBe('Redeem');
    expect(findRoute('/trivia/contest/5/info')?.screen).toBe('TriviaContestInfo');
    expect(findRoute('/trivia/individual/question')?.screen).toBe('TriviaQuestion');
    expect(findRoute('/profile/change-password')?.screen).toBe('ChangePassword');
  });

  it('builds links from patterns', () => {
    expect(linkTo(paths.earn)).toBe('/earn');
    expect(linkTo(paths.earn, { actionId: 'a b' })).toBe('/earn/a%20b');
    expect(linkTo(paths.triviaContestInfo, { id: 5 })).toBe('/trivia/contest/5/info');
    expect(() => linkTo(paths.rewardDetail)).toThrow(/missing id/);
  });
});

describe('guardRoute with a remembered origin', () => {
  it.each(['/login', '/signup', '/welcome', '/auth/callback', '/verify'])(
    'sends a verified user from %s back to the origin',
    (path) => {
      expect(guardRoute(path, 'verified', { origin: '/earn/42' })).toEqual({ redirect: '/earn/42', consumeOrigin: true });
    },
  );

  it('keeps the origin while the user still has to verify', () => {
    expect(guardRoute('/login', 'unverified', { origin: '/home' })).toEqual(toRoot);
    expect(guardRoute('/verify', 'unverified', { origin: '/home' })).toEqual(stay);
  });

  it('ignores an unsafe origin', () => {
    expect(guardRoute('/login', 'verified', { origin: '//evil.example' })).toEqual(toRoot);
  });

  it('does not touch routes that are shown anyway', () => {
    expect(guardRoute('/community-scan', 'verified', { origin: '/home' })).toEqual(stay);
    expect(guardRoute('/forgot-password', 'verified', { origin: '/home' })).toEqual(stay);
    expect(guardRoute('/', 'verified', { origin: '/home' })).toEqual({ redirect: '/home' });
  });
});

describe('guardRoute when the session ends on a protected page', () => {
  it('goes to /login without the toast and without remembering the page', () => {
    expect(guardRoute('/home', 'anonymous', { sessionEnded: true })).toEqual({ redirect: '/login' });
    expect(guardRoute('/delete-account', 'anonymous', { sessionEnded: true })).toEqual({ redirect: '/login' });
  });
});

describe('isSafeReturnPath', () => {
  it.each(['/home', '/home?tab=1', '/earn/42', '/trivia/contest/5/info', '/profile/change-password'])('accepts %s', (path) =>
    expect(isSafeReturnPath(path)).toBe(true),
  );
  it.each([
    '//evil.example',
    '/\\evil.example',
    'https://evil.example',
    'javascript:alert(1)',
    '',
    '/login',
    '/signup',
    '/reset-password',
    '/sitemap',
    '/home x',
    '/no-such-page',
    null,
  ])('refuses %s', (path) => expect(isSafeReturnPath(path)).toBe(false));
});
