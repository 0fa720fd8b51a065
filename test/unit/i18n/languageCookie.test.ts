import { afterEach, describe, expect, it } from 'vitest';
import { chooseLocale } from '../../../src/i18n/i18n';
import { languageCookie, rememberLanguageForServer, rememberStoredLanguage } from '../../../src/i18n/locales';
import { recordingDocument } from '../recordingDocument';

const clearCookie = () => (document.cookie = `${languageCookie}=; Path=/; Max-Age=0`);
const cookieValue = () => /(?:^|;\s*)language=([^;]*)/.exec(document.cookie)?.[1];

describe('the language cookie (the server sends the first page in the chosen language)', () => {
  afterEach(() => {
    clearCookie();
    localStorage.clear();
  });

  it('is written with the choice, for every path, a year, same-site, secure over https', () => {
    const plain = recordingDocument('http:');
    rememberLanguageForServer('es', plain.doc);
    expect(plain.written).toEqual(['language=es; Path=/; Max-Age=31536000; SameSite=Lax']);
    const https = recordingDocument('https:');
    rememberLanguageForServer('en', https.doc);
    expect(https.written).toEqual(['language=en; Path=/; Max-Age=31536000; SameSite=Lax; Secure']);
  });

  it('follows the member’s choice in the language switch', async () => {
    await chooseLocale('es');
    expect(cookieValue()).toBe('es');
    expect(localStorage.getItem('language')).toBe('es');
    await chooseLocale('en');
    expect(cookieValue()).toBe('en');
  });

  it('is written at start for a choice stored before the cookie existed, and only then', () => {
    const missing = recordingDocument('http:', 'other=1');
    rememberStoredLanguage('es', missing.doc);
    expect(missing.written).toEqual(['language=es; Path=/; Max-Age=31536000; SameSite=Lax']);
    const known = recordingDocument('http:', 'other=1; language=es');
    rememberStoredLanguage('es', known.doc);
    expect(known.written).toEqual([]);
    const stale = recordingDocument('http:', 'language=en');
    rememberStoredLanguage('es', stale.doc);
    expect(stale.written).toHaveLength(1);
  });

  it('is not written without a valid stored choice', () => {
    for (const stored of [null, undefined, '', 'fr', 'es"; Path=/x']) {
      const page = recordingDocument('http:');
      rememberStoredLanguage(stored, page.doc);
      expect(page.written, String(stored)).toEqual([]);
    }
  });
});
