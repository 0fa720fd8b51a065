import { describe, expect, it, vi } from 'vitest';
import { safeAppPath } from '../../../../src/screens/earn/appPath';
import { safeWebUrl } from '../../../../src/components/safeWebUrl';
import { createExternalTab } from '../../../../src/actors/externalTab';

describe('safeAppPath', () => {
  it.each([
    ['/forms/3', '/forms/3'],
    ['/trivia/individual', '/trivia/individual'],
    ['/earn?x=1#top', '/earn?x=1#top'],
  ])('keeps %j', (value, expected) => expect(safeAppPath(value)).toBe(expected));

  it.each(['', null, undefined, 'forms/3', '//evil.example.org/x', '/\\evil.example.org', 'https://evil.example.org/', 'javascript:alert(1)'])(
    'refuses %j',
    (value) => expect(safeAppPath(value)).toBeNull(),
  );
});

describe('safeWebUrl', () => {
  it.each(['https://partner.example.org/survey', 'http://partner.example.org/'])('keeps %j', (url) => expect(safeWebUrl(url)).toBe(url));
  it.each(['javascript:alert(1)', 'data:text/html,hi', '', null])('refuses %j', (url) => expect(safeWebUrl(url)).toBeNull());
});

function fakeWindow() {
  return { opener: {} as unknown, closed: false, location: { href: 'about:blank' }, close: vi.fn() };
}

describe('createExternalTab', () => {
  it('opens a blank tab cut off from the app, then points it at the page', () => {
    const tab = fakeWindow();
    const open = vi.fn(() => tab as unknown as Window);
    const external = createExternalTab(open);
    external.openBlank();
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    external.show('https://partner.example.org/thanks');
    expect(tab.location.href).toBe('https://partner.example.org/thanks');
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('opens the page on its own when no tab was opened (or it was blocked)', () => {
    const open = vi.fn(() => null);
    const external = createExternalTab(open);
    external.openBlank();
    external.show('https://partner.example.org/thanks');
    expect(open).toHaveBeenLastCalledWith('https://partner.example.org/thanks', '_blank', 'noopener,noreferrer');
  });

  it('closes the blank tab on failure, or when there is no safe page to show', () => {
    const tab = fakeWindow();
    const external = createExternalTab(() => tab as unknown as Window);
    external.openBlank();
    external.close();
    expect(tab.close).toHaveBeenCalledTimes(1);

    const other = fakeWindow();
    const second = createExternalTab(() => other as unknown as Window);
    second.openBlank();
    second.show('javascript:alert(1)');
    expect(other.close).toHaveBeenCalledTimes(1);
    expect(other.location.href).toBe('about:blank');
  });
});
