import type { ValidationMessageId } from './validationMessages';
import { cleanText } from './text';

/** Longest accepted e-mail address. */
export const emailMaxLength = 254;

const localPartChars = /^[A-Za-z0-9._+-]+$/;
const domainChars = /^[A-Za-z0-9.-]+$/;
/** local@domain.tld, with a top-level part of 2 or more letters and no empty labels. */
const emailPattern = /^[A-Za-z0-9._+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

/** The address as it will be sent: zero-width characters removed, trimmed. */
export const normalizeEmail = cleanText;

/**
 * Checks an e-mail address (after normalising it) and names the first rule it breaks,
 * so the form can say exactly what is wrong. Null when the address is acceptable.
 */
export function validateEmail(raw: string): ValidationMessageId | null {
  const email = normalizeEmail(raw);
  if (!email) return 'validation.email.required';
  if (email.length > emailMaxLength) return 'validation.email.tooLong';
  if (email.startsWith('@')) return 'validation.email.startsWithAt';
  if (/\s/.test(email)) return 'validation.email.noSpaces';
  if (email.split('@').length > 2) return 'validation.email.multipleAt';
  if (email.includes('..')) return 'validation.email.consecutiveDots';
  const [local, domain = ''] = email.split('@');
  if (!localPartChars.test(local)) return 'validation.email.invalidLocalPart';
  if (domain && !domainChars.test(domain)) return 'validation.email.invalidDomain';
  if (domain && !domain.includes('.')) return 'validation.email.domainNeedsDot';
  if (!emailPattern.test(email)) return 'validation.email.invalid';
  return null;
}
