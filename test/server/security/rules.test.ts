import { describe, expect, it } from 'vitest';
import { ageOn, cleanName, cleanPhone, isValidEmail, normalizeEmail, parseDay, passwordProblems } from '../../../server/security/rules';

describe('signup rules', () => {
  it('normalises e-mails: trim, zero-width characters out, lower case', () => {
    expect(normalizeEmail('  An\u200Ba@Ex\uFEFFample.COM \u200D')).toBe('ana@example.com');
  });

  it.each([
    ['ana@example.com', true],
    ['ana.lopez+pips@mail.example.co', true],
    ['a_b-c@sub-domain.example.org', true],
    ['@example.com', false],
    ['ana@@example.com', false],
    ['ana..b@example.com', false],
    ['ana@example..com', false],
    ['.ana@example.com', false],
    ['ana.@example.com', false],
    ['ana@-example.com', false],
    ['ana@example', false],
    ['ana@example.c', false],
    ['ana@exa mple.com', false],
    ['ana#1@example.com', false],
    [`${'a'.repeat(243)}@example.com`, false], // 255 characters
    [`${'a'.repeat(242)}@example.com`, true], // 254 characters
  ])('%s valid: %s', (email, valid) => {
    expect(isValidEmail(email)).toBe(valid);
  });

  it('lists every broken password rule', () => {
    expect(passwordProblems('Abcdef1!')).toEqual([]);
    expect(passwordProblems('')).toHaveLength(5);
    expect(passwordProblems('abcdefgh')).toEqual(['a digit', 'an uppercase letter', expect.stringMatching(/^a special character/)]);
    expect(passwordProblems('Ab1!' + 'x'.repeat(253))).toEqual(['at most 256 characters']);
  });

  it('parses real calendar dates only', () => {
    expect(parseDay('2000-02-29')).toEqual({ year: 2000, month: 2, day: 29 });
    expect(parseDay('1900-02-29')).toBeNull();
    expect(parseDay('2001-13-01')).toBeNull();
    expect(parseDay('2001-1-1')).toBeNull();
  });

  it('computes ages by calendar day', () => {
    const today = new Date(Date.UTC(2026, 5, 15));
    expect(ageOn({ year: 2008, month: 6, day: 15 }, today)).toBe(18);
    expect(ageOn({ year: 2008, month: 6, day: 16 }, today)).toBe(17);
    expect(ageOn({ year: 2008, month: 7, day: 1 }, today)).toBe(17);
  });

  it('cleans names and phones', () => {
    expect(cleanName('  Ana  ')).toBe('Ana');
    expect(cleanName(' \u200B ')).toBeNull();
    expect(cleanName('A\tB')).toBeNull();
    expect(cleanName('x'.repeat(101))).toBeNull();
    expect(cleanPhone(' +1 (555) 010-0000 ')).toBe('+1 (555) 010-0000');
    expect(cleanPhone('')).toBe('');
    expect(cleanPhone('555-CALL')).toBeNull();
  });
});
