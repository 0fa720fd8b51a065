import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { browserOnline, watchOnline } from '../../../src/actors/watchOnline';

afterEach(() => vi.restoreAllMocks());

describe('browserOnline', () => {
  it('reads navigator.onLine each time it is asked', () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(browserOnline()).toBe(false);
    onLine.mockReturnValue(true);
    expect(browserOnline()).toBe(true);
  });

  it('counts a browser that does not say as online', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(undefined as unknown as boolean);
    expect(browserOnline()).toBe(true);
  });
});

describe('watchOnline', () => {
  it('sends connectivity.online on the window’s online event, and stops listening when stopped', () => {
    const target = new EventTarget();
    const heard: string[] = [];
    const parent = createActor(
      createMachine({
        invoke: { src: watchOnline(target as unknown as Window), id: 'watch' },
        on: { '*': { actions: ({ event }) => heard.push(event.type) } },
      }),
    ).start();
    target.dispatchEvent(new Event('online'));
    expect(heard).toEqual(['connectivity.online']);
    parent.stop();
    target.dispatchEvent(new Event('online'));
    expect(heard).toEqual(['connectivity.online']);
  });
});
