import { describe, expect, it } from 'vitest';
import { tokenRefreshMachine } from '../../machines/tokenRefresh.machine';
import type { TokenRefreshEvent } from '../../machines/tokenRefresh.types';
import {
  actorEvents,
  coverageReport,
  describePath,
  inertActors,
  replayPath,
  userEvents,
  type ActorOutputFixtures,
  type EventFixtures,
} from './pathCoverage';

/** Two request ids: enough to show a second request joining the queue, and the queue stays finite. */
const eventFixtures = {
  'request.unauthorized': [
    { type: 'request.unauthorized', requestId: 'r1' },
    { type: 'request.unauthorized', requestId: 'r2' },
  ],
  'session.reset': [{ type: 'session.reset' }],
} satisfies EventFixtures<TokenRefreshEvent>;

const outputFixtures = {
  readRefreshPreconditions: [
    { rememberMe: 'true', hasRefreshToken: true },
    { rememberMe: 'false', hasRefreshToken: true },
    { rememberMe: null, hasRefreshToken: true },
    { rememberMe: 'true', hasRefreshToken: false },
  ],
  refreshSession: [
    { ok: true, authToken: 'new-auth-token', refreshToken: 'new-refresh-token' },
    { ok: true, authToken: '', refreshToken: '' },
    { ok: false, serverCode: 'INVALID_REFRESH_TOKEN' },
  ],
} satisfies ActorOutputFixtures<typeof tokenRefreshMachine>;

const events = [...userEvents(eventFixtures), ...actorEvents(tokenRefreshMachine, outputFixtures)];
const report = coverageReport(tokenRefreshMachine, { events });
const inert = tokenRefreshMachine.provide({ actors: inertActors(tokenRefreshMachine) });
const serialize = (s: { value: unknown; context: unknown }) => JSON.stringify({ value: s.value, context: s.context });

describe('tokenRefresh machine paths', () => {
  it('reaches every state node', () => {
    expect(report.unvisitedStates).toEqual([]);
  });

  it.each(report.paths.map((p) => [describePath(p), p] as const))('replays %s', (_, path) => {
    expect(serialize(replayPath(inert, path).snapshot)).toBe(serialize(path.state));
  });

  it('takes every transition of the definition (guard)', () => {
    expect(report.untakenTransitions).toEqual([]);
    expect(report.mismatches).toEqual([]);
  });
});
