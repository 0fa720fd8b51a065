import { i18n, type Messages } from '@lingui/core';
import { describe, expect, it, vi } from 'vitest';
import { catalogParts, type CatalogPart } from '../../../src/i18n/catalogParts';

/** Part files as a build would make them: `<chunk>.<locale>` -> its messages. */
const files: Record<string, Messages> = {
  'shell.en': { 'nav.home': 'Home' },
  'shell.es': { 'nav.home': 'Inicio' },
  'login.en': { 'pages.login.title': 'Log in' },
  'login.es': { 'pages.login.title': 'Iniciar sesión' },
  'home.en': { 'pages.home.title': 'Hi' },
  'home.es': { 'pages.home.title': 'Hola' },
};
const part = (chunk: string): CatalogPart => ({ en: `${chunk}.en`, es: `${chunk}.es` });
const sleep = async () => {};

describe('catalogParts', () => {
  it('loads every registered part of a locale, merged', async () => {
    const importer = vi.fn(async (url: string) => ({ messages: files[url] }));
    const parts = catalogParts([part('shell'), part('login')], importer);
    await expect(parts.load('es')).resolves.toEqual({ messages: { 'nav.home': 'Inicio', 'pages.login.title': 'Iniciar sesión' } });
    expect(importer.mock.calls.map(([url]) => url)).toEqual(['shell.es', 'login.es']);
  });

  it('adds a later chunk’s messages to the wanted locale, and counts the part in the next switch', async () => {
    const importer = vi.fn(async (url: string) => ({ messages: files[url] }));
    const parts = catalogParts([part('shell')], importer);
    parts.want('es');
    i18n.loadAndActivate({ locale: 'es', messages: (await parts.load('es')).messages });
    await parts.add(part('home'));
    expect(i18n._('pages.home.title')).toBe('Hola');
    await expect(parts.load('en')).resolves.toEqual({ messages: { 'nav.home': 'Home', 'pages.home.title': 'Hi' } });
  });

  it('adds a part in the shown language without switching the language', async () => {
    const parts = catalogParts([], async (url: string) => ({ messages: files[url] }));
    parts.want('en');
    i18n.activate('en');
    const localesSeen: string[] = [];
    const unsubscribe = i18n.on('change', () => localesSeen.push(i18n.locale));
    await parts.add(part('login'));
    unsubscribe();
    expect(i18n._('pages.login.title')).toBe('Log in');
    expect(localesSeen).toEqual(['en']);
  });

  it('loads a part again when the language changed while it was loading', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const importer = vi.fn(async (url: string) => {
      if (url === 'login.en') await held;
      return { messages: files[url] };
    });
    const parts = catalogParts([], importer);
    parts.want('en');
    const added = parts.add(part('login'));
    parts.want('es');
    release();
    await added;
    expect(importer.mock.calls.map(([url]) => url)).toEqual(['login.en', 'login.es']);
    i18n.activate('es');
    expect(i18n._('pages.login.title')).toBe('Iniciar sesión');
  });

  it('retries a part that failed to load, then gives up with the error', async () => {
    const importer = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ messages: files['home.en'] });
    const parts = catalogParts([], importer, { sleep });
    parts.want('en');
    await parts.add(part('home'));
    expect(importer).toHaveBeenCalledTimes(2);

    const failing = catalogParts([], vi.fn().mockRejectedValue(new Error('gone')), { sleep, retries: 2 });
    await expect(failing.add(part('home'))).rejects.toThrow('gone');
  });
});
