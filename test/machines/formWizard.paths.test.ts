import { formWizardMachine } from '../../machines/formWizard.machine';
import {
  selectRejection,
  selectShowStepErrors,
  selectSubmitFailure,
  selectWizardBusy,
  selectWizardDone,
  selectWizardStep,
  selectWizardValues,
} from '../../machines/formWizard.selectors';
import type {
  FormWizardContext,
  FormWizardEvent,
  FormWizardInput,
  FormWizardValues,
  QueueSubmissionOutput,
  SubmitAnswersOutput,
  ValidateStepOutput,
  WizardForm,
} from '../../machines/formWizard.types';
import { describeMachinePaths, type PathEvent } from './describePathCoverage';
import type { ActorOutputFixtures, EventFixtures, SerializeState } from './pathCoverage';
import { action, actorStarted, actorStopped, sendAction, type Effect } from './recording';

const coffee: WizardForm = { id: 9, version: 'en:1', stepCount: 2, definition: { title: 'Coffee' } };
const tea: WizardForm = { id: 10, version: 'en:1', stepCount: 1, definition: { title: 'Tea' } };

/** The questionnaires by id, as the member knows them. */
const titles: Record<number, string> = { [coffee.id]: 'Coffee', [tea.id]: 'Tea' };

const events = {
  'wizard.open': [
    { type: 'wizard.open', form: coffee },
    { type: 'wizard.open', form: tea, values: { name: 'Ada' } },
    // A saved draft of the second step; and one whose step is past this version's last.
    { type: 'wizard.open', form: coffee, values: { name: 'Ada' }, step: 1 },
    { type: 'wizard.open', form: { ...coffee, version: 'en:2' }, values: { name: 'Ada' }, step: 7 },
  ],
  'wizard.close': [{ type: 'wizard.close' }],
  // Told by the app root: whose drafts and offline queue.
  'member.changed': [{ type: 'member.changed', userId: 7 }],
  'user.answer': [{ type: 'user.answer', partId: 'colour', value: 'teal' }],
  'user.next': [{ type: 'user.next' }],
  'user.previous': [{ type: 'user.previous' }],
  'user.submit': [
    { type: 'user.submit', idempotencyKey: 'key-online-0001', online: true },
    { type: 'user.submit', idempotencyKey: 'key-offline-0002', online: false },
  ],
} satisfies EventFixtures<FormWizardEvent>;

const outputs = {
  validateStep: [{ valid: true }, { valid: false, invalidPartIds: ['colour'] }],
  submitAnswers: [
    { ok: true, pipsEarned: 10 },
    { ok: false, code: 'NETWORK_ERROR' },
    { ok: false, code: 'ALREADY_ANSWERED' },
    { ok: false, code: 'VALIDATION_ERROR' },
  ],
  queueSubmission: [{ ok: true }, { ok: false, code: 'QUEUE_FAILED' }],
} satisfies ActorOutputFixtures<typeof formWizardMachine>;

/**
 * Graph key: the state, the questionnaire and the step, plus what steers the next move where it
 * does (intent and offline while validating, the code where it is shown). NOT_FOUND ends like
 * ALREADY_ANSWERED and a middle step moves like the others: the focused tests have them.
 */
const serializeState: SerializeState = (s) => {
  const { form, step, intent, offline, errorCode } = s.context as FormWizardContext;
  const validating = s.matches('validating');
  const shown = s.matches({ editing: 'failed' }) || s.matches('rejected');
  return JSON.stringify({
    value: s.value,
    form: form ? `${form.id}:${form.version}` : null,
    step,
    ...(validating ? { intent, offline } : {}),
    ...(shown ? { errorCode } : {}),
  });
};

/**
 * The rules (multi-step questionnaires and the offline form queue; the machine's doc comment): the app has
 * one wizard. Opening a questionnaire starts it (with a draft if any); opening the same one again
 * goes on where the member left it; another one (or another version) starts over. The session
 * ending closes it and drops the answers (abandoning whatever was under way). On a step, answers
 * are kept as given (another answer is another submission, so it loses its key). Next and submit
 * (only on the last step) check the step first: a step that does not validate is shown again
 * with its errors (the member pointed at them); previous never checks and keeps every answer.
 * A valid submit sends the answers once under one key (made at the first submit of these
 * answers); offline (known at submit, or no answer) they go to the offline queue under that key
 * and the sync is asked to send them. A credit tells the member, and the resources reload pips
 * and the forms list; ALREADY_ANSWERED and NOT_FOUND end the questionnaire (the list learns it);
 * other failures keep the answers for a retry, with the code. Every answer and every move between
 * steps keeps a draft (form, step, answers) for a reload; a draft opens on its step (within the
 * version's steps); sent, queued or refused for good, the draft goes.
 */
function formWizardRules(input: FormWizardInput | undefined) {
  type View = 'closed' | 'ready' | 'invalid' | 'failed' | 'validating' | 'submitting' | 'queueing' | 'submitted' | 'queued' | 'rejected';
  let view: View = 'closed';
  let form: WizardForm | null = null;
  let step = 0;
  let values: FormWizardValues = {};
  let intent: 'next' | 'submit' = 'next';
  let offline = false;
  let key: string | null = null;
  let error: string | null = null;
  let userId: number | null = null;
  const stepCount = () => Math.max(1, Math.floor(form?.stepCount ?? 1));
  const running: Partial<Record<View, string>> = { validating: 'validateStep', submitting: 'submitAnswers', queueing: 'queueSubmission' };
  const open = (next: WizardForm | null, draft: FormWizardValues = {}, draftStep = 0) => {
    [form, values, intent, offline, key, error] = [next, draft, 'next', false, null, null];
    step = Math.min(draftStep, stepCount() - 1);
    view = next ? 'ready' : 'closed';
  };
  /** Leaves the current view: its call, if any, is abandoned. */
  const leave = (): Effect[] => {
    const call = running[view];
    return call ? [actorStopped(call)] : [];
  };
  const answers = () => ({ form, values, idempotencyKey: key ?? '' });
  /** Where the member is, kept for a reload. */
  const saveDraft = (): Effect => action('saveDraft', { form, step, values, userId });
  const clearDraft = (): Effect => action('clearDraft', { form, userId });
  const editing = () => view === 'ready' || view === 'invalid' || view === 'failed';
  const validate = (): Effect[] => {
    view = 'validating';
    return [actorStarted('validateStep', { form, step, values })];
  };
  open(input?.form ?? null, input?.values, input?.step);

  return {
    started: [],
    on(event: PathEvent<FormWizardEvent>): Effect[] {
      switch (event.type) {
        case 'wizard.open': {
          const same = form !== null && form.id === event.form.id && form.version === event.form.version;
          if (same) throw new Error('the same questionnaire goes on: nothing happens');
          const effects = leave();
          open(event.form, event.values, event.step);
          return effects;
        }
        case 'member.changed':
          userId = event.userId;
          return [];
        case 'wizard.close': {
          const effects = leave();
          open(null);
          return effects;
        }
        case 'user.answer':
          if (!editing()) throw new Error(`no answers while ${view}`);
          values = { ...values, [event.partId]: event.value };
          key = null;
          return [saveDraft()];
        case 'user.next':
          if (!editing() || step >= stepCount() - 1) throw new Error('no next step');
          [intent, error] = ['next', null];
          return validate();
        case 'user.previous':
          if (!editing() || step === 0) throw new Error('no previous step');
          [view, step, error] = ['ready', step - 1, null];
          return [saveDraft()];
        case 'user.submit':
          if (!editing() || step !== stepCount() - 1) throw new Error('submit only on the last step');
          [intent, offline, key, error] = ['submit', !event.online, key ?? event.idempotencyKey, null];
          return validate();
        case 'xstate.done.actor.validateStep': {
          const output = event.output as ValidateStepOutput;
          if (!output.valid) {
            view = 'invalid';
            return [action('notifyInvalid', { invalidPartIds: output.invalidPartIds })];
          }
          if (intent === 'next') {
            [view, step] = ['ready', step + 1];
            return [saveDraft()];
          }
          view = offline ? 'queueing' : 'submitting';
          return [offline ? actorStarted('queueSubmission', { ...answers(), userId }) : actorStarted('submitAnswers', answers())];
        }
        case 'xstate.error.actor.validateStep':
          [view, error] = ['failed', 'UNKNOWN_ERROR'];
          return [];
        case 'xstate.done.actor.submitAnswers': {
          const output = event.output as SubmitAnswersOutput;
          if (output.ok) {
            view = 'submitted';
            return [
              clearDraft(),
              action('notifySubmitted', { pipsEarned: output.pipsEarned }),
              sendAction('tellPipsChanged', 'resources', { type: 'pips.changed' }),
              sendAction('tellFormsChanged', 'resources', { type: 'resource.reload', key: 'forms' }),
            ];
          }
          if (output.code === 'NETWORK_ERROR') {
            view = 'queueing';
            return [actorStarted('queueSubmission', { ...answers(), userId })];
          }
          error = output.code;
          if (output.code === 'ALREADY_ANSWERED' || output.code === 'NOT_FOUND') {
            view = 'rejected';
            return [clearDraft(), sendAction('tellFormsChanged', 'resources', { type: 'resource.reload', key: 'forms' })];
          }
          view = 'failed';
          return [];
        }
        case 'xstate.error.actor.submitAnswers':
          [view, error] = ['failed', 'UNKNOWN_ERROR'];
          return [];
        case 'xstate.done.actor.queueSubmission': {
          const output = event.output as QueueSubmissionOutput;
          if (!output.ok) {
            [view, error] = ['failed', output.code];
            return [];
          }
          view = 'queued';
          return [clearDraft(), action('notifyQueued'), sendAction('requestSync', 'connectivitySync', { type: 'sync.request' })];
        }
        case 'xstate.error.actor.queueSubmission':
          [view, error] = ['failed', 'QUEUE_FAILED'];
          return [];
        default:
          throw new Error(`the rules have no ${event.type}`);
      }
    },
    meaning: () => ({
      form: form?.id ?? null,
      step,
      values,
      showErrors: view === 'invalid',
      busy: view === 'submitting' || view === 'queueing',
      submitFailure: view === 'failed' ? error : null,
      rejection: view === 'rejected' ? error : null,
      done: view === 'submitted' || view === 'queued',
    }),
  };
}

describeMachinePaths({
  name: 'formWizard',
  machine: formWizardMachine,
  events,
  outputs,
  serializeState,
  inputs: {
    'the app starts with no questionnaire open': undefined,
    'the app starts with a draft of Tea open': { form: { ...tea, version: 'en:2' }, values: { name: 'Ada' } },
  },
  meaning: (s) => ({
    form: s.context.form?.id ?? null,
    step: selectWizardStep(s),
    values: selectWizardValues(s),
    showErrors: selectShowStepErrors(s),
    busy: selectWizardBusy(s),
    submitFailure: selectSubmitFailure(s),
    rejection: selectRejection(s),
    done: selectWizardDone(s),
  }),
  oracle: formWizardRules,
  words: {
    events: {
      'wizard.open': (e) => {
        const version = e.form.version === 'en:1' ? '' : ' (another version)';
        const draft = e.values ? (e.step === undefined ? ' with a draft' : ` with a draft on step ${e.step + 1}`) : '';
        return `the member opens ${titles[e.form.id]}${version}${draft}`;
      },
      'wizard.close': 'the questionnaire is closed',
      'member.changed': (e) => `member ${e.userId} is verified`,
      'user.answer': 'answers a question',
      'user.next': 'presses next',
      'user.previous': 'presses previous',
      'user.submit': (e) => (e.online ? 'submits' : 'submits offline'),
      'xstate.done.actor.validateStep': (e) => ((e.output as ValidateStepOutput).valid ? 'the step is valid' : 'an answer is invalid'),
      'xstate.error.actor.validateStep': 'checking the step breaks',
      'xstate.done.actor.submitAnswers': (e) => {
        const output = e.output as SubmitAnswersOutput;
        if (output.ok) return `${output.pipsEarned} pips are earned`;
        return output.code === 'NETWORK_ERROR' ? 'the network does not answer' : `the answers are refused (${output.code})`;
      },
      'xstate.error.actor.submitAnswers': 'sending the answers breaks',
      'xstate.done.actor.queueSubmission': (e) => ((e.output as QueueSubmissionOutput).ok ? 'the answers are queued' : 'queueing them fails'),
      'xstate.error.actor.queueSubmission': 'queueing them breaks',
    },
    outcome: (m) => {
      if (m.form === null) return 'no questionnaire is open';
      const title = titles[m.form];
      if (m.done) return `${title} shows it is done`;
      if (m.rejection) return `${title} ends: it cannot be answered (${m.rejection})`;
      if (m.busy) return `${title} shows it is busy with the answers`;
      const where = `${title} shows step ${m.step + 1}`;
      if (m.submitFailure) return `${where} with the error ${m.submitFailure}, the answers kept for a retry`;
      if (m.showErrors) return `${where}, pointing at the invalid answers`;
      return Object.keys(m.values).length ? `${where} with the answers given` : where;
    },
  },
});
