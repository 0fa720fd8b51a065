import type { ChoiceOption, FormDefinition, FormPart, FormStep, PartType } from './formDefinition';
import { partTypes } from './formDefinition';
import { isIsoDate } from './isoDate';

/** openapi.yaml limits of a QuestionnairePayload. */
export const payloadLimits = {
  maxSteps: 50,
  maxPartsPerStep: 50,
  minOptions: 2,
  maxOptions: 50,
  maxOptionValueLength: 64,
  defaultTextMaxLength: 1000,
  maxTextMaxLength: 5000,
  defaultRatingMax: 5,
  minRatingMax: 3,
  maxRatingMax: 10,
} as const;

const partIdPattern = /^[A-Za-z0-9_-]{1,64}$/;

export type ParsedPayload = { ok: true; form: FormDefinition } | { ok: false; reason: string };

/** Thrown inside the parser only; `parseQuestionnairePayload` turns it into `{ ok: false }`. */
class Malformed extends Error {}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const isNonBlank = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';
const isInteger = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);

function fail(reason: string): never {
  throw new Malformed(reason);
}

function optionalString(value: unknown, where: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') fail(`${where} is not a string`);
  return value.trim() === '' ? undefined : value;
}

function optionalBoolean(value: unknown, where: string): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value !== 'boolean') fail(`${where} is not a boolean`);
  return value;
}

function optionalInteger(value: unknown, where: string, min: number, max: number): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isInteger(value) || value < min || value > max) fail(`${where} is not an integer from ${min} to ${max}`);
  return value;
}

function parseOptions(value: unknown, where: string): ChoiceOption[] {
  const { minOptions, maxOptions, maxOptionValueLength } = payloadLimits;
  if (!Array.isArray(value) || value.length < minOptions || value.length > maxOptions) {
    fail(`${where}.options needs ${minOptions} to ${maxOptions} options`);
  }
  const seen = new Set<string>();
  return value.map((option, i) => {
    if (!isObject(option)) fail(`${where}.options[${i}] is not an object`);
    const { value: optionValue, label } = option;
    if (typeof optionValue !== 'string' || optionValue === '' || optionValue.length > maxOptionValueLength) {
      fail(`${where}.options[${i}].value is not a string of 1 to ${maxOptionValueLength} characters`);
    }
    if (seen.has(optionValue)) fail(`${where}.options[${i}].value "${optionValue}" is repeated`);
    seen.add(optionValue);
    if (!isNonBlank(label)) fail(`${where}.options[${i}].label is empty`);
    return { value: optionValue, label };
  });
}

function parseBound(value: unknown, where: string, kind: 'number' | 'date'): number | string | undefined {
  if (value === undefined || value === null) return undefined;
  if (kind === 'number' && !(typeof value === 'number' && Number.isFinite(value))) fail(`${where} is not a number`);
  if (kind === 'date' && !isIsoDate(value)) fail(`${where} is not a YYYY-MM-DD date`);
  return value as number | string;
}

function parsePart(value: unknown, where: string): FormPart {
  if (!isObject(value)) fail(`${where} is not an object`);
  const { id, type, label } = value;
  if (typeof id !== 'string' || !partIdPattern.test(id)) fail(`${where}.id is not 1 to 64 of A-Z a-z 0-9 _ -`);
  if (typeof type !== 'string' || !partTypes.includes(type as PartType)) fail(`${where}.type "${String(type)}" is unknown`);
  if (!isNonBlank(label)) fail(`${where}.label is empty`);
  const base = {
    id,
    label,
    help: optionalString(value.help, `${where}.help`),
    required: optionalBoolean(value.required, `${where}.required`),
  };
  if (base.help === undefined) delete base.help;

  switch (type as PartType) {
    case 'singleChoice':
      return { ...base, type: 'singleChoice', options: parseOptions(value.options, where) };
    case 'multipleChoice': {
      const options = parseOptions(value.options, where);
      const minSelected = optionalInteger(value.minSelected, `${where}.minSelected`, 0, options.length) ?? 0;
      const maxSelected = Math.min(
        optionalInteger(value.maxSelected, `${where}.maxSelected`, 1, Number.MAX_SAFE_INTEGER) ?? options.length,
        options.length,
      );
      if (minSelected > maxSelected) fail(`${where}.minSelected is above maxSelected`);
      return { ...base, type: 'multipleChoice', options, minSelected, maxSelected };
    }
    case 'text':
      return {
        ...base,
        type: 'text',
        multiline: optionalBoolean(value.multiline, `${where}.multiline`),
        maxLength:
          optionalInteger(value.maxLength, `${where}.maxLength`, 1, payloadLimits.maxTextMaxLength) ??
          payloadLimits.defaultTextMaxLength,
      };
    case 'number': {
      const min = parseBound(value.min, `${where}.min`, 'number') as number | undefined;
      const max = parseBound(value.max, `${where}.max`, 'number') as number | undefined;
      if (min !== undefined && max !== undefined && min > max) fail(`${where}.min is above max`);
      const integer = optionalBoolean(value.integer, `${where}.integer`);
      return { ...base, type: 'number', integer, ...(min !== undefined && { min }), ...(max !== undefined && { max }) };
    }
    case 'rating': {
      const { minRatingMax, maxRatingMax, defaultRatingMax } = payloadLimits;
      const max = optionalInteger(value.max, `${where}.max`, minRatingMax, maxRatingMax) ?? defaultRatingMax;
      return { ...base, type: 'rating', max };
    }
    case 'date': {
      const min = parseBound(value.min, `${where}.min`, 'date') as string | undefined;
      const max = parseBound(value.max, `${where}.max`, 'date') as string | undefined;
      if (min !== undefined && max !== undefined && min > max) fail(`${where}.min is after max`);
      return { ...base, type: 'date', ...(min !== undefined && { min }), ...(max !== undefined && { max }) };
    }
  }
}

function parseStep(value: unknown, where: string): FormStep {
  if (!isObject(value)) fail(`${where} is not an object`);
  const { parts } = value;
  if (!Array.isArray(parts) || parts.length < 1 || parts.length > payloadLimits.maxPartsPerStep) {
    fail(`${where}.parts needs 1 to ${payloadLimits.maxPartsPerStep} parts`);
  }
  const title = optionalString(value.title, `${where}.title`);
  const step: FormStep = { parts: parts.map((part, i) => parsePart(part, `${where}.parts[${i}]`)) };
  return title === undefined ? step : { title, ...step };
}

/**
 * Reads a Questionnaire's `payload` text. Never throws: anything that is not a well-formed
 * QuestionnairePayload (bad JSON, unknown part type, too few options, repeated part ids,
 * impossible bounds) comes back as `{ ok: false, reason }`, which the screen shows as
 * 'Form not found'. Unknown extra fields are ignored.
 */
export function parseQuestionnairePayload(text: unknown): ParsedPayload {
  try {
    if (typeof text !== 'string') fail('payload is not a string');
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      fail('payload is not JSON');
    }
    if (!isObject(json)) fail('payload is not an object');
    if (!isNonBlank(json.title)) fail('title is empty');
    const { steps } = json;
    if (!Array.isArray(steps) || steps.length < 1 || steps.length > payloadLimits.maxSteps) {
      fail(`steps needs 1 to ${payloadLimits.maxSteps} steps`);
    }
    const form: FormDefinition = {
      title: json.title,
      steps: steps.map((step, i) => parseStep(step, `steps[${i}]`)),
    };
    const description = optionalString(json.description, 'description');
    if (description !== undefined) form.description = description;

    const ids = new Set<string>();
    for (const part of form.steps.flatMap((step) => step.parts)) {
      if (ids.has(part.id)) fail(`part id "${part.id}" is repeated`);
      ids.add(part.id);
    }
    return { ok: true, form };
  } catch (error) {
    return { ok: false, reason: error instanceof Malformed ? error.message : 'payload could not be read' };
  }
}
