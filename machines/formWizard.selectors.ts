import type { SnapshotFrom } from 'xstate';
import type { formWizardMachine } from './formWizard.machine';

export type FormWizardSnapshot = SnapshotFrom<typeof formWizardMachine>;

/** The step shown, 0-based. */
export const selectWizardStep = (s: FormWizardSnapshot) => s.context.step;
export const selectWizardValues = (s: FormWizardSnapshot) => s.context.values;
/** The step's errors are shown (a next or submit found them). */
export const selectShowStepErrors = (s: FormWizardSnapshot) => s.matches({ editing: 'invalid' });
/** Sending or queueing: inputs and buttons wait. */
export const selectWizardBusy = (s: FormWizardSnapshot) => s.hasTag('busy');
/** Why the last submission failed (the answers are still there), or null. */
export const selectSubmitFailure = (s: FormWizardSnapshot) => (s.matches({ editing: 'failed' }) ? s.context.errorCode : null);
/** ALREADY_ANSWERED or NOT_FOUND once the wizard has ended on it, or null. */
export const selectRejection = (s: FormWizardSnapshot) => (s.matches('rejected') ? s.context.errorCode : null);
export const selectWizardDone = (s: FormWizardSnapshot) => s.matches('submitted') || s.matches('queued');
