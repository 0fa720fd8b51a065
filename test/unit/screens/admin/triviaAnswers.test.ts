import { describe, expect, it } from 'vitest';
import { answersToLines, linesToAnswers } from '../../../../src/screens/admin/views/trivia/triviaAnswers';

describe('trivia answers in the console edit form', () => {
  it('writes one answer a line, the Spanish after |, the right one marked with *, and reads it back', () => {
    const answers = [
      { id: 1, text: { en: 'Yes', es: 'Sí' }, correct: false },
      { id: 2, text: { en: 'No' }, correct: true },
    ];
    const lines = answersToLines(answers);
    expect(lines).toBe('Yes | Sí\n* No');
    expect(linesToAnswers(lines)).toEqual([
      { text: { en: 'Yes', es: 'Sí' }, correct: false },
      { text: { en: 'No' }, correct: true },
    ]);
  });

  it('skips blank lines and trims', () => {
    expect(linesToAnswers('\n  *Red |  Rojo \n\n Blue\n')).toEqual([
      { text: { en: 'Red', es: 'Rojo' }, correct: true },
      { text: { en: 'Blue' }, correct: false },
    ]);
  });

  it('refuses no right answer, two right ones, fewer than 2 or more than 6 answers, and an answer without English', () => {
    expect(linesToAnswers('A\nB')).toBeNull();
    expect(linesToAnswers('*A\n*B')).toBeNull();
    expect(linesToAnswers('*A')).toBeNull();
    expect(linesToAnswers('*A\nB\nC\nD\nE\nF\nG')).toBeNull();
    expect(linesToAnswers('*A\n | solo español')).toBeNull();
  });
});
