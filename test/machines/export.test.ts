import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createMachine, type AnyStateMachine } from 'xstate';
import { exportedMachines, exportMachines, toExportJson } from '../../scripts/export-machines';
import { actionName, allStateNodes, listTransitions } from './pathCoverage';

const dir = mkdtempSync(join(tmpdir(), 'pips-machines-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const list = (actions: unknown): string[] => (actions === undefined ? [] : Array.isArray(actions) ? actions : [actions]).map(actionName);

/**
 * What the visualizer shows of a machine: its states with their entry and exit actions (as the
 * definition names them) and invoked actors, and every transition with its guard, targets and
 * actions, in order. An inline function would be lost in JSON, and show here.
 */
function statechart(machine: AnyStateMachine) {
  return {
    states: allStateNodes(machine).map((node) => ({
      id: node.id,
      entry: list(node.config.entry),
      exit: list(node.config.exit),
      invoke: node.invoke.map((invoke) => ({ id: invoke.id, src: invoke.src, systemId: invoke.systemId })),
      tags: node.tags,
    })),
    transitions: listTransitions(machine).map(({ key, guard, targets, actions }) => ({ key, guard, targets, actions })),
  };
}

describe('machines:export', () => {
  const files = exportMachines(dir);
  const machines = exportedMachines();

  it('writes one file per machine of machines/index.ts', () => {
    expect(files.map((f) => basename(f)).sort()).toEqual([
      'app.json',
      'archiveDrawer.json',
      'cachedResource.json',
      'chanceToWin.json',
      'clock.json',
      'connectivitySync.json',
      'earnAction.json',
      'earnPipeline.json',
      'formWizard.json',
      'installPrompt.json',
      'languageChoice.json',
      'oidcCallback.json',
      'operatorConsole.json',
      'pendingLogouts.json',
      'pushNotifications.json',
      'qrScanner.json',
      'queueRun.json',
      'redemption.json',
      'resources.json',
      'serviceWorker.json',
      'session.json',
      'submission.json',
      'tokenRefresh.json',
      'triviaRound.json',
      'triviaVerification.json',
      'verification.json',
    ]);
  });

  it('gives every machine an id of its own (one file each, none overwritten)', () => {
    const ids = machines.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(files).toHaveLength(ids.length);
    const twin = createMachine({ id: 'twin' });
    expect(() => exportMachines(dir, [twin, createMachine({ id: 'twin' })])).toThrow(/twin/);
  });

  it.each(machines.map((m) => [m.id, m] as const))('%s.json loads as the same statechart, every action named', (id, machine) => {
    const loaded = createMachine(JSON.parse(readFileSync(join(dir, `${id}.json`), 'utf8')));
    expect(statechart(loaded)).toEqual(statechart(machine));
    expect(JSON.stringify(statechart(machine))).not.toContain('(inline)');
  });

  it('fails when an action is lost: an inline function is dropped from the JSON', () => {
    const sloppy = createMachine({ id: 'sloppy', initial: 'a', states: { a: { entry: ['named', () => {}], on: { go: { target: 'b', actions: () => {} } } }, b: {} } });
    const loaded = createMachine(toExportJson(sloppy) as never);
    expect(statechart(loaded)).not.toEqual(statechart(sloppy));
  });
});
