import { assertEvent, assign, fromPromise, sendTo, setup } from 'xstate';
import type {
  FormDraft,
  FormWizardContext,
  FormWizardErrorCode,
  FormWizardEvent,
  FormWizardInput,
  FormWizardValues,
  QueueSubmissionInput,
  QueueSubmissionOutput,
  WizardForm,
  SubmitAnswersInput,
  SubmitAnswersOutput,
  ValidateStepInput,
  ValidateStepOutput,
} from './formWizard.types';
import { resourcesActor, connectivitySyncActor } from './system';

/** Refusals no retry can mend: the wizard ends and says why. */
const finalCodes: readonly FormWizardErrorCode[] = ['ALREADY_ANSWERED', 'NOT_FOUND'];

const notProvided = { ok: false, code: 'NOT_PROVIDED' } as const;

/** What the adapters are given before any questionnaire is open (never reached: no step then). */
const noForm: WizardForm = { id: 0, version: '', stepCount: 1, definition: null };

const startContext = (form: WizardForm | null, values: FormWizardValues = {}, step = 0, userId: number | null = null): FormWizardContext => {
  const stepCount = Math.max(1, Math.floor(form?.stepCount ?? 1));
  return {
    form,
    stepCount,
    // A draft's step, kept within this version's steps.
    step: Number.isFinite(step) ? Math.min(Math.max(0, Math.floor(step)), stepCount - 1) : 0,
    values,
    intent: 'next',
    offline: false,
    idempotencyKey: null,
    pipsEarned: null,
    errorCode: null,
    userId,
  };
};

/** The draft of the questionnaire being answered (only called while one is open). */
const draftOf = ({ context }: { context: FormWizardContext }): FormDraft => ({
  form: context.form ?? noForm,
  step: context.step,
  values: context.values,
  userId: context.userId,
});

/** The failure code of an output, or `fallback` for a success that should not get here. */
const codeOf = (output: { ok: boolean; code?: FormWizardErrorCode }, fallback: FormWizardErrorCode): FormWizardErrorCode =>
  output.ok ? fallback : (output.code ?? fallback);

/**
 * A questionnaire, one step at a time (SPEC §2: previous, next and submit). Next and submit
 * first check the step with `validateStep`; a step that does not validate is shown again with
 * its errors (`editing.invalid`). Previous never checks and keeps every answer. Submitting sends
 * the answers once under one idempotency key; offline (known at submit, or NETWORK_ERROR) they go
 * to the offline queue instead. A failure leaves the answers in place for a retry;
 * ALREADY_ANSWERED and NOT_FOUND end the wizard.
 */
export const formWizardMachine = setup({
  types: {
    context: {} as FormWizardContext,
    events: {} as FormWizardEvent,
    input: {} as FormWizardInput | undefined,
    tags: {} as 'busy',
  },
  actors: {
    /** Checks the values of one step's parts. */
    validateStep: fromPromise<ValidateStepOutput, ValidateStepInput>(async () => ({ valid: true })),
    /** POST /web/questionnaires/{id}/answers {answers, idempotencyKey}. */
    submitAnswers: fromPromise<SubmitAnswersOutput, SubmitAnswersInput>(async () => notProvided),
    /** Stores the submission in the offline form queue, to be sent when back online. */
    queueSubmission: fromPromise<QueueSubmissionOutput, QueueSubmissionInput>(async () => notProvided),
  },
  actions: {
    /** Tell the member (toast with the pips) and go back to the list. */
    notifySubmitted: (_, _params: { pipsEarned: number }) => {},
    /** Tell the member the answers will be sent when back online, and go back to the list. */
    notifyQueued: () => {},
    /** Pips moved: the resources reload the balances, activity, rewards and promos. */
    tellPipsChanged: sendTo(resourcesActor, { type: 'pips.changed' }),
    /** The questionnaire's state changed on the server: the resources reload the list. */
    tellFormsChanged: sendTo(resourcesActor, { type: 'resource.reload', key: 'forms' }),
    /** Something was queued: the connectivity sync sends it as soon as it can. */
    requestSync: sendTo(connectivitySyncActor, { type: 'sync.request' }),
    openForm: assign(({ context }, params: { form: WizardForm; values?: FormWizardValues; step?: number }) =>
      startContext(params.form, params.values, params.step, context.userId),
    ),
    /** Keep where the member is (answers and step), so a reload goes on from there. */
    saveDraft: (_, _params: FormDraft) => {},
    /** The answers were sent, queued or refused for good: their draft goes. */
    clearDraft: (_, _params: { form: WizardForm; userId: number | null }) => {},
    closeForm: assign(({ context }) => startContext(null, {}, 0, context.userId)),
    assignMember: assign((_, params: { userId: number | null }) => ({ userId: params.userId })),
    /** Point the member at the first part in error (focus). */
    notifyInvalid: (_, _params: { invalidPartIds: string[] }) => {},

    assignValue: assign(({ context, event }) => {
      assertEvent(event, 'user.answer');
      const values: Record<string, unknown> = { ...context.values };
      if (event.value === undefined) delete values[event.partId];
      else values[event.partId] = event.value;
      // Other answers are another submission: they get a key of their own.
      return { values: values as FormWizardValues, idempotencyKey: null };
    }),
    assignNext: assign({ intent: 'next' as const, errorCode: null }),
    assignSubmit: assign(({ context, event }) => {
      assertEvent(event, 'user.submit');
      return {
        intent: 'submit' as const,
        offline: !event.online,
        idempotencyKey: context.idempotencyKey ?? event.idempotencyKey,
        errorCode: null,
      };
    }),
    goForward: assign(({ context }) => ({ step: Math.min(context.step + 1, context.stepCount - 1) })),
    goBack: assign(({ context }) => ({ step: Math.max(context.step - 1, 0), errorCode: null })),
    assignPips: assign((_, params: { pipsEarned: number }) => ({ pipsEarned: params.pipsEarned })),
    assignError: assign((_, params: { code: FormWizardErrorCode }) => ({ errorCode: params.code })),
  },
  guards: {
    hasForm: ({ context }) => context.form !== null,
    isOtherForm: ({ context }, params: { form: WizardForm }) =>
      context.form === null || context.form.id !== params.form.id || context.form.version !== params.form.version,
    hasNextStep: ({ context }) => context.step < context.stepCount - 1,
    hasPreviousStep: ({ context }) => context.step > 0,
    isLastStep: ({ context }) => context.step === context.stepCount - 1,
    isInvalid: (_, params: { output: ValidateStepOutput }) => !params.output.valid,
    isSubmitWhileOffline: ({ context }) => context.intent === 'submit' && context.offline,
    isSubmit: ({ context }) => context.intent === 'submit',
    isOk: (_, params: { output: { ok: boolean } }) => params.output.ok,
    isNetworkError: (_, params: { output: SubmitAnswersOutput }) => !params.output.ok && params.output.code === 'NETWORK_ERROR',
    isFinalRefusal: (_, params: { output: SubmitAnswersOutput }) => !params.output.ok && finalCodes.includes(params.output.code),
  },
}).createMachine({
  id: 'formWizard',
  initial: 'closed',
  context: ({ input }) => startContext(input?.form ?? null, input?.values, input?.step),
  on: {
    'wizard.open': {
      guard: { type: 'isOtherForm', params: ({ event }) => ({ form: event.form }) },
      target: '.editing',
      actions: { type: 'openForm', params: ({ event }) => ({ form: event.form, values: event.values, step: event.step }) },
    },
    'wizard.close': { target: '.closed', actions: 'closeForm' },
    'member.changed': { actions: { type: 'assignMember', params: ({ event }) => ({ userId: event.userId }) } },
  },
  states: {
    /** No questionnaire yet (the app starts here; a wizard started with a form goes on at once). */
    closed: {
      always: { guard: 'hasForm', target: 'editing' },
    },
    /** The member answers the parts of step `context.step`. */
    editing: {
      initial: 'ready',
      on: {
        'user.answer': { actions: ['assignValue', { type: 'saveDraft', params: draftOf }] },
        'user.next': { guard: 'hasNextStep', target: 'validating', actions: 'assignNext' },
        'user.previous': { guard: 'hasPreviousStep', target: '.ready', actions: ['goBack', { type: 'saveDraft', params: draftOf }] },
        'user.submit': { guard: 'isLastStep', target: 'validating', actions: 'assignSubmit' },
      },
      states: {
        ready: {},
        /** The step did not validate: its errors are shown (and follow the member's changes). */
        invalid: {},
        /** The submission failed; the answers stay for a retry, the error code says why. */
        failed: {},
      },
    },
    validating: {
      invoke: {
        id: 'validateStep',
        src: 'validateStep',
        input: ({ context }) => ({ form: context.form ?? noForm, step: context.step, values: context.values }),
        onDone: [
          {
            guard: { type: 'isInvalid', params: ({ event }) => ({ output: event.output }) },
            target: 'editing.invalid',
            actions: {
              type: 'notifyInvalid',
              params: ({ event }) => ({ invalidPartIds: event.output.valid ? [] : event.output.invalidPartIds }),
            },
          },
          { guard: 'isSubmitWhileOffline', target: 'queueing' },
          { guard: 'isSubmit', target: 'submitting' },
          { target: 'editing.ready', actions: ['goForward', { type: 'saveDraft', params: draftOf }] },
        ],
        onError: { target: 'editing.failed', actions: { type: 'assignError', params: { code: 'UNKNOWN_ERROR' } } },
      },
    },
    submitting: {
      tags: 'busy',
      invoke: {
        id: 'submitAnswers',
        src: 'submitAnswers',
        input: ({ context }) => ({ form: context.form ?? noForm, values: context.values, idempotencyKey: context.idempotencyKey ?? '' }),
        onDone: [
          {
            guard: { type: 'isOk', params: ({ event }) => ({ output: event.output }) },
            target: 'submitted',
            actions: { type: 'assignPips', params: ({ event }) => ({ pipsEarned: event.output.ok ? event.output.pipsEarned : 0 }) },
          },
          { guard: { type: 'isNetworkError', params: ({ event }) => ({ output: event.output }) }, target: 'queueing' },
          {
            guard: { type: 'isFinalRefusal', params: ({ event }) => ({ output: event.output }) },
            target: 'rejected',
            actions: { type: 'assignError', params: ({ event }) => ({ code: codeOf(event.output, 'UNKNOWN_ERROR') }) },
          },
          {
            target: 'editing.failed',
            actions: { type: 'assignError', params: ({ event }) => ({ code: codeOf(event.output, 'UNKNOWN_ERROR') }) },
          },
        ],
        onError: { target: 'editing.failed', actions: { type: 'assignError', params: { code: 'UNKNOWN_ERROR' } } },
      },
    },
    /** Offline: the answers go to the offline form queue, under the same key. */
    queueing: {
      tags: 'busy',
      invoke: {
        id: 'queueSubmission',
        src: 'queueSubmission',
        input: ({ context }) => ({
          form: context.form ?? noForm,
          values: context.values,
          idempotencyKey: context.idempotencyKey ?? '',
          userId: context.userId,
        }),
        onDone: [
          { guard: { type: 'isOk', params: ({ event }) => ({ output: event.output }) }, target: 'queued' },
          {
            target: 'editing.failed',
            actions: { type: 'assignError', params: ({ event }) => ({ code: codeOf(event.output, 'QUEUE_FAILED') }) },
          },
        ],
        onError: { target: 'editing.failed', actions: { type: 'assignError', params: { code: 'QUEUE_FAILED' } } },
      },
    },
    /** Sent and credited. The wizard waits for the next questionnaire. */
    submitted: {
      entry: [
        { type: 'clearDraft', params: ({ context }) => ({ form: context.form ?? noForm, userId: context.userId }) },
        { type: 'notifySubmitted', params: ({ context }) => ({ pipsEarned: context.pipsEarned ?? 0 }) },
        'tellPipsChanged',
        'tellFormsChanged',
      ],
    },
    /** Waiting in the offline queue; the connectivity sync is asked to send it. */
    queued: {
      entry: [{ type: 'clearDraft', params: ({ context }) => ({ form: context.form ?? noForm, userId: context.userId }) }, 'notifyQueued', 'requestSync'],
    },
    /** ALREADY_ANSWERED or NOT_FOUND: nothing more to do here; the list learns it. */
    rejected: {
      entry: [{ type: 'clearDraft', params: ({ context }) => ({ form: context.form ?? noForm, userId: context.userId }) }, 'tellFormsChanged'],
    },
  },
});
