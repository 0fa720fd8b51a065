import type { ValidationMessageId } from './validationMessages';

/** Shortest accepted password. */
export const passwordMinLength = 8;

/** The special characters a password must draw at least one from. */
export const passwordSpecialCharacters = `!@#$%^&*()_+-=[]{};':"\\|,.<>/?`;

/** Names the first password rule the value breaks, or null when it meets them all. */
export function validatePassword(password: string): ValidationMessageId | null {
  if (!password) return 'validation.password.required';
  if (password.length < passwordMinLength) return 'validation.password.tooShort';
  if (!/[0-9]/.test(password)) return 'validation.password.needsDigit';
  if (!/[A-Z]/.test(password)) return 'validation.password.needsUppercase';
  if (!/[a-z]/.test(password)) return 'validation.password.needsLowercase';
  if (![...password].some((c) => passwordSpecialCharacters.includes(c))) return 'validation.password.needsSpecial';
  return null;
}

/** The confirmation must repeat the password exactly. */
export function validatePasswordConfirmation(password: string, confirmation: string): ValidationMessageId | null {
  if (!confirmation) return 'validation.password.confirmRequired';
  return confirmation === password ? null : 'validation.password.mismatch';
}

/** A new password must meet the rules and differ from the current one. */
export function validateNewPassword(current: string, next: string): ValidationMessageId | null {
  return validatePassword(next) ?? (next === current ? 'validation.password.sameAsCurrent' : null);
}
