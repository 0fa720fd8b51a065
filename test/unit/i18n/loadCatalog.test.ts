import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLocale, i18n, importCatalog } from '../../../src/i18n/i18n';
import { loadCatalog } from '../../../src/i18n/loadCatalog';

const sleeps: number[] = [];
const sleep = async (ms: number) => void sleeps.push(ms);

afterEach(() => {
  sleeps.length = 0;
});

describe('loadCatalog', () => {
  it('retries up to 5 times with exponential back-off from 350 ms', async () => {
    const importer = vi.fn().mockRejectedValue(new Error('chunk failed'));
    await expect(loadCatalog('es', importer, { sleep })).rejects.toThrow('chunk failed');
    expect(importer).toHaveBeenCalledTimes(6);
    expect(sleeps).toEqual([350, 700, 1400, 2800, 5600]);
  });

  it('returns the messages once a retry succeeds', async () => {
    const importer = vi
      .fn()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ messages: { hello: 'hola' } });
    await expect(loadCatalog('es', importer, { sleep })).resolves.toEqual({ hello: 'hola' });
    expect(sleeps).toEqual([350]);
  });

  it('does not retry while the browser is offline', async () => {
    const importer = vi.fn().mockRejectedValue(new Error('offline'));
    await expect(loadCatalog('es', importer, { sleep, online: () => false })).rejects.toThrow('offline');
    expect(importer).toHaveBeenCalledTimes(1);
    expect(sleeps).toEqual([]);
  });

  it('loads the real compiled catalogs', async () => {
    const es = await loadCatalog('es', importCatalog);
    expect(Object.keys(es).length).toBeGreaterThan(10);
    expect(await importCatalog('en')).toHaveProperty('messages');
  });
});

describe('activateLocale', () => {
  it('falls back to English when the Spanish catalog cannot load, and marks <html lang>', async () => {
    const importer = vi.fn(async (locale: string) => {
      if (locale === 'es') throw new Error('offline');
      return { messages: { 'pages.login.title': 'Log in' } };
    });
    // the retries' real waits would take 11 s; fake timers fast-forward them
    vi.useFakeTimers();
    const activated = activateLocale('es', importer);
    await vi.runAllTimersAsync();
    await expect(activated).resolves.toBe('en');
    vi.useRealTimers();
    expect(i18n.locale).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });
});

describe('activateLocale with a signal', () => {
  it('activates nothing when the load was put aside (the member chose again) before it came', async () => {
    await activateLocale('en');
    const controller = new AbortController();
    let arrive: () => void = () => {};
    const importer = vi.fn(() => new Promise<{ messages: Record<string, string> }>((resolve) => (arrive = () => resolve({ messages: {} }))));
    const activated = activateLocale('es', importer, controller.signal);
    controller.abort();
    arrive();
    await expect(activated).resolves.toBe('en');
    expect(i18n.locale).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });
});
