import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { outlineMachine } from '../../../build/machineDiagrams';

describe("a machine's outline: its states and events as text, for /documentation on a phone", () => {
  it('lists every state in order, nested by depth, with each transition, its guard and its targets', () => {
    const machine = createMachine({
      id: 'door',
      initial: 'closed',
      on: { 'door.reset': '.closed' },
      states: {
        closed: { on: { 'door.open': { target: 'open', guard: 'unlocked' } } },
        open: {
          initial: 'swinging',
          states: { swinging: { always: 'still' }, still: {} },
          after: { 1000: 'closed' },
        },
      },
    });
    const outline = outlineMachine(machine);
    expect(outline.map(({ path, depth }) => [path, depth])).toEqual([
      ['door', 0],
      ['closed', 1],
      ['open', 1],
      ['open.swinging', 2],
      ['open.still', 2],
    ]);
    expect(outline[0].on).toEqual([{ event: 'door.reset', to: ['closed'] }]);
    expect(outline[1].on).toEqual([{ event: 'door.open [unlocked]', to: ['open'] }]);
    expect(outline[2].on).toEqual([{ event: expect.stringMatching(/^after /), to: ['closed'] }]);
    expect(outline[3].on).toEqual([{ event: 'always', to: ['open.still'] }]);
    expect(outline[4].on).toEqual([]);
  });
});
