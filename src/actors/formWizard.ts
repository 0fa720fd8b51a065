import { fromPromise } from 'xstate';
import { formWizardMachine } from '../../machines/formWizard.machine';
import type {
  QueueSubmissionInput,
  QueueSubmissionOutput,
  SubmitAnswersInput,
  SubmitAnswersOutput,
  ValidateStepInput,
  ValidateStepOutput,
} from '../../machines/formWizard.types';
import { clearFormDraft, writeFormDraft } from '../data/formDrafts';
import { toAnswers, validateStep, type FormDefinition, type FormValues } from '../forms';
import { i18n } from '../i18n/i18n';
import { formMessages, submittedMessage } from '../screens/forms/formMessages';
import { partDomId } from '../screens/forms/partDomId';
import type { SystemApi } from './api';
import type { Navigate } from './navigation';
import { showToast } from './toast';

// The queue lives in Dexie, loaded when answers are first queued.
const offlineQueues = () => import('../data/offlineQueues');

/** The questionnaire as the wizard's `form.definition` carries it. */
export interface WizardDefinition {
  title: string;
  /** What answering it earns (shown while it waits in the offline queue). */
  pips?: number;
  form: FormDefinition;
}

const definitionOf = (input: { form: { definition: unknown } }) => input.form.definition as WizardDefinition;

const formsList = '/forms';

/**
 * The form wizard bound to the browser: each step checked with the questionnaire's own rules,
 * the answers sent as JSON under one idempotency key, or kept in the member's offline form
 * queue; the member's draft (step and answers) kept in localStorage for a reload; toasts, and
 * back to the list.
 */
export function formWizardLogic({ systemApi: { apiOf }, navigate }: { systemApi: SystemApi; navigate: Navigate }) {
  return formWizardMachine.provide({
    actors: {
      validateStep: fromPromise<ValidateStepOutput, ValidateStepInput>(async ({ input }) => {
        const step = definitionOf(input).form.steps[input.step];
        const invalidPartIds = step ? Object.keys(validateStep(step, input.values as FormValues)) : [];
        return invalidPartIds.length ? { valid: false, invalidPartIds } : { valid: true };
      }),
      submitAnswers: fromPromise<SubmitAnswersOutput, SubmitAnswersInput>(async ({ input, signal, system }) => {
        const { form } = definitionOf(input);
        const result = await apiOf(system).answerQuestionnaire(
          { id: input.form.id, answers: toAnswers(form, input.values as FormValues), idempotencyKey: input.idempotencyKey },
          { signal },
        );
        return result.success ? { ok: true, pipsEarned: result.data.pipsEarned } : { ok: false, code: result.error };
      }),
      queueSubmission: fromPromise<QueueSubmissionOutput, QueueSubmissionInput>(async ({ input }) => {
        const { title, pips, form } = definitionOf(input);
        await (await offlineQueues()).queueOfflineForm({
          userId: input.userId,
          formId: input.form.id,
          data: toAnswers(form, input.values as FormValues),
          title,
          pips,
          idempotencyKey: input.idempotencyKey,
        });
        return { ok: true };
      }),
    },
    actions: {
      saveDraft: (_, { form, step, values, userId }) => {
        if (userId !== null) writeFormDraft(userId, form.id, { version: form.version, step, values: values as FormValues });
      },
      clearDraft: (_, { form, userId }) => {
        if (userId !== null) clearFormDraft(userId, form.id);
      },
      notifySubmitted: (_, { pipsEarned }) => {
        showToast('success', () => i18n._(submittedMessage(pipsEarned)));
        navigate(formsList);
      },
      notifyInvalid: (_, { invalidPartIds }) => {
        if (!invalidPartIds.length) return;
        // The member's eyes go to the first part in error: its first input (or checked choice).
        const element = document.getElementById(partDomId(invalidPartIds[0]));
        const target =
          element instanceof HTMLFieldSetElement
            ? (element.querySelector<HTMLInputElement>('input:checked') ?? element.querySelector<HTMLInputElement>('input'))
            : element;
        target?.focus();
      },
      notifyQueued: () => {
        showToast('info', () => i18n._(formMessages.queued), { id: 'form-queued' });
        navigate(formsList);
      },
    },
  });
}
