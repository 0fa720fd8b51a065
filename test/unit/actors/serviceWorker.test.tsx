// Loads fake-indexeddb before Dexie is imported.
import { MEMBER, resetData, signIn, startApp, waitForLoad, waitForMember } from '../data/dataTestKit';
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, type Actor } from 'xstate';
import { useUnsentInput } from '../../../src/actors/hooks';
import { readReloadedRecently, serverAnswers, serviceWorkerLogic } from '../../../src/actors/serviceWorker';
import { fakeFetch, requests } from '../screens/fakeFetch';
import { appContext } from '../screens/renderApp';

const running: Array<Actor<ReturnType<typeof serviceWorkerLogic>>> = [];
/** The service worker actor as the app binds it (the browser's page events, the reload). */
function startServiceWorker(reloadedRecently = false, answers: () => Promise<boolean> = () => Promise.resolve(true)) {
  const actor = createActor(serviceWorkerLogic({ answers }), { input: { reloadedRecently } }).start();
  running.push(actor);
  return actor;
}

/** The page's own reload, which happy-dom cannot do. */
const spyReload = () => vi.spyOn(window.location, 'reload').mockImplementation(() => {});

afterEach(async () => {
  running.splice(0).forEach((actor) => actor.stop());
  await resetData();
});

describe('readReloadedRecently (no reload loops)', () => {
  const now = Date.parse('2026-03-15T12:00:00Z');

  it.each([
    ['no mark', null, false],
    ['a reload 10 s ago', String(now - 10_000), true],
    ['a reload 31 s ago', String(now - 31_000), false],
    ['an unreadable mark', 'soon', false],
  ])('%s: %s', (_, mark, expected) => {
    if (mark !== null) sessionStorage.setItem('pips.reloadedAt', mark);
    expect(readReloadedRecently(now)).toBe(expected);
  });
});

describe('serverAnswers (a failed chunk is a stale deploy only while the server answers)', () => {
  it.each([
    ['200', async () => new Response('{}', { status: 200 }), true],
    ['a proxy 502', async () => new Response('Bad gateway', { status: 502 }), false],
    ['no network', async () => Promise.reject(new TypeError('Failed to fetch')), false],
  ])('%s', async (_, answer, expected) => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(answer);
    try {
      expect(await serverAnswers()).toBe(expected);
      expect(fetchSpy).toHaveBeenCalledWith('/api/health', { cache: 'no-store' });
    } finally {
      fetchSpy.mockRestore();
    }
  });
});

describe('the service worker binding', () => {
  it('has no worker to register outside a production build: unsupported, nothing to update', () => {
    const actor = startServiceWorker();
    expect(actor.getSnapshot().value).toBe('unsupported');
  });

  it('follows the network from the window events', () => {
    const actor = startServiceWorker();
    window.dispatchEvent(new Event('offline'));
    expect(actor.getSnapshot().context.online).toBe(false);
    window.dispatchEvent(new Event('online'));
    expect(actor.getSnapshot().context.online).toBe(true);
  });

  it('a lazily loaded chunk missing after a deploy (the server answers) reloads the page once, 100 ms later, marking the reload', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const reload = spyReload();
    const asked = vi.fn(() => Promise.resolve(true));
    const actor = startServiceWorker(false, asked);
    const failed = new Event('vite:preloadError', { cancelable: true });

    window.dispatchEvent(failed);

    // The error goes on to the code that asked for the chunk (Vite resolves nothing if prevented).
    expect(failed.defaultPrevented).toBe(false);
    // The server's answer comes (no time passes).
    await vi.advanceTimersByTimeAsync(0);
    expect(asked).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().value).toBe('reloading');
    vi.advanceTimersByTime(99);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().value).toBe('reloaded');
    // The next page load knows it follows our own reload.
    expect(readReloadedRecently()).toBe(true);
  });

  it('right after a reload of its own, a missing chunk does not reload again', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const reload = spyReload();
    const asked = vi.fn(() => Promise.resolve(true));
    const actor = startServiceWorker(true, asked);
    window.dispatchEvent(new Event('vite:preloadError', { cancelable: true }));
    await vi.advanceTimersByTimeAsync(1000);
    expect(asked).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().value).toBe('unsupported');
    expect(reload).not.toHaveBeenCalled();
  });

  it('a chunk failing while the server does not answer is the network: no reload (the app stays, not the browser error page)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const reload = spyReload();
    const asked = vi.fn(() => Promise.resolve(false));
    const actor = startServiceWorker(false, asked);
    const failed = new Event('vite:preloadError', { cancelable: true });
    window.dispatchEvent(failed);
    expect(failed.defaultPrevented).toBe(false);
    await vi.advanceTimersByTimeAsync(1000);
    expect(asked).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().value).toBe('unsupported');
    expect(reload).not.toHaveBeenCalled();
  });

  it('a chunk failing while the browser is offline: the machine is told the network is gone, the server is not asked, no reload', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const reload = spyReload();
    const asked = vi.fn(() => Promise.resolve(true));
    const actor = startServiceWorker(false, asked);
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      window.dispatchEvent(new Event('vite:preloadError', { cancelable: true }));
      await vi.advanceTimersByTimeAsync(1000);
      expect(actor.getSnapshot().context.online).toBe(false);
      expect(asked).not.toHaveBeenCalled();
      expect(reload).not.toHaveBeenCalled();
    } finally {
      onLine.mockRestore();
    }
  });
});

describe('in the app system', () => {
  it('useUnsentInput tells the service worker while a form holds input, and forgets it when the form goes', () => {
    fakeFetch({});
    const app = appContext();
    function Form({ dirty }: { dirty: boolean }) {
      useUnsentInput('changePassword', dirty);
      return null;
    }
    const screen = (form: ReactNode) => <app.wrapper>{form}</app.wrapper>;
    const view = render(screen(<Form dirty />));
    const serviceWorker = app.root().system.get('serviceWorker')!;
    expect(serviceWorker.getSnapshot().context.dirty).toEqual(['changePassword']);
    view.rerender(screen(<Form dirty={false} />));
    expect(serviceWorker.getSnapshot().context.dirty).toEqual([]);
    view.rerender(screen(<Form dirty />));
    expect(serviceWorker.getSnapshot().context.dirty).toEqual(['changePassword']);
    // The member leaves the form (the app stays).
    view.rerender(screen(null));
    expect(serviceWorker.getSnapshot().context.dirty).toEqual([]);
  });

  it("the worker's content sync fetches every open load again", async () => {
    signIn();
    const sent = fakeFetch({ 'GET /mobile/dashboard': { data: { availablePips: 1, totalEarnedPips: 1, totalUsedPips: 0, actions: [] } } });
    const app = startApp();
    await waitForMember(app, MEMBER);
    await waitForLoad(app, 'dashboard', 'succeeded');

    app.system.get('serviceWorker')!.send({ type: 'sw.contentSync' });

    await waitForLoad(app, 'dashboard', 'refreshing');
    await waitForLoad(app, 'dashboard', 'succeeded');
    expect(requests(sent, 'GET', '/mobile/dashboard')).toHaveLength(2);
  });
});
