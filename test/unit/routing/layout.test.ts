import { describe, expect, it } from 'vitest';
import { columnWidthOf } from '../../../src/routing/layout';

describe('columnWidthOf', () => {
  it('gives the section screens a wide column, with their sub-screens', () => {
    for (const path of ['/home', '/earn', '/earn/4', '/redeem', '/redeem/3', '/rewards', '/rewards/9', '/activity', '/chance-to-win', '/contests', '/trivia/contest/5', '/sitemap', '/documentation', '/api-docs', '/console', '/console/rewards']) {
      expect([path, columnWidthOf(path)]).toEqual([path, 'wide']);
    }
  });

  it('keeps forms, account screens and reading pages narrow, and does not widen look-alike paths', () => {
    for (const path of ['/', '/welcome', '/profile', '/forms/7', '/support', '/delete-account', '/homework', '/earnings', '/login-help', '/consoles']) {
      expect([path, columnWidthOf(path)]).toEqual([path, 'narrow']);
    }
  });

  it('gives the short account forms a compact column', () => {
    for (const path of ['/login', '/login/', '/signup', '/verify', '/forgot-password', '/reset-password', '/profile/change-password']) {
      expect([path, columnWidthOf(path)]).toEqual([path, 'compact']);
    }
  });
});
