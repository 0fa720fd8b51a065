import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { operatorConsoleMachine, type ConsoleLoadInput, type ConsoleWriteInput } from '../../machines/operatorConsole.machine';
import { selectCommunity, selectDone } from '../../machines/operatorConsole.selectors';
import type { ConsoleCommunity, ConsoleInput, ConsoleOutput } from '../../machines/operatorConsole.types';

/** Focused checks of what the generated paths do not vary: the outcome of one particular write. */
describe('operator console machine', () => {
  const start = (answer: (input: ConsoleWriteInput) => ConsoleOutput, input: ConsoleInput = { view: 'community' }) => {
    const writes: ConsoleWriteInput[] = [];
    const remembered: string[] = [];
    const loads: ConsoleLoadInput[] = [];
    const actor = createActor(
      operatorConsoleMachine.provide({
        actions: { rememberCommunity: (_, { communityId }) => void remembered.push(communityId) },
        actors: {
          listCommunities: fromPromise<ConsoleOutput<ConsoleCommunity[]>, void>(async () => ({
            ok: true,
            value: [
              { communityId: 'c1', name: 'Harbour Club', role: 'owner' },
              { communityId: 'c2', name: 'Hill Club', role: 'viewer' },
            ],
          })),
          loadView: fromPromise<ConsoleOutput, ConsoleLoadInput>(async ({ input }) => {
            loads.push(input);
            return { ok: true, value: {} };
          }),
          write: fromPromise<ConsoleOutput, ConsoleWriteInput>(async ({ input }) => {
            writes.push(input);
            return answer(input);
          }),
        },
      }),
      { input },
    ).start();
    return { actor, writes, remembered, loads };
  };

  it('an edited community takes its new name and archived flag in the community list; done keeps what was sent', async () => {
    const { actor, writes } = start(() => ({ ok: true, value: { communityId: 'c1', name: 'Riverside', role: 'owner', archived: true, members: 3, support: null } }));
    await waitFor(actor, (s) => s.matches({ ready: 'shown' }));
    actor.send({ type: 'user.write', request: { kind: 'updateCommunity', input: { name: 'Riverside', archived: true } } });
    await waitFor(actor, (s) => selectDone(s) !== null && s.matches({ ready: 'shown' }));
    expect(writes).toEqual([{ communityId: 'c1', request: { kind: 'updateCommunity', input: { name: 'Riverside', archived: true } } }]);
    expect(selectCommunity(actor.getSnapshot())).toEqual({ communityId: 'c1', name: 'Riverside', role: 'owner', archived: true });
    expect(actor.getSnapshot().context.communities[1]).toEqual({ communityId: 'c2', name: 'Hill Club', role: 'viewer' });
    expect(selectDone(actor.getSnapshot())).toEqual({ kind: 'updateCommunity', value: expect.objectContaining({ name: 'Riverside' }), input: { name: 'Riverside', archived: true } });
  });

  it('another write leaves the community list as it was', async () => {
    const { actor } = start(() => ({ ok: true, value: { communityId: 'c1', name: 'Not a community edit' } }));
    await waitFor(actor, (s) => s.matches({ ready: 'shown' }));
    actor.send({ type: 'user.write', request: { kind: 'updateAnnouncement', input: { id: 4, archived: true } } });
    await waitFor(actor, (s) => selectDone(s) !== null && s.matches({ ready: 'shown' }));
    expect(selectCommunity(actor.getSnapshot())?.name).toBe('Harbour Club');
  });

  it('opens on the community the operator had open last time, and remembers each one opened', async () => {
    const { actor, remembered, loads } = start(() => ({ ok: true, value: {} }), { view: 'dashboard', lastCommunityId: 'c2' });
    await waitFor(actor, (s) => s.matches({ ready: 'shown' }));
    expect(selectCommunity(actor.getSnapshot())?.name).toBe('Hill Club');
    expect(loads).toEqual([{ communityId: 'c2', view: 'dashboard', query: '' }]);
    actor.send({ type: 'user.selectCommunity', communityId: 'c1' });
    await waitFor(actor, (s) => s.matches({ ready: 'shown' }));
    expect(remembered).toEqual(['c2', 'c1']);
    expect(loads.at(-1)).toEqual({ communityId: 'c1', view: 'dashboard', query: '' });
  });

  it('opens on the first community when the one remembered is no longer run, and remembers that one', async () => {
    const { actor, remembered } = start(() => ({ ok: true, value: {} }), { view: 'dashboard', lastCommunityId: 'gone' });
    await waitFor(actor, (s) => s.matches({ ready: 'shown' }));
    expect(selectCommunity(actor.getSnapshot())?.communityId).toBe('c1');
    expect(remembered).toEqual(['c1']);
  });
});
