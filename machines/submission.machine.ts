import { assertEvent, assign, enqueueActions, fromPromise, setup } from 'xstate';
import { resourcesActor, sessionActor } from './system';
import type { SubmissionContext, SubmissionEvent, SubmissionInput, SubmissionOutput } from './submission.types';

/**
 * One account request at a time (SPEC §2 Profile, §7 account calls): the member submits, the
 * request is sent (`send`, bound per request by the app), and it ends done or failed with a code;
 * a new submit sends again. Leaving the screen resets it (and abandons an answer not yet in).
 * A success tells the session or the resources what its request's input names (`followUps`).
 */
export const submissionMachine = setup({
  types: {
    context: {} as SubmissionContext,
    events: {} as SubmissionEvent,
    input: {} as SubmissionInput | undefined,
    tags: {} as 'busy',
  },
  actors: {
    /** The request; expected failures come back as data. */
    send: fromPromise<SubmissionOutput, unknown>(async () => ({ ok: false, code: 'NOT_PROVIDED' })),
  },
  actions: {
    /** What follows success (a toast, a reload, the session told...), bound per request. */
    notifySucceeded: (_, _params: { value: unknown }) => {},
    /** What follows a failure, bound per request (most screens show the code inline). */
    notifyFailed: (_, _params: { code: string }) => {},
    assignValue: assign((_, params: { value: unknown }) => ({ value: params.value, errorCode: null })),
    assignError: assign((_, params: { code: string }) => ({ errorCode: params.code })),
    clear: assign({ value: undefined, errorCode: null }),
    /**
     * The follow-ups of this request's success, by systemId: the resources fetch the key again;
     * the session forgets the push registration (the server dropped it with the account), then
     * logs out (it ignores this when nobody is signed in).
     */
    tellFollowUps: enqueueActions(({ context, enqueue, system }) => {
      if (context.followUps.reload) enqueue.sendTo(resourcesActor({ system }), { type: 'resource.reload', key: context.followUps.reload });
      if (context.followUps.forgetPush) enqueue.sendTo(sessionActor({ system }), { type: 'push.unregistered' });
      if (context.followUps.logOut) enqueue.sendTo(sessionActor({ system }), { type: 'user.logout' });
    }),
  },
  guards: {
    isOk: (_, params: { output: SubmissionOutput }) => params.output.ok,
  },
}).createMachine({
  id: 'submission',
  initial: 'idle',
  context: ({ input }) => ({ value: undefined, errorCode: null, followUps: input?.followUps ?? {} }),
  on: {
    'user.reset': { target: '.idle', actions: 'clear' },
  },
  states: {
    idle: {
      on: { 'user.submit': { target: 'sending', actions: 'clear' } },
    },
    sending: {
      tags: 'busy',
      invoke: {
        id: 'send',
        src: 'send',
        input: ({ event }: { event: SubmissionEvent }) => {
          assertEvent(event, 'user.submit');
          return event.input;
        },
        onDone: [
          {
            guard: { type: 'isOk', params: ({ event }) => ({ output: event.output }) },
            target: 'succeeded',
            actions: { type: 'assignValue', params: ({ event }) => ({ value: event.output.ok ? event.output.value : undefined }) },
          },
          { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ code: event.output.ok ? 'UNKNOWN_ERROR' : event.output.code }) } },
        ],
        onError: { target: 'failed', actions: { type: 'assignError', params: { code: 'UNKNOWN_ERROR' } } },
      },
    },
    succeeded: {
      entry: [{ type: 'notifySucceeded', params: ({ context }) => ({ value: context.value }) }, 'tellFollowUps'],
      on: { 'user.submit': { target: 'sending', actions: 'clear' } },
    },
    failed: {
      entry: { type: 'notifyFailed', params: ({ context }) => ({ code: context.errorCode ?? 'UNKNOWN_ERROR' }) },
      on: { 'user.submit': { target: 'sending', actions: 'clear' } },
    },
  },
});
