import { useEffect, useRef, useState } from 'react';
import { useActorRef } from '@xstate/react';
import { fromPromise } from 'xstate';
import { redemptionMachine } from '../../../machines/redemption.machine';
import type { RedeemRewardInput, RedeemRewardOutput, RedemptionErrorCode } from '../../../machines/redemption.types';
import type { Api } from '../../api/client';
import { api } from '../../app/api';
import { beginWrite, settleWrite } from '../../data/idempotencyKeys';

/** The write a redemption's key belongs to: the member's next try of this option reuses it. */
export const redeemWrite = (pid: number, optId: number) => `redeem:${pid}:${optId}`;

/**
 * POST /mobile/redeem (amount 1) with the confirmation's idempotency key. Offline, nothing is
 * sent: a redemption is never queued (SPEC §2), the member is told instead. Until a definite
 * answer the key stays unresolved (a lost answer may have been a debit).
 */
export async function redeemReward(client: Api, input: RedeemRewardInput, signal?: AbortSignal): Promise<RedeemRewardOutput> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return { ok: false, code: 'OFFLINE' };
  const write = redeemWrite(input.pid, input.optId);
  beginWrite(write, input.idempotencyKey);
  const result = await client.redeem(
    { pid: input.pid, optId: input.optId, amount: 1, idempotencyKey: input.idempotencyKey },
    { signal },
  );
  settleWrite(write, result);
  return result.success
    ? { ok: true, transactionId: result.data.transactionId, availablePips: result.data.availablePips }
    : { ok: false, code: result.error };
}

export interface RedemptionHandlers {
  /** The reward is the member's: `transactionId` is its id in My Rewards. */
  onRedeemed: (transactionId: number) => void;
  onFailed: (code: RedemptionErrorCode) => void;
}

/** A redemption actor for this screen, bound to the app's API client; stopped with the screen. */
export function useRedemption(handlers: RedemptionHandlers) {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  const [logic] = useState(() =>
    redemptionMachine.provide({
      actors: {
        redeemReward: fromPromise<RedeemRewardOutput, RedeemRewardInput>(({ input, signal }) => redeemReward(api, input, signal)),
      },
      actions: {
        notifyRedeemed: (_, params) => latest.current.onRedeemed(params.transactionId),
        notifyFailed: (_, params) => latest.current.onFailed(params.code),
      },
    }),
  );
  return useActorRef(logic);
}
