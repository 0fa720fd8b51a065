import { i18n } from '@lingui/core';
import { createActor, setup, type EventObject } from 'xstate';
import { describe, expect, it } from 'vitest';
import { watchLanguage } from '../../../src/actors/appLogic';

/** A parent that keeps what watchLanguage sends it. */
function watch() {
  const received: EventObject[] = [];
  const parent = createActor(
    setup({ actors: { watchLanguage } }).createMachine({
      invoke: { src: 'watchLanguage' },
      on: { '*': { actions: ({ event }) => received.push(event) } },
    }),
  ).start();
  return { received, stop: () => parent.stop() };
}

describe('watchLanguage', () => {
  it('tells the root when the member switches the language, not when messages are added', () => {
    i18n.loadAndActivate({ locale: 'en', messages: {} });
    const { received, stop } = watch();
    i18n.load('en', { 'admin.title': 'Operator console' });
    expect(received).toEqual([]);
    i18n.loadAndActivate({ locale: 'es', messages: { 'admin.title': 'Consola' } });
    i18n.load('es', { 'pages.login.title': 'Iniciar sesión' });
    expect(received).toEqual([{ type: 'language.changed', language: 'es' }]);
    stop();
    i18n.activate('en');
  });
});
