import { describe, expect, it } from 'vitest';
import { normalizeEmail, validateEmail } from '../../../src/validation';

describe('validateEmail', () => {
  it.each([
    ['ana@example.com'],
    ['first.last+tag@mail.example.co'],
    ['under_score-dash@sub-domain.example.org'],
    ['  ana@example.com  '],
    ['ana\u200B@example.com'],
  ])('accepts %j', (email) => {
    expect(validateEmail(email)).toBeNull();
  });

  it.each([
    ['', 'validation.email.required'],
    ['   \u200B ', 'validation.email.required'],
    ['@example.com', 'validation.email.startsWithAt'],
    ['ana maria@example.com', 'validation.email.noSpaces'],
    ['ana@@example.com', 'validation.email.multipleAt'],
    ['ana@b@example.com', 'validation.email.multipleAt'],
    ['ana..maria@example.com', 'validation.email.consecutiveDots'],
    ['ana@example..com', 'validation.email.consecutiveDots'],
    ['ana!@example.com', 'validation.email.invalidLocalPart'],
    ['añа@example.com', 'validation.email.invalidLocalPart'],
    ['ana@exa_mple.com', 'validation.email.invalidDomain'],
    ['ana@localhost', 'validation.email.domainNeedsDot'],
    ['ana@example.c', 'validation.email.invalid'],
    ['ana@.example.com', 'validation.email.invalid'],
    ['ana', 'validation.email.invalid'],
    ['ana@', 'validation.email.invalid'],
    [`${'a'.repeat(243)}@example.com`, 'validation.email.tooLong'],
  ])('rejects %j with %s', (email, id) => {
    expect(validateEmail(email)).toBe(id);
  });

  it('accepts exactly 254 characters', () => {
    const email = `${'a'.repeat(242)}@example.com`;
    expect(email).toHaveLength(254);
    expect(validateEmail(email)).toBeNull();
  });

  it('normalises by trimming and removing zero-width characters', () => {
    expect(normalizeEmail('\uFEFF ana\u200D@example.com \u2060')).toBe('ana@example.com');
  });
});
