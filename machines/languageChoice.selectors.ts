import type { SnapshotFrom } from 'xstate';
import type { languageChoiceMachine } from './languageChoice.machine';

export type LanguageChoiceSnapshot = SnapshotFrom<typeof languageChoiceMachine>;

/** The language whose catalog is loading, if any. */
export const selectLanguageLoading = (s: LanguageChoiceSnapshot) => (s.matches('switching') ? s.context.wanted : null);
/**
 * What the switch's notice says: the chosen language waits for the connection (until the member
 * closes the notice), or it could not load (until closed); null when there is no notice.
 */
export const selectLanguageNotice = (s: LanguageChoiceSnapshot): { locale: string; reason: 'offline' | 'failed' } | null =>
  s.context.wanted === null ? null : s.matches({ waiting: 'told' }) ? { locale: s.context.wanted, reason: 'offline' } : s.matches('failed') ? { locale: s.context.wanted, reason: 'failed' } : null;
