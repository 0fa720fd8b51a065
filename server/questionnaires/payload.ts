import type { LocalizedText } from '../db/schema';
import { isLocalizedText } from '../i18n/localized';

/**
 * The QuestionnairePayload of openapi.yaml as the operator writes it: any text may be a plain
 * string or { en, es? } (resolved per caller before it is sent). `parsePayload` checks one
 * before it is stored; `validateAnswers` checks a member's answers against it.
 */

export const PART_TYPES = ['singleChoice', 'multipleChoice', 'text', 'number', 'rating', 'date'] as const;
export type PartType = (typeof PART_TYPES)[number];

export interface QuestionnaireOption {
  value: string;
  label: LocalizedText;
}

export interface QuestionnairePart {
  id: string;
  type: PartType;
  label: LocalizedText;
  help?: LocalizedText;
  required?: boolean;
  /** singleChoice, multipleChoice. */
  options?: QuestionnaireOption[];
  /** multipleChoice. */
  minSelected?: number;
  maxSelected?: number;
  /** text. */
  multiline?: boolean;
  maxLength?: number;
  /** number (a number) or date ('YYYY-MM-DD'). */
  min?: number | string;
  /** number, rating (top of the scale, 3..10) or date. */
  max?: number | string;
  /** number. */
  integer?: boolean;
}

export interface QuestionnaireStep {
  title?: LocalizedText;
  parts: QuestionnairePart[];
}

export interface QuestionnairePayload {
  title: LocalizedText;
  description?: LocalizedText;
  steps: QuestionnaireStep[];
}

/** One cleaned answer: what the part's type takes. */
export type AnswerValue = string | string[] | number;
export type Answers = Record<string, AnswerValue>;

export type ParsedPayload = { ok: true; payload: QuestionnairePayload } | { ok: false; errors: string[] };
export type ValidatedAnswers = { ok: true; answers: Answers } | { ok: false; message: string };

export const DEFAULT_TEXT_MAX_LENGTH = 1000;
export const MAX_TEXT_MAX_LENGTH = 5000;
export const DEFAULT_RATING_MAX = 5;
export const RATING_MAX_RANGE = { min: 3, max: 10 } as const;
const MAX_STEPS = 50;
const MAX_PARTS_PER_STEP = 50;
const MAX_OPTIONS = 50;
const PART_ID = /^[A-Za-z0-9_-]{1,64}$/;

const COMMON_KEYS = ['id', 'type', 'label', 'help', 'required'];
/** The keys each part type takes besides the common ones (anything else is an operator's mistake). */
const TYPE_KEYS: Record<PartType, string[]> = {
  singleChoice: ['options'],
  multipleChoice: ['options', 'minSelected', 'maxSelected'],
  text: ['multiline', 'maxLength'],
  number: ['min', 'max', 'integer'],
  rating: ['max'],
  date: ['min', 'max'],
};

/** Whether a value is a real calendar date written 'YYYY-MM-DD'. */
export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [year, month, day] = value.split('-').map(Number);
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day); // not Date.UTC, which reads years 0-99 as 1900-1999
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const has = (object: Record<string, unknown>, key: string) => Object.hasOwn(object, key) && object[key] !== undefined;

/** Every text of a LocalizedText, for the "not blank" checks. */
const textsOf = (text: LocalizedText) => (typeof text === 'string' ? [text] : [text.en, ...(text.es === undefined ? [] : [text.es])]);

/** Checks a stored or uploaded payload; every problem is reported with its path. */
export function parsePayload(value: unknown): ParsedPayload {
  const errors: string[] = [];
  const error = (path: string, message: string) => errors.push(`${path}: ${message}`);

  const text = (object: Record<string, unknown>, key: string, path: string, required: boolean) => {
    if (!has(object, key)) {
      if (required) error(`${path}${key}`, 'is required');
      return;
    }
    const item = object[key];
    if (!isLocalizedText(item)) error(`${path}${key}`, 'must be a text or { "en": "...", "es": "..." }');
    else if (required && textsOf(item).some((t) => t.trim() === '')) error(`${path}${key}`, 'must not be empty');
  };
  const unknownKeys = (object: Record<string, unknown>, allowed: string[], path: string) => {
    for (const key of Object.keys(object)) if (!allowed.includes(key)) error(`${path}${key}`, 'is not a known field');
  };
  const integerIn = (object: Record<string, unknown>, key: string, path: string, min: number, max: number) => {
    if (!has(object, key)) return undefined;
    const item = object[key];
    if (typeof item !== 'number' || !Number.isInteger(item) || item < min || item > max) {
      error(`${path}${key}`, `must be a whole number from ${min} to ${max}`);
      return undefined;
    }
    return item;
  };
  const boolean = (object: Record<string, unknown>, key: string, path: string) => {
    if (has(object, key) && typeof object[key] !== 'boolean') error(`${path}${key}`, 'must be true or false');
  };

  if (!isObject(value)) return { ok: false, errors: ['payload: must be an object with title and steps'] };
  unknownKeys(value, ['title', 'description', 'steps'], '');
  text(value, 'title', '', true);
  text(value, 'description', '', false);

  const steps = value.steps;
  const partIds = new Set<string>();
  if (!Array.isArray(steps) || steps.length < 1 || steps.length > MAX_STEPS) {
    error('steps', `must be a list of 1 to ${MAX_STEPS} steps`);
  } else {
    steps.forEach((step, s) => {
      const stepPath = `steps[${s}].`;
      if (!isObject(step)) {
        error(`steps[${s}]`, 'must be an object with parts');
        return;
      }
      unknownKeys(step, ['title', 'parts'], stepPath);
      text(step, 'title', stepPath, false);
      const parts = step.parts;
      if (!Array.isArray(parts) || parts.length < 1 || parts.length > MAX_PARTS_PER_STEP) {
        error(`${stepPath}parts`, `must be a list of 1 to ${MAX_PARTS_PER_STEP} parts`);
        return;
      }
      parts.forEach((part, p) => checkPart(part, `${stepPath}parts[${p}]`));
    });
  }

  function checkPart(part: unknown, at: string) {
    if (!isObject(part)) {
      error(at, 'must be an object with id, type and label');
      return;
    }
    const path = `${at}.`;
    const id = part.id;
    if (typeof id !== 'string' || !PART_ID.test(id)) {
      error(`${path}id`, 'must be 1 to 64 of A-Z a-z 0-9 _ -');
    } else if (partIds.has(id)) {
      error(`${path}id`, `"${id}" is used by another part`);
    } else {
      partIds.add(id);
    }
    const type = part.type;
    if (typeof type !== 'string' || !(PART_TYPES as readonly string[]).includes(type)) {
      error(`${path}type`, `must be one of ${PART_TYPES.join(', ')}`);
      return;
    }
    const partType = type as PartType;
    unknownKeys(part, [...COMMON_KEYS, ...TYPE_KEYS[partType]], path);
    text(part, 'label', path, true);
    text(part, 'help', path, false);
    boolean(part, 'required', path);

    switch (partType) {
      case 'singleChoice':
      case 'multipleChoice': {
        const count = checkOptions(part.options, `${path}options`);
        if (partType === 'multipleChoice') {
          const top = count ?? MAX_OPTIONS;
          const min = integerIn(part, 'minSelected', path, 0, top);
          const max = integerIn(part, 'maxSelected', path, 1, top);
          if (min !== undefined && max !== undefined && min > max) error(`${path}minSelected`, 'must not be above maxSelected');
        }
        break;
      }
      case 'text':
        boolean(part, 'multiline', path);
        integerIn(part, 'maxLength', path, 1, MAX_TEXT_MAX_LENGTH);
        break;
      case 'number': {
        boolean(part, 'integer', path);
        const bound = (key: 'min' | 'max') => {
          if (!has(part, key)) return undefined;
          const item = part[key];
          if (typeof item !== 'number' || !Number.isFinite(item)) {
            error(`${path}${key}`, 'must be a number');
            return undefined;
          }
          return item;
        };
        const min = bound('min');
        const max = bound('max');
        if (min !== undefined && max !== undefined) {
          if (min > max) error(`${path}min`, 'must not be above max');
          else if (part.integer === true && Math.ceil(min) > Math.floor(max)) error(`${path}min`, 'leaves no whole number up to max');
        }
        break;
      }
      case 'rating':
        integerIn(part, 'max', path, RATING_MAX_RANGE.min, RATING_MAX_RANGE.max);
        break;
      case 'date': {
        const bound = (key: 'min' | 'max') => {
          if (!has(part, key)) return undefined;
          const item = part[key];
          if (!isCalendarDate(item)) {
            error(`${path}${key}`, 'must be a date YYYY-MM-DD');
            return undefined;
          }
          return item;
        };
        const min = bound('min');
        const max = bound('max');
        if (min !== undefined && max !== undefined && min > max) error(`${path}min`, 'must not be after max');
        break;
      }
    }
  }

  /** The number of options when they are valid. */
  function checkOptions(options: unknown, path: string): number | undefined {
    if (!Array.isArray(options) || options.length < 2 || options.length > MAX_OPTIONS) {
      error(path, `must be a list of 2 to ${MAX_OPTIONS} options`);
      return undefined;
    }
    const values = new Set<string>();
    let valid = true;
    options.forEach((option, o) => {
      const at = `${path}[${o}]`;
      if (!isObject(option)) {
        error(at, 'must be an object with value and label');
        valid = false;
        return;
      }
      unknownKeys(option, ['value', 'label'], `${at}.`);
      const optionValue = option.value;
      if (typeof optionValue !== 'string' || optionValue.length < 1 || optionValue.length > 64) {
        error(`${at}.value`, 'must be a text of 1 to 64 characters');
        valid = false;
      } else if (values.has(optionValue)) {
        error(`${at}.value`, `"${optionValue}" is used by another option`);
        valid = false;
      } else {
        values.add(optionValue);
      }
      text(option, 'label', `${at}.`, true);
    });
    return valid ? options.length : undefined;
  }

  return errors.length > 0 ? { ok: false, errors } : { ok: true, payload: value as unknown as QuestionnairePayload };
}

/** Every part of a payload, in the order they are shown. */
export const partsOf = (payload: QuestionnairePayload): QuestionnairePart[] => payload.steps.flatMap((step) => step.parts);

/** What a client sends for a part left empty (treated as not answered). */
const isEmpty = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);

/**
 * The shape every answer has whatever the payload: an object of texts, numbers and flat lists
 * (nothing deeper), checked before anything walks the answers. Returns the problem, if any.
 */
export function answersShapeProblem(answers: unknown): string | undefined {
  if (!isObject(answers)) return 'answers: must be an object keyed by part id';
  const flat = (value: unknown) => value === null || ['string', 'number', 'boolean'].includes(typeof value);
  for (const [key, value] of Object.entries(answers)) {
    if (!flat(value) && !(Array.isArray(value) && value.every(flat))) return `${key}: must be a text, a number or a list of option values`;
  }
  return undefined;
}

/**
 * Checks a member's answers against a (parsed) payload: required parts answered, each answer of
 * its part's type and within its bounds, no answer for a part that does not exist. Returns the
 * answers in payload order with the empty optional ones left out, or the first problem as
 * 'partId: reason'.
 */
export function validateAnswers(payload: QuestionnairePayload, answers: unknown): ValidatedAnswers {
  if (!isObject(answers)) return { ok: false, message: 'answers: must be an object keyed by part id' };
  const parts = partsOf(payload);
  const known = new Set(parts.map((part) => part.id));
  for (const key of Object.keys(answers)) {
    if (!known.has(key)) return { ok: false, message: `${key}: is not a part of this questionnaire` };
  }
  const cleaned: Answers = {};
  for (const part of parts) {
    const value = Object.hasOwn(answers, part.id) ? answers[part.id] : undefined;
    if (isEmpty(value)) {
      if (part.required === true) return { ok: false, message: `${part.id}: is required` };
      continue;
    }
    const checked = checkAnswer(part, value);
    if ('reason' in checked) return { ok: false, message: `${part.id}: ${checked.reason}` };
    cleaned[part.id] = checked.value;
  }
  return { ok: true, answers: cleaned };
}

function checkAnswer(part: QuestionnairePart, value: unknown): { value: AnswerValue } | { reason: string } {
  const fail = (reason: string) => ({ reason });
  const optionValues = (part.options ?? []).map((option) => option.value);
  switch (part.type) {
    case 'singleChoice':
      if (typeof value !== 'string') return fail('must be one option value');
      if (!optionValues.includes(value)) return fail(`"${value}" is not one of its options`);
      return { value };
    case 'multipleChoice': {
      if (!Array.isArray(value) || !value.every((item): item is string => typeof item === 'string')) {
        return fail('must be a list of option values');
      }
      const unknown = value.find((item) => !optionValues.includes(item));
      if (unknown !== undefined) return fail(`"${unknown}" is not one of its options`);
      if (new Set(value).size !== value.length) return fail('lists an option twice');
      const min = part.minSelected ?? 0;
      const max = part.maxSelected ?? optionValues.length;
      if (value.length < min) return fail(`choose at least ${min}`);
      if (value.length > max) return fail(`choose at most ${max}`);
      return { value };
    }
    case 'text': {
      if (typeof value !== 'string') return fail('must be a text');
      const maxLength = part.maxLength ?? DEFAULT_TEXT_MAX_LENGTH;
      if (value.length > maxLength) return fail(`must be at most ${maxLength} characters`);
      return { value };
    }
    case 'number': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return fail('must be a number');
      if (part.integer === true && !Number.isInteger(value)) return fail('must be a whole number');
      if (typeof part.min === 'number' && value < part.min) return fail(`must be at least ${part.min}`);
      if (typeof part.max === 'number' && value > part.max) return fail(`must be at most ${part.max}`);
      return { value };
    }
    case 'rating': {
      const max = typeof part.max === 'number' ? part.max : DEFAULT_RATING_MAX;
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > max) {
        return fail(`must be a whole number from 1 to ${max}`);
      }
      return { value };
    }
    case 'date': {
      if (!isCalendarDate(value)) return fail('must be a date YYYY-MM-DD');
      if (typeof part.min === 'string' && value < part.min) return fail(`must be on or after ${part.min}`);
      if (typeof part.max === 'string' && value > part.max) return fail(`must be on or before ${part.max}`);
      return { value };
    }
  }
}
