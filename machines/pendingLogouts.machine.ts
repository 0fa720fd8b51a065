import { fromCallback, fromPromise, setup, type EventObject } from 'xstate';
import type { PendingLogoutsEvent, PendingLogoutsOutput } from './pendingLogouts.types';

/**
 * Logouts the server has not heard of yet. A logout made while offline ends the session in the
 * browser at once and keeps its tokens in a queue (localStorage); this actor sends the queue to
 * the logout call at app start, when the session queues one, and when the browser is online
 * again (or after a retry delay while something is waiting), so the server revokes the tokens.
 */
export const pendingLogoutsMachine = setup({
  types: {
    events: {} as PendingLogoutsEvent,
  },
  actors: {
    /** Sends every queued logout; drops the ones the server answered; tells how many remain. */
    sendPendingLogouts: fromPromise<PendingLogoutsOutput>(async () => ({ remaining: 0 })),
    /** Sends `connectivity.online` when the browser comes back online. */
    watchOnline: fromCallback<EventObject>(() => () => {}),
  },
  guards: {
    /** Some logouts could not be sent. */
    hasRemaining: (_, params: { output: PendingLogoutsOutput }) => params.output.remaining > 0,
  },
  delays: {
    /** While logouts wait, try again this often even without an online event. */
    pendingLogoutRetry: 60_000,
  },
}).createMachine({
  id: 'pendingLogouts',
  initial: 'sending',
  states: {
    /** App start, a queued logout, back online: send what waits. */
    sending: {
      invoke: {
        id: 'sendPendingLogouts',
        src: 'sendPendingLogouts',
        onDone: [
          { guard: { type: 'hasRemaining', params: ({ event }) => ({ output: event.output }) }, target: 'waiting' },
          { target: 'idle' },
        ],
        onError: { target: 'waiting' },
      },
    },
    /** Nothing waits. */
    idle: {
      on: { 'pendingLogouts.check': { target: 'sending' } },
    },
    /** Logouts wait for the network. */
    waiting: {
      invoke: { id: 'watchOnline', src: 'watchOnline' },
      after: { pendingLogoutRetry: { target: 'sending' } },
      on: {
        'connectivity.online': { target: 'sending' },
        'pendingLogouts.check': { target: 'sending' },
      },
    },
  },
});
