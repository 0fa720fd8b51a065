import type { ValidationMessageId } from './validationMessages';
import { hasTrimmedLengthWithin, cleanText } from './text';

/** A user under this age needs a parent's or guardian's permission. */
export const adultAge = 18;
export const nameMaxLength = 50;

export function validateFirstName(value: string): ValidationMessageId | null {
  if (!cleanText(value)) return 'validation.firstName.required';
  return hasTrimmedLengthWithin(value, 1, nameMaxLength) ? null : 'validation.name.tooLong';
}

export function validateLastName(value: string): ValidationMessageId | null {
  if (!cleanText(value)) return 'validation.lastName.required';
  return hasTrimmedLengthWithin(value, 1, nameMaxLength) ? null : 'validation.name.tooLong';
}

/** Phone is optional; when given it must look like a phone number (7 to 15 digits). */
export function validatePhone(value: string): ValidationMessageId | null {
  const phone = cleanText(value);
  if (!phone) return null;
  const digits = phone.replace(/\D/g, '').length;
  return /^\+?[0-9 ().-]+$/.test(phone) && digits >= 7 && digits <= 15 ? null : 'validation.phone.invalid';
}

/** Parses YYYY-MM-DD as a calendar date; null when it is not one (2023-02-30 is not). */
export function parseDateOfBirth(value: string): { year: number; month: number; day: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** Whole years between a YYYY-MM-DD birth date and `today` (local calendar). Null for an invalid date. */
export function ageOn(dateOfBirth: string, today: Date): number | null {
  const dob = parseDateOfBirth(dateOfBirth);
  if (!dob) return null;
  const month = today.getMonth() + 1;
  const beforeBirthday = month < dob.month || (month === dob.month && today.getDate() < dob.day);
  return today.getFullYear() - dob.year - (beforeBirthday ? 1 : 0);
}

export function isMinor(dateOfBirth: string, today: Date): boolean {
  const age = ageOn(dateOfBirth, today);
  return age !== null && age < adultAge;
}

export function validateDateOfBirth(value: string, today: Date): ValidationMessageId | null {
  if (!value.trim()) return 'validation.dateOfBirth.required';
  const age = ageOn(value, today);
  if (age === null || age > 130) return 'validation.dateOfBirth.invalid';
  return age < 0 ? 'validation.dateOfBirth.future' : null;
}

/** Under 18, a parent or guardian must consent. */
export function validateGuardianConsent(dateOfBirth: string, consent: boolean, today: Date): ValidationMessageId | null {
  return isMinor(dateOfBirth, today) && !consent ? 'validation.guardianConsent.required' : null;
}

export function validateTerms(accepted: boolean): ValidationMessageId | null {
  return accepted ? null : 'validation.terms.required';
}

export function validateCommunity(communityId: string | null | undefined): ValidationMessageId | null {
  return communityId ? null : 'validation.community.required';
}

/** The e-mailed verification code: exactly six digits. */
export function validateVerificationCode(code: string): ValidationMessageId | null {
  return /^\d{6}$/.test(code.trim()) ? null : 'validation.code.invalid';
}
