/**
 * Types of the language choice machine: the member choosing English or Español with the top
 * bar's switch.
 */

/** What a load of the chosen language ended with. */
export interface LanguageActivation {
  /** The language shown in the end (English when the chosen catalog could not load). */
  shown: string;
  /** The browser was offline when the load failed. */
  offline: boolean;
}

/** A choice the app started without (its catalog could not load at start), if any. */
export interface LanguageChoiceInput {
  notShown?: { locale: string; offline: boolean } | null;
}

export type LanguageChoiceEvent =
  /** The member pressed a language of the switch; `shown` is the language shown then. */
  | { type: 'user.choose'; locale: string; shown: string }
  /** The member closed the notice of a language that could not load. */
  | { type: 'user.dismiss' }
  /** The browser is online again. */
  | { type: 'connectivity.online' };
