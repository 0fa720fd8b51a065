/**
 * Types of the language choice machine: the member choosing English or Español with the top
 * bar's switch.
 */

export type LanguageChoiceEvent =
  /** The member pressed a language of the switch; `shown` is the language shown then. */
  | { type: 'user.choose'; locale: string; shown: string }
  /** The member closed the notice of a language waiting for the connection. */
  | { type: 'user.dismiss' }
  /** The browser is online again. */
  | { type: 'connectivity.online' };
