import { describe, expect, it } from 'vitest';
import { connectivitySyncMachine } from '../../machines/connectivitySync.machine';
import type { ConnectivitySyncEvent } from '../../machines/connectivitySync.types';
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
  'network.online': [{ type: 'network.online' }],
  'network.offline': [{ type: 'network.offline' }],
  'session.verified': [{ type: 'session.verified', userId: 7 }],
  'session.ended': [{ type: 'session.ended' }],
  'sync.request': [{ type: 'sync.request' }],
  'lock.acquired': [{ type: 'lock.acquired' }],
} satisfies EventFixtures<ConnectivitySyncEvent>;

const outputFixtures = {
  watchNetwork: [undefined],
  holdSyncLock: [undefined],
  loadEarnQueue: [{ count: 0 }, { count: 2 }],
  processEarnQueue: [
    { succeeded: 2, rejected: [], kept: [] },
    { succeeded: 1, rejected: [{ id: 2, code: 'ALREADY_EARNED' }], kept: [{ id: 3, code: 'NETWORK_ERROR' }] },
  ],
  loadFormQueue: [{ count: 0 }, { count: 1 }],
  processFormQueue: [
    { succeeded: 1, rejected: [], kept: [] },
    { succeeded: 0, rejected: [], kept: [{ id: 1, code: 'SERVER_ERROR' }] },
  ],
} satisfies ActorOutputFixtures<typeof connectivitySyncMachine>;

const events = [...userEvents(eventFixtures), ...actorEvents(connectivitySyncMachine, outputFixtures)];
const report = describePathCoverage('connectivitySync', connectivitySyncMachine, { events });

describe('connectivitySync machine paths, beyond coverage', () => {
  it('has the transitions the coverage guard walks', () => {
    expect(listTransitions(connectivitySyncMachine).length).toBeGreaterThan(20);
  });

  it('syncs only for a verified member while online', () => {
    for (const path of report.paths) {
      if (!path.state.matches({ sync: 'syncing' })) continue;
      expect(path.state.context.userId, describePath(path)).not.toBeNull();
      const entered = path.steps.findIndex((step) => step.state.matches({ sync: 'syncing' }));
      expect(path.steps[entered].state.matches({ network: 'online' }), describePath(path)).toBe(true);
    }
  });

  it('forgets the member when the session ends', () => {
    for (const path of report.paths) {
      const last = path.steps.at(-1);
      if (last?.event.type === 'session.ended') expect(path.state.context.userId, describePath(path)).toBeNull();
    }
  });
});
