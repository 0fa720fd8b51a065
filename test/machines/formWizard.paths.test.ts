import { describe, expect, it } from 'vitest';
import { formWizardMachine } from '../../machines/formWizard.machine';
import type { FormWizardContext, FormWizardEvent } from '../../machines/formWizard.types';
import { describePathCoverage } from './describePathCoverage';
import {
  actorEvents,
  coverageReport,
  describePath,
  listTransitions,
  userEvents,
  type ActorOutputFixtures,
  type EventFixtures,
  type SerializeState,
} from './pathCoverage';

const eventFixtures = {
  'user.answer': [{ type: 'user.answer', partId: 'colour', value: 'teal' }],
  'user.next': [{ type: 'user.next' }],
  'user.previous': [{ type: 'user.previous' }],
  'user.submit': [
    { type: 'user.submit', idempotencyKey: 'key-online-0001', online: true },
    { type: 'user.submit', idempotencyKey: 'key-offline-0002', online: false },
  ],
} satisfies EventFixtures<FormWizardEvent>;

const outputFixtures = {
  validateStep: [{ valid: true }, { valid: false, invalidPartIds: ['colour'] }],
  submitAnswers: [
    { ok: true, pipsEarned: 10 },
    { ok: false, code: 'NETWORK_ERROR' },
    { ok: false, code: 'ALREADY_ANSWERED' },
    { ok: false, code: 'NOT_FOUND' },
    { ok: false, code: 'VALIDATION_ERROR' },
  ],
  queueSubmission: [{ ok: true }, { ok: false, code: 'QUEUE_FAILED' }],
} satisfies ActorOutputFixtures<typeof formWizardMachine>;

const events = [...userEvents(eventFixtures), ...actorEvents(formWizardMachine, outputFixtures)];

/**
 * Graph keys: the state and what steers the transitions (step, intent, offline, error), not the
 * values and keys themselves, whose handling the behaviour test checks.
 */
const serializeState: SerializeState = (s) => {
  const { step, intent, offline, errorCode, idempotencyKey } = s.context as FormWizardContext;
  return JSON.stringify({ value: s.value, step, intent, offline, errorCode, keyed: idempotencyKey !== null });
};

// Without input the wizard has three steps: a first, a middle and a last one.
const report = describePathCoverage('formWizard', formWizardMachine, { events, serializeState });

describe('formWizard machine paths, beyond coverage', () => {
  it('has the transitions the coverage guard walks', () => {
    expect(listTransitions(formWizardMachine).length).toBeGreaterThan(15);
  });

  it('never leaves the steps of the questionnaire', () => {
    for (const path of report.paths) {
      const { step, stepCount } = path.state.context;
      expect(step, describePath(path)).toBeGreaterThanOrEqual(0);
      expect(step, describePath(path)).toBeLessThan(stepCount);
    }
  });

  it('only submits or queues from the last step, with a key', () => {
    for (const path of report.paths) {
      if (!['submitting', 'queueing', 'submitted', 'queued'].some((s) => path.state.matches(s))) continue;
      expect(path.state.context.step, describePath(path)).toBe(path.state.context.stepCount - 1);
      expect(path.state.context.idempotencyKey, describePath(path)).toMatch(/^key-/);
    }
  });

  it('covers a one-step questionnaire too (next and previous never apply)', () => {
    const single = coverageReport(formWizardMachine, { events, serializeState, input: { stepCount: 1 } });
    expect(single.mismatches).toEqual([]);
    expect(single.unvisitedStates).toEqual([]);
    expect(single.untakenTransitions).toEqual([
      'formWizard.editing --user.next [hasNextStep]--> formWizard.validating',
      'formWizard.editing --user.previous [hasPreviousStep]--> formWizard.editing.ready',
      'formWizard.validating --xstate.done.actor.validateStep--> formWizard.editing.ready',
    ]);
  });
});
