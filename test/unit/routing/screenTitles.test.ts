import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale, i18n } from '../../../src/i18n/i18n';
import { documentTitle, screenTitle } from '../../../src/routing/screenTitles';
import { expectedGuards } from './expectedRoutes';

afterEach(() => activateLocale('en'));

/** Every concrete path of the guard table: each route of the table at least once, and unknown ones. */
const paths = Object.keys(expectedGuards);

describe('the screens\' titles', () => {
  it('name each screen, in English and in Spanish', async () => {
    const titles = () => paths.map((path) => i18n._(screenTitle(path)));
    await activateLocale('en');
    const english = titles();
    await activateLocale('es');
    const spanish = titles();
    for (const [index, path] of paths.entries()) {
      expect(english[index], path).not.toMatch(/^(routing\.|pips$)/);
      expect(spanish[index], path).not.toMatch(/^(routing\.|pips$)/);
    }
    await activateLocale('en');
    expect(i18n._(screenTitle('/redeem'))).toBe('Redeem');
    expect(i18n._(screenTitle('/redeem/3'))).toBe('Redeem a reward');
    expect(i18n._(screenTitle('/trivia/individual/question'))).toBe('Question of the day');
    expect(i18n._(screenTitle('/trivia/contest/5/question'))).toBe('Contest question');
    expect(i18n._(screenTitle('/no-such-page'))).toBe('Page not found');
    await activateLocale('es');
    expect(i18n._(screenTitle('/redeem'))).toBe('Canjear');
    expect(documentTitle('Canjear')).toBe('Canjear · pips');
  });
});
