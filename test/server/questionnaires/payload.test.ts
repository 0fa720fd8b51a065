import { describe, expect, it } from 'vitest';
import {
  answersShapeProblem,
  isCalendarDate,
  parsePayload,
  validateAnswers,
  type QuestionnairePayload,
} from '../../../server/questionnaires/payload';
import { everyPartPayload } from './fixtures';

const payload = (): QuestionnairePayload => {
  const parsed = parsePayload(structuredClone(everyPartPayload));
  if (!parsed.ok) throw new Error(parsed.errors.join('; '));
  return parsed.payload;
};

/** A payload with one part (any fields), to test a rule on its own. */
const withPart = (part: Record<string, unknown>) => ({ title: 'T', steps: [{ parts: [{ id: 'p', label: 'P', ...part }] }] });
const errorsOf = (value: unknown) => {
  const parsed = parsePayload(value);
  return parsed.ok ? [] : parsed.errors;
};

describe('parsePayload', () => {
  it('accepts a payload with every part type and LocalizedText wherever a text goes', () => {
    const parsed = parsePayload(structuredClone(everyPartPayload));
    expect(parsed).toEqual({ ok: true, payload: everyPartPayload });
  });

  it('accepts the smallest payload', () => {
    expect(parsePayload({ title: 'T', steps: [{ parts: [{ id: 'a', type: 'text', label: 'A' }] }] }).ok).toBe(true);
  });

  it('refuses what is not a payload', () => {
    for (const value of [null, 'x', 3, [], undefined]) expect(errorsOf(value)).toEqual(['payload: must be an object with title and steps']);
  });

  it('reports every problem with its path', () => {
    const errors = errorsOf({ title: '', extra: 1, steps: [{ parts: [{ id: 'bad id', type: 'text', label: { fr: 'x' } }, 3] }, 'x'] });
    expect(errors).toEqual([
      'extra: is not a known field',
      'title: must not be empty',
      'steps[0].parts[0].id: must be 1 to 64 of A-Z a-z 0-9 _ -',
      'steps[0].parts[0].label: must be a text or { "en": "...", "es": "..." }',
      'steps[0].parts[1]: must be an object with id, type and label',
      'steps[1]: must be an object with parts',
    ]);
  });

  it('needs a title and 1 to 50 steps of 1 to 50 parts', () => {
    expect(errorsOf({ steps: [{ parts: [{ id: 'a', type: 'text', label: 'A' }] }] })).toEqual(['title: is required']);
    expect(errorsOf({ title: 'T', steps: [] })).toEqual(['steps: must be a list of 1 to 50 steps']);
    expect(errorsOf({ title: 'T', steps: [{ parts: [] }] })).toEqual(['steps[0].parts: must be a list of 1 to 50 parts']);
    const many = Array.from({ length: 51 }, (_, i) => ({ id: `p${i}`, type: 'text', label: 'x' }));
    expect(errorsOf({ title: 'T', steps: [{ parts: many }] })).toEqual(['steps[0].parts: must be a list of 1 to 50 parts']);
    expect(errorsOf({ title: { en: 'T', es: ' ' }, steps: [{ parts: [{ id: 'a', type: 'text', label: 'A' }] }] })).toEqual([
      'title: must not be empty',
    ]);
  });

  it('needs part ids unique across steps', () => {
    const value = { title: 'T', steps: [{ parts: [{ id: 'a', type: 'text', label: 'A' }] }, { parts: [{ id: 'a', type: 'number', label: 'B' }] }] };
    expect(errorsOf(value)).toEqual(['steps[1].parts[0].id: "a" is used by another part']);
  });

  it('knows the part types and the fields each takes', () => {
    expect(errorsOf(withPart({ type: 'slider' }))).toEqual([
      'steps[0].parts[0].type: must be one of singleChoice, multipleChoice, text, number, rating, date',
    ]);
    expect(errorsOf(withPart({ type: 'text', options: [] }))).toEqual(['steps[0].parts[0].options: is not a known field']);
    expect(errorsOf(withPart({ type: 'rating', min: 1 }))).toEqual(['steps[0].parts[0].min: is not a known field']);
    expect(errorsOf(withPart({ type: 'text', required: 'yes' }))).toEqual(['steps[0].parts[0].required: must be true or false']);
    expect(errorsOf(withPart({ type: 'text', label: undefined }))).toEqual(['steps[0].parts[0].label: is required']);
  });

  it('needs at least 2 options with unique values for choices', () => {
    expect(errorsOf(withPart({ type: 'singleChoice' }))).toEqual(['steps[0].parts[0].options: must be a list of 2 to 50 options']);
    expect(errorsOf(withPart({ type: 'singleChoice', options: [{ value: 'a', label: 'A' }] }))).toEqual([
      'steps[0].parts[0].options: must be a list of 2 to 50 options',
    ]);
    expect(
      errorsOf(withPart({ type: 'multipleChoice', options: [{ value: 'a', label: 'A' }, { value: 'a', label: 'B' }, { value: '', label: '' }] })),
    ).toEqual([
      'steps[0].parts[0].options[1].value: "a" is used by another option',
      'steps[0].parts[0].options[2].value: must be a text of 1 to 64 characters',
      'steps[0].parts[0].options[2].label: must not be empty',
    ]);
  });

  it('checks minSelected and maxSelected against each other and the options', () => {
    const options = [{ value: 'a', label: 'A' }, { value: 'b', label: 'B' }];
    expect(errorsOf(withPart({ type: 'multipleChoice', options, minSelected: 2, maxSelected: 1 }))).toEqual([
      'steps[0].parts[0].minSelected: must not be above maxSelected',
    ]);
    expect(errorsOf(withPart({ type: 'multipleChoice', options, maxSelected: 3 }))).toEqual([
      'steps[0].parts[0].maxSelected: must be a whole number from 1 to 2',
    ]);
    expect(errorsOf(withPart({ type: 'multipleChoice', options, minSelected: -1 }))).toEqual([
      'steps[0].parts[0].minSelected: must be a whole number from 0 to 2',
    ]);
  });

  it('checks text maxLength, number bounds, rating max and date bounds', () => {
    expect(errorsOf(withPart({ type: 'text', maxLength: 5001 }))).toEqual(['steps[0].parts[0].maxLength: must be a whole number from 1 to 5000']);
    expect(errorsOf(withPart({ type: 'text', multiline: 1 }))).toEqual(['steps[0].parts[0].multiline: must be true or false']);
    expect(errorsOf(withPart({ type: 'number', min: 5, max: 1 }))).toEqual(['steps[0].parts[0].min: must not be above max']);
    expect(errorsOf(withPart({ type: 'number', min: '1' }))).toEqual(['steps[0].parts[0].min: must be a number']);
    expect(errorsOf(withPart({ type: 'number', min: 0.2, max: 0.8, integer: true }))).toEqual([
      'steps[0].parts[0].min: leaves no whole number up to max',
    ]);
    expect(errorsOf(withPart({ type: 'number', min: 0.2, max: 0.8 }))).toEqual([]);
    expect(errorsOf(withPart({ type: 'rating', max: 2 }))).toEqual(['steps[0].parts[0].max: must be a whole number from 3 to 10']);
    expect(errorsOf(withPart({ type: 'rating', max: 11 }))).toEqual(['steps[0].parts[0].max: must be a whole number from 3 to 10']);
    expect(errorsOf(withPart({ type: 'rating', max: 10 }))).toEqual([]);
    expect(errorsOf(withPart({ type: 'date', min: '2024-02-30' }))).toEqual(['steps[0].parts[0].min: must be a date YYYY-MM-DD']);
    expect(errorsOf(withPart({ type: 'date', min: '2024-03-01', max: '2024-02-01' }))).toEqual(['steps[0].parts[0].min: must not be after max']);
  });
});

describe('isCalendarDate', () => {
  it('takes real calendar dates only', () => {
    expect(['2024-02-29', '2023-12-31', '0001-01-01'].every(isCalendarDate)).toBe(true);
    expect(['2023-02-29', '2024-13-01', '2024-00-10', '2024-1-1', '2024-01-01T00:00:00Z', 20240101, ''].some(isCalendarDate)).toBe(false);
  });
});

describe('validateAnswers', () => {
  const good = { colour: 'red', sports: ['run', 'bike'], comment: 'Nice', age: 30, stars: 4, visit: '2024-02-29' };
  const message = (answers: unknown) => {
    const result = validateAnswers(payload(), answers);
    return result.ok ? 'ok' : result.message;
  };

  it('accepts answers for every part type and returns them in payload order', () => {
    const { visit, ...rest } = good;
    const shuffled = { visit, ...rest };
    expect(Object.keys(shuffled)[0]).toBe('visit');
    const result = validateAnswers(payload(), shuffled);
    expect(result).toEqual({ ok: true, answers: good });
    expect(result.ok && Object.keys(result.answers)).toEqual(Object.keys(good));
  });

  it('leaves out empty optional parts, and refuses empty required ones', () => {
    expect(validateAnswers(payload(), { colour: 'blue', age: 0, sports: [], comment: '  ', stars: null })).toEqual({
      ok: true,
      answers: { colour: 'blue', age: 0 },
    });
    expect(message({ age: 3 })).toBe('colour: is required');
    expect(message({ colour: 'red', age: null })).toBe('age: is required');
  });

  it('refuses answers to parts that do not exist, and non-objects', () => {
    expect(message({ ...good, extra: 'x' })).toBe('extra: is not a part of this questionnaire');
    expect(message(['red'])).toBe('answers: must be an object keyed by part id');
    expect(message(null)).toBe('answers: must be an object keyed by part id');
  });

  it('checks single and multiple choices', () => {
    expect(message({ ...good, colour: 'green' })).toBe('colour: "green" is not one of its options');
    expect(message({ ...good, colour: ['red'] })).toBe('colour: must be one option value');
    expect(message({ ...good, sports: 'run' })).toBe('sports: must be a list of option values');
    expect(message({ ...good, sports: ['run', 1] })).toBe('sports: must be a list of option values');
    expect(message({ ...good, sports: ['run', 'ski'] })).toBe('sports: "ski" is not one of its options');
    expect(message({ ...good, sports: ['run', 'run'] })).toBe('sports: lists an option twice');
    expect(message({ ...good, sports: ['run', 'swim', 'bike'] })).toBe('sports: choose at most 2');
  });

  it('checks minSelected', () => {
    const value = withPart({ type: 'multipleChoice', minSelected: 2, options: [{ value: 'a', label: 'A' }, { value: 'b', label: 'B' }] });
    const parsed = parsePayload(value);
    if (!parsed.ok) throw new Error('payload');
    expect(validateAnswers(parsed.payload, { p: ['a'] })).toEqual({ ok: false, message: 'p: choose at least 2' });
    expect(validateAnswers(parsed.payload, { p: ['a', 'b'] }).ok).toBe(true);
  });

  it('checks text type and length (default 1000)', () => {
    expect(message({ ...good, comment: 'x'.repeat(11) })).toBe('comment: must be at most 10 characters');
    expect(message({ ...good, comment: 12 })).toBe('comment: must be a text');
    const parsed = parsePayload(withPart({ type: 'text' }));
    if (!parsed.ok) throw new Error('payload');
    expect(validateAnswers(parsed.payload, { p: 'x'.repeat(1000) }).ok).toBe(true);
    expect(validateAnswers(parsed.payload, { p: 'x'.repeat(1001) })).toEqual({ ok: false, message: 'p: must be at most 1000 characters' });
  });

  it('checks numbers: type, whole, bounds', () => {
    expect(message({ ...good, age: '30' })).toBe('age: must be a number');
    expect(message({ ...good, age: 30.5 })).toBe('age: must be a whole number');
    expect(message({ ...good, age: -1 })).toBe('age: must be at least 0');
    expect(message({ ...good, age: 121 })).toBe('age: must be at most 120');
    expect(message({ ...good, age: 120 })).toBe('ok');
  });

  it('checks ratings from 1 to max (default 5)', () => {
    expect(message({ ...good, stars: 5 })).toBe('stars: must be a whole number from 1 to 4');
    expect(message({ ...good, stars: 0 })).toBe('stars: must be a whole number from 1 to 4');
    expect(message({ ...good, stars: 2.5 })).toBe('stars: must be a whole number from 1 to 4');
    expect(message({ ...good, stars: 1 })).toBe('ok');
    const parsed = parsePayload(withPart({ type: 'rating' }));
    if (!parsed.ok) throw new Error('payload');
    expect(validateAnswers(parsed.payload, { p: 5 }).ok).toBe(true);
    expect(validateAnswers(parsed.payload, { p: 6 })).toEqual({ ok: false, message: 'p: must be a whole number from 1 to 5' });
  });

  it('checks dates: real calendar days within min and max', () => {
    expect(message({ ...good, visit: '2024-02-30' })).toBe('visit: must be a date YYYY-MM-DD');
    expect(message({ ...good, visit: '2024/02/01' })).toBe('visit: must be a date YYYY-MM-DD');
    expect(message({ ...good, visit: '2023-12-31' })).toBe('visit: must be on or after 2024-01-01');
    expect(message({ ...good, visit: '2025-01-01' })).toBe('visit: must be on or before 2024-12-31');
    expect(message({ ...good, visit: '2024-12-31' })).toBe('ok');
  });
});

describe('answersShapeProblem', () => {
  it('takes objects of texts, numbers, flags and flat lists', () => {
    expect(answersShapeProblem({ a: 'x', b: 1, c: ['x', 'y'], d: null, e: true, f: [] })).toBeUndefined();
    expect(answersShapeProblem({})).toBeUndefined();
  });

  it('refuses anything nested, naming the part', () => {
    expect(answersShapeProblem({ a: 'x', b: [['x']] })).toBe('b: must be a text, a number or a list of option values');
    expect(answersShapeProblem({ b: { en: 'x' } })).toBe('b: must be a text, a number or a list of option values');
    expect(answersShapeProblem([])).toBe('answers: must be an object keyed by part id');
  });
});
