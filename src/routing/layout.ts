/**
 * How wide a screen's column is on a wide window. The section screens (lists, tiles, contests)
 * use a wide column so a 1280 px window shows more per row, not a narrow strip in the middle;
 * account screens and reading pages keep the narrow one, whose lines stay readable; the short
 * account forms (log in, sign up, verify, a password) a compact one, instead of fields stretched
 * across a laptop's screen.
 */
const wideRoots = ['/home', '/earn', '/redeem', '/rewards', '/activity', '/announcements', '/chance-to-win', '/contests', '/trivia', '/sitemap', '/documentation', '/api-docs', '/console'];

const compactPaths = ['/login', '/signup', '/verify', '/forgot-password', '/reset-password', '/profile/change-password'];

export type ColumnWidth = 'wide' | 'narrow' | 'compact';

export function columnWidthOf(pathname: string): ColumnWidth {
  if (wideRoots.some((root) => pathname === root || pathname.startsWith(`${root}/`))) return 'wide';
  return compactPaths.includes(pathname.replace(/\/+$/, '')) ? 'compact' : 'narrow';
}
