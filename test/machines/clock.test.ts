import { describe, expect, it } from 'vitest';
import { assign } from 'xstate';
import { clockMachine } from '../../machines/clock.machine';
import { startRecorded } from './recording';

describe('clock', () => {
  it('reads the time at start and again every 60 s, not in between', () => {
    const clock = startRecorded(clockMachine, {
      input: { now: 0 },
      provide: ({ clock: simulated }) => ({ actions: { readNow: assign({ now: () => 1_000_000 + simulated.now() }) } }),
    });
    const now = () => clock.actor.getSnapshot().context.now;
    expect(now()).toBe(1_000_000);
    clock.advance(59_999);
    expect(now()).toBe(1_000_000);
    clock.advance(1);
    expect(now()).toBe(1_060_000);
    clock.advance(60_000);
    expect(now()).toBe(1_120_000);
    expect(clock.log.take()).toEqual([]);
    clock.stop();
  });

  it('starts from the time it is given until the app binds readNow', () => {
    const clock = startRecorded(clockMachine, { input: { now: 42 } });
    clock.advance(60_000);
    expect(clock.actor.getSnapshot().context.now).toBe(42);
    clock.stop();
  });
});
