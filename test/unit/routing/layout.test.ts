import { describe, expect, it } from 'vitest';
import { columnWidthOf } from '../../../src/routing/layout';

describe('columnWidthOf', () => {
  it('gives the section screens a wide column, with their sub-screens', () => {
    for (const path of ['/home', '/earn', '/earn/4', '/redeem', '/redeem/3', '/rewards', '/rewards/9', '/activity', '/chance-to-win', '/trivia/contest/5', '/sitemap', '/documentation', '/api-docs']) {
      expect([path, columnWidthOf(path)]).toEqual([path, 'wide']);
    }
  });

  it('keeps forms, account screens and reading pages narrow, and does not widen look-alike paths', () => {
    for (const path of ['/', '/login', '/signup', '/verify', '/profile', '/profile/change-password', '/forms/7', '/support', '/delete-account', '/homework', '/earnings']) {
      expect([path, columnWidthOf(path)]).toEqual([path, 'narrow']);
    }
  });
});
