import { describe, expect, it } from 'vitest';
import { verificationMachine } from '../../machines/verification.machine';
import type { VerificationEvent } from '../../machines/verification.types';
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

const eventFixtures = {
  'user.submit': [
    { type: 'user.submit', code: ' 123456 ' },
    { type: 'user.submit', code: '12345' },
  ],
  'user.resend': [{ type: 'user.resend' }],
} satisfies EventFixtures<VerificationEvent>;

const outputFixtures = {
  verifyCode: [
    { ok: true },
    { ok: false, code: 'INVALID_CODE' },
    { ok: false, code: 'CODE_EXPIRED' },
    { ok: false, code: 'CODE_ATTEMPTS_EXCEEDED' },
    { ok: false, code: 'NETWORK_ERROR' },
    { ok: false, code: 'ALREADY_VERIFIED' },
  ],
  resendCode: [{ ok: true }, { ok: false, code: 'RATE_LIMITED' }, { ok: false, code: 'ALREADY_VERIFIED' }],
} satisfies ActorOutputFixtures<typeof verificationMachine>;

const events = [...userEvents(eventFixtures), ...actorEvents(verificationMachine, outputFixtures)];
const report = coverageReport(verificationMachine, { events });
const inert = verificationMachine.provide({ actors: inertActors(verificationMachine) });
const serialize = (s: { value: unknown; context: unknown }) => JSON.stringify({ value: s.value, context: s.context });

describe('verification machine paths', () => {
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
