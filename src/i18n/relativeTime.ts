import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { dateTimeFormat } from './formatters';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The relative time buckets, smallest first. */
export type RelativeUnit = 'now' | 'minutes' | 'hours' | 'days' | 'weeks' | 'months' | 'years';

export interface RelativeSpan {
  unit: RelativeUnit;
  /** How many whole units ago (0 for `now`). */
  count: number;
}

type DateInput = Date | string | number;

const toTime = (date: DateInput) => (date instanceof Date ? date.getTime() : typeof date === 'number' ? date : Date.parse(date));

/**
 * The bucket a moment falls in, seen from `now`: under a minute (or in the future, a
 * clock a little ahead) is `now`; then minutes, hours, days, weeks under 30 days, months under a
 * year (30-day months), years (365-day years).
 */
export function relativeSpan(date: DateInput, now: DateInput): RelativeSpan {
  const elapsed = toTime(now) - toTime(date);
  if (!Number.isFinite(elapsed) || elapsed < MINUTE) return { unit: 'now', count: 0 };
  if (elapsed < HOUR) return { unit: 'minutes', count: Math.floor(elapsed / MINUTE) };
  if (elapsed < DAY) return { unit: 'hours', count: Math.floor(elapsed / HOUR) };
  const days = Math.floor(elapsed / DAY);
  if (days < 7) return { unit: 'days', count: days };
  if (days < 30) return { unit: 'weeks', count: Math.floor(days / 7) };
  if (days < 365) return { unit: 'months', count: Math.floor(days / 30) };
  return { unit: 'years', count: Math.floor(days / 365) };
}

const labels: Record<RelativeUnit, (count: number) => MessageDescriptor> = {
  now: () => msg({ id: 'time.now', message: 'just now' }),
  minutes: (count) => msg({ id: 'time.minutesAgo', message: `${plural(count, { one: '# minute', other: '# minutes' })} ago` }),
  hours: (count) => msg({ id: 'time.hoursAgo', message: `${plural(count, { one: '# hour', other: '# hours' })} ago` }),
  days: (count) => msg({ id: 'time.daysAgo', message: `${plural(count, { one: '# day', other: '# days' })} ago` }),
  weeks: (count) => msg({ id: 'time.weeksAgo', message: `${plural(count, { one: '# week', other: '# weeks' })} ago` }),
  months: (count) => msg({ id: 'time.monthsAgo', message: `${plural(count, { one: '# month', other: '# months' })} ago` }),
  years: (count) => msg({ id: 'time.yearsAgo', message: `${plural(count, { one: '# year', other: '# years' })} ago` }),
};

/**
 * 'just now', '5 minutes ago', 'hace 3 días'... in the language of `i18n` (the active Lingui
 * instance carries the locale and its catalog, plurals included).
 */
export function formatRelative(date: DateInput, now: DateInput, i18n: I18n): string {
  const { unit, count } = relativeSpan(date, now);
  return i18n._(labels[unit](count));
}

/** The Intl locale dates are written in: en-US, Latin-American Spanish for es. */
export function dateLocale(locale: string): string {
  return locale.startsWith('es') ? 'es-419' : 'en-US';
}

/** 'March 5, 2026' / '5 de marzo de 2026' (long month, day, year). */
export function formatLongDate(date: DateInput, locale: string): string {
  const time = toTime(date);
  if (!Number.isFinite(time)) return '';
  return dateTimeFormat(dateLocale(locale), { year: 'numeric', month: 'long', day: 'numeric' }).format(time);
}

/** 'March 5, 2026 at 6:30 PM' / '5 de marzo de 2026 a las 6:30 p.m.': the long date with its time, for a contest's start and end. */
export function formatLongDateTime(date: DateInput, locale: string): string {
  const time = toTime(date);
  if (!Number.isFinite(time)) return '';
  return dateTimeFormat(dateLocale(locale), { dateStyle: 'long', timeStyle: 'short' }).format(time);
}
