import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, toPromise } from 'xstate';
import { queueRunMachine } from '../../machines/queueRun.machine';
import type { QueuedItem, QueueRunInput, ReplayOutput } from '../../machines/queueRun.types';

/** A run over `queue` whose replays answer from `answers` (by item id); records what it sends and removes. */
async function run(queue: QueuedItem[] | 'unreadable', answers: Record<number, ReplayOutput | 'throws'>, removal: 'works' | 'fails' = 'works') {
  const replayed: unknown[] = [];
  const removed: number[] = [];
  const listedFor: number[] = [];
  const actor = createActor(
    queueRunMachine.provide({
      actors: {
        listItems: fromPromise<QueuedItem[], QueueRunInput>(async ({ input }) => {
          listedFor.push(input.userId);
          if (queue === 'unreadable') throw new Error('no IndexedDB');
          return queue;
        }),
        replayItem: fromPromise<ReplayOutput, unknown>(async ({ input }) => {
          replayed.push(input);
          const item = (queue as QueuedItem[]).find((it) => it.replay === input)!;
          const answer = answers[item.id];
          if (answer === 'throws') throw new Error('bug');
          return answer;
        }),
        removeItem: fromPromise<void, { id: number }>(async ({ input }) => {
          if (removal === 'fails') throw new Error('quota');
          removed.push(input.id);
        }),
      },
    }),
    { input: { userId: 7 } },
  ).start();
  const output = await toPromise(actor);
  return { output, replayed, removed, listedFor };
}

const item = (id: number): QueuedItem => ({ id, replay: { text: `scan ${id}`, mode: 'replay', idempotencyKey: `key-${id}` } });
const sent: ReplayOutput = { ok: true };
const refused = (code: string): ReplayOutput => ({ ok: false, code, retry: false, stop: false });
const later = (code: string): ReplayOutput => ({ ok: false, code, retry: true, stop: false });
const noAnswer: ReplayOutput = { ok: false, code: 'NETWORK_ERROR', retry: true, stop: true };

describe('queueRun', () => {
  it('sends the member\'s items oldest first; removes the sent and the refused; keeps the others', async () => {
    const queue = [item(1), item(2), item(3), item(4)];
    const { output, replayed, removed, listedFor } = await run(queue, { 1: sent, 2: refused('ALREADY_EARNED'), 3: later('SERVER_ERROR'), 4: 'throws' });
    expect(listedFor).toEqual([7]);
    expect(replayed).toEqual(queue.map((it) => it.replay));
    expect(removed).toEqual([1, 2]);
    expect(output).toEqual({
      succeeded: 1,
      rejected: [{ id: 2, code: 'ALREADY_EARNED' }],
      kept: [
        { id: 3, code: 'SERVER_ERROR' },
        { id: 4, code: 'UNKNOWN_ERROR' },
      ],
    });
  });

  it('stops when nothing answers: that item and every later one stay queued, untouched', async () => {
    const queue = [item(1), item(2), item(3)];
    const { output, replayed, removed } = await run(queue, { 1: sent, 2: noAnswer, 3: sent });
    expect(replayed).toEqual([item(1).replay, item(2).replay]);
    expect(removed).toEqual([1]);
    expect(output).toEqual({
      succeeded: 1,
      rejected: [],
      kept: [
        { id: 2, code: 'NETWORK_ERROR' },
        { id: 3, code: 'NETWORK_ERROR' },
      ],
    });
  });

  it('a refusal for good is removed even when the run must stop after it', async () => {
    const { output, removed } = await run([item(1), item(2)], { 1: { ok: false, code: 'QR_CODE_EXPIRED', retry: false, stop: true }, 2: sent });
    expect(removed).toEqual([1, 2]);
    expect(output.rejected).toEqual([{ id: 1, code: 'QR_CODE_EXPIRED' }]);
  });

  it('an unreadable queue is an empty one', async () => {
    const { output, replayed } = await run('unreadable', {});
    expect(replayed).toEqual([]);
    expect(output).toEqual({ succeeded: 0, rejected: [], kept: [] });
  });

  it('a removal that fails does not stop the run (the next run sends the item again, under its key)', async () => {
    const { output, replayed } = await run([item(1), item(2)], { 1: sent, 2: sent }, 'fails');
    expect(replayed).toHaveLength(2);
    expect(output).toEqual({ succeeded: 2, rejected: [], kept: [] });
  });
});
