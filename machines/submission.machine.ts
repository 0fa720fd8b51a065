import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { SubmissionContext, SubmissionEvent, SubmissionOutput } from './submission.types';

/**
 * One account request at a time (SPEC §2 Profile, §7 account calls): the member submits, the
 * request is sent (`send`, bound per request by the app), and it ends done or failed with a code;
 * a new submit sends again. Leaving the screen resets it (and abandons an answer not yet in).
 */
export const submissionMachine = setup({
  types: {
    context: {} as SubmissionContext,
    events: {} as SubmissionEvent,
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
  },
  guards: {
    isOk: (_, params: { output: SubmissionOutput }) => params.output.ok,
  },
}).createMachine({
  id: 'submission',
  initial: 'idle',
  context: { value: undefined, errorCode: null },
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
      entry: { type: 'notifySucceeded', params: ({ context }) => ({ value: context.value }) },
      on: { 'user.submit': { target: 'sending', actions: 'clear' } },
    },
    failed: {
      entry: { type: 'notifyFailed', params: ({ context }) => ({ code: context.errorCode ?? 'UNKNOWN_ERROR' }) },
      on: { 'user.submit': { target: 'sending', actions: 'clear' } },
    },
  },
});
