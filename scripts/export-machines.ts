/**
 * `npm run machines:export`: writes `machines/export/<id>.json` for every machine exported by
 * `machines/index.ts`, for the Stately visualizer (paste as `createMachine(<json>)`, or import
 * the file). The JSON is the machine's config with its implementations left out: actions,
 * guards, actors and delays keep their names; `params`, `input` and `context` functions are
 * dropped (test/machines/export.test.ts checks that no action, guard or actor is lost).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { StateMachine, type AnyStateMachine } from 'xstate';
import * as machines from '../machines/index';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const exportDir = join(root, 'machines', 'export');

/** Every machine `machines/index.ts` exports, by id. */
export function exportedMachines(): AnyStateMachine[] {
  return Object.values(machines as Record<string, unknown>).filter((value): value is AnyStateMachine => value instanceof StateMachine);
}

/** The machine's config as plain JSON (functions removed), loadable with `createMachine`. */
export function toExportJson(machine: AnyStateMachine): unknown {
  return JSON.parse(JSON.stringify(machine.config, (_key, value: unknown) => (typeof value === 'function' ? undefined : value)));
}

/** Writes `<dir>/<id>.json` for every machine; refuses two machines with one id (one would overwrite the other). */
export function exportMachines(dir = exportDir, machines: AnyStateMachine[] = exportedMachines()): string[] {
  const ids = machines.map((machine) => machine.id);
  const repeated = ids.filter((id, i) => ids.indexOf(id) !== i);
  if (repeated.length) throw new Error(`machines:export: more than one machine has the id ${[...new Set(repeated)].join(', ')}`);
  mkdirSync(dir, { recursive: true });
  return machines.map((machine) => {
    const file = join(dir, `${machine.id}.json`);
    writeFileSync(file, `${JSON.stringify(toExportJson(machine), null, 2)}\n`);
    return file;
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  for (const file of exportMachines()) console.log(`wrote ${relative(root, file)}`);
}
