/**
 * How wide a screen's column is on a wide window. The section screens (lists, tiles, contests)
 * use a wide column so a 1280 px window shows more per row, not a narrow strip in the middle;
 * forms, account screens and reading pages keep the narrow one, whose lines stay readable.
 */
const wideRoots = ['/home', '/earn', '/redeem', '/rewards', '/activity', '/announcements', '/chance-to-win', '/trivia', '/sitemap', '/documentation', '/api-docs', '/admin'];

export type ColumnWidth = 'wide' | 'narrow';

export function columnWidthOf(pathname: string): ColumnWidth {
  return wideRoots.some((root) => pathname === root || pathname.startsWith(`${root}/`)) ? 'wide' : 'narrow';
}
