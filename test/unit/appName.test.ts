import { describe, expect, it } from 'vitest';
import { appNameOf } from '../../src/appName';

describe('appNameOf', () => {
  it('takes the fetched manifest’s name first', () => {
    expect(appNameOf('Neighbourhood Rewards', 'pips')).toBe('Neighbourhood Rewards');
  });

  it('takes the name the manifest had at build until one is fetched', () => {
    expect(appNameOf(undefined, 'pips')).toBe('pips');
    expect(appNameOf('', 'pips')).toBe('pips');
  });

  it("says 'Rewards' when neither names the app", () => {
    expect(appNameOf(undefined, '')).toBe('Rewards');
  });

  it('is built with the name of public/manifest.webmanifest', () => {
    expect(appNameOf(undefined)).toBe('pips');
  });
});
