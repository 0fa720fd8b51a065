import { describe, expect, it } from 'vitest';
import { serviceWorkerMachine } from '../../machines/serviceWorker.machine';
import { selectUpdateOffered } from '../../machines/serviceWorker.selectors';
import { action, actorStarted, sendAction, startRecorded } from './recording';

const HOUR = 60 * 60 * 1000;
const activate = sendAction('activateUpdate', 'worker', { type: 'worker.activate' });
const checkForUpdate = sendAction('checkForUpdate', 'worker', { type: 'worker.checkForUpdate' });
const contentRefresh = sendAction('tellContentRefresh', 'resources', { type: 'content.refresh' });

function registered({ reloadedRecently = false } = {}) {
  const sw = startRecorded(serviceWorkerMachine, { input: { reloadedRecently } });
  expect(sw.log.take()).toEqual([actorStarted('worker'), actorStarted('watchPage')]);
  sw.send({ type: 'sw.registered' });
  const offered = () => selectUpdateOffered(sw.actor.getSnapshot());
  return { ...sw, offered };
}

describe('serviceWorker: a new version', () => {
  it('takes over at once when safe, and the page reloads 100 ms after the takeover, once', () => {
    const sw = registered();
    sw.send({ type: 'sw.updateWaiting' });
    expect(sw.log.take()).toEqual([activate]);
    sw.send({ type: 'sw.controllerChanged' });
    sw.advance(99);
    expect(sw.log.take()).toEqual([]);
    sw.advance(1);
    expect(sw.log.take()).toEqual([action('reloadPage')]);
    sw.advance(HOUR);
    expect(sw.log.take()).toEqual([]);
    sw.stop();
  });

  it.each([
    // Clean input takes over at once; the connection event then only refreshes the content.
    ['a form has unsent input', (sw: ReturnType<typeof registered>) => sw.send({ type: 'input.dirty', id: 'profile' }), [activate, contentRefresh]],
    // Back online: the content is fetched again, and the takeover follows.
    ['offline', (sw: ReturnType<typeof registered>) => sw.send({ type: 'network.offline' }), [contentRefresh, activate]],
  ] as const)('waits and offers the reload while %s; calm returning takes over', (_, unsafe, effects) => {
    const sw = registered();
    unsafe(sw);
    sw.send({ type: 'sw.updateWaiting' });
    expect(sw.offered()).toBe(true);
    expect(sw.log.take()).toEqual([]);
    sw.send({ type: 'input.clean', id: 'profile' });
    sw.send({ type: 'network.online' });
    expect(sw.offered()).toBe(false);
    expect(sw.log.take()).toEqual(effects);
    sw.stop();
  });

  it('back online, every open load fetches again (a copy kept offline may be stale, or in the language shown before)', () => {
    const sw = registered();
    sw.send({ type: 'network.offline' });
    expect(sw.log.take()).toEqual([]);
    sw.send({ type: 'network.online' });
    expect(sw.log.take()).toEqual([contentRefresh]);
    sw.stop();
  });

  it('never reloads on its own right after a reload of its own: it offers instead', () => {
    const sw = registered({ reloadedRecently: true });
    sw.send({ type: 'sw.updateWaiting' });
    expect(sw.offered()).toBe(true);
    sw.send({ type: 'sw.controllerChanged' });
    sw.advance(HOUR);
    expect(sw.log.take()).toEqual([]);
    expect(sw.offered()).toBe(true);
    sw.stop();
  });

  it('another tab made the new version take over while input was unsent: the reload follows when the input is sent', () => {
    const sw = registered();
    sw.send({ type: 'input.dirty', id: 'profile' });
    sw.send({ type: 'sw.controllerChanged' });
    expect(sw.offered()).toBe(true);
    sw.send({ type: 'input.clean', id: 'profile' });
    sw.advance(100);
    expect(sw.log.take()).toEqual([action('reloadPage')]);
    sw.stop();
  });

  it('the member accepting the offered reload gets it after the takeover, without a second click', () => {
    const sw = registered();
    sw.send({ type: 'input.dirty', id: 'profile' });
    sw.send({ type: 'sw.updateWaiting' });
    sw.send({ type: 'user.reload' });
    expect(sw.log.take()).toEqual([activate]);
    sw.send({ type: 'sw.controllerChanged' });
    sw.advance(100);
    expect(sw.log.take()).toEqual([action('reloadPage')]);
    sw.stop();
  });
});

describe('serviceWorker: stale chunks', () => {
  it('a missing chunk reloads the page once, 100 ms later', () => {
    const sw = registered();
    sw.send({ type: 'chunk.failed' });
    sw.send({ type: 'chunk.failed' });
    sw.advance(100);
    sw.send({ type: 'chunk.failed' });
    sw.advance(1_000);
    expect(sw.log.take()).toEqual([action('reloadPage')]);
    sw.stop();
  });

  it('not right after a reload of its own (no loops)', () => {
    const sw = registered({ reloadedRecently: true });
    sw.send({ type: 'chunk.failed' });
    sw.advance(1_000);
    expect(sw.log.take()).toEqual([]);
    sw.stop();
  });

  it('never offline: a chunk failing then is the network, and a reload would show the browser error page', () => {
    const sw = registered();
    sw.send({ type: 'network.offline' });
    sw.send({ type: 'chunk.failed' });
    sw.advance(1_000);
    expect(sw.log.take()).toEqual([]);
    sw.send({ type: 'network.online' });
    sw.send({ type: 'chunk.failed' });
    sw.advance(100);
    expect(sw.log.take()).toEqual([contentRefresh, action('reloadPage')]);
    sw.stop();
  });

  it('works without a service worker too', () => {
    const sw = startRecorded(serviceWorkerMachine);
    sw.send({ type: 'sw.unsupported' });
    sw.send({ type: 'chunk.failed' });
    sw.advance(100);
    expect(sw.log.take().slice(2)).toEqual([action('reloadPage')]);
    sw.stop();
  });
});

describe('serviceWorker: updates and content', () => {
  it('looks for a new version every hour while online, and again once back online after an offline hour', () => {
    const sw = registered();
    sw.advance(HOUR);
    expect(sw.log.take()).toEqual([checkForUpdate]);
    sw.send({ type: 'network.offline' });
    sw.advance(HOUR);
    expect(sw.log.take()).toEqual([]);
    sw.send({ type: 'network.online' });
    expect(sw.log.take()).toEqual([contentRefresh]);
    sw.advance(HOUR);
    expect(sw.log.take()).toEqual([checkForUpdate]);
    sw.stop();
  });

  it('the page shown again refreshes the data, and looks for a new version when online', () => {
    const sw = registered();
    sw.send({ type: 'page.visible' });
    expect(sw.log.take()).toEqual([checkForUpdate, contentRefresh]);
    sw.send({ type: 'network.offline' });
    sw.send({ type: 'page.visible' });
    expect(sw.log.take()).toEqual([contentRefresh]);
    sw.stop();
  });

  it("the worker's daily content sync refreshes the data", () => {
    const sw = registered();
    sw.send({ type: 'sw.contentSync' });
    expect(sw.log.take()).toEqual([contentRefresh]);
    sw.stop();
  });
});
