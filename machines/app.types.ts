/** Types of the app's root: the system every app-wide actor runs in. */
import type { LanguageChoiceInput } from './languageChoice.types';

export interface AppInput {
  /** The language the app starts in (detected before the first render). */
  language?: string;
  /** This page load follows a reload the app made itself a moment ago (no reload loops). */
  reloadedRecently?: boolean;
  /** The language chosen before whose catalog could not load at start (handed to the language choice). */
  languageNotShown?: LanguageChoiceInput['notShown'];
}

export interface AppContext {
  /** The verified member, as the session says; null when nobody is (only verified members load data). */
  member: number | null;
  /** The connectivity sync says the app is offline (told to the actors whose effects need it). */
  offline: boolean;
  /** The active language: cached data and content are kept per language. */
  language: string;
  /** See AppInput: handed to the service worker actor. */
  reloadedRecently: boolean;
  /** See AppInput: handed to the language choice actor. */
  languageNotShown: NonNullable<LanguageChoiceInput['notShown']> | null;
}

export type AppEvent =
  /** The member switched the language (sent by `watchLanguage`). */
  { type: 'language.changed'; language: string };
