import { resetData } from './dataTestKit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterDatabaseHold, holdDatabasesUntil } from '../../../src/data/lazyDatabases';
import { readCachedResource, writeCachedResource } from '../../../src/data/resourceCache';

afterEach(async () => {
  holdDatabasesUntil(Promise.resolve());
  await resetData();
});

const scope = { userId: 7, language: 'en' };

describe('holding IndexedDB until the first screen has painted', () => {
  it('keeps reads, writes and the modules that open IndexedDB waiting until the hold is over, then runs them', async () => {
    let release: () => void = () => {};
    holdDatabasesUntil(new Promise<void>((resolve) => (release = resolve)));
    const done: string[] = [];
    const write = writeCachedResource('earnPromos', scope, [{ id: 1, type: 'EARN', title: 'Share a post', pips: 5 }]).then(() => done.push('write'));
    const load = afterDatabaseHold(async () => done.push('module'));
    // a few turns of the event loop: nothing has run
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
    expect(done).toEqual([]);

    release();
    await Promise.all([write, load]);
    expect(done.sort()).toEqual(['module', 'write']);
    expect(await readCachedResource('earnPromos', scope)).toMatchObject({ data: [{ id: 1, title: 'Share a post' }] });
  });

  it('lets them through when the hold fails (the app goes on without the signal)', async () => {
    holdDatabasesUntil(Promise.reject(new Error('no screen')));
    await expect(afterDatabaseHold(async () => 'loaded')).resolves.toBe('loaded');
  });
});

describe("the databases' chunk", () => {
  afterEach(() => {
    vi.doUnmock('../../../src/startup/breathe');
    vi.resetModules();
  });

  it('ends the task that evaluated it before the databases are made, once for every caller', async () => {
    // A module graph of its own, where ending a task is in the test's hands.
    vi.resetModules();
    let endTask: () => void = () => {};
    const nextTask = vi.fn(() => new Promise<void>((resolve) => (endTask = resolve)));
    vi.doMock('../../../src/startup/breathe', () => ({ nextTask }));
    const { databases } = await import('../../../src/data/lazyDatabases');

    const made: unknown[] = [];
    const first = databases().then((dbs) => made.push(dbs));
    const second = databases().then((dbs) => made.push(dbs));
    await vi.waitFor(() => expect(nextTask).toHaveBeenCalledTimes(1));
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
    expect(made).toEqual([]);

    endTask();
    await Promise.all([first, second]);
    expect(made).toHaveLength(2);
    expect(made[0]).toBe(made[1]);
    const later = await databases();
    expect(later).toBe(made[0]);
    expect(nextTask).toHaveBeenCalledTimes(1);
    for (const database of Object.values(later)) database.close();
  });
});
