import { describe, expect, it } from 'vitest';
import { dateTimeFormat, formatNumber } from '../../../src/i18n/formatters';

describe('the kept Intl formatters', () => {
  it('group numbers the locale’s way', () => {
    expect(formatNumber(1234567, 'en')).toBe('1,234,567');
    expect(formatNumber(1234567, 'es-419')).toBe(new Intl.NumberFormat('es-419').format(1234567));
    expect(formatNumber(-25, 'en')).toBe('-25');
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
