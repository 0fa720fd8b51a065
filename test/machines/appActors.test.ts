import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { appActorIds, appActorLoads, appMachine, memberActorIds } from '../../machines/app.machine';

/** The systemIds the root's definition starts, in order. */
const invokedSystemIds = () => {
  const invoke = appMachine.config.invoke;
  return (Array.isArray(invoke) ? invoke : [invoke]).flatMap((entry) => (entry?.systemId ? [entry.systemId] : []));
};

/** The systemIds in the first column of docs/architecture.md's actor table. */
function documentedActorIds(): string[] {
  const doc = readFileSync(new URL('../../docs/architecture.md', import.meta.url), 'utf8');
  const table = doc.slice(doc.indexOf('| actor (`systemId`) |'));
  const rows = table.slice(0, table.indexOf('\n\n')).split('\n').slice(2);
  return rows.flatMap((row) => [...row.split('|')[1].matchAll(/`([A-Za-z]+)`/g)].map((m) => m[1]));
}

describe("the app's actors: one list (machines/app.root.ts appActorLoads)", () => {
  it('is the list of actors the root starts, in its order', () => {
    expect(invokedSystemIds()).toEqual(appActorIds);
  });

  it('each of them runs in the system under its systemId', () => {
    const app = createActor(appMachine, { input: {} }).start();
    for (const id of appActorIds) expect(app.system.get(id), id).toBeDefined();
    app.stop();
  });

  it('the member actors are those whose code comes with the first member screen', () => {
    expect(memberActorIds).toEqual(appActorIds.filter((id) => appActorLoads[id] === 'member'));
    expect(memberActorIds).toContain('chanceToWin');
    expect(memberActorIds).not.toContain('session');
  });

  it("docs/architecture.md's actor table names each of them once, and no other", () => {
    const documented = documentedActorIds();
    expect(new Set(documented).size).toBe(documented.length);
    expect([...documented].sort()).toEqual([...appActorIds].sort());
  });
});
