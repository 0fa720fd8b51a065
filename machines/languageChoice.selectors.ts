import type { SnapshotFrom } from 'xstate';
import type { languageChoiceMachine } from './languageChoice.machine';

export type LanguageChoiceSnapshot = SnapshotFrom<typeof languageChoiceMachine>;

/** The language whose catalog is loading, if any. */
export const selectLanguageLoading = (s: LanguageChoiceSnapshot) => (s.matches('switching') ? s.context.wanted : null);
/** The chosen language that could not load and waits for the connection, if any. */
export const selectLanguageWaiting = (s: LanguageChoiceSnapshot) => (s.matches('unavailable') ? s.context.wanted : null);
/** The switch tells that the chosen language waits for the connection (until the member closes it). */
export const selectLanguageNoticeShown = (s: LanguageChoiceSnapshot) => s.matches({ unavailable: 'told' });
