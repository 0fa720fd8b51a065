import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { exportedMachines, exportMachines } from '../../scripts/export-machines';
import { allStateNodes, listTransitions } from './pathCoverage';

const dir = mkdtempSync(join(tmpdir(), 'pips-machines-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('machines:export', () => {
  const files = exportMachines(dir);

  it('writes one file per exported machine', () => {
    expect(files.map((f) => basename(f)).sort()).toEqual(['cachedResource.json', 'connectivitySync.json', 'earnAction.json', 'formWizard.json', 'qrScanner.json', 'redemption.json', 'session.json', 'tokenRefresh.json', 'verification.json']);
  });

  it.each(exportedMachines().map((m) => [m.id, m] as const))('%s.json loads as the same statechart', (id, machine) => {
    const loaded = createMachine(JSON.parse(readFileSync(join(dir, `${id}.json`), 'utf8')));
    expect(allStateNodes(loaded).map((n) => n.id)).toEqual(allStateNodes(machine).map((n) => n.id));
    const shape = (m: typeof machine) => listTransitions(m).map(({ key, guard, targets }) => ({ key, guard, targets }));
    expect(shape(loaded)).toEqual(shape(machine));
  });
});
