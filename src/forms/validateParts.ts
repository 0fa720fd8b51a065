import { cleanText } from '../validation/text';
import type {
  DatePart,
  FormAnswers,
  FormDefinition,
  FormPart,
  FormStep,
  FormValue,
  FormValues,
  MultipleChoicePart,
  NumberPart,
  RatingPart,
  TextPart,
} from './formDefinition';
import { isIsoDate } from './isoDate';

/**
 * Why a part's value cannot be sent. Screens turn these into messages in the user's language
 * (`pages.forms.error.*`); the numbers and dates they carry fill the message in.
 */
export type PartError =
  | { code: 'required' }
  | { code: 'invalidOption' }
  | { code: 'tooFewSelected'; min: number }
  | { code: 'tooManySelected'; max: number }
  | { code: 'tooLong'; max: number }
  | { code: 'notANumber' }
  | { code: 'notAWholeNumber' }
  | { code: 'numberOutOfRange'; min: number; max: number }
  | { code: 'numberTooSmall'; min: number }
  | { code: 'numberTooLarge'; max: number }
  | { code: 'invalidRating'; max: number }
  | { code: 'invalidDate' }
  | { code: 'dateOutOfRange'; min: string; max: string }
  | { code: 'dateTooEarly'; min: string }
  | { code: 'dateTooLate'; max: string };

export type PartErrorCode = PartError['code'];

export type FormAnswer = FormAnswers[string];

/** What a value makes of a part: nothing entered, an answer to send, or an error. */
type Reading = { kind: 'empty' } | { kind: 'answer'; answer: FormAnswer } | { kind: 'error'; error: PartError };

const empty: Reading = { kind: 'empty' };
const answer = (value: FormAnswer): Reading => ({ kind: 'answer', answer: value });
const error = (e: PartError): Reading => ({ kind: 'error', error: e });

const asString = (value: FormValue | undefined): string => (typeof value === 'string' ? value : '');

/** Decimal numbers as people type them: '3', '-2', '3.5', and '3,5' (decimal comma). */
const numberPattern = /^[+-]?(\d+([.,]\d*)?|[.,]\d+)$/;

/** Reads what a user typed into a number part; NaN when it is not a number. */
export function parseNumberInput(raw: string): number {
  const text = cleanText(raw);
  return numberPattern.test(text) ? Number(text.replace(',', '.')) : Number.NaN;
}

function readChoice(options: readonly { value: string }[], value: FormValue | undefined): Reading {
  const chosen = asString(value);
  if (chosen === '') return empty;
  return options.some((option) => option.value === chosen) ? answer(chosen) : error({ code: 'invalidOption' });
}

function readMultipleChoice(part: MultipleChoicePart, value: FormValue | undefined): Reading {
  const picked = Array.isArray(value) ? [...new Set(value)] : [];
  if (picked.some((v) => !part.options.some((option) => option.value === v))) return error({ code: 'invalidOption' });
  if (picked.length === 0) return empty;
  if (picked.length < part.minSelected) return error({ code: 'tooFewSelected', min: part.minSelected });
  if (picked.length > part.maxSelected) return error({ code: 'tooManySelected', max: part.maxSelected });
  // In the order the options are listed, whatever order they were ticked in.
  return answer(part.options.map((option) => option.value).filter((v) => picked.includes(v)));
}

function readText(part: TextPart, value: FormValue | undefined): Reading {
  const text = cleanText(asString(value));
  if (text === '') return empty;
  return text.length > part.maxLength ? error({ code: 'tooLong', max: part.maxLength }) : answer(text);
}

function readNumber(part: NumberPart, value: FormValue | undefined): Reading {
  const raw = typeof value === 'number' ? String(value) : asString(value);
  if (cleanText(raw) === '') return empty;
  const n = parseNumberInput(raw);
  if (!Number.isFinite(n)) return error({ code: 'notANumber' });
  if (part.integer && !Number.isInteger(n)) return error({ code: 'notAWholeNumber' });
  const { min, max } = part;
  const below = min !== undefined && n < min;
  const above = max !== undefined && n > max;
  if ((below || above) && min !== undefined && max !== undefined) return error({ code: 'numberOutOfRange', min, max });
  if (below) return error({ code: 'numberTooSmall', min: min as number });
  if (above) return error({ code: 'numberTooLarge', max: max as number });
  return answer(n);
}

function readRating(part: RatingPart, value: FormValue | undefined): Reading {
  if (value === undefined || value === '' || value === 0) return empty;
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= part.max
    ? answer(value)
    : error({ code: 'invalidRating', max: part.max });
}

function readDate(part: DatePart, value: FormValue | undefined): Reading {
  const date = asString(value).trim();
  if (date === '') return empty;
  if (!isIsoDate(date)) return error({ code: 'invalidDate' });
  const { min, max } = part;
  const early = min !== undefined && date < min;
  const late = max !== undefined && date > max;
  if ((early || late) && min !== undefined && max !== undefined) return error({ code: 'dateOutOfRange', min, max });
  if (early) return error({ code: 'dateTooEarly', min: min as string });
  if (late) return error({ code: 'dateTooLate', max: max as string });
  return answer(date);
}

function read(part: FormPart, value: FormValue | undefined): Reading {
  switch (part.type) {
    case 'singleChoice':
      return readChoice(part.options, value);
    case 'multipleChoice':
      return readMultipleChoice(part, value);
    case 'text':
      return readText(part, value);
    case 'number':
      return readNumber(part, value);
    case 'rating':
      return readRating(part, value);
    case 'date':
      return readDate(part, value);
  }
}

/**
 * Checks one part's value: null when it may be sent (an optional part may be empty), otherwise
 * the first rule it breaks.
 */
export function validatePart(part: FormPart, value: FormValue | undefined): PartError | null {
  const reading = read(part, value);
  if (reading.kind === 'error') return reading.error;
  if (reading.kind === 'empty' && part.required) return { code: 'required' };
  return null;
}

/** The errors of a step's parts, keyed by part id; empty when the step may be left. */
export function validateStep(step: FormStep, values: FormValues): Record<string, PartError> {
  const errors: Record<string, PartError> = {};
  for (const part of step.parts) {
    const partError = validatePart(part, values[part.id]);
    if (partError) errors[part.id] = partError;
  }
  return errors;
}

export function isStepValid(step: FormStep, values: FormValues): boolean {
  return Object.keys(validateStep(step, values)).length === 0;
}

/**
 * The answers to send, keyed by part id, from every step: text trimmed, numbers parsed, the
 * choices of a multiple-choice part in the order of its options; empty parts left out. Assumes
 * the steps validate (a part in error is left out too).
 */
export function toAnswers(form: FormDefinition, values: FormValues): FormAnswers {
  const answers: FormAnswers = {};
  for (const part of form.steps.flatMap((step) => step.parts)) {
    const reading = read(part, values[part.id]);
    if (reading.kind === 'answer') answers[part.id] = reading.answer;
  }
  return answers;
}
