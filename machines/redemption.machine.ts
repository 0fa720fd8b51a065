import { assign, enqueueActions, fromPromise, sendTo, setup } from 'xstate';
import type { RedeemRewardInput, RedeemRewardOutput, RedemptionContext, RedemptionErrorCode, RedemptionEvent } from './redemption.types';
import { resourcesActor } from './system';

/** Failures that the same request cannot fix: the dialog offers no retry for them. */
const FINAL_FAILURES: readonly RedemptionErrorCode[] = ['INSUFFICIENT_PIPS', 'OUT_OF_STOCK', 'NOT_FOUND', 'IDEMPOTENCY_KEY_REUSED'];

/** Whether trying again (with the same idempotency key) can help after `code`. */
export function isRetryableRedemptionError(code: RedemptionErrorCode | null): boolean {
  return code !== null && !FINAL_FAILURES.includes(code);
}

const notProvided = { ok: false, code: 'NOT_PROVIDED' } as const;

const failWith = (code: RedemptionErrorCode) => ({ type: 'assignError', params: { code } }) as const;

/**
 * Redeeming pips for one reward option: the member opens the confirmation (current balance,
 * cost, remaining balance), confirms, and the redemption is sent once with the confirmation's
 * idempotency key. A failure keeps the dialog open with its code; retryable ones (no answer,
 * unexpected error) send the same key again. Reaching `succeeded` tells the screen
 * (`notifyRedeemed`: toast, show the reward) and the resources (pips and stock); a failure tells
 * the member and reloads what it shows to be stale.
 */
export const redemptionMachine = setup({
  types: {
    context: {} as RedemptionContext,
    events: {} as RedemptionEvent,
    tags: {} as 'busy' | 'dialog',
  },
  actors: {
    /** POST /mobile/redeem pid, optId, amount=1, idempotencyKey. */
    redeemReward: fromPromise<RedeemRewardOutput, RedeemRewardInput>(async () => notProvided),
  },
  actions: {
    assignMember: assign((_, params: { userId: number | null }) => ({ userId: params.userId })),
    assignOffline: assign((_, params: { offline: boolean }) => ({ offline: params.offline })),
    /** Tell the screen the reward is ours (`transactionId` of the new reward). */
    notifyRedeemed: (_, _params: { transactionId: number }) => {},
    /** Tell the member why it failed. */
    notifyFailed: (_, _params: { code: RedemptionErrorCode }) => {},
    /** Pips moved: the resources reload the balances, activity, rewards and promos. */
    tellPipsChanged: sendTo(resourcesActor, { type: 'pips.changed' }),
    /** The stock changed: the resources reload the rewards on offer. */
    tellStockChanged: sendTo(resourcesActor, { type: 'resource.reload', key: 'redeemPromos' }),
    /**
     * A failure shows what to fetch again: the stock after OUT_OF_STOCK, the balance the server
     * has after INSUFFICIENT_PIPS or no answer (which may still have been a debit).
     */
    reloadAfterFailure: enqueueActions(({ context, enqueue, system }) => {
      const code = context.errorCode;
      // The rewards list says what is left: the stock, and what the member may still redeem.
      if (code === 'OUT_OF_STOCK' || code === 'REDEMPTION_LIMIT_REACHED') enqueue.sendTo(resourcesActor({ system }), { type: 'resource.reload', key: 'redeemPromos' });
      if (code === 'INSUFFICIENT_PIPS' || (code !== 'OFFLINE' && isRetryableRedemptionError(code))) {
        enqueue.sendTo(resourcesActor({ system }), { type: 'pips.changed' });
      }
    }),
    assignChoice: assign((_, params: { pid: number; optId: number; idempotencyKey: string }) => ({
      choice: { pid: params.pid, optId: params.optId },
      idempotencyKey: params.idempotencyKey,
      transactionId: null,
      errorCode: null,
    })),
    assignTransaction: assign((_, params: { transactionId: number }) => ({ transactionId: params.transactionId })),
    assignError: assign((_, params: { code: RedemptionErrorCode }) => ({ errorCode: params.code })),
    clearError: assign({ errorCode: null }),
    reset: assign({ choice: null, idempotencyKey: null, transactionId: null, errorCode: null }),
  },
  guards: {
    isRedeemed: (_, params: { output: RedeemRewardOutput }) => params.output.ok,
    canRetry: ({ context }) => isRetryableRedemptionError(context.errorCode),
  },
}).createMachine({
  id: 'redemption',
  initial: 'idle',
  context: { choice: null, idempotencyKey: null, transactionId: null, errorCode: null, userId: null, offline: false },
  on: {
    'member.changed': { actions: { type: 'assignMember', params: ({ event }) => ({ userId: event.userId }) } },
    'network.changed': { actions: { type: 'assignOffline', params: ({ event }) => ({ offline: event.offline }) } },
  },
  states: {
    idle: {
      on: {
        'user.redeem': {
          target: 'confirming',
          actions: {
            type: 'assignChoice',
            params: ({ event }) => ({ pid: event.pid, optId: event.optId, idempotencyKey: event.idempotencyKey }),
          },
        },
      },
    },
    /** The confirm dialog: balance, cost and what would be left. */
    confirming: {
      tags: 'dialog',
      on: {
        'user.confirm': { target: 'redeeming' },
        'user.cancel': { target: 'idle', actions: 'reset' },
      },
    },
    redeeming: {
      tags: ['busy', 'dialog'],
      invoke: {
        id: 'redeemReward',
        src: 'redeemReward',
        input: ({ context }) => {
          if (!context.choice || !context.idempotencyKey) throw new Error('redemption: no choice to redeem');
          return { ...context.choice, idempotencyKey: context.idempotencyKey, userId: context.userId, offline: context.offline };
        },
        onDone: [
          {
            guard: { type: 'isRedeemed', params: ({ event }) => ({ output: event.output }) },
            target: 'succeeded',
            actions: {
              type: 'assignTransaction',
              params: ({ event }) => ({ transactionId: event.output.ok ? event.output.transactionId : 0 }),
            },
          },
          {
            target: 'failed',
            actions: { type: 'assignError', params: ({ event }) => ({ code: event.output.ok ? 'UNKNOWN_ERROR' : event.output.code }) },
          },
        ],
        onError: { target: 'failed', actions: failWith('UNKNOWN_ERROR') },
      },
    },
    /** The dialog shows why; a retryable failure may be sent again with the same key. */
    failed: {
      tags: 'dialog',
      entry: [{ type: 'notifyFailed', params: ({ context }) => ({ code: context.errorCode ?? 'UNKNOWN_ERROR' }) }, 'reloadAfterFailure'],
      on: {
        'user.retry': { guard: 'canRetry', target: 'redeeming', actions: 'clearError' },
        'user.cancel': { target: 'idle', actions: 'reset' },
      },
    },
    /** The reward is the member's; another may be redeemed next. */
    succeeded: {
      entry: [{ type: 'notifyRedeemed', params: ({ context }) => ({ transactionId: context.transactionId ?? 0 }) }, 'tellPipsChanged', 'tellStockChanged'],
      on: {
        'user.redeem': {
          target: 'confirming',
          actions: {
            type: 'assignChoice',
            params: ({ event }) => ({ pid: event.pid, optId: event.optId, idempotencyKey: event.idempotencyKey }),
          },
        },
        'user.cancel': { target: 'idle', actions: 'reset' },
      },
    },
  },
});
