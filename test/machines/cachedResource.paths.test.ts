import { describe, expect, it } from 'vitest';
import { cachedResourceMachine } from '../../machines/cachedResource.machine';
import { selectResourceStatus } from '../../machines/cachedResource.selectors';
import type { CachedResourceEvent } from '../../machines/cachedResource.types';
import {
  actorEvents,
  describePath,
  listTransitions,
  userEvents,
  type ActorOutputFixtures,
  type EventFixtures,
} from './pathCoverage';
import { describePathCoverage } from './describePathCoverage';

const eventFixtures = {
  'resource.open': [{ type: 'resource.open' }],
  'resource.reload': [{ type: 'resource.reload' }],
} satisfies EventFixtures<CachedResourceEvent>;

const outputFixtures = {
  readCache: [null, { data: ['cached promo'] }],
  fetchRemote: [
    { ok: true, data: ['fresh promo'] },
    { ok: false, code: 'NETWORK_ERROR' },
  ],
  writeCache: [undefined],
} satisfies ActorOutputFixtures<typeof cachedResourceMachine>;

const events = [...userEvents(eventFixtures), ...actorEvents(cachedResourceMachine, outputFixtures)];
const report = describePathCoverage('cachedResource', cachedResourceMachine, { events });

describe('cachedResource machine paths, beyond coverage', () => {
  it('has the transitions the coverage guard walks', () => {
    expect(listTransitions(cachedResourceMachine).length).toBeGreaterThan(15);
  });

  it('never shows loading while something is held, and never fails while something is held', () => {
    for (const path of report.paths) {
      const status = selectResourceStatus(path.state);
      if (path.state.context.data !== undefined) expect(['succeeded'], describePath(path)).toContain(status);
    }
  });

  it('reports failed only with an error code', () => {
    for (const path of report.paths) {
      if (path.state.matches('failed')) expect(path.state.context.errorCode, describePath(path)).not.toBeNull();
    }
  });
});
