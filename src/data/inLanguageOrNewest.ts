import type { CachedRow } from './databases';

/**
 * The row kept in the member's language, or else the newest the member has in another one: a
 * member who switches language offline sees the last saved content as it was saved (and the
 * offline notice) instead of a load error; the next load online brings it in the new language.
 */
export async function inLanguageOrNewest<R extends CachedRow<unknown>>(
  inLanguage: PromiseLike<R | undefined>,
  allLanguages: () => PromiseLike<R[]>,
): Promise<R | undefined> {
  const row = await inLanguage;
  if (row) return row;
  let newest: R | undefined;
  for (const other of await allLanguages()) if (!newest || other.storedAt > newest.storedAt) newest = other;
  return newest;
}
