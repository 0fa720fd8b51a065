import { describe, expect, it } from 'vitest';
import { isCopyHeldBack, isCopyInLanguage, storedCopy } from '../../machines/storedCopy';

describe('a stored copy and the member’s language (the held-back rule)', () => {
  it('is as saved in the member’s language, and marked with its own language otherwise', () => {
    const list = { items: [1, 2] };
    expect(storedCopy(list, 'es', 'es')).toBe(list);
    expect(storedCopy(list, 'en', 'es')).toEqual({ items: [1, 2], savedIn: 'en' });
    // the saved object itself is left as it was
    expect(list).toEqual({ items: [1, 2] });
  });

  it('shows a copy in the member’s language at once and holds back one in another', () => {
    const current = storedCopy({ data: 'hola' }, 'es', 'es');
    const other = storedCopy({ data: 'hello' }, 'en', 'es');
    expect([isCopyInLanguage(current), isCopyHeldBack(current)]).toEqual([true, false]);
    expect([isCopyInLanguage(other), isCopyHeldBack(other)]).toEqual([false, true]);
    for (const none of [null, undefined]) expect([isCopyInLanguage(none), isCopyHeldBack(none)]).toEqual([false, false]);
  });
});
