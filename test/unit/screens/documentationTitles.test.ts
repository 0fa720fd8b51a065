import { describe, expect, it } from 'vitest';
import { machineTitles } from '../../../src/screens/DocumentationScreen';
import { activateLocale, i18n } from '../../../src/i18n/i18n';

/** Every machine of machines/ (the files are listed, not loaded). */
const machineIds = Object.keys(import.meta.glob('../../../machines/*.machine.ts'))
  .map((path) => /([^/]+)\.machine\.ts$/.exec(path)![1])
  .sort();

describe('/documentation names every machine it draws', () => {
  it('has a title for each machine of machines/', () => {
    expect(machineIds.length).toBeGreaterThan(20);
    expect(machineIds.filter((id) => !(id in machineTitles))).toEqual([]);
  });

  it('in Spanish too', async () => {
    await activateLocale('es');
    try {
      const untranslated = machineIds.filter((id) => {
        const title = machineTitles[id];
        return !title || i18n._(title) === title.message;
      });
      expect(untranslated).toEqual([]);
    } finally {
      await activateLocale('en');
    }
  });
});
