import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextTask } from '../../../src/startup/breathe';

describe('nextTask (the pause between the stages of the app start)', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('without scheduler.yield, resolves in a new task, after every microtask of this one', async () => {
    vi.stubGlobal('scheduler', undefined);
    const seen: string[] = [];
    const waited = nextTask().then(() => seen.push('next task'));
    queueMicrotask(() => seen.push('microtask'));
    await Promise.resolve();
    await Promise.resolve();
    seen.push('same task');
    await waited;
    expect(seen).toEqual(['microtask', 'same task', 'next task']);
  });

  it('waits on no timer (a tab opened in the background holds timers for a second)', async () => {
    vi.stubGlobal('scheduler', undefined);
    // Fake timers fire only when told to: a pause made of setTimeout would never resolve here.
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'setImmediate'] });
    await expect(nextTask()).resolves.toBeUndefined();
  });

  it("uses the browser's scheduler.yield where there is one", async () => {
    const yielded = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: yielded });
    await nextTask();
    expect(yielded).toHaveBeenCalledTimes(1);
  });
});
