import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { formWizardMachine } from '../../machines/formWizard.machine';
import {
  type FormWizardSnapshot,
  selectRejection,
  selectShowStepErrors,
  selectSubmitFailure,
  selectWizardBusy,
  selectWizardDone,
  selectWizardStep,
} from '../../machines/formWizard.selectors';
import type {
  FormWizardValues,
  QueueSubmissionInput,
  QueueSubmissionOutput,
  SubmitAnswersInput,
  SubmitAnswersOutput,
  ValidateStepInput,
  WizardForm,
} from '../../machines/formWizard.types';
import { action, actorStarted, actorStopped, sendAction, startRecorded } from './recording';

/** A three-step questionnaire (its parts are opaque to the machine). */
const form: WizardForm = { id: 9, version: 'en:1', stepCount: 3, definition: { title: 'Coffee' } };

/** Each step requires its listed parts to have a value. */
const requiredByStep = [['name'], ['colour'], ['rating']];

interface Fakes {
  submit?: (input: SubmitAnswersInput) => Promise<SubmitAnswersOutput>;
  queue?: (input: QueueSubmissionInput) => Promise<QueueSubmissionOutput>;
}

function startWizard(fakes: Fakes = {}, stepCount = 3, values?: FormWizardValues) {
  const calls: Array<[string, unknown]> = [];
  const machine = formWizardMachine.provide({
    actors: {
      validateStep: fromPromise(async ({ input }: { input: ValidateStepInput }) => {
        calls.push(['validateStep', input.step]);
        const missing = (requiredByStep[input.step] ?? []).filter((id) => input.values[id] === undefined);
        return missing.length ? { valid: false as const, invalidPartIds: missing } : { valid: true as const };
      }),
      submitAnswers: fromPromise(async ({ input }: { input: SubmitAnswersInput }) => {
        calls.push(['submitAnswers', input]);
        return fakes.submit ? fakes.submit(input) : { ok: true as const, pipsEarned: 15 };
      }),
      queueSubmission: fromPromise(async ({ input }: { input: QueueSubmissionInput }) => {
        calls.push(['queueSubmission', input]);
        return fakes.queue ? fakes.queue(input) : { ok: true as const };
      }),
    },
    actions: {
      notifySubmitted: (_, params) => void calls.push(['notifySubmitted', params]),
      notifyQueued: () => void calls.push(['notifyQueued', null]),
      notifyInvalid: (_, params) => void calls.push(['notifyInvalid', params]),
    },
  });
  const actor = createActor(machine, { input: { form: { ...form, stepCount }, values } }).start();
  return { actor, calls };
}

const names = (calls: Array<[string, unknown]>) => calls.map(([name]) => name);
const editingReady = (s: FormWizardSnapshot) => s.matches({ editing: 'ready' });

async function answerAllAndReachLastStep(actor: ReturnType<typeof startWizard>['actor']) {
  actor.send({ type: 'user.answer', partId: 'name', value: 'Ada' });
  actor.send({ type: 'user.next' });
  await waitFor(actor, (s) => editingReady(s) && s.context.step === 1);
  actor.send({ type: 'user.answer', partId: 'colour', value: 'teal' });
  actor.send({ type: 'user.next' });
  await waitFor(actor, (s) => editingReady(s) && s.context.step === 2);
  actor.send({ type: 'user.answer', partId: 'rating', value: 4 });
}

describe('steps', () => {
  it('does not leave a step until its parts validate, and shows the errors', async () => {
    const { actor, calls } = startWizard();
    actor.send({ type: 'user.next' });
    const invalid = await waitFor(actor, selectShowStepErrors);
    expect(selectWizardStep(invalid)).toBe(0);
    expect(calls).toContainEqual(['notifyInvalid', { invalidPartIds: ['name'] }]);

    // The errors stay shown while the member fixes them.
    actor.send({ type: 'user.answer', partId: 'name', value: 'Ada' });
    expect(selectShowStepErrors(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'user.next' });
    const next = await waitFor(actor, editingReady);
    expect(selectWizardStep(next)).toBe(1);
    expect(selectShowStepErrors(next)).toBe(false);
  });

  it('goes back without validating and keeps every answer', async () => {
    const { actor, calls } = startWizard();
    actor.send({ type: 'user.answer', partId: 'name', value: 'Ada' });
    actor.send({ type: 'user.next' });
    await waitFor(actor, (s) => s.context.step === 1);
    actor.send({ type: 'user.answer', partId: 'colour', value: 'teal' });
    actor.send({ type: 'user.previous' });
    const back = actor.getSnapshot();
    expect(selectWizardStep(back)).toBe(0);
    expect(back.context.values).toEqual({ name: 'Ada', colour: 'teal' });
    expect(names(calls).filter((n) => n === 'validateStep')).toHaveLength(1);
  });

  it('ignores previous on the first step, next on the last and submit before the last', async () => {
    const { actor, calls } = startWizard({}, 2);
    actor.send({ type: 'user.previous' });
    actor.send({ type: 'user.submit', idempotencyKey: 'key-early-0001', online: true });
    expect(actor.getSnapshot().matches({ editing: 'ready' })).toBe(true);
    expect(calls).toEqual([]);
    actor.send({ type: 'user.answer', partId: 'name', value: 'Ada' });
    actor.send({ type: 'user.next' });
    await waitFor(actor, (s) => editingReady(s) && s.context.step === 1);
    actor.send({ type: 'user.next' });
    expect(actor.getSnapshot().matches({ editing: 'ready' })).toBe(true);
    expect(selectWizardStep(actor.getSnapshot())).toBe(1);
  });

  it('removes an answer given as undefined', () => {
    const { actor } = startWizard({}, 3, { name: 'Ada', colour: 'teal' });
    actor.send({ type: 'user.answer', partId: 'colour', value: undefined });
    expect(actor.getSnapshot().context.values).toEqual({ name: 'Ada' });
  });

  it('treats a questionnaire of one step as its last step', async () => {
    const { actor, calls } = startWizard({}, 1, { name: 'Ada' });
    actor.send({ type: 'user.next' });
    expect(calls).toEqual([]);
    actor.send({ type: 'user.submit', idempotencyKey: 'key-single-0001', online: true });
    await waitFor(actor, selectWizardDone);
    expect(names(calls)).toEqual(['validateStep', 'submitAnswers', 'notifySubmitted']);
  });
});

describe('submitting', () => {
  it('validates the last step, sends the answers once under the key and reports the pips', async () => {
    const { actor, calls } = startWizard();
    await answerAllAndReachLastStep(actor);
    actor.send({ type: 'user.submit', idempotencyKey: 'key-0001-abcdef', online: true });
    const done = await waitFor(actor, (s) => s.matches('submitted'));
    // Not final: the app's one wizard waits for the next questionnaire.
    expect(done.status).toBe('active');
    expect(selectWizardDone(done)).toBe(true);
    expect(calls.filter(([n]) => n === 'submitAnswers')).toEqual([
      ['submitAnswers', { form: { ...form, stepCount: 3 }, values: { name: 'Ada', colour: 'teal', rating: 4 }, idempotencyKey: 'key-0001-abcdef' }],
    ]);
    expect(calls.at(-1)).toEqual(['notifySubmitted', { pipsEarned: 15 }]);
  });

  it('does not submit while the last step is invalid', async () => {
    const { actor, calls } = startWizard({}, 1);
    actor.send({ type: 'user.submit', idempotencyKey: 'key-0001-abcdef', online: true });
    await waitFor(actor, selectShowStepErrors);
    expect(names(calls)).toEqual(['validateStep', 'notifyInvalid']);
  });

  it('is busy while sending', async () => {
    let answer!: (output: SubmitAnswersOutput) => void;
    const { actor } = startWizard({ submit: () => new Promise((resolve) => (answer = resolve)) }, 1, { name: 'Ada' });
    actor.send({ type: 'user.submit', idempotencyKey: 'key-0001-abcdef', online: true });
    await waitFor(actor, (s) => s.matches('submitting'));
    expect(selectWizardBusy(actor.getSnapshot())).toBe(true);
    answer({ ok: true, pipsEarned: 1 });
    await waitFor(actor, selectWizardDone);
  });

  it('keeps the answers after a failure and retries the same answers under the same key', async () => {
    const outputs: SubmitAnswersOutput[] = [{ ok: false, code: 'UNKNOWN_ERROR' }, { ok: true, pipsEarned: 5 }];
    const { actor, calls } = startWizard({ submit: async () => outputs.shift()! }, 1, { name: 'Ada' });
    actor.send({ type: 'user.submit', idempotencyKey: 'key-first-0001', online: true });
    const failed = await waitFor(actor, (s) => selectSubmitFailure(s) !== null);
    expect(selectSubmitFailure(failed)).toBe('UNKNOWN_ERROR');
    expect(failed.context.values).toEqual({ name: 'Ada' });
    actor.send({ type: 'user.submit', idempotencyKey: 'key-second-0002', online: true });
    await waitFor(actor, selectWizardDone);
    const keys = calls.filter(([n]) => n === 'submitAnswers').map(([, input]) => (input as SubmitAnswersInput).idempotencyKey);
    expect(keys).toEqual(['key-first-0001', 'key-first-0001']);
  });

  it('gives changed answers a new key', async () => {
    const outputs: SubmitAnswersOutput[] = [{ ok: false, code: 'VALIDATION_ERROR' }, { ok: true, pipsEarned: 5 }];
    const { actor, calls } = startWizard({ submit: async () => outputs.shift()! }, 1, { name: 'Ada' });
    actor.send({ type: 'user.submit', idempotencyKey: 'key-first-0001', online: true });
    await waitFor(actor, (s) => selectSubmitFailure(s) === 'VALIDATION_ERROR');
    actor.send({ type: 'user.answer', partId: 'name', value: 'Ada L.' });
    expect(selectSubmitFailure(actor.getSnapshot())).toBe('VALIDATION_ERROR');
    actor.send({ type: 'user.submit', idempotencyKey: 'key-second-0002', online: true });
    await waitFor(actor, selectWizardDone);
    const sent = calls.filter(([n]) => n === 'submitAnswers').map(([, input]) => input);
    expect(sent).toEqual([
      { form: { ...form, stepCount: 1 }, values: { name: 'Ada' }, idempotencyKey: 'key-first-0001' },
      { form: { ...form, stepCount: 1 }, values: { name: 'Ada L.' }, idempotencyKey: 'key-second-0002' },
    ]);
  });

  it.each(['ALREADY_ANSWERED', 'NOT_FOUND'])('ends on %s', async (code) => {
    const { actor, calls } = startWizard({ submit: async () => ({ ok: false, code }) }, 1, { name: 'Ada' });
    actor.send({ type: 'user.submit', idempotencyKey: 'key-0001-abcdef', online: true });
    const done = await waitFor(actor, (s) => s.matches('rejected'));
    expect(done.status).toBe('active');
    expect(selectRejection(done)).toBe(code);
    expect(names(calls)).not.toContain('notifySubmitted');
  });

  it('reports UNKNOWN_ERROR when an adapter throws', async () => {
    const { actor } = startWizard({ submit: async () => Promise.reject(new Error('boom')) }, 1, { name: 'Ada' });
    actor.send({ type: 'user.submit', idempotencyKey: 'key-0001-abcdef', online: true });
    const failed = await waitFor(actor, (s) => selectSubmitFailure(s) !== null);
    expect(selectSubmitFailure(failed)).toBe('UNKNOWN_ERROR');
  });

  it('going back after a failure clears the failure, not the answers', async () => {
    const { actor } = startWizard({ submit: async () => ({ ok: false, code: 'UNKNOWN_ERROR' }) });
    await answerAllAndReachLastStep(actor);
    actor.send({ type: 'user.submit', idempotencyKey: 'key-0001-abcdef', online: true });
    await waitFor(actor, (s) => selectSubmitFailure(s) !== null);
    actor.send({ type: 'user.previous' });
    const back = actor.getSnapshot();
    expect(selectSubmitFailure(back)).toBeNull();
    expect(back.context.errorCode).toBeNull();
    expect(back.context.values).toEqual({ name: 'Ada', colour: 'teal', rating: 4 });
  });
});

describe('offline', () => {
  it('queues the answers without sending them when offline at submit', async () => {
    const { actor, calls } = startWizard({}, 1, { name: 'Ada' });
    actor.send({ type: 'user.submit', idempotencyKey: 'key-offline-0001', online: false });
    const done = await waitFor(actor, (s) => s.matches('queued'));
    expect(selectWizardDone(done)).toBe(true);
    expect(calls).toEqual([
      ['validateStep', 0],
      ['queueSubmission', { form: { ...form, stepCount: 1 }, values: { name: 'Ada' }, idempotencyKey: 'key-offline-0001', userId: null }],
      ['notifyQueued', null],
    ]);
  });

  it('queues the answers under the same key when the request finds no network', async () => {
    const { actor, calls } = startWizard({ submit: async () => ({ ok: false, code: 'NETWORK_ERROR' }) }, 1, { name: 'Ada' });
    actor.send({ type: 'user.submit', idempotencyKey: 'key-lost-0001', online: true });
    await waitFor(actor, (s) => s.matches('queued'));
    expect(names(calls)).toEqual(['validateStep', 'submitAnswers', 'queueSubmission', 'notifyQueued']);
    expect(calls[2][1]).toEqual({ form: { ...form, stepCount: 1 }, values: { name: 'Ada' }, idempotencyKey: 'key-lost-0001', userId: null });
  });

  it('keeps the answers when the queue cannot store them', async () => {
    const { actor } = startWizard({ queue: async () => Promise.reject(new Error('quota')) }, 1, { name: 'Ada' });
    actor.send({ type: 'user.submit', idempotencyKey: 'key-offline-0001', online: false });
    const failed = await waitFor(actor, (s) => selectSubmitFailure(s) !== null);
    expect(selectSubmitFailure(failed)).toBe('QUEUE_FAILED');
    expect(failed.context.values).toEqual({ name: 'Ada' });
  });
});

describe('the app\'s one wizard: open, close', () => {
  const other: WizardForm = { id: 10, version: 'en:1', stepCount: 2, definition: { title: 'Tea' } };

  it('starts closed without a questionnaire, and opens one on wizard.open (with a draft)', () => {
    const wizard = startRecorded(formWizardMachine);
    expect(wizard.actor.getSnapshot().matches('closed')).toBe(true);
    wizard.send({ type: 'wizard.open', form, values: { name: 'Ada' } });
    const s = wizard.actor.getSnapshot();
    expect(s.matches({ editing: 'ready' })).toBe(true);
    expect(s.context).toMatchObject({ form, stepCount: 3, step: 0, values: { name: 'Ada' } });
    wizard.stop();
  });

  it('the same questionnaire opened again goes on where the member left it; another one starts over', () => {
    const wizard = startRecorded(formWizardMachine);
    wizard.send({ type: 'wizard.open', form });
    wizard.send({ type: 'user.answer', partId: 'name', value: 'Ada' });
    wizard.send({ type: 'user.next' });
    wizard.resolve('validateStep', { valid: true });
    wizard.send({ type: 'wizard.open', form });
    expect(selectWizardStep(wizard.actor.getSnapshot())).toBe(1);
    expect(wizard.actor.getSnapshot().context.values).toEqual({ name: 'Ada' });
    wizard.send({ type: 'wizard.open', form: { ...form, version: 'es:1' } });
    expect(selectWizardStep(wizard.actor.getSnapshot())).toBe(0);
    expect(wizard.actor.getSnapshot().context.values).toEqual({});
    wizard.send({ type: 'wizard.open', form: other });
    expect(wizard.actor.getSnapshot().context).toMatchObject({ form: other, stepCount: 2, step: 0 });
    wizard.stop();
  });

  it('wizard.close (the session ended) drops the answers and abandons a submission in flight', () => {
    const wizard = startRecorded(formWizardMachine);
    wizard.send({ type: 'wizard.open', form: { ...form, stepCount: 1 }, values: { name: 'Ada' } });
    wizard.send({ type: 'user.submit', idempotencyKey: 'key-0001', online: true });
    wizard.resolve('validateStep', { valid: true });
    wizard.send({ type: 'wizard.close' });
    expect(wizard.log.take().slice(-2)).toEqual([
      actorStarted('submitAnswers', { form: { ...form, stepCount: 1 }, values: { name: 'Ada' }, idempotencyKey: 'key-0001' }),
      actorStopped('submitAnswers'),
    ]);
    const s = wizard.actor.getSnapshot();
    expect(s.matches('closed')).toBe(true);
    expect(s.context).toMatchObject({ form: null, values: {}, idempotencyKey: null });
    wizard.stop();
  });

  it.each([
    ['submitted', { ok: true, pipsEarned: 15 }],
    ['rejected', { ok: false, code: 'ALREADY_ANSWERED' }],
  ] as const)('ends %s without being final: the next questionnaire opens in the same wizard', (end, output) => {
    const wizard = startRecorded(formWizardMachine);
    wizard.send({ type: 'wizard.open', form: { ...form, stepCount: 1 }, values: { name: 'Ada' } });
    wizard.send({ type: 'user.submit', idempotencyKey: 'key-0001', online: true });
    wizard.resolve('validateStep', { valid: true });
    wizard.resolve('submitAnswers', output);
    expect(wizard.actor.getSnapshot().matches(end)).toBe(true);
    wizard.send({ type: 'wizard.open', form: other });
    expect(wizard.actor.getSnapshot().matches({ editing: 'ready' })).toBe(true);
    wizard.stop();
  });
});

describe('what a submission tells the rest of the app', () => {
  function submitted(online: boolean, ...answers: Array<[string, unknown]>) {
    const wizard = startRecorded(formWizardMachine, { input: { form: { ...form, stepCount: 1 }, values: { name: 'Ada' } } });
    wizard.send({ type: 'user.submit', idempotencyKey: 'key-0001', online });
    wizard.resolve('validateStep', { valid: true });
    for (const [id, output] of answers) wizard.resolve(id, output);
    return wizard;
  }

  const sent = { ...form, stepCount: 1 };

  it('a credit: the draft goes, the member is told, then the resources reload the pips and the forms list', () => {
    const wizard = submitted(true, ['submitAnswers', { ok: true, pipsEarned: 15 }]);
    expect(wizard.log.take().slice(2)).toEqual([
      action('clearDraft', { form: sent, userId: null }),
      action('notifySubmitted', { pipsEarned: 15 }),
      sendAction('tellPipsChanged', 'resources', { type: 'pips.changed' }),
      sendAction('tellFormsChanged', 'resources', { type: 'resource.reload', key: 'forms' }),
    ]);
    wizard.stop();
  });

  it('queued: the draft goes, the member is told, and the connectivity sync asked to send it', () => {
    const wizard = submitted(false, ['queueSubmission', { ok: true }]);
    expect(wizard.log.take().slice(2)).toEqual([action('clearDraft', { form: sent, userId: null }), action('notifyQueued'), sendAction('requestSync', 'connectivitySync', { type: 'sync.request' })]);
    wizard.stop();
  });

  it('refused for good: the draft goes, and the forms list learns it', () => {
    const wizard = submitted(true, ['submitAnswers', { ok: false, code: 'NOT_FOUND' }]);
    expect(wizard.log.take().slice(2)).toEqual([action('clearDraft', { form: sent, userId: null }), sendAction('tellFormsChanged', 'resources', { type: 'resource.reload', key: 'forms' })]);
    wizard.stop();
  });
});

describe('the draft (kept for a reload)', () => {
  it('keeps every answer and every move between steps, and opens a draft on its step', () => {
    const wizard = startRecorded(formWizardMachine);
    wizard.send({ type: 'wizard.open', form, values: { name: 'Ada' }, step: 1 });
    expect(wizard.actor.getSnapshot().context).toMatchObject({ step: 1, values: { name: 'Ada' } });
    wizard.log.take();
    wizard.send({ type: 'user.answer', partId: 'colour', value: 'teal' });
    expect(wizard.log.take()).toEqual([action('saveDraft', { form, step: 1, values: { name: 'Ada', colour: 'teal' }, userId: null })]);
    wizard.send({ type: 'user.previous' });
    expect(wizard.log.take()).toEqual([action('saveDraft', { form, step: 0, values: { name: 'Ada', colour: 'teal' }, userId: null })]);
    wizard.send({ type: 'user.next' });
    wizard.resolve('validateStep', { valid: true });
    expect(wizard.log.take().filter((effect) => 'action' in effect)).toEqual([
      action('saveDraft', { form, step: 1, values: { name: 'Ada', colour: 'teal' }, userId: null }),
    ]);
    wizard.stop();
  });

  it('keeps the draft for the member the root told, across questionnaires', () => {
    const wizard = startRecorded(formWizardMachine);
    wizard.send({ type: 'member.changed', userId: 7 });
    wizard.send({ type: 'wizard.open', form });
    wizard.send({ type: 'wizard.close' });
    wizard.send({ type: 'wizard.open', form, values: { name: 'Ada' } });
    wizard.log.take();
    wizard.send({ type: 'user.answer', partId: 'colour', value: 'teal' });
    expect(wizard.log.take()).toEqual([action('saveDraft', { form, step: 0, values: { name: 'Ada', colour: 'teal' }, userId: 7 })]);
    wizard.stop();
  });

  it('opens a draft whose step this version no longer has on its last step', () => {
    const wizard = startRecorded(formWizardMachine, { input: { form, values: {}, step: 40 } });
    expect(wizard.actor.getSnapshot().context.step).toBe(form.stepCount - 1);
    wizard.send({ type: 'wizard.open', form: { ...form, version: 'en:9' }, step: -3 });
    expect(wizard.actor.getSnapshot().context.step).toBe(0);
    wizard.stop();
  });
});
