import type { LocalizedText } from '../../db/schema';
import { wholeNumber } from '../args';
import { RefusedError, UsageError, type OptionValues } from '../context';
import type { RemoteContext } from './client';

/** The pieces the commands through a server share: texts, paths, options and printed lists. */

/** A text as the API answers it. */
export type AdminText = { en: string; es?: string };

/** A CLI text as the API takes it: `{ en, es? }`. */
export const adminText = (text: LocalizedText): AdminText => (typeof text === 'string' ? { en: text } : text);

/** Options the server does not take yet: refused before anything is sent. */
export function refuseLocalOnly(values: OptionValues, names: string[], command: string) {
  const given = names.filter((name) => values[name] !== undefined);
  if (given.length > 0) {
    throw new RefusedError(`${command} --${given.join(', --')} works on the database only: stop the server (PGlite) or set DATABASE_URL, without PIPS_SERVER_URL`);
  }
}

/** The operator API's path of one community (and of what follows it: `/promos`, ...). */
export const communityPath = (community: string, rest = '') => `/admin/communities/${encodeURIComponent(community)}${rest}`;

/** A required id option (a whole number from 1 to 2^31 - 1); without it, a usage error saying `missing`. */
export function requiredId(values: OptionValues, name: string, missing: string): number {
  const id = wholeNumber(values, name, 1, 2 ** 31 - 1);
  if (id === undefined) throw new UsageError(missing);
  return id;
}

/** The communities the signed-in operator runs. */
export async function operatorCommunities<T extends { communityId: string }>(ctx: RemoteContext): Promise<T[]> {
  return (await ctx.call<{ communities: T[] }>('GET', '/admin/communities')).communities;
}

/** "1 question", "2 questions". */
export const counted = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** A list printed one row at a time (a row may take several lines), or `empty` when it has none. */
export function printRows<T>(ctx: RemoteContext, rows: readonly T[], empty: string, line: (row: T) => string | string[]): void {
  if (rows.length === 0) ctx.out(empty);
  for (const row of rows) {
    const printed = line(row);
    for (const one of Array.isArray(printed) ? printed : [printed]) ctx.out(one);
  }
}
