import { useSyncExternalStore } from 'react';
import { readStoredCredentials } from '../app/credentials';
import { i18n } from '../i18n/i18n';
import { defaultLocale } from '../i18n/locales';

/** Whose data in which language: every cached row and every offline item is scoped by it. */
export interface DataScope {
  /** The signed-in member; 0 when nobody is (nothing personal is cached then). */
  userId: number;
  /** The active Lingui locale: the server localises promos and questionnaires by it. */
  language: string;
}

const listeners = new Set<() => void>();
let current: DataScope | null = null;

function readUserId(): number {
  const stored = readStoredCredentials().userId;
  const userId = typeof stored === 'number' ? stored : Number(stored);
  return Number.isSafeInteger(userId) && userId > 0 ? userId : 0;
}

function read(): DataScope {
  const next = { userId: readUserId(), language: i18n.locale || defaultLocale };
  if (!current || current.userId !== next.userId || current.language !== next.language) current = next;
  return current;
}

/** The current scope (same object while nothing changed). */
export const currentScope = (): DataScope => read();

/**
 * Tells scoped views that the member may have changed (sign-in, verification, logout). The
 * language is followed on its own through Lingui's change event.
 */
export function notifyScopeChanged(): void {
  read();
  listeners.forEach((listener) => listener());
}

let unsubscribeLocale: (() => void) | null = null;

export function subscribeScope(listener: () => void): () => void {
  listeners.add(listener);
  unsubscribeLocale ??= i18n.on('change', notifyScopeChanged);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && unsubscribeLocale) {
      unsubscribeLocale();
      unsubscribeLocale = null;
    }
  };
}

/** The current scope, re-rendering when the member or the language changes. */
export function useDataScope(): DataScope {
  return useSyncExternalStore(subscribeScope, read, read);
}
