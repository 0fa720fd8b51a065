import { describe, expect, it } from 'vitest';
import { firstScreenOf, storedStanding } from '../../../src/routing/screens';

const member = { authToken: 'a'.repeat(32), userId: '7', email: 'ada@example.org' };

describe('the standing app start restores', () => {
  it('is verified, unverified or anonymous by the stored credentials', () => {
    expect(storedStanding({ ...member, isVerified: 'true' })).toBe('verified');
    expect(storedStanding({ ...member, isVerified: 'false' })).toBe('unverified');
    expect(storedStanding({ ...member, isVerified: null })).toBe('unverified');
  });

  it('is anonymous when the session machine would not restore them', () => {
    expect(storedStanding({ authToken: null, userId: null, email: null, isVerified: null })).toBe('anonymous');
    expect(storedStanding({ ...member, authToken: 'short', isVerified: 'true' })).toBe('anonymous');
    expect(storedStanding({ ...member, userId: 'x', isVerified: 'true' })).toBe('anonymous');
  });
});

describe('the first screen of a visit (preloaded while the app starts)', () => {
  it('is the route’s own screen when the guard lets it show', () => {
    expect(firstScreenOf('/home', 'verified')).toBe('Home');
    expect(firstScreenOf('/login', 'anonymous')).toBe('Login');
    expect(firstScreenOf('/redeem/3', 'verified')).toBe('Redeem');
    expect(firstScreenOf('/sitemap', 'anonymous')).toBe('Sitemap');
  });

  it('is the screen the guard sends the visitor to', () => {
    expect(firstScreenOf('/', 'verified')).toBe('Home');
    expect(firstScreenOf('/', 'anonymous')).toBe('Login');
    expect(firstScreenOf('/', 'unverified')).toBe('Verify');
    expect(firstScreenOf('/home', 'anonymous')).toBe('Login');
    expect(firstScreenOf('/home', 'unverified')).toBe('Verify');
    // a signed-in member on a guest route goes to / and from there home
    expect(firstScreenOf('/login', 'verified')).toBe('Home');
  });

  it('is none for an unknown path (the not-found screen is in the app chunk’s reach)', () => {
    expect(firstScreenOf('/no/such/page', 'verified')).toBeNull();
  });
});
