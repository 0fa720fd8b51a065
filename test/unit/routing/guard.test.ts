import { describe, expect, it } from 'vitest';
import { guardRoute, isSafeReturnPath, type GuardDecision, type SessionStanding } from '../../../src/routing/guard';

const standings: SessionStanding[] = ['anonymous', 'unverified', 'verified'];
const stay: GuardDecision = {};
const toRoot: GuardDecision = { redirect: '/' };
const loginRequired: GuardDecision = { redirect: '/login', messageId: 'guard.loginRequired', rememberOrigin: true };
const verificationRequired: GuardDecision = { redirect: '/verify', messageId: 'guard.verificationRequired' };

/** Every issue-2 route against every session standing: [anonymous, unverified, verified]. */
const table: Record<string, [GuardDecision, GuardDecision, GuardDecision]> = {
  '/': [{ redirect: '/login' }, { redirect: '/verify' }, { redirect: '/home' }],
  '/login': [stay, toRoot, toRoot],
  '/welcome': [stay, toRoot, toRoot],
  '/signup': [stay, toRoot, toRoot],
  '/community-scan': [stay, stay, stay],
  '/verify': [{ redirect: '/login' }, stay, { redirect: '/home' }],
  '/home': [loginRequired, verificationRequired, stay],
  '/no-such-page': [toRoot, toRoot, toRoot],
};

describe('guardRoute', () => {
  for (const [path, decisions] of Object.entries(table)) {
    standings.forEach((standing, i) => {
      it(`${path} for ${standing}`, () => {
        expect(guardRoute(path, standing)).toEqual(decisions[i]);
      });
    });
  }

  it('never redirects a path to itself', () => {
    for (const path of Object.keys(table)) {
      for (const standing of standings) expect(guardRoute(path, standing).redirect).not.toBe(path);
    }
  });

  it('reaches a shown screen within two redirects from anywhere', () => {
    for (const path of Object.keys(table)) {
      for (const standing of standings) {
        let at = path;
        for (let hops = 0; hops < 2 && guardRoute(at, standing).redirect; hops++) at = guardRoute(at, standing).redirect!;
        expect(guardRoute(at, standing), `${path} as ${standing} ends at ${at}`).toEqual(stay);
      }
    }
  });
});

describe('guardRoute with a remembered origin', () => {
  it.each(['/login', '/signup', '/welcome', '/verify'])('sends a verified user from %s back to the origin', (path) => {
    expect(guardRoute(path, 'verified', { origin: '/home' })).toEqual({ redirect: '/home', consumeOrigin: true });
  });

  it('keeps the origin while the user still has to verify', () => {
    expect(guardRoute('/login', 'unverified', { origin: '/home' })).toEqual(toRoot);
    expect(guardRoute('/verify', 'unverified', { origin: '/home' })).toEqual(stay);
  });

  it('ignores an unsafe origin', () => {
    expect(guardRoute('/login', 'verified', { origin: '//evil.example' })).toEqual(toRoot);
  });

  it('does not touch routes that are shown anyway', () => {
    expect(guardRoute('/community-scan', 'verified', { origin: '/home' })).toEqual(stay);
    expect(guardRoute('/', 'verified', { origin: '/home' })).toEqual({ redirect: '/home' });
  });
});

describe('guardRoute when the session ends on a protected page', () => {
  it('goes to /login without the toast and without remembering the page', () => {
    expect(guardRoute('/home', 'anonymous', { sessionEnded: true })).toEqual({ redirect: '/login' });
  });
});

describe('isSafeReturnPath', () => {
  it.each(['/home', '/home?tab=1'])('accepts %s', (path) => expect(isSafeReturnPath(path)).toBe(true));
  it.each(['//evil.example', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)', '', '/login', '/signup', '/home x', null])(
    'refuses %s',
    (path) => expect(isSafeReturnPath(path)).toBe(false),
  );
});
