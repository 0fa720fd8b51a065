import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parsePayload } from '../../server/questionnaires/payload';
import { parseQuestions } from '../../server/trivia/questions';

/** The example files docs/operators.md points operators to are accepted as they are. */
describe('examples/', () => {
  const read = (name: string) => JSON.parse(readFileSync(new URL(`../../examples/${name}`, import.meta.url), 'utf8')) as unknown;

  it('questionnaire.json is a valid questionnaire with every part type', () => {
    const parsed = parsePayload(read('questionnaire.json'));
    expect(parsed.ok ? [] : parsed.errors).toEqual([]);
    const types = JSON.stringify(read('questionnaire.json')).match(/"type":"(\w+)"/g);
    expect(new Set(types)).toEqual(new Set(['singleChoice', 'multipleChoice', 'rating', 'text', 'number', 'date'].map((t) => `"type":"${t}"`)));
  });

  it('trivia-questions.json holds valid questions, one right answer each', () => {
    const parsed = parseQuestions(read('trivia-questions.json'));
    expect(parsed.ok ? parsed.questions.length : parsed.errors).toBe(3);
  });
});
