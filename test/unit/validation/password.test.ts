import { describe, expect, it } from 'vitest';
import {
  passwordSpecialCharacters,
  validateNewPassword,
  validatePassword,
  validatePasswordConfirmation,
} from '../../../src/validation';

describe('validatePassword', () => {
  it.each([
    ['', 'validation.password.required'],
    ['Ab1!xyz', 'validation.password.tooShort'],
    ['Abcdefg!', 'validation.password.needsDigit'],
    ['abcdef1!', 'validation.password.needsUppercase'],
    ['ABCDEF1!', 'validation.password.needsLowercase'],
    ['Abcdefg1', 'validation.password.needsSpecial'],
    ['Abcdefg1 ', 'validation.password.needsSpecial'],
  ])('rejects %j with %s', (password, id) => {
    expect(validatePassword(password)).toBe(id);
  });

  it('accepts every special character of the allowed set', () => {
    for (const special of passwordSpecialCharacters) {
      expect(validatePassword(`Abcdefg1${special}`), special).toBeNull();
    }
  });

  it('counts 8 characters as long enough', () => {
    expect(validatePassword('Abcde1!x')).toBeNull();
  });
});

describe('validatePasswordConfirmation', () => {
  it('asks for the confirmation, then for a match', () => {
    expect(validatePasswordConfirmation('Secret1!', '')).toBe('validation.password.confirmRequired');
    expect(validatePasswordConfirmation('Secret1!', 'Secret1?')).toBe('validation.password.mismatch');
    expect(validatePasswordConfirmation('Secret1!', 'Secret1!')).toBeNull();
  });
});

describe('validateNewPassword', () => {
  it('needs a valid password different from the current one', () => {
    expect(validateNewPassword('Secret1!', 'Secret1!')).toBe('validation.password.sameAsCurrent');
    expect(validateNewPassword('Secret1!', 'short')).toBe('validation.password.tooShort');
    expect(validateNewPassword('Secret1!', 'Secret2!')).toBeNull();
  });
});
