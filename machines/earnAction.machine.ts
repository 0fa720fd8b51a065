import { assertEvent, assign, fromPromise, sendTo, setup } from 'xstate';
import type { EarnActionContext, EarnActionEvent, EarnErrorCode, EarnInput, EarnOutput } from './earnAction.types';
import { resourcesActor } from './system';

const notProvided = { ok: false, code: 'NOT_PROVIDED' } as const;

/** Refusals that mean the promo list is out of date: it is fetched again. */
export const STALE_LIST_CODES: readonly EarnErrorCode[] = ['ALREADY_EARNED', 'ALREADY_EARNED_TODAY', 'NOT_FOUND'];

/**
 * Earning from the member's click, whatever the last attempt gave: offline, nothing is sent;
 * otherwise, when the promo links to a page, a blank tab is opened in the same click (browsers
 * block tabs opened later), then the request runs.
 */
const earn = [
  // Entered again from `failed` too, so every offline click tells the member.
  { guard: 'isOffline', target: '#earnAction.failed', reenter: true, actions: ['assignAttempt', { type: 'assignError', params: { code: 'OFFLINE' } }] },
  { guard: 'hasUrl', target: '#earnAction.earning', actions: ['assignAttempt', 'openBlankTab'] },
  { target: '#earnAction.earning', actions: 'assignAttempt' },
] as const;

/**
 * Earning an external earn action (SPEC §2, §4: idle, earning, succeeded, failed). The answer's
 * url (or the promo's own) is shown in the tab opened on click; a failure closes that tab. One
 * attempt at a time, sent with the key the click carries (the screen reuses the key of an
 * attempt whose answer was lost, so the server credits it at most once).
 */
const earnActionSetup = setup({
  types: {
    context: {} as EarnActionContext,
    events: {} as EarnActionEvent,
    tags: {} as 'busy',
  },
  actors: {
    /** POST /mobile/earn pid, idempotencyKey. Refusals and NETWORK_ERROR come back as data. */
    earn: fromPromise<EarnOutput, EarnInput>(async () => notProvided),
  },
  actions: {
    /** Open an empty tab now, inside the click, to be pointed at the page once earned. */
    openBlankTab: () => {},
    /** Show `url` in the tab opened on click (or a new one); with no url, close that tab. */
    showPageInTab: (_, _params: { url: string | null }) => {},
    /** Close the tab opened on click, if any. */
    closeTab: () => {},
    /** Tell the member (toast with the pips). */
    notifyEarned: (_, _params: { pid: number; pipsEarned: number }) => {},
    /** Tell the member why (toast, by code). */
    notifyFailed: (_, _params: { pid: number; code: EarnErrorCode }) => {},
    /** Pips moved: the resources reload the balances, activity, rewards and promos. */
    tellPipsChanged: sendTo(resourcesActor, { type: 'pips.changed' }),
    assignAttempt: assign(({ event }) => {
      assertEvent(event, 'user.earn');
      return { pid: event.pid, url: event.url, idempotencyKey: event.idempotencyKey, pipsEarned: null, errorCode: null };
    }),
    assignResult: assign(({ context }, params: { output: EarnOutput }) =>
      params.output.ok ? { pipsEarned: params.output.pipsEarned, url: params.output.url ?? context.url } : {},
    ),
    assignError: assign((_, params: { code: EarnErrorCode }) => ({ errorCode: params.code })),
    assignMember: assign((_, params: { userId: number | null }) => ({ userId: params.userId })),
  },
  guards: {
    isOffline: ({ event }) => event.type === 'user.earn' && !event.online,
    hasUrl: ({ event }) => event.type === 'user.earn' && !!event.url,
    isOk: (_, params: { output: EarnOutput }) => params.output.ok,
  },
});

export const earnActionMachine = earnActionSetup
  .extend({
    actions: {
        /** A refusal that shows the promo list is out of date (it still offered what cannot be earned) reloads it. */
        reloadIfStale: earnActionSetup.enqueueActions(({ context, enqueue, system }) => {
          if (context.errorCode !== null && STALE_LIST_CODES.includes(context.errorCode)) {
            enqueue.sendTo(resourcesActor({ system }), { type: 'pips.changed' });
          }
        }),
    },
  })
  .createMachine({
  id: 'earnAction',
  initial: 'idle',
  context: { pid: null, url: null, idempotencyKey: null, pipsEarned: null, errorCode: null, userId: null },
  on: {
    'member.changed': { actions: { type: 'assignMember', params: ({ event }) => ({ userId: event.userId }) } },
  },
  states: {
    idle: {
      on: { 'user.earn': earn },
    },
    earning: {
      tags: 'busy',
      invoke: {
        id: 'earn',
        src: 'earn',
        input: ({ context }) => ({ pid: context.pid ?? 0, idempotencyKey: context.idempotencyKey ?? '', userId: context.userId }),
        onDone: [
          {
            guard: { type: 'isOk', params: ({ event }) => ({ output: event.output }) },
            target: 'succeeded',
            actions: { type: 'assignResult', params: ({ event }) => ({ output: event.output }) },
          },
          {
            target: 'failed',
            actions: { type: 'assignError', params: ({ event }) => ({ code: event.output.ok ? 'UNKNOWN_ERROR' : event.output.code }) },
          },
        ],
        onError: { target: 'failed', actions: { type: 'assignError', params: { code: 'UNKNOWN_ERROR' } } },
      },
    },
    /** Credited: the page is shown, the member told. Another action may be earned. */
    succeeded: {
      entry: [
        { type: 'showPageInTab', params: ({ context }) => ({ url: context.url }) },
        { type: 'notifyEarned', params: ({ context }) => ({ pid: context.pid ?? 0, pipsEarned: context.pipsEarned ?? 0 }) },
        'tellPipsChanged',
      ],
      on: { 'user.earn': earn },
    },
    /** Not credited (or not known to be): the error code says why. */
    failed: {
      entry: [
        'closeTab',
        { type: 'notifyFailed', params: ({ context }) => ({ pid: context.pid ?? 0, code: context.errorCode ?? 'UNKNOWN_ERROR' }) },
        'reloadIfStale',
      ],
      on: { 'user.earn': earn },
    },
  },
});
