import type { AdminTriviaQuestionStored } from '../../consoleLogic';
import { bilingual } from '../../EditForm';

/** The answers of a question as the edit form writes them: one a line, "English | Español", the right one starting with "*". */
export const answersToLines = (answers: AdminTriviaQuestionStored['answers']): string =>
  answers.map((a) => `${a.correct ? '* ' : ''}${a.text.en}${a.text.es ? ` | ${a.text.es}` : ''}`).join('\n');

/** The lines back to answers; null when they are not 2 to 6 answers with exactly one right. */
export function linesToAnswers(text: string): { text: { en: string; es?: string }; correct: boolean }[] | null {
  const answers = text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const correct = line.startsWith('*');
      const [en, es = ''] = line.replace(/^\*\s*/, '').split('|');
      return { text: bilingual(en, es), correct };
    });
  const right = answers.filter((a) => a.correct).length;
  return answers.length >= 2 && answers.length <= 6 && right === 1 && answers.every((a) => a.text.en !== '') ? answers : null;
}
