import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { action, actorStarted, received, sendAction, startRecorded } from './recording';
import { isRetryableRedemptionError, redemptionMachine } from '../../machines/redemption.machine';
import {
  selectCanRetryRedemption,
  selectIsRedeeming,
  selectRedeemedTransaction,
  selectRedemptionChoice,
  selectRedemptionDialogOpen,
  selectRedemptionError,
} from '../../machines/redemption.selectors';
import type { RedeemRewardInput, RedeemRewardOutput } from '../../machines/redemption.types';

const choose = { type: 'user.redeem', pid: 3, optId: 31, idempotencyKey: 'confirm-key-1' } as const;

function startRedemption(answer: (input: RedeemRewardInput, attempt: number) => Promise<RedeemRewardOutput> = async () => ({ ok: true, transactionId: 41, availablePips: 60 })) {
  const sent: RedeemRewardInput[] = [];
  const redeemed: number[] = [];
  const failures: string[] = [];
  const machine = redemptionMachine.provide({
    actors: {
      redeemReward: fromPromise<RedeemRewardOutput, RedeemRewardInput>(async ({ input }) => {
        sent.push(input);
        return answer(input, sent.length);
      }),
    },
    actions: {
      notifyRedeemed: (_, params) => void redeemed.push(params.transactionId),
      notifyFailed: (_, params) => void failures.push(params.code),
    },
  });
  const actor = createActor(machine).start();
  return { actor, sent, redeemed, failures };
}

describe('redemption', () => {
  it('opens the confirmation, sends pid, optId and the key once confirmed, and reports the new reward', async () => {
    const { actor, sent, redeemed } = startRedemption();
    expect(selectRedemptionDialogOpen(actor.getSnapshot())).toBe(false);
    actor.send(choose);
    expect(selectRedemptionDialogOpen(actor.getSnapshot())).toBe(true);
    expect(selectRedemptionChoice(actor.getSnapshot())).toEqual({ pid: 3, optId: 31 });
    expect(sent).toEqual([]);
    actor.send({ type: 'user.confirm' });
    expect(selectIsRedeeming(actor.getSnapshot())).toBe(true);
    const done = await waitFor(actor, (s) => s.matches('succeeded'));
    // Not final: the member may redeem another option next.
    expect(done.status).toBe('active');
    expect(selectRedemptionDialogOpen(done)).toBe(false);
    expect(selectRedeemedTransaction(done)).toBe(41);
    expect(sent).toEqual([{ pid: 3, optId: 31, idempotencyKey: 'confirm-key-1', userId: null, offline: false }]);
    expect(redeemed).toEqual([41]);
  });

  it('cancel closes the confirmation without sending anything', () => {
    const { actor, sent } = startRedemption();
    actor.send(choose);
    actor.send({ type: 'user.cancel' });
    const s = actor.getSnapshot();
    expect(s.matches('idle')).toBe(true);
    expect(s.context).toEqual({ choice: null, idempotencyKey: null, transactionId: null, errorCode: null, userId: null, offline: false });
    expect(sent).toEqual([]);
  });

  it('retries after a lost answer with the same idempotency key', async () => {
    const { actor, sent, redeemed } = startRedemption(async (_, attempt) =>
      attempt === 1 ? { ok: false, code: 'NETWORK_ERROR' } : { ok: true, transactionId: 42, availablePips: 10 },
    );
    actor.send(choose);
    actor.send({ type: 'user.confirm' });
    const failed = await waitFor(actor, (s) => s.matches('failed'));
    expect(selectRedemptionError(failed)).toBe('NETWORK_ERROR');
    expect(selectCanRetryRedemption(failed)).toBe(true);
    actor.send({ type: 'user.retry' });
    await waitFor(actor, (s) => s.matches('succeeded'));
    expect(sent.map((input) => input.idempotencyKey)).toEqual(['confirm-key-1', 'confirm-key-1']);
    expect(redeemed).toEqual([42]);
  });

  it('a new confirmation gets a new key', async () => {
    const { actor, sent } = startRedemption(async () => ({ ok: false, code: 'NETWORK_ERROR' }));
    actor.send(choose);
    actor.send({ type: 'user.confirm' });
    await waitFor(actor, (s) => s.matches('failed'));
    actor.send({ type: 'user.cancel' });
    actor.send({ ...choose, idempotencyKey: 'confirm-key-2' });
    actor.send({ type: 'user.confirm' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(sent.map((input) => input.idempotencyKey)).toEqual(['confirm-key-1', 'confirm-key-2']);
  });

  it.each(['OUT_OF_STOCK', 'INSUFFICIENT_PIPS', 'NOT_FOUND', 'IDEMPOTENCY_KEY_REUSED'])('%s is final: no retry', async (code) => {
    const { actor, sent, redeemed, failures } = startRedemption(async () => ({ ok: false, code }));
    actor.send(choose);
    actor.send({ type: 'user.confirm' });
    const failed = await waitFor(actor, (s) => s.matches('failed'));
    expect(selectRedemptionError(failed)).toBe(code);
    expect(failures).toEqual([code]);
    expect(selectCanRetryRedemption(failed)).toBe(false);
    expect(failed.can({ type: 'user.retry' })).toBe(false);
    actor.send({ type: 'user.retry' });
    expect(sent).toHaveLength(1);
    expect(redeemed).toEqual([]);
    actor.send({ type: 'user.cancel' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
  });

  it('reports UNKNOWN_ERROR when the adapter throws, and that may be retried', async () => {
    const { actor } = startRedemption(async () => Promise.reject(new Error('bug')));
    actor.send(choose);
    actor.send({ type: 'user.confirm' });
    const failed = await waitFor(actor, (s) => s.matches('failed'));
    expect(failed.context.errorCode).toBe('UNKNOWN_ERROR');
    expect(selectCanRetryRedemption(failed)).toBe(true);
  });

  it('ignores a second confirm and cancel while the redemption is in flight', () => {
    const { actor, sent } = startRedemption(() => new Promise(() => {}));
    actor.send(choose);
    actor.send({ type: 'user.confirm' });
    actor.send({ type: 'user.confirm' });
    actor.send({ type: 'user.cancel' });
    expect(actor.getSnapshot().matches('redeeming')).toBe(true);
    expect(sent).toHaveLength(1);
  });

  it('knows which failures may be retried', () => {
    expect(isRetryableRedemptionError(null)).toBe(false);
    expect(isRetryableRedemptionError('OFFLINE')).toBe(true);
    expect(isRetryableRedemptionError('OUT_OF_STOCK')).toBe(false);
  });
});

describe('redemption effects on the app', () => {
  function confirmed(answer: RedeemRewardOutput | 'throws') {
    const redemption = startRecorded(redemptionMachine);
    redemption.send(choose);
    redemption.send({ type: 'user.confirm' });
    if (answer === 'throws') redemption.reject('redeemReward');
    else redemption.resolve('redeemReward', answer);
    return redemption;
  }

  it('a success tells the screen, then the resources that pips and stock moved', () => {
    const redemption = confirmed({ ok: true, transactionId: 41, availablePips: 60 });
    expect(redemption.log.take()).toEqual([
      actorStarted('redeemReward', { pid: 3, optId: 31, idempotencyKey: 'confirm-key-1', userId: null, offline: false }),
      action('notifyRedeemed', { transactionId: 41 }),
      sendAction('tellPipsChanged', 'resources', { type: 'pips.changed' }),
      sendAction('tellStockChanged', 'resources', { type: 'resource.reload', key: 'redeemPromos' }),
    ]);
    // Another option right away, with its own key.
    redemption.send({ type: 'user.redeem', pid: 5, optId: 51, idempotencyKey: 'confirm-key-2' });
    redemption.send({ type: 'user.confirm' });
    expect(redemption.log.take()).toEqual([actorStarted('redeemReward', { pid: 5, optId: 51, idempotencyKey: 'confirm-key-2', userId: null, offline: false })]);
    redemption.stop();
  });

  it.each([
    ['OUT_OF_STOCK', [received('resources', { type: 'resource.reload', key: 'redeemPromos' })]],
    ['INSUFFICIENT_PIPS', [received('resources', { type: 'pips.changed' })]],
    ['NETWORK_ERROR', [received('resources', { type: 'pips.changed' })]],
    ['NOT_FOUND', []],
    ['IDEMPOTENCY_KEY_REUSED', []],
    ['OFFLINE', []],
  ] as const)('reloadAfterFailure: %s reloads what it shows to be stale', (code, reloads) => {
    const redemption = confirmed({ ok: false, code });
    expect(redemption.log.take().slice(1)).toEqual([action('notifyFailed', { code }), ...reloads]);
    redemption.stop();
  });

  it('reloadAfterFailure: an adapter that threw may still have debited, so the balance reloads', () => {
    const redemption = confirmed('throws');
    expect(redemption.log.take().slice(1)).toEqual([action('notifyFailed', { code: 'UNKNOWN_ERROR' }), received('resources', { type: 'pips.changed' })]);
    redemption.stop();
  });
});
