/**
 * Types of the questionnaire wizard (SPEC §2 "Forms: multi-step with previous, next and submit",
 * §8 Form messages). The machine knows steps by index and values by part id; what a part is
 * and whether its value is acceptable is the provided `validateStep`'s business.
 */

/**
 * Why a submission did not go through. From the server: ALREADY_ANSWERED, NOT_FOUND,
 * VALIDATION_ERROR, IDEMPOTENCY_KEY_REUSED...; from the adapters: NETWORK_ERROR (sent to the
 * offline queue instead), QUEUE_FAILED (the offline queue could not store it), UNKNOWN_ERROR
 * (an adapter threw).
 */
export type FormWizardErrorCode =
  | 'ALREADY_ANSWERED'
  | 'NOT_FOUND'
  | 'VALIDATION_ERROR'
  | 'NETWORK_ERROR'
  | 'QUEUE_FAILED'
  | 'UNKNOWN_ERROR'
  | (string & {});

/** What the user has entered, keyed by part id (opaque to the machine). */
export type FormWizardValues = Readonly<Record<string, unknown>>;

/** The questionnaire the wizard shows (`wizard.open`). */
export interface WizardForm {
  /** The questionnaire's id. */
  id: number;
  /** Tells versions apart (another payload, another language): a new version starts over. */
  version: string;
  /** How many steps the questionnaire has (at least 1). */
  stepCount: number;
  /** The questionnaire as the adapters read it (title, parts); opaque to the machine. */
  definition: unknown;
}

export interface FormWizardInput {
  form: WizardForm;
  /** Values to start from (a draft); none by default. */
  values?: FormWizardValues;
  /** The step to start on (a draft's); the first by default, kept within the form's steps. */
  step?: number;
}

/** Where the member is in a questionnaire, kept by `saveDraft` so a reload goes on from there. */
export interface FormDraft {
  form: WizardForm;
  step: number;
  values: FormWizardValues;
  /** The verified member the draft is kept for; null: nobody (nothing is kept). */
  userId: number | null;
}

/** Input of `validateStep`: the form, the step (0-based) and every value entered so far. */
export interface ValidateStepInput {
  form: WizardForm;
  step: number;
  values: FormWizardValues;
}

/** Output of `validateStep`: whether the step may be left, and if not which parts are wrong. */
export type ValidateStepOutput = { valid: true } | { valid: false; invalidPartIds: string[] };

/** Input of `submitAnswers` and `queueSubmission`: the values and the submission's key. */
export interface SubmitAnswersInput {
  form: WizardForm;
  values: FormWizardValues;
  idempotencyKey: string;
}

/** Input of `queueSubmission`: the submission, and the member whose offline queue keeps it. */
export interface QueueSubmissionInput extends SubmitAnswersInput {
  userId: number | null;
}

/**
 * Output of `submitAnswers` (POST /web/questionnaires/{id}/answers). Refusals and
 * NETWORK_ERROR come back as data.
 */
export type SubmitAnswersOutput = { ok: true; pipsEarned: number } | { ok: false; code: FormWizardErrorCode };

/** Output of `queueSubmission` (the offline form queue). */
export type QueueSubmissionOutput = { ok: true } | { ok: false; code: FormWizardErrorCode };

export interface FormWizardContext {
  /** The questionnaire shown; null until one is opened. */
  form: WizardForm | null;
  stepCount: number;
  /** The step shown, 0-based. */
  step: number;
  values: FormWizardValues;
  /** What the last next/submit asked for, once its step validates. */
  intent: 'next' | 'submit';
  /** The last submit was made while offline: it goes straight to the offline queue. */
  offline: boolean;
  /**
   * The key of the current submission: made once when the user submits, kept for retries while
   * the answers stay the same (so a replay is never counted twice), dropped when an answer changes.
   */
  idempotencyKey: string | null;
  pipsEarned: number | null;
  errorCode: FormWizardErrorCode | null;
  /** The verified member, as the app root last told it (kept when a questionnaire opens or closes). */
  userId: number | null;
}

export type FormWizardEvent =
  /**
   * The member opened a questionnaire: another one (or another version) starts over; the same
   * one goes on where the member left it.
   */
  | {
      type: 'wizard.open';
      form: WizardForm;
      /** A saved draft of this version: its answers, and the step the member was on (0-based). */
      values?: FormWizardValues;
      step?: number;
    }
  /** The member's session ended: the answers go. */
  | { type: 'wizard.close' }
  /** The verified member changed (sent by the app root). */
  | { type: 'member.changed'; userId: number | null }
  | { type: 'user.answer'; partId: string; value: unknown }
  | { type: 'user.next' }
  | { type: 'user.previous' }
  | {
      type: 'user.submit';
      /** A fresh key (`crypto.randomUUID()`), used unless the same answers already have one. */
      idempotencyKey: string;
      /** navigator.onLine as the user pressed submit. */
      online: boolean;
    };
