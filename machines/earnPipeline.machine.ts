import { assign, fromPromise, sendTo, setup } from 'xstate';
import { classifyFailure, isNoAnswer } from './earnPipeline.failures';
import { parseEarnCode } from './earnCode';
import type {
  CallFailure,
  EarnPipelineContext,
  EarnPipelineInput,
  EarnPipelineOutput,
  EarnScanInput,
  EarnScanOutput,
  PrepareScanOutput,
  QueueScanInput,
  QueueScanOutput,
  TokenizeScanOutput,
} from './earnPipeline.types';
import { resourcesActor, connectivitySyncActor } from './system';

// The failure rules (also what the connectivity sync's form queue applies), in their own module so
// the app's first load can apply them without this machine.
export { PERMANENT_FAILURES, classifyFailure, isNoAnswer } from './earnPipeline.failures';

type DoneArgs<T> = { event: { output: T } };
const failureOf = (output: { ok: boolean }): CallFailure =>
  output.ok ? { ok: false, code: 'UNKNOWN_ERROR', status: 500 } : (output as CallFailure);
const assignCallFailure = <T extends { ok: boolean }>() =>
  ({ type: 'assignFailure', params: ({ event }: DoneArgs<T>) => ({ failure: failureOf(event.output) }) }) as const;
const unexpected = { type: 'assignFailure', params: { failure: { ok: false, code: 'UNKNOWN_ERROR', status: 500 } } } as const;

/**
 * One scanned earn QR code (SPEC §2 EarnQRScanner, §4 offline earn queue). A text that is no earn
 * code is refused without a call. Live: offline (known beforehand) the scan is queued at once;
 * otherwise it is tokenized and earned under a fresh idempotency key, and when nothing answers
 * (the token call, or the earn call whose answer was lost) it is queued under that same key, so
 * the replay can never credit twice. Replay: the queued scan is sent under its key; a failure
 * says whether it may be retried. A live credit tells the resources that pips moved; a queued
 * scan asks the connectivity sync to send it as soon as it can.
 */
export const earnPipelineMachine = setup({
  types: {
    context: {} as EarnPipelineContext,
    input: {} as EarnPipelineInput,
    output: {} as EarnPipelineOutput,
  },
  actors: {
    /** live: a fresh idempotency key. */
    prepareScan: fromPromise<PrepareScanOutput>(async () => ({ idempotencyKey: '' })),
    /** POST /api/tokenize tokenType=qrParams qrParam=<text>. */
    tokenizeScan: fromPromise<TokenizeScanOutput, { text: string }>(async () => ({ ok: false, code: 'NOT_PROVIDED', status: 500 })),
    /** POST /mobile/earn/qr/post qrToken, idempotencyKey. */
    earnScan: fromPromise<EarnScanOutput, EarnScanInput>(async () => ({ ok: false, code: 'NOT_PROVIDED', status: 500 })),
    /** Saves the scan in the signed-in member's offline earn queue. */
    queueScan: fromPromise<QueueScanOutput, QueueScanInput>(async () => ({ ok: false, code: 'NOT_PROVIDED' })),
  },
  actions: {
    /** Pips moved: the resources reload the balances, activity, rewards and promos. */
    tellPipsChanged: sendTo(resourcesActor, { type: 'pips.changed' }),
    /** Something was queued: the connectivity sync sends it as soon as it can. */
    requestSync: sendTo(connectivitySyncActor, { type: 'sync.request' }),
    assignPrepared: assign((_, params: { prepared: PrepareScanOutput }) => ({ idempotencyKey: params.prepared.idempotencyKey })),
    assignToken: assign((_, params: { output: TokenizeScanOutput }) => ({ token: params.output.ok ? params.output.token : null })),
    assignEarned: assign((_, params: { output: EarnScanOutput }) =>
      params.output.ok ? { output: { ok: true, value: { kind: 'earned', title: params.output.title, pipsEarned: params.output.pipsEarned } } as const } : {},
    ),
    assignQueued: assign({ output: { ok: true, value: { kind: 'queued' } } as const }),
    assignFailure: assign((_, params: { failure: { code: string; status: number } }) => ({ output: classifyFailure(params.failure) })),
  },
  guards: {
    isReplay: ({ context }) => context.mode === 'replay',
    isLive: ({ context }) => context.mode === 'live',
    isEarnCode: ({ context }) => parseEarnCode(context.text) !== null,
    isKnownOffline: ({ context }) => context.mode === 'live' && context.offline,
    isOk: (_, params: { output: { ok: boolean } }) => params.output.ok,
    /** Nothing answered, in a live scan: the scan waits in the queue for the network. */
    isLiveNoAnswer: ({ context }, params: { output: { ok: boolean; code?: string; status?: number } }) =>
      context.mode === 'live' && !params.output.ok && isNoAnswer({ code: params.output.code ?? '', status: params.output.status ?? 500 }),
  },
}).createMachine({
  id: 'earnPipeline',
  initial: 'starting',
  context: ({ input }) => ({
    text: (input?.text ?? '').trim(),
    mode: input?.mode ?? 'live',
    idempotencyKey: input?.idempotencyKey ?? null,
    userId: input?.userId ?? null,
    offline: input?.offline ?? false,
    token: null,
    output: null,
  }),
  output: ({ context }) => context.output ?? { ok: false, code: 'UNKNOWN_ERROR', retry: true, stop: false },
  states: {
    /** A replay has its key; a live scan gets one first. */
    starting: {
      always: [{ guard: 'isReplay', target: 'checking' }, { target: 'preparing' }],
    },
    preparing: {
      invoke: {
        id: 'prepareScan',
        src: 'prepareScan',
        onDone: { target: 'checking', actions: { type: 'assignPrepared', params: ({ event }) => ({ prepared: event.output }) } },
        onError: { target: 'failed', actions: unexpected },
      },
    },
    /** Only an earn code is ever sent; offline, a live scan goes straight to the queue. */
    checking: {
      always: [
        { guard: { type: 'isEarnCode' }, target: 'routing' },
        { target: 'failed', actions: { type: 'assignFailure', params: { failure: { code: 'INVALID_TOKEN', status: 400 } } } },
      ],
    },
    routing: {
      always: [{ guard: 'isKnownOffline', target: 'queueing' }, { target: 'tokenizing' }],
    },
    tokenizing: {
      invoke: {
        id: 'tokenizeScan',
        src: 'tokenizeScan',
        input: ({ context }) => ({ text: context.text }),
        onDone: [
          {
            guard: { type: 'isOk', params: ({ event }) => ({ output: event.output }) },
            target: 'earning',
            actions: { type: 'assignToken', params: ({ event }) => ({ output: event.output }) },
          },
          // Nothing was credited yet: the scan can wait for the connection.
          { guard: { type: 'isLiveNoAnswer', params: ({ event }) => ({ output: event.output }) }, target: 'queueing' },
          { target: 'failed', actions: assignCallFailure<TokenizeScanOutput>() },
        ],
        onError: { target: 'failed', actions: unexpected },
      },
    },
    earning: {
      invoke: {
        id: 'earnScan',
        src: 'earnScan',
        input: ({ context }) => ({ token: context.token ?? '', idempotencyKey: context.idempotencyKey ?? '' }),
        onDone: [
          {
            guard: { type: 'isOk', params: ({ event }) => ({ output: event.output }) },
            target: 'earned',
            actions: { type: 'assignEarned', params: ({ event }) => ({ output: event.output }) },
          },
          // The answer was lost: the queued scan goes again under the same key, so the server
          // answers it with this attempt's result if this attempt did credit.
          { guard: { type: 'isLiveNoAnswer', params: ({ event }) => ({ output: event.output }) }, target: 'queueing' },
          { target: 'failed', actions: assignCallFailure<EarnScanOutput>() },
        ],
        onError: { target: 'failed', actions: unexpected },
      },
    },
    queueing: {
      invoke: {
        id: 'queueScan',
        src: 'queueScan',
        input: ({ context }) => ({ text: context.text, idempotencyKey: context.idempotencyKey ?? '', userId: context.userId }),
        onDone: [
          { guard: { type: 'isOk', params: ({ event }) => ({ output: event.output }) }, target: 'queued', actions: 'assignQueued' },
          { target: 'failed', actions: { type: 'assignFailure', params: { failure: { code: 'QUEUE_FAILED', status: 500 } } } },
        ],
        onError: { target: 'failed', actions: { type: 'assignFailure', params: { failure: { code: 'QUEUE_FAILED', status: 500 } } } },
      },
    },
    /** Credited. A live credit tells the resources; a replay's run reports once for all. */
    earned: {
      always: [{ guard: 'isLive', target: 'done', actions: 'tellPipsChanged' }, { target: 'done' }],
    },
    /** Saved for later; the sync is asked to send it. */
    queued: {
      entry: 'requestSync',
      always: { target: 'done' },
    },
    failed: {
      always: { target: 'done' },
    },
    done: { type: 'final' },
  },
});
