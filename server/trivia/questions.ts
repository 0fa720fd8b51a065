import type { QuestionInput } from '../db/repositories/trivia';
import type { LocalizedText } from '../db/schema';
import { isLocalizedText } from '../i18n/localized';

const MAX_TEXT = 500;

/**
 * Checks a questions file: [{ "text": "…" | { "en", "es" }, "answers": [{ "text", "correct"? }] }],
 * 2 to 6 answers each, exactly one right. Every problem names its entry.
 */
export function parseQuestions(json: unknown): { ok: true; questions: QuestionInput[] } | { ok: false; errors: string[] } {
  const list = Array.isArray(json) ? json : (json as { questions?: unknown } | null)?.questions;
  if (!Array.isArray(list)) return { ok: false, errors: ['the file must hold an array of questions (or { "questions": [...] })'] };
  if (list.length === 0) return { ok: false, errors: ['the file holds no questions'] };
  const errors: string[] = [];
  const questions: QuestionInput[] = [];
  const textProblem = (value: unknown): string | null => {
    if (!isLocalizedText(value)) return 'must be a text or { "en": "...", "es": "..." }';
    const texts = typeof value === 'string' ? [value] : [value.en, value.es ?? 'x'];
    if (texts.some((t) => t.trim() === '')) return 'must not be empty';
    if (texts.some((t) => t.length > MAX_TEXT)) return `must be at most ${MAX_TEXT} characters`;
    return null;
  };
  list.forEach((entry: unknown, index) => {
    const name = `question ${index + 1}`;
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      errors.push(`${name}: must be an object with "text" and "answers"`);
      return;
    }
    const { text: questionText, answers, ...rest } = entry as Record<string, unknown>;
    const unknownKeys = Object.keys(rest);
    if (unknownKeys.length > 0) errors.push(`${name}: unknown field ${unknownKeys.map((k) => `"${k}"`).join(', ')}`);
    const problem = textProblem(questionText);
    if (problem) errors.push(`${name}: text ${problem}`);
    if (!Array.isArray(answers) || answers.length < 2 || answers.length > 6) {
      errors.push(`${name}: answers must be a list of 2 to 6 answers`);
      return;
    }
    const parsed: QuestionInput['answers'] = [];
    answers.forEach((answer: unknown, a) => {
      const label = `${name}, answer ${a + 1}`;
      if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) {
        errors.push(`${label}: must be an object with "text" (and "correct": true for the right one)`);
        return;
      }
      const { text: answerText, correct, ...more } = answer as Record<string, unknown>;
      if (Object.keys(more).length > 0) errors.push(`${label}: unknown field ${Object.keys(more).map((k) => `"${k}"`).join(', ')}`);
      const answerProblem = textProblem(answerText);
      if (answerProblem) errors.push(`${label}: text ${answerProblem}`);
      if (correct !== undefined && typeof correct !== 'boolean') errors.push(`${label}: correct must be true or false`);
      parsed.push({ text: answerText as LocalizedText, correct: correct === true });
    });
    const right = parsed.filter((answer) => answer.correct).length;
    if (right !== 1) errors.push(`${name}: exactly one answer must be "correct": true (found ${right})`);
    if (!problem) questions.push({ text: questionText as LocalizedText, answers: parsed });
  });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, questions };
}

