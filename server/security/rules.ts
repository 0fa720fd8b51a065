/**
 * The signup and password validation rules, enforced again on the server (the client checks them too,
 * but a request may come from anywhere).
 */

export const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;
export const ADULT_AGE = 18;
export const NAME_MAX_LENGTH = 100;
export const PHONE_MAX_LENGTH = 32;

const ZERO_WIDTH = /[\u200B-\u200D\u2060\uFEFF]/g;

/** Trim, drop zero-width characters, lower-case. */
export function normalizeEmail(raw: string): string {
  return raw.replace(ZERO_WIDTH, '').trim().toLowerCase();
}

const EMAIL_PATTERN = /^[a-z0-9._+-]+@[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/;

/** Whether a normalised address passes the e-mail rules. */
export function isValidEmail(email: string): boolean {
  if (email.length === 0 || email.length > EMAIL_MAX_LENGTH) return false;
  if (!EMAIL_PATTERN.test(email)) return false;
  if (email.includes('..')) return false;
  const [local, domain] = email.split('@');
  if (local.startsWith('.') || local.endsWith('.')) return false;
  return !domain.split('.').some((label) => label.startsWith('-') || label.endsWith('-'));
}

export const PASSWORD_SPECIALS = `!@#$%^&*()_+-=[]{};':"\\|,.<>/?`;

/** Which password rules a password breaks (empty when it is acceptable). */
export function passwordProblems(password: string): string[] {
  const problems: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) problems.push(`at least ${PASSWORD_MIN_LENGTH} characters`);
  if (password.length > PASSWORD_MAX_LENGTH) problems.push(`at most ${PASSWORD_MAX_LENGTH} characters`);
  if (!/[0-9]/.test(password)) problems.push('a digit');
  if (!/[A-Z]/.test(password)) problems.push('an uppercase letter');
  if (!/[a-z]/.test(password)) problems.push('a lowercase letter');
  if (![...password].some((c) => PASSWORD_SPECIALS.includes(c))) problems.push(`a special character (${PASSWORD_SPECIALS})`);
  return problems;
}

/** Parses a YYYY-MM-DD calendar date; null when it is not a real date. */
export function parseDay(value: string): { year: number; month: number; day: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** Age in whole years on `today` (UTC calendar) of someone born on `birth`. */
export function ageOn(birth: { year: number; month: number; day: number }, today: Date): number {
  const y = today.getUTCFullYear();
  const m = today.getUTCMonth() + 1;
  const d = today.getUTCDate();
  let age = y - birth.year;
  if (m < birth.month || (m === birth.month && d < birth.day)) age -= 1;
  return age;
}

/** Trims; null when empty or longer than `max`. */
export function cleanName(value: string, max = NAME_MAX_LENGTH): string | null {
  const trimmed = value.replace(ZERO_WIDTH, '').trim();
  // Counted in characters (code points), as the contract's maxLength counts them.
  const length = [...trimmed].length;
  if (length === 0 || length > max) return null;
  // Control characters have no place in a name.
  if ([...trimmed].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return null;
  return trimmed;
}

const PHONE_PATTERN = /^[0-9+()\-. ]*$/;

/** Trims; null when it has characters a phone number does not have. '' is allowed (no phone). */
export function cleanPhone(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed.length > PHONE_MAX_LENGTH || !PHONE_PATTERN.test(trimmed)) return null;
  return trimmed;
}
