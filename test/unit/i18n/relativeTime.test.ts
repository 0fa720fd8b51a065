import { resetData, startApp } from '../data/dataTestKit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useNow } from '../../../src/actors/hooks';
import { activateLocale, i18n } from '../../../src/i18n/i18n';
import { formatLongDate, formatLongDateTime, formatRelative, relativeSpan } from '../../../src/i18n/relativeTime';
import { appContext } from '../screens/renderApp';

const now = Date.parse('2026-03-15T12:00:00Z');
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(now - ms).toISOString();

afterEach(resetData);

/** Fake clocks for the timers the clock actor uses, and Date. */
const fakeTime = () => vi.useFakeTimers({ now, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });

describe('relativeSpan', () => {
  it.each([
    [0, 'now', 0],
    [59 * SECOND, 'now', 0],
    [-5 * MINUTE, 'now', 0],
    [MINUTE, 'minutes', 1],
    [59 * MINUTE + 59 * SECOND, 'minutes', 59],
    [HOUR, 'hours', 1],
    [23 * HOUR, 'hours', 23],
    [DAY, 'days', 1],
    [6 * DAY, 'days', 6],
    [7 * DAY, 'weeks', 1],
    [29 * DAY, 'weeks', 4],
    [30 * DAY, 'months', 1],
    [364 * DAY, 'months', 12],
    [365 * DAY, 'years', 1],
    [3 * 365 * DAY, 'years', 3],
  ])('%i ms ago is %s (%i)', (elapsed, unit, count) => {
    expect(relativeSpan(ago(elapsed), now)).toEqual({ unit, count });
  });

  it('takes Date, ISO text and ms alike, and an unreadable date as now', () => {
    expect(relativeSpan(new Date(now - 2 * HOUR), new Date(now))).toEqual({ unit: 'hours', count: 2 });
    expect(relativeSpan(now - 2 * HOUR, now)).toEqual({ unit: 'hours', count: 2 });
    expect(relativeSpan('not a date', now)).toEqual({ unit: 'now', count: 0 });
  });
});

describe('formatRelative', () => {
  const cases: Array<[number, string, string]> = [
    [10 * SECOND, 'just now', 'ahora mismo'],
    [MINUTE, '1 minute ago', 'hace 1 minuto'],
    [5 * MINUTE, '5 minutes ago', 'hace 5 minutos'],
    [HOUR, '1 hour ago', 'hace 1 hora'],
    [3 * HOUR, '3 hours ago', 'hace 3 horas'],
    [DAY, '1 day ago', 'hace 1 día'],
    [2 * DAY, '2 days ago', 'hace 2 días'],
    [7 * DAY, '1 week ago', 'hace 1 semana'],
    [15 * DAY, '2 weeks ago', 'hace 2 semanas'],
    [31 * DAY, '1 month ago', 'hace 1 mes'],
    [200 * DAY, '6 months ago', 'hace 6 meses'],
    [400 * DAY, '1 year ago', 'hace 1 año'],
    [800 * DAY, '2 years ago', 'hace 2 años'],
  ];

  it.each(cases)('%i ms ago in English and Spanish', async (elapsed, english, spanish) => {
    await activateLocale('en');
    expect(formatRelative(ago(elapsed), now, i18n)).toBe(english);
    await activateLocale('es');
    expect(formatRelative(ago(elapsed), now, i18n)).toBe(spanish);
    await activateLocale('en');
  });
});

describe('formatLongDate', () => {
  it('writes long month, day and year (en-US, and Spanish)', () => {
    expect(formatLongDate('2026-03-05T12:00:00Z', 'en')).toBe('March 5, 2026');
    expect(formatLongDate('2026-03-05T12:00:00Z', 'es')).toBe('5 de marzo de 2026');
    expect(formatLongDate('garbage', 'en')).toBe('');
  });

  it('writes the long date with its time for a contest (never the short "Mar 5, 2026")', () => {
    // Noon UTC is March 5 in every time zone the tests run in; the hour is the zone's.
    expect(formatLongDateTime('2026-03-05T12:00:00Z', 'en')).toMatch(/^March 5, 2026 at \d{1,2}:\d{2}\s(AM|PM)$/);
    expect(formatLongDateTime('2026-03-05T12:00:00Z', 'es')).toMatch(/^5 de marzo de 2026,? (a las )?\d{1,2}:\d{2}/);
    expect(formatLongDateTime('garbage', 'es')).toBe('');
  });
});

describe('the clock actor of the app system (relative times refresh every 60 s)', () => {
  it('reads now at start, again every 60 s, and stops with the app', () => {
    fakeTime();
    const app = startApp();
    const clock = app.system.get('clock')!;
    expect(clock.getSnapshot().context.now).toBe(now);

    vi.advanceTimersByTime(59 * SECOND);
    expect(clock.getSnapshot().context.now).toBe(now);
    vi.advanceTimersByTime(SECOND);
    expect(clock.getSnapshot().context.now).toBe(now + MINUTE);
    vi.advanceTimersByTime(2 * MINUTE);
    expect(clock.getSnapshot().context.now).toBe(now + 3 * MINUTE);

    app.stop();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('useNow re-renders the labels with each tick', () => {
    fakeTime();
    const { wrapper } = appContext();
    const { result } = renderHook(() => formatRelative(now - 30 * SECOND, useNow(), i18n), { wrapper });
    expect(result.current).toBe('just now');
    act(() => void vi.advanceTimersByTime(MINUTE));
    expect(result.current).toBe('1 minute ago');
    act(() => void vi.advanceTimersByTime(4 * MINUTE));
    expect(result.current).toBe('5 minutes ago');
  });
});
