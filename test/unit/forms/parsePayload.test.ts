import { describe, expect, it } from 'vitest';
import { parseQuestionnairePayload, type FormDefinition } from '../../../src/forms';

type Json = Record<string, unknown>;

const payload = (parts: Json[], extra: Json = {}) => JSON.stringify({ title: 'Survey', steps: [{ parts }], ...extra });
const options = [
  { value: 'a', label: 'A' },
  { value: 'b', label: 'B' },
  { value: 'c', label: 'C' },
];
const part = (fields: Json) => ({ id: 'p1', label: 'Question', ...fields });

function parsed(text: string): FormDefinition {
  const result = parseQuestionnairePayload(text);
  if (!result.ok) throw new Error(`expected a form, got: ${result.reason}`);
  return result.form;
}
const firstPart = (text: string) => parsed(text).steps[0].parts[0];
const reasonOf = (text: unknown) => {
  const result = parseQuestionnairePayload(text);
  return result.ok ? null : result.reason;
};

describe('parseQuestionnairePayload: a well-formed payload', () => {
  it('reads every part type, with its defaults filled in', () => {
    const form = parsed(
      JSON.stringify({
        title: 'Neighbourhood survey',
        description: 'Five minutes, ten pips.',
        steps: [
          {
            title: 'About you',
            parts: [
              { id: 'colour', type: 'singleChoice', label: 'Favourite colour', required: true, options },
              { id: 'fruits', type: 'multipleChoice', label: 'Fruits', options },
              { id: 'name', type: 'text', label: 'Name', help: 'As you like to be called' },
            ],
          },
          {
            parts: [
              { id: 'age', type: 'number', label: 'Age' },
              { id: 'stars', type: 'rating', label: 'How was it?' },
              { id: 'visit', type: 'date', label: 'Visit day' },
            ],
          },
        ],
      }),
    );
    expect(form.title).toBe('Neighbourhood survey');
    expect(form.description).toBe('Five minutes, ten pips.');
    expect(form.steps.map((s) => s.title)).toEqual(['About you', undefined]);
    expect(form.steps.flatMap((s) => s.parts)).toEqual([
      { id: 'colour', type: 'singleChoice', label: 'Favourite colour', required: true, options },
      { id: 'fruits', type: 'multipleChoice', label: 'Fruits', required: false, options, minSelected: 0, maxSelected: 3 },
      { id: 'name', type: 'text', label: 'Name', help: 'As you like to be called', required: false, multiline: false, maxLength: 1000 },
      { id: 'age', type: 'number', label: 'Age', required: false, integer: false },
      { id: 'stars', type: 'rating', label: 'How was it?', required: false, max: 5 },
      { id: 'visit', type: 'date', label: 'Visit day', required: false },
    ]);
  });

  it('keeps the constraints given', () => {
    expect(firstPart(payload([part({ type: 'multipleChoice', options, minSelected: 1, maxSelected: 2 })]))).toMatchObject({
      minSelected: 1,
      maxSelected: 2,
    });
    expect(firstPart(payload([part({ type: 'text', multiline: true, maxLength: 5000 })]))).toMatchObject({ multiline: true, maxLength: 5000 });
    expect(firstPart(payload([part({ type: 'number', min: -1.5, max: 10, integer: true })]))).toMatchObject({ min: -1.5, max: 10, integer: true });
    expect(firstPart(payload([part({ type: 'rating', max: 10 })]))).toMatchObject({ max: 10 });
    expect(firstPart(payload([part({ type: 'date', min: '2026-01-01', max: '2026-12-31' })]))).toMatchObject({
      min: '2026-01-01',
      max: '2026-12-31',
    });
  });

  it('caps maxSelected at the number of options', () => {
    expect(firstPart(payload([part({ type: 'multipleChoice', options, maxSelected: 9 })]))).toMatchObject({ maxSelected: 3 });
  });

  it('accepts equal bounds, and the bounds of the schema', () => {
    expect(reasonOf(payload([part({ type: 'number', min: 3, max: 3 })]))).toBeNull();
    expect(reasonOf(payload([part({ type: 'date', min: '2026-05-05', max: '2026-05-05' })]))).toBeNull();
    expect(reasonOf(payload([part({ type: 'rating', max: 3 })]))).toBeNull();
    expect(reasonOf(payload([part({ type: 'multipleChoice', options, minSelected: 3 })]))).toBeNull();
    expect(reasonOf(payload([part({ type: 'text', maxLength: 1 })]))).toBeNull();
  });

  it('ignores fields it does not know, and blank optional texts', () => {
    const form = parsed(payload([part({ type: 'text', color: 'red', help: '  ' })], { version: 2, description: '' }));
    expect(form.description).toBeUndefined();
    expect(form.steps[0].parts[0]).not.toHaveProperty('help');
    expect(form.steps[0].parts[0]).not.toHaveProperty('color');
  });

  it('accepts 50 steps of 50 parts with 50 options', () => {
    const many = Array.from({ length: 50 }, (_, i) => ({ value: `v${i}`, label: `Option ${i}` }));
    const steps = Array.from({ length: 50 }, (_, s) => ({
      parts: Array.from({ length: 50 }, (_, p) => ({ id: `s${s}p${p}`, type: 'singleChoice', label: 'Q', options: many })),
    }));
    expect(parsed(JSON.stringify({ title: 'Long', steps })).steps).toHaveLength(50);
  });
});

describe('parseQuestionnairePayload: a malformed payload is refused, never thrown', () => {
  it.each([
    ['not a string', 42],
    ['null', null],
    ['empty text', ''],
    ['not JSON', '{title: "x"'],
    ['a JSON array', '[]'],
    ['a JSON string', '"survey"'],
    ['JSON null', 'null'],
    ['no title', JSON.stringify({ steps: [{ parts: [part({ type: 'text' })] }] })],
    ['a blank title', JSON.stringify({ title: '  ', steps: [{ parts: [part({ type: 'text' })] }] })],
    ['no steps', JSON.stringify({ title: 'x' })],
    ['steps not a list', JSON.stringify({ title: 'x', steps: {} })],
    ['no step at all', JSON.stringify({ title: 'x', steps: [] })],
    ['51 steps', JSON.stringify({ title: 'x', steps: Array.from({ length: 51 }, (_, i) => ({ parts: [part({ id: `p${i}`, type: 'text' })] })) })],
    ['a step that is not an object', JSON.stringify({ title: 'x', steps: ['step'] })],
    ['a step without parts', JSON.stringify({ title: 'x', steps: [{ parts: [] }] })],
    ['51 parts in a step', payload(Array.from({ length: 51 }, (_, i) => part({ id: `p${i}`, type: 'text' })))],
    ['a step title that is not a string', JSON.stringify({ title: 'x', steps: [{ title: 3, parts: [part({ type: 'text' })] }] })],
    ['a description that is not a string', payload([part({ type: 'text' })], { description: ['x'] })],
    ['a part that is not an object', payload(['text' as unknown as Json])],
    ['an unknown part type', payload([part({ type: 'slider' })])],
    ['no part type', payload([part({})])],
    ['no part id', payload([{ type: 'text', label: 'Q' }])],
    ['a part id with spaces', payload([part({ id: 'my part', type: 'text' })])],
    ['a part id of 65 characters', payload([part({ id: 'x'.repeat(65), type: 'text' })])],
    ['a repeated part id', payload([part({ type: 'text' }), part({ type: 'number' })])],
    ['a part id repeated across steps', JSON.stringify({ title: 'x', steps: [{ parts: [part({ type: 'text' })] }, { parts: [part({ type: 'date' })] }] })],
    ['a blank label', payload([part({ type: 'text', label: ' ' })])],
    ['a help that is not a string', payload([part({ type: 'text', help: 7 })])],
    ['required that is not a boolean', payload([part({ type: 'text', required: 'yes' })])],
    ['a choice without options', payload([part({ type: 'singleChoice' })])],
    ['a choice with one option', payload([part({ type: 'singleChoice', options: [options[0]] })])],
    ['a choice with 51 options', payload([part({ type: 'multipleChoice', options: Array.from({ length: 51 }, (_, i) => ({ value: `v${i}`, label: 'x' })) })])],
    ['an option that is not an object', payload([part({ type: 'singleChoice', options: ['a', 'b'] })])],
    ['an empty option value', payload([part({ type: 'singleChoice', options: [{ value: '', label: 'A' }, options[1]] })])],
    ['an option value of 65 characters', payload([part({ type: 'singleChoice', options: [{ value: 'v'.repeat(65), label: 'A' }, options[1]] })])],
    ['a numeric option value', payload([part({ type: 'singleChoice', options: [{ value: 1, label: 'A' }, options[1]] })])],
    ['a repeated option value', payload([part({ type: 'singleChoice', options: [options[0], { value: 'a', label: 'Again' }] })])],
    ['an option without label', payload([part({ type: 'singleChoice', options: [{ value: 'x' }, options[1]] })])],
    ['minSelected above maxSelected', payload([part({ type: 'multipleChoice', options, minSelected: 3, maxSelected: 2 })])],
    ['minSelected above the options', payload([part({ type: 'multipleChoice', options, minSelected: 4 })])],
    ['a negative minSelected', payload([part({ type: 'multipleChoice', options, minSelected: -1 })])],
    ['maxSelected of 0', payload([part({ type: 'multipleChoice', options, maxSelected: 0 })])],
    ['a fractional maxSelected', payload([part({ type: 'multipleChoice', options, maxSelected: 1.5 })])],
    ['multiline that is not a boolean', payload([part({ type: 'text', multiline: 1 })])],
    ['maxLength of 0', payload([part({ type: 'text', maxLength: 0 })])],
    ['maxLength above 5000', payload([part({ type: 'text', maxLength: 5001 })])],
    ['a number min that is text', payload([part({ type: 'number', min: '3' })])],
    ['a number max that is not finite', payload([part({ type: 'number', max: 'Infinity' })])],
    ['number min above max', payload([part({ type: 'number', min: 5, max: 4 })])],
    ['integer that is not a boolean', payload([part({ type: 'number', integer: 'true' })])],
    ['a rating scale of 2', payload([part({ type: 'rating', max: 2 })])],
    ['a rating scale of 11', payload([part({ type: 'rating', max: 11 })])],
    ['a fractional rating scale', payload([part({ type: 'rating', max: 4.5 })])],
    ['a date min that is not a date', payload([part({ type: 'date', min: '01/02/2026' })])],
    ['a date max that is no calendar day', payload([part({ type: 'date', max: '2026-02-30' })])],
    ['a numeric date bound', payload([part({ type: 'date', min: 20260101 })])],
    ['date min after max', payload([part({ type: 'date', min: '2026-06-02', max: '2026-06-01' })])],
  ])('%s', (_, text) => {
    expect(reasonOf(text)).toEqual(expect.any(String));
  });

  it('says what is wrong', () => {
    expect(reasonOf(payload([part({ type: 'slider' })]))).toBe('steps[0].parts[0].type "slider" is unknown');
    expect(reasonOf(payload([part({ type: 'text' }), part({ type: 'date' })]))).toBe('part id "p1" is repeated');
  });

  it('survives JSON nested too deep to parse', () => {
    expect(reasonOf(`${'['.repeat(100_000)}${']'.repeat(100_000)}`)).toEqual(expect.any(String));
  });
});
