import { assign, fromPromise, setup } from 'xstate';
import type { QueueItemFailure } from './connectivitySync.types';
import type { QueueRunContext, QueueRunInput, QueueRunResult, QueuedItem, ReplayOutput } from './queueRun.types';

/**
 * How far a run has come, from its snapshot: `sent` items of `total` are settled (sent, refused
 * or kept), `credited` of them were credited. A parent following the run reads it.
 */
export const runProgress = (snapshot: unknown): { sent: number; total: number; credited: number } => {
  const context = (snapshot as { context?: Partial<QueueRunContext> } | undefined)?.context;
  const result = context?.result;
  return {
    sent: result ? result.succeeded + result.rejected.length + result.kept.length : 0,
    total: context?.items?.length ?? 0,
    credited: result?.succeeded ?? 0,
  };
};

const emptyResult = (): QueueRunResult => ({ succeeded: 0, rejected: [], kept: [] });

/**
 * One run over a member's offline queue: every item, oldest first, goes
 * through `replayItem` (for scans, the same earn pipeline a live scan goes through). Sent and
 * refused-for-good items leave the queue; others stay for the next run. When nothing more can be
 * sent (no answer, the session ending) the rest stays queued untouched. The output counts them.
 */
export const queueRunMachine = setup({
  types: {
    context: {} as QueueRunContext,
    input: {} as QueueRunInput,
    output: {} as QueueRunResult,
  },
  actors: {
    /** The member's queued items, oldest first. */
    listItems: fromPromise<QueuedItem[], QueueRunInput>(async () => []),
    /** Sends one item again. */
    replayItem: fromPromise<ReplayOutput, unknown>(async () => ({ ok: false, code: 'NOT_PROVIDED', retry: true, stop: true })),
    /** Removes a settled item from the queue. */
    removeItem: fromPromise<void, { id: number }>(async () => {}),
  },
  actions: {
    assignItems: assign((_, params: { items: QueuedItem[] }) => ({ items: params.items, index: 0 })),
    countSucceeded: assign(({ context }) => ({ result: { ...context.result, succeeded: context.result.succeeded + 1 } })),
    countRejected: assign(({ context }, params: { code: string }) => ({
      result: { ...context.result, rejected: [...context.result.rejected, { id: context.items[context.index].id, code: params.code }] },
    })),
    countKept: assign(({ context }, params: { code: string }) => ({
      result: { ...context.result, kept: [...context.result.kept, { id: context.items[context.index].id, code: params.code }] },
    })),
    /** Nothing more can be sent: this item and every later one stay queued. */
    keepRest: assign(({ context }, params: { code: string }) => ({
      result: {
        ...context.result,
        kept: [
          ...context.result.kept,
          ...context.items.slice(context.index).map((item): QueueItemFailure => ({ id: item.id, code: params.code })),
        ],
      },
    })),
    advance: assign(({ context }) => ({ index: context.index + 1 })),
  },
  guards: {
    hasNext: ({ context }) => context.index < context.items.length,
    isSent: (_, params: { output: ReplayOutput }) => params.output.ok,
    isFinalRefusal: (_, params: { output: ReplayOutput }) => !params.output.ok && !params.output.retry,
    isStop: (_, params: { output: ReplayOutput }) => !params.output.ok && params.output.stop,
  },
}).createMachine({
  id: 'queueRun',
  initial: 'listing',
  context: ({ input }) => ({ userId: input?.userId ?? 0, items: [], index: 0, result: emptyResult() }),
  output: ({ context }) => context.result,
  states: {
    listing: {
      invoke: {
        id: 'listItems',
        src: 'listItems',
        input: ({ context }) => ({ userId: context.userId }),
        onDone: { target: 'next', actions: { type: 'assignItems', params: ({ event }) => ({ items: event.output }) } },
        // An unreadable queue is an empty one; the next run tries again.
        onError: { target: 'done' },
      },
    },
    next: {
      always: [{ guard: 'hasNext', target: 'replaying' }, { target: 'done' }],
    },
    replaying: {
      invoke: {
        id: 'replayItem',
        src: 'replayItem',
        input: ({ context }: { context: QueueRunContext }) => context.items[context.index].replay,
        onDone: [
          { guard: { type: 'isSent', params: ({ event }) => ({ output: event.output }) }, target: 'removing', actions: 'countSucceeded' },
          {
            guard: { type: 'isFinalRefusal', params: ({ event }) => ({ output: event.output }) },
            target: 'removing',
            actions: { type: 'countRejected', params: ({ event }) => ({ code: event.output.ok ? '' : event.output.code }) },
          },
          {
            guard: { type: 'isStop', params: ({ event }) => ({ output: event.output }) },
            target: 'done',
            actions: { type: 'keepRest', params: ({ event }) => ({ code: event.output.ok ? '' : event.output.code }) },
          },
          {
            target: 'next',
            actions: [{ type: 'countKept', params: ({ event }) => ({ code: event.output.ok ? '' : event.output.code }) }, 'advance'],
          },
        ],
        onError: { target: 'next', actions: [{ type: 'countKept', params: { code: 'UNKNOWN_ERROR' } }, 'advance'] },
      },
    },
    /** Sent or refused for good: out of the queue. A failed removal is retried by the next run. */
    removing: {
      invoke: {
        id: 'removeItem',
        src: 'removeItem',
        input: ({ context }) => ({ id: context.items[context.index].id }),
        onDone: { target: 'next', actions: 'advance' },
        onError: { target: 'next', actions: 'advance' },
      },
    },
    done: { type: 'final' },
  },
});
