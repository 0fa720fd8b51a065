import type { SnapshotFrom } from 'xstate';
import type { submissionMachine } from './submission.machine';

export type SubmissionSnapshot = SnapshotFrom<typeof submissionMachine>;

export const selectSubmitting = (s: SubmissionSnapshot) => s.hasTag('busy');
export const selectSubmitted = (s: SubmissionSnapshot) => s.matches('succeeded');
/** The code of the last failure, or null. */
export const selectSubmitError = (s: SubmissionSnapshot) => (s.matches('failed') ? s.context.errorCode : null);
export const selectSubmitValue = (s: SubmissionSnapshot) => (s.matches('succeeded') ? s.context.value : undefined);
