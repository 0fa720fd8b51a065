import { describe, expect, it } from 'vitest';
import { earnActionMachine } from '../../machines/earnAction.machine';
import type { EarnActionEvent } from '../../machines/earnAction.types';
import { actorEvents, describePath, listTransitions, userEvents, type ActorOutputFixtures, type EventFixtures } from './pathCoverage';
import { describePathCoverage } from './describePathCoverage';

const eventFixtures = {
  'user.earn': [
    { type: 'user.earn', pid: 1, url: 'https://partner.example.org/survey', online: true, idempotencyKey: 'key-00000001' },
    { type: 'user.earn', pid: 2, url: null, online: true, idempotencyKey: 'key-00000002' },
    { type: 'user.earn', pid: 1, url: 'https://partner.example.org/survey', online: false, idempotencyKey: 'key-00000003' },
  ],
} satisfies EventFixtures<EarnActionEvent>;

const outputFixtures = {
  earn: [
    { ok: true, pipsEarned: 5, availablePips: 15, url: 'https://partner.example.org/thanks' },
    { ok: true, pipsEarned: 5, availablePips: 20, url: null },
    { ok: false, code: 'ALREADY_EARNED' },
    { ok: false, code: 'NETWORK_ERROR' },
  ],
} satisfies ActorOutputFixtures<typeof earnActionMachine>;

// The keys and urls make every attempt a distinct state; the graph only needs the shape.
const serializeState = (s: { value: unknown; context: { pid: number | null; errorCode: string | null } }) =>
  JSON.stringify({ value: s.value, pid: s.context.pid, errorCode: s.context.errorCode });

const events = [...userEvents(eventFixtures), ...actorEvents(earnActionMachine, outputFixtures)];
const report = describePathCoverage('earnAction', earnActionMachine, { events, serializeState });

describe('earnAction machine paths, beyond coverage', () => {
  it('has the transitions the coverage guard walks', () => {
    expect(listTransitions(earnActionMachine).length).toBeGreaterThanOrEqual(12);
  });

  it('only ever sends with a key', () => {
    for (const path of report.paths) {
      if (path.state.matches('earning')) expect(path.state.context.idempotencyKey, describePath(path)).toMatch(/^key-/);
    }
  });

  it('never fails offline with a request in flight', () => {
    for (const path of report.paths) {
      if (path.state.context.errorCode === 'OFFLINE') expect(path.state.matches('failed'), describePath(path)).toBe(true);
    }
  });
});
