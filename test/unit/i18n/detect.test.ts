import { describe, expect, it } from 'vitest';
import { detectLocale, parseLocale } from '../../../src/i18n/locales';

describe('parseLocale', () => {
  it.each([
    ['en', 'en'],
    ['es', 'es'],
    ['es-MX', 'es'],
    ['es-419', 'es'],
    ['en-US', 'en'],
    ['zh-Hant', null],
    ['fr', null],
    [' es ', 'es'],
  ])('maps %j to %j', (value, locale) => {
    expect(parseLocale(value)).toBe(locale);
  });

  it.each([
    '<script>alert(1)</script>',
    'es"><img src=x onerror=alert(1)>',
    "en' onload='alert(1)",
    'es-MX<svg/onload=alert(1)>',
    'javascript:alert(1)',
    'es;alert(1)',
    'en-USA-extra',
    'ES',
    '',
    null,
    42,
  ])('rejects %j', (value) => {
    expect(parseLocale(value)).toBeNull();
  });
});

describe('detectLocale', () => {
  it('prefers the stored choice', () => {
    expect(detectLocale({ stored: 'es', browser: ['en-US'], htmlLang: 'en' })).toBe('es');
  });

  it('then the first supported browser language', () => {
    expect(detectLocale({ stored: null, browser: ['fr-FR', 'es-MX', 'en'], htmlLang: 'en' })).toBe('es');
  });

  it('then the html lang attribute', () => {
    expect(detectLocale({ stored: null, browser: ['de'], htmlLang: 'es' })).toBe('es');
  });

  it('falls back to English', () => {
    expect(detectLocale({})).toBe('en');
    expect(detectLocale({ stored: 'de', browser: ['fr'], htmlLang: 'it' })).toBe('en');
  });

  it('skips an injected stored value and keeps looking', () => {
    expect(detectLocale({ stored: '<script>es</script>', browser: ['es-ES'] })).toBe('es');
    expect(detectLocale({ stored: 'es" onmouseover="x', browser: [], htmlLang: 'en' })).toBe('en');
  });
});
