import { describe, expect, it } from 'vitest';
import {
  ageOn,
  hasTrimmedLengthWithin,
  isMinor,
  isNonEmptyString,
  validateCommunity,
  validateDateOfBirth,
  validateFirstName,
  validateGuardianConsent,
  validateLastName,
  validatePhone,
  validateTerms,
  validateVerificationCode,
} from '../../../src/validation';

const today = new Date(2026, 5, 15); // 15 June 2026, local time

describe('names', () => {
  it('requires first and last name, at most 50 characters', () => {
    expect(validateFirstName('  ')).toBe('validation.firstName.required');
    expect(validateLastName('\u200B')).toBe('validation.lastName.required');
    expect(validateFirstName('Ana')).toBeNull();
    expect(validateLastName('x'.repeat(51))).toBe('validation.name.tooLong');
    expect(validateLastName(` ${'x'.repeat(50)} `)).toBeNull();
  });
});

describe('validatePhone', () => {
  it.each(['', '  ', '+1 (555) 123-4567', '5551234', '+52 55 1234 5678'])('accepts %j', (phone) => {
    expect(validatePhone(phone)).toBeNull();
  });
  it.each(['12345', 'call me', '+1 555 abc 4567', '1234567890123456'])('rejects %j', (phone) => {
    expect(validatePhone(phone)).toBe('validation.phone.invalid');
  });
});

describe('date of birth and age', () => {
  it('computes whole years, turning over on the birthday', () => {
    expect(ageOn('2008-06-15', today)).toBe(18);
    expect(ageOn('2008-06-16', today)).toBe(17);
    expect(ageOn('2008-07-01', today)).toBe(17);
    expect(ageOn('1990-01-01', today)).toBe(36);
    expect(ageOn('2023-02-30', today)).toBeNull();
  });

  it('treats under 18 as a minor', () => {
    expect(isMinor('2008-06-16', today)).toBe(true);
    expect(isMinor('2008-06-15', today)).toBe(false);
  });

  it.each([
    ['', 'validation.dateOfBirth.required'],
    ['15/06/2000', 'validation.dateOfBirth.invalid'],
    // the date of birth's three fields with the month left empty
    ['1990--10', 'validation.dateOfBirth.invalid'],
    ['0090-12-10', 'validation.dateOfBirth.invalid'],
    ['2001-02-29', 'validation.dateOfBirth.invalid'],
    ['1800-01-01', 'validation.dateOfBirth.invalid'],
    ['2026-06-16', 'validation.dateOfBirth.future'],
    ['2030-01-01', 'validation.dateOfBirth.future'],
  ])('rejects %j with %s', (value, id) => {
    expect(validateDateOfBirth(value, today)).toBe(id);
  });

  it('accepts a birth date of today or earlier', () => {
    expect(validateDateOfBirth('2026-06-15', today)).toBeNull();
    expect(validateDateOfBirth('2000-02-29', today)).toBeNull();
  });

  it('needs guardian consent only under 18', () => {
    expect(validateGuardianConsent('2010-01-01', false, today)).toBe('validation.guardianConsent.required');
    expect(validateGuardianConsent('2010-01-01', true, today)).toBeNull();
    expect(validateGuardianConsent('1990-01-01', false, today)).toBeNull();
  });
});

describe('terms, community and code', () => {
  it('requires the terms to be agreed', () => {
    expect(validateTerms(false)).toBe('validation.terms.required');
    expect(validateTerms(true)).toBeNull();
  });

  it('requires a scanned community', () => {
    expect(validateCommunity(null)).toBe('validation.community.required');
    expect(validateCommunity('')).toBe('validation.community.required');
    expect(validateCommunity('c-123')).toBeNull();
  });

  it('accepts exactly six digits as a verification code', () => {
    expect(validateVerificationCode('123456')).toBeNull();
    expect(validateVerificationCode(' 123456 ')).toBeNull();
    expect(validateVerificationCode('12345')).toBe('validation.code.invalid');
    expect(validateVerificationCode('12345a')).toBe('validation.code.invalid');
  });
});

describe('generic helpers', () => {
  it('checks non-empty strings and trimmed length bounds', () => {
    expect(isNonEmptyString(' a ')).toBe(true);
    expect(isNonEmptyString('   ')).toBe(false);
    expect(isNonEmptyString(3)).toBe(false);
    expect(hasTrimmedLengthWithin('  abc ', 1, 3)).toBe(true);
    expect(hasTrimmedLengthWithin('abcd', 1, 3)).toBe(false);
    expect(hasTrimmedLengthWithin('  ', 1, 3)).toBe(false);
  });
});
