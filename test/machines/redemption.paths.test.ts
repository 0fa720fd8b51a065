import { redemptionMachine } from '../../machines/redemption.machine';
import {
  selectCanRetryRedemption,
  selectIsRedeeming,
  selectRedeemedTransaction,
  selectRedemptionChoice,
  selectRedemptionDialogOpen,
  selectRedemptionError,
} from '../../machines/redemption.selectors';
import type { RedeemRewardOutput, RedemptionEvent } from '../../machines/redemption.types';
import { describeMachinePaths } from './describePathCoverage';
import type { ActorOutputFixtures, EventFixtures, SerializeState } from './pathCoverage';
import { action, actorStarted, received, sendAction, type Effect } from './recording';

const events = {
  'user.redeem': [
    { type: 'user.redeem', pid: 3, optId: 31, idempotencyKey: 'key-0001-abcdef' },
    { type: 'user.redeem', pid: 4, optId: 41, idempotencyKey: 'key-0002-abcdef' },
  ],
  'user.confirm': [{ type: 'user.confirm' }],
  'user.retry': [{ type: 'user.retry' }],
  'user.cancel': [{ type: 'user.cancel' }],
  // Told by the app root: whose write keys, and whether anything can be sent.
  'member.changed': [{ type: 'member.changed', userId: 7 }],
  'network.changed': [{ type: 'network.changed', offline: true }],
} satisfies EventFixtures<RedemptionEvent>;

const outputs = {
  redeemReward: [
    { ok: true, transactionId: 41, availablePips: 60 },
    { ok: false, code: 'OUT_OF_STOCK' },
    { ok: false, code: 'INSUFFICIENT_PIPS' },
    { ok: false, code: 'NOT_FOUND' },
    { ok: false, code: 'NETWORK_ERROR' },
    { ok: false, code: 'OFFLINE' },
  ],
} satisfies ActorOutputFixtures<typeof redemptionMachine>;

/** Graph key: the state and the choice and code that steer it (the transaction id is one fixture). */
const serializeState: SerializeState = (s) =>
  JSON.stringify({ value: s.value, pid: s.context.choice?.pid ?? null, errorCode: s.context.errorCode });

/** The failures in the member's terms. */
const failureWords: Record<string, string> = {
  OUT_OF_STOCK: 'out of stock',
  INSUFFICIENT_PIPS: 'not enough pips',
  NOT_FOUND: 'no such reward',
  NETWORK_ERROR: 'no answer from the network',
  OFFLINE: 'the device is offline',
  UNKNOWN_ERROR: 'an unexpected error',
};

/**
 * The rules (the machine's doc comment), as a model of the confirm dialog:
 * - choosing an option opens the confirmation; nothing is sent until the member confirms;
 * - confirming sends pid, optId and the confirmation's key, once;
 * - a success tells the screen (the new reward) and the resources (pips and stock moved);
 * - a failure keeps the dialog open and tells the member why; OUT_OF_STOCK reloads the stock,
 *   INSUFFICIENT_PIPS and answers that may still have been a debit (no answer, an unexpected
 *   error) reload the balance; OFFLINE sent nothing, so nothing is stale;
 * - INSUFFICIENT_PIPS, OUT_OF_STOCK, NOT_FOUND and IDEMPOTENCY_KEY_REUSED cannot be mended by
 *   sending again; any other failure may be retried, with the same key;
 * - cancel closes the dialog and forgets the choice; after a success another option may be chosen.
 */
function redemptionRules() {
  const finalFailures = ['INSUFFICIENT_PIPS', 'OUT_OF_STOCK', 'NOT_FOUND', 'IDEMPOTENCY_KEY_REUSED'];
  type View = 'closed' | 'confirming' | 'redeeming' | 'failed' | 'succeeded';
  let view: View = 'closed';
  let choice: { pid: number; optId: number } | null = null;
  let key: string | null = null;
  let error: string | null = null;
  let transaction: number | null = null;
  let userId: number | null = null;
  let offline = false;

  const send = (): Effect[] => {
    view = 'redeeming';
    return [actorStarted('redeemReward', { ...choice, idempotencyKey: key, userId, offline })];
  };
  const fail = (code: string): Effect[] => {
    view = 'failed';
    error = code;
    const effects = [action('notifyFailed', { code })];
    if (code === 'OUT_OF_STOCK') effects.push(received('resources', { type: 'resource.reload', key: 'redeemPromos' }));
    const mayHaveDebited = code !== 'OFFLINE' && !finalFailures.includes(code);
    if (code === 'INSUFFICIENT_PIPS' || mayHaveDebited) effects.push(received('resources', { type: 'pips.changed' }));
    return effects;
  };
  const close = (): Effect[] => {
    view = 'closed';
    choice = key = error = transaction = null;
    return [];
  };
  const only = (...views: View[]) => {
    if (!views.includes(view)) throw new Error(`the rules take no such event while ${view}`);
  };

  return {
    started: [],
    on(event: RedemptionEvent | { type: `xstate.${string}`; output?: RedeemRewardOutput }): Effect[] {
      switch (event.type) {
        case 'member.changed':
          userId = event.userId;
          return [];
        case 'network.changed':
          offline = event.offline;
          return [];
        case 'user.redeem':
          only('closed', 'succeeded');
          view = 'confirming';
          choice = { pid: event.pid, optId: event.optId };
          key = event.idempotencyKey;
          error = transaction = null;
          return [];
        case 'user.confirm':
          only('confirming');
          return send();
        case 'user.retry':
          only('failed');
          if (error === null || finalFailures.includes(error)) throw new Error(`${error} cannot be retried`);
          error = null;
          return send();
        case 'user.cancel':
          only('confirming', 'failed', 'succeeded');
          return close();
        case 'xstate.done.actor.redeemReward': {
          only('redeeming');
          const output = event.output as RedeemRewardOutput;
          if (!output.ok) return fail(output.code);
          view = 'succeeded';
          transaction = output.transactionId;
          return [
            action('notifyRedeemed', { transactionId: output.transactionId }),
            sendAction('tellPipsChanged', 'resources', { type: 'pips.changed' }),
            sendAction('tellStockChanged', 'resources', { type: 'resource.reload', key: 'redeemPromos' }),
          ];
        }
        case 'xstate.error.actor.redeemReward':
          only('redeeming');
          return fail('UNKNOWN_ERROR');
        default:
          throw new Error(`the rules have no ${event.type}`);
      }
    },
    meaning: () => ({
      dialogOpen: view === 'confirming' || view === 'redeeming' || view === 'failed',
      redeeming: view === 'redeeming',
      choice,
      error: view === 'failed' ? error : null,
      canRetry: view === 'failed' && error !== null && !finalFailures.includes(error),
      transaction: view === 'succeeded' ? transaction : null,
    }),
  };
}

describeMachinePaths({
  name: 'redemption',
  machine: redemptionMachine,
  events,
  outputs,
  serializeState,
  meaning: (s) => ({
    dialogOpen: selectRedemptionDialogOpen(s),
    redeeming: selectIsRedeeming(s),
    choice: selectRedemptionChoice(s),
    error: selectRedemptionError(s),
    canRetry: selectCanRetryRedemption(s),
    transaction: selectRedeemedTransaction(s),
  }),
  oracle: redemptionRules,
  words: {
    events: {
      'user.redeem': (e) => `the member chooses reward ${e.pid}`,
      'user.confirm': 'confirms',
      'user.retry': 'retries',
      'user.cancel': 'cancels',
      'member.changed': (e) => `member ${e.userId} is verified`,
      'network.changed': (e) => (e.offline ? 'the app learns it is offline' : 'the app learns it is online'),
      'xstate.done.actor.redeemReward': (e) => {
        const output = e.output as RedeemRewardOutput;
        return output.ok ? 'the reward is redeemed' : `the redemption fails (${failureWords[output.code] ?? output.code})`;
      },
      'xstate.error.actor.redeemReward': 'the redemption fails unexpectedly',
    },
    outcome: (m) => {
      if (m.redeeming) return `the dialog shows reward ${m.choice?.pid} being redeemed`;
      if (m.error) return `the dialog says why (${failureWords[m.error] ?? m.error})${m.canRetry ? ' and offers a retry' : ', with no retry'}`;
      if (m.transaction !== null) return 'the member sees the redeemed reward';
      if (m.dialogOpen) return `the dialog asks to confirm reward ${m.choice?.pid}`;
      return 'no dialog is open';
    },
  },
});
