/**
 * What a store on the device found for the member's language. A copy saved in another
 * language (the member switched language since) carries that language in `savedIn`: it is held
 * back, so loading shows while the network answers, and it shows only if the network fails (an
 * offline member sees the last saved content, not an error; an online one never sees the old
 * language). The cached resources (cachedResource.machine) and the announcements follow this
 * one rule: the stores mark their copy with `storedCopy`, the machines decide with the two guards.
 */
export type StoredCopy<T extends object> = T & { savedIn?: string };

/** The copy a store found: as saved when in `language`, else marked with the language it was saved in. */
export function storedCopy<T extends object>(saved: T, savedIn: string, language: string): StoredCopy<T> {
  return savedIn === language ? saved : { ...saved, savedIn };
}

/** A copy in the member's language: shown at once. */
export const isCopyInLanguage = (copy: { savedIn?: string } | null | undefined): boolean => copy != null && copy.savedIn === undefined;

/** Only a copy in another language: held back while the network answers. */
export const isCopyHeldBack = (copy: { savedIn?: string } | null | undefined): boolean => copy != null && copy.savedIn !== undefined;
