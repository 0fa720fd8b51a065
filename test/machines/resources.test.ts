import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { cachedResourceMachine } from '../../machines/cachedResource.machine';
import { selectResourceData } from '../../machines/cachedResource.selectors';
import type { CachedCopy, FetchRemoteOutput, ResourceScope } from '../../machines/cachedResource.types';
import { mayRun, PIPS_RESOURCES, PUBLIC_RESOURCES, resourceChildId, resourcesMachine } from '../../machines/resources.machine';
import { actorStarted, actorStopped, received, startRecorded } from './recording';

const scope = (key: string, userId: number | null, language = 'en', id?: number): ResourceScope => ({ key, ...(id === undefined ? {} : { id }), userId, language });

describe('resources: who a load is for', () => {
  it('public loads run for anybody; a member load opened while signed out waits for the member', () => {
    const resources = startRecorded(resourcesMachine, { input: { language: 'en' } });
    resources.send({ type: 'resource.open', resource: { key: 'manifest' } });
    resources.send({ type: 'resource.open', resource: { key: 'dashboard' } });
    expect(resources.log.take()).toEqual([actorStarted('cachedResource', scope('manifest', null), 'resource:manifest')]);
    resources.send({ type: 'scope.changed', userId: 7, language: 'en' });
    expect(resources.log.take()).toEqual([
      actorStopped('resource:manifest'),
      actorStarted('cachedResource', scope('manifest', null), 'resource:manifest'),
      actorStarted('cachedResource', scope('dashboard', 7), 'resource:dashboard'),
    ]);
    resources.stop();
  });

  it('another member or language starts the open loads over in the new scope; signing out forgets the member loads', () => {
    const resources = startRecorded(resourcesMachine, { input: { language: 'en' } });
    resources.send({ type: 'scope.changed', userId: 7, language: 'en' });
    resources.send({ type: 'resource.open', resource: { key: 'transaction', id: 42 } });
    resources.send({ type: 'scope.changed', userId: 7, language: 'es' });
    expect(resources.log.take()).toEqual([
      actorStarted('cachedResource', scope('transaction', 7, 'en', 42), 'resource:transaction:42'),
      actorStopped('resource:transaction:42'),
      actorStarted('cachedResource', scope('transaction', 7, 'es', 42), 'resource:transaction:42'),
    ]);
    resources.send({ type: 'scope.changed', userId: null, language: 'es' });
    expect(resources.log.take()).toEqual([actorStopped('resource:transaction:42')]);
    expect(resources.actor.getSnapshot().context.open).toEqual([]);
    // The next member does not get the last one's loads.
    resources.send({ type: 'scope.changed', userId: 8, language: 'es' });
    expect(resources.log.take()).toEqual([]);
    resources.stop();
  });

  it('the same scope again changes nothing', () => {
    const resources = startRecorded(resourcesMachine);
    resources.send({ type: 'scope.changed', userId: 7, language: 'en' });
    resources.send({ type: 'resource.open', resource: { key: 'dashboard' } });
    resources.log.take();
    resources.send({ type: 'scope.changed', userId: 7, language: 'en' });
    expect(resources.log.take()).toEqual([]);
    resources.stop();
  });
});

describe('resources: reloads', () => {
  it('opening a running load refreshes it; pips.changed reloads the pip-related loads only', () => {
    const resources = startRecorded(resourcesMachine);
    resources.send({ type: 'scope.changed', userId: 7, language: 'en' });
    for (const key of ['dashboard', 'activity', 'forms', 'manifest'] as const) resources.send({ type: 'resource.open', resource: { key } });
    resources.log.take();
    resources.send({ type: 'resource.open', resource: { key: 'forms' } });
    resources.send({ type: 'pips.changed' });
    resources.send({ type: 'resource.reload', key: 'forms' });
    expect(resources.log.take()).toEqual([
      received('resource:forms', { type: 'resource.open' }),
      received('resource:dashboard', { type: 'resource.reload' }),
      received('resource:activity', { type: 'resource.reload' }),
      received('resource:forms', { type: 'resource.reload' }),
    ]);
    resources.send({ type: 'content.refresh' });
    expect(resources.log.take().map((e) => ('to' in e ? e.to : e))).toEqual(['resource:dashboard', 'resource:activity', 'resource:forms', 'resource:manifest']);
    resources.stop();
  });

  it('reloads reach real loads: pips moving fetches the dashboard again', async () => {
    let balance = 10;
    const fetched: ResourceScope[] = [];
    const load = cachedResourceMachine.provide({
      actors: {
        readCache: fromPromise<CachedCopy, ResourceScope>(async () => null),
        fetchRemote: fromPromise<FetchRemoteOutput, ResourceScope>(async ({ input }) => {
          fetched.push(input);
          return { ok: true, data: { balance } };
        }),
        writeCache: fromPromise(async () => {}),
      },
    });
    const resources = createActor(resourcesMachine.provide({ actors: { cachedResource: load } }), { input: { language: 'en' } }).start();
    resources.send({ type: 'scope.changed', userId: 7, language: 'en' });
    resources.send({ type: 'resource.open', resource: { key: 'dashboard' } });
    const child = () => resources.getSnapshot().children['resource:dashboard']!;
    await waitFor(child(), (s) => s.matches('succeeded'));
    balance = 15;
    resources.send({ type: 'pips.changed' });
    await waitFor(child(), (s) => s.matches('succeeded') && (selectResourceData(s) as { balance: number }).balance === 15);
    expect(fetched).toEqual([scope('dashboard', 7), scope('dashboard', 7)]);
    resources.stop();
  });
});

describe('resources: helpers', () => {
  it('names children by key and id', () => {
    expect(resourceChildId({ key: 'dashboard' })).toBe('resource:dashboard');
    expect(resourceChildId({ key: 'transaction', id: 42 })).toBe('resource:transaction:42');
  });

  it('runs public loads for nobody, member loads for a member only', () => {
    expect(PUBLIC_RESOURCES.every((key) => mayRun({ key }, null))).toBe(true);
    expect(PIPS_RESOURCES.some((key) => mayRun({ key }, null))).toBe(false);
    expect(mayRun({ key: 'dashboard' }, 7)).toBe(true);
  });
});
