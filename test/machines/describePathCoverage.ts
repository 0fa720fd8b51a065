import type { AnyStateMachine } from 'xstate';
import { describe, expect, it } from 'vitest';
import { coverageReport, describePath, inertActors, replayPath, type CoverageOptions, type CoverageReport } from './pathCoverage';

const defaultSerialize = (s: { value: unknown; context: unknown }) => JSON.stringify({ value: s.value, context: s.context });

/**
 * The checks every machine's paths test makes, in a `describe` of its own: every state node is
 * reached, every path replays to its state on the machine with inert actors, and every
 * transition of the definition is taken by some path. Returns the report for a test's own checks.
 */
export function describePathCoverage(name: string, machine: AnyStateMachine, options: CoverageOptions): CoverageReport {
  const serialize = options.serializeState ?? defaultSerialize;
  const report = coverageReport(machine, options);
  const inert = machine.provide({ actors: inertActors(machine) });

  describe(`${name} machine paths`, () => {
    it('reaches every state node', () => {
      expect(report.unvisitedStates).toEqual([]);
    });

    it.each(report.paths.map((p) => [describePath(p), p] as const))('replays %s', (_, path) => {
      expect(serialize(replayPath(inert, path, { input: options.input }).snapshot)).toBe(serialize(path.state));
    });

    it('takes every transition of the definition (guard)', () => {
      expect(report.untakenTransitions).toEqual([]);
      expect(report.mismatches).toEqual([]);
    });
  });
  return report;
}
