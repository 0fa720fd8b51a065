import { describe, expect, it } from 'vitest';
import { dateTimeFormat, formatNumber } from '../../../src/i18n/formatters';

describe('the kept Intl formatters', () => {
  it('group numbers the locale’s way', () => {
    expect(formatNumber(1234567, 'en')).toBe('1,234,567');
    expect(formatNumber(1234567, 'es-419')).toBe(new Intl.NumberFormat('es-419').format(1234567));
    expect(formatNumber(-25, 'en')).toBe('-25');
  });

  it('group whole numbers in en and es exactly as Intl does, without building an Intl format', () => {
    const values = [0, 1, 9, 10, 99, 999, 1000, 1234, 9999, 10000, 12345, 99999, 100000, 123456, 999999, 1000000, 1234567, 12345678, 123456789];
    values.push(...values.map((v) => -v).filter((v) => v !== 0), Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER);
    for (let i = 0; i < 500; i++) values.push(Math.floor((Math.random() - 0.5) * 10 ** (1 + (i % 12))));
    for (const locale of ['en', 'es']) {
      const intl = new Intl.NumberFormat(locale);
      for (const value of values) expect([locale, value, formatNumber(value, locale)]).toEqual([locale, value, intl.format(value)]);
    }
    expect(formatNumber(1234, 'es')).toBe('1234');
    expect(formatNumber(12345, 'es')).toBe('12.345');
  });

  it('leave fractions, -0 and other locales to Intl', () => {
    expect(formatNumber(1234.5, 'en')).toBe(new Intl.NumberFormat('en').format(1234.5));
    expect(formatNumber(-0, 'en')).toBe(new Intl.NumberFormat('en').format(-0));
    expect(formatNumber(1234567, 'de')).toBe(new Intl.NumberFormat('de').format(1234567));
  });

  it('build a date format once per locale and options', () => {
    const long = { year: 'numeric', month: 'long', day: 'numeric' } as const;
    const first = dateTimeFormat('en-US', long);
    expect(dateTimeFormat('en-US', { ...long })).toBe(first);
    expect(dateTimeFormat('es-419', long)).not.toBe(first);
    expect(dateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' })).not.toBe(first);
    expect(first.format(Date.UTC(2026, 2, 5, 12))).toBe('March 5, 2026');
  });
});
