import { msg } from '@lingui/core/macro';
import { fromPromise } from 'xstate';
import { redemptionMachine } from '../../machines/redemption.machine';
import type { RedeemRewardInput, RedeemRewardOutput } from '../../machines/redemption.types';
import { beginWrite, settleWrite } from '../data/idempotencyKeys';
import { i18n } from '../i18n/i18n';
import type { SystemApi } from './api';
import type { Navigate } from './navigation';
import { showToast } from './toast';

/** The write a redemption's key belongs to: the member's next try of this option reuses it. */
export const redeemWrite = (pid: number, optId: number) => `redeem:${pid}:${optId}`;

const redeemed = msg({ id: 'pages.redeem.success', message: 'Reward redeemed! Your code is in My Rewards.' });

/**
 * The redemption machine bound to the browser: POST /mobile/redeem (amount 1) with the
 * confirmation's idempotency key. Offline, nothing is sent: a redemption is never queued
 * (SPEC §2), the member is told instead. Until a definite answer the key stays unresolved (a lost
 * answer may have been a debit). A redeemed reward opens in My Rewards.
 */
export function redemptionLogic({ systemApi: { apiOf }, navigate }: { systemApi: SystemApi; navigate: Navigate }) {
  return redemptionMachine.provide({
    actors: {
      redeemReward: fromPromise<RedeemRewardOutput, RedeemRewardInput>(async ({ input, signal, system }) => {
        if (input.offline) return { ok: false, code: 'OFFLINE' };
        const member = input.userId;
        const write = redeemWrite(input.pid, input.optId);
        beginWrite(member, write, input.idempotencyKey);
        const result = await apiOf(system).redeem({ pid: input.pid, optId: input.optId, amount: 1, idempotencyKey: input.idempotencyKey }, { signal });
        settleWrite(member, write, result);
        return result.success
          ? { ok: true, transactionId: result.data.transactionId, availablePips: result.data.availablePips }
          : { ok: false, code: result.error };
      }),
    },
    actions: {
      notifyRedeemed: (_, { transactionId }) => {
        showToast('success', () => i18n._(redeemed), { id: 'reward-redeemed' });
        navigate(`/rewards/${transactionId}`);
      },
    },
  });
}
