import { describe, expect, it } from 'vitest';
import {
  isIsoDate,
  isStepValid,
  parseNumberInput,
  toAnswers,
  validatePart,
  validateStep,
  type DatePart,
  type FormDefinition,
  type MultipleChoicePart,
  type NumberPart,
  type RatingPart,
  type SingleChoicePart,
  type TextPart,
} from '../../../src/forms';

const options = [
  { value: 'a', label: 'A' },
  { value: 'b', label: 'B' },
  { value: 'c', label: 'C' },
  { value: 'd', label: 'D' },
];
const single = (required = false): SingleChoicePart => ({ id: 'single', type: 'singleChoice', label: 'Pick', required, options });
const multiple = (fields: Partial<MultipleChoicePart> = {}): MultipleChoicePart => ({
  id: 'multiple',
  type: 'multipleChoice',
  label: 'Pick some',
  required: false,
  options,
  minSelected: 0,
  maxSelected: 4,
  ...fields,
});
const text = (fields: Partial<TextPart> = {}): TextPart => ({ id: 'text', type: 'text', label: 'Say', required: false, multiline: false, maxLength: 10, ...fields });
const number = (fields: Partial<NumberPart> = {}): NumberPart => ({ id: 'number', type: 'number', label: 'Count', required: false, integer: false, ...fields });
const rating = (fields: Partial<RatingPart> = {}): RatingPart => ({ id: 'rating', type: 'rating', label: 'Rate', required: false, max: 5, ...fields });
const date = (fields: Partial<DatePart> = {}): DatePart => ({ id: 'date', type: 'date', label: 'When', required: false, ...fields });

describe('singleChoice', () => {
  it('accepts one of its options', () => {
    expect(validatePart(single(true), 'b')).toBeNull();
  });
  it('requires a choice only when required', () => {
    expect(validatePart(single(true), undefined)).toEqual({ code: 'required' });
    expect(validatePart(single(true), '')).toEqual({ code: 'required' });
    expect(validatePart(single(false), undefined)).toBeNull();
  });
  it('refuses a value that is not an option', () => {
    expect(validatePart(single(), 'z')).toEqual({ code: 'invalidOption' });
    expect(validatePart(single(), 'A')).toEqual({ code: 'invalidOption' });
  });
  it('treats a value of the wrong shape as nothing chosen', () => {
    expect(validatePart(single(true), ['a'])).toEqual({ code: 'required' });
  });
});

describe('multipleChoice', () => {
  it('accepts any number of options by default, none when optional', () => {
    expect(validatePart(multiple(), [])).toBeNull();
    expect(validatePart(multiple(), undefined)).toBeNull();
    expect(validatePart(multiple(), ['a', 'b', 'c', 'd'])).toBeNull();
  });
  it('requires at least one when required', () => {
    expect(validatePart(multiple({ required: true }), [])).toEqual({ code: 'required' });
    expect(validatePart(multiple({ required: true }), ['c'])).toBeNull();
  });
  it('keeps to minSelected and maxSelected, counting each option once', () => {
    const part = multiple({ minSelected: 2, maxSelected: 3 });
    expect(validatePart(part, ['a'])).toEqual({ code: 'tooFewSelected', min: 2 });
    expect(validatePart(part, ['a', 'a'])).toEqual({ code: 'tooFewSelected', min: 2 });
    expect(validatePart(part, ['a', 'b'])).toBeNull();
    expect(validatePart(part, ['a', 'b', 'c'])).toBeNull();
    expect(validatePart(part, ['a', 'b', 'c', 'd'])).toEqual({ code: 'tooManySelected', max: 3 });
  });
  it('lets an optional part with a minimum stay empty', () => {
    expect(validatePart(multiple({ minSelected: 2 }), [])).toBeNull();
  });
  it('refuses values that are not options', () => {
    expect(validatePart(multiple(), ['a', 'zz'])).toEqual({ code: 'invalidOption' });
  });
});

describe('text', () => {
  it('trims and removes zero-width characters before checking', () => {
    expect(validatePart(text({ required: true }), '   \u200B ')).toEqual({ code: 'required' });
    expect(validatePart(text({ maxLength: 3 }), '  abc  ')).toBeNull();
  });
  it('refuses more than maxLength characters', () => {
    expect(validatePart(text({ maxLength: 10 }), 'x'.repeat(10))).toBeNull();
    expect(validatePart(text({ maxLength: 10 }), 'x'.repeat(11))).toEqual({ code: 'tooLong', max: 10 });
  });
  it('may be left empty when optional', () => {
    expect(validatePart(text(), '')).toBeNull();
    expect(validatePart(text(), undefined)).toBeNull();
  });
});

describe('number', () => {
  it.each([
    ['3', 3],
    [' -2 ', -2],
    ['+4', 4],
    ['3.5', 3.5],
    ['3,5', 3.5],
    ['.5', 0.5],
    ['7.', 7],
    ['0', 0],
  ])('reads %j as %d', (raw, value) => {
    expect(parseNumberInput(raw)).toBe(value);
  });
  it.each(['abc', '1e3', '1.2.3', '--1', '1 000', '0x10', 'Infinity', '', '.', '3,5,1'])('does not read %j', (raw) => {
    expect(parseNumberInput(raw)).toBeNaN();
  });

  it('says when the text is not a number', () => {
    expect(validatePart(number(), 'twelve')).toEqual({ code: 'notANumber' });
  });
  it('requires a number only when required', () => {
    expect(validatePart(number({ required: true }), '  ')).toEqual({ code: 'required' });
    expect(validatePart(number(), '')).toBeNull();
  });
  it('refuses fractions for whole-number parts', () => {
    expect(validatePart(number({ integer: true }), '2.5')).toEqual({ code: 'notAWholeNumber' });
    expect(validatePart(number({ integer: true }), '2.0')).toBeNull();
    expect(validatePart(number({ integer: true }), '-3')).toBeNull();
  });
  it('keeps to min and max, both inclusive', () => {
    const part = number({ min: 1, max: 10 });
    expect(validatePart(part, '1')).toBeNull();
    expect(validatePart(part, '10')).toBeNull();
    expect(validatePart(part, '0.99')).toEqual({ code: 'numberOutOfRange', min: 1, max: 10 });
    expect(validatePart(part, '10.01')).toEqual({ code: 'numberOutOfRange', min: 1, max: 10 });
    expect(validatePart(number({ min: 0 }), '-1')).toEqual({ code: 'numberTooSmall', min: 0 });
    expect(validatePart(number({ max: 100 }), '101')).toEqual({ code: 'numberTooLarge', max: 100 });
  });
  it('accepts a number value as well as text', () => {
    expect(validatePart(number({ max: 5 }), 4)).toBeNull();
    expect(validatePart(number({ max: 5 }), 6)).toEqual({ code: 'numberTooLarge', max: 5 });
  });
});

describe('rating', () => {
  it('accepts whole stars from 1 to max', () => {
    expect(validatePart(rating(), 1)).toBeNull();
    expect(validatePart(rating(), 5)).toBeNull();
    expect(validatePart(rating({ max: 10 }), 10)).toBeNull();
  });
  it('refuses anything else', () => {
    expect(validatePart(rating(), 6)).toEqual({ code: 'invalidRating', max: 5 });
    expect(validatePart(rating(), -1)).toEqual({ code: 'invalidRating', max: 5 });
    expect(validatePart(rating(), 2.5)).toEqual({ code: 'invalidRating', max: 5 });
    expect(validatePart(rating(), '3')).toEqual({ code: 'invalidRating', max: 5 });
  });
  it('treats no stars as empty', () => {
    expect(validatePart(rating({ required: true }), undefined)).toEqual({ code: 'required' });
    expect(validatePart(rating({ required: true }), 0)).toEqual({ code: 'required' });
    expect(validatePart(rating(), 0)).toBeNull();
  });
});

describe('date', () => {
  it.each(['2026-02-28', '2024-02-29', '1999-12-31', '0050-03-01'])('%s is a calendar day', (value) => {
    expect(isIsoDate(value)).toBe(true);
  });
  it.each(['2026-02-29', '2026-13-01', '2026-00-10', '2026-1-5', '05/01/2026', '2026-01-01T00:00', '', 20260101])('%j is not', (value) => {
    expect(isIsoDate(value)).toBe(false);
  });

  it('refuses what is not a calendar day', () => {
    expect(validatePart(date(), '2026-02-30')).toEqual({ code: 'invalidDate' });
  });
  it('requires a date only when required', () => {
    expect(validatePart(date({ required: true }), '')).toEqual({ code: 'required' });
    expect(validatePart(date(), '')).toBeNull();
  });
  it('keeps to min and max, both inclusive', () => {
    const part = date({ min: '2026-01-01', max: '2026-12-31' });
    expect(validatePart(part, '2026-01-01')).toBeNull();
    expect(validatePart(part, '2026-12-31')).toBeNull();
    expect(validatePart(part, '2025-12-31')).toEqual({ code: 'dateOutOfRange', min: '2026-01-01', max: '2026-12-31' });
    expect(validatePart(date({ min: '2026-01-01' }), '2025-06-01')).toEqual({ code: 'dateTooEarly', min: '2026-01-01' });
    expect(validatePart(date({ max: '2026-01-01' }), '2026-06-01')).toEqual({ code: 'dateTooLate', max: '2026-01-01' });
  });
});

const form: FormDefinition = {
  title: 'Survey',
  steps: [
    { parts: [single(true), multiple({ minSelected: 1 }), text()] },
    { parts: [number({ integer: true }), rating({ required: true }), date()] },
  ],
};

describe('validateStep', () => {
  it('names every part in error on the step, and only those', () => {
    const errors = validateStep(form.steps[0], { multiple: ['zz'], text: 'far too long for ten' });
    expect(errors).toEqual({
      single: { code: 'required' },
      multiple: { code: 'invalidOption' },
      text: { code: 'tooLong', max: 10 },
    });
    expect(isStepValid(form.steps[0], {})).toBe(false);
    expect(isStepValid(form.steps[0], { single: 'a' })).toBe(true);
  });
  it('ignores values of other steps', () => {
    expect(validateStep(form.steps[1], { single: 'nope', rating: 2 })).toEqual({});
  });
});

describe('toAnswers', () => {
  it('keys each answer by part id, in the shape the server expects, leaving out empty parts', () => {
    expect(
      toAnswers(form, {
        single: 'b',
        multiple: ['d', 'a', 'd'],
        text: '  Hello \u200B',
        number: '42',
        rating: 4,
        date: '',
      }),
    ).toEqual({ single: 'b', multiple: ['a', 'd'], text: 'Hello', number: 42, rating: 4 });
  });
  it('sends a decimal comma as a number', () => {
    const decimal: FormDefinition = { title: 'x', steps: [{ parts: [number()] }] };
    expect(toAnswers(decimal, { number: '2,5' })).toEqual({ number: 2.5 });
  });
  it('leaves out values of unknown parts', () => {
    expect(toAnswers(form, { single: 'a', rating: 1, stray: 'x' })).toEqual({ single: 'a', rating: 1 });
  });
  it('leaves out an empty multiple choice and a zero rating', () => {
    expect(toAnswers(form, { single: 'a', multiple: [], rating: 0 })).toEqual({ single: 'a' });
  });
});
