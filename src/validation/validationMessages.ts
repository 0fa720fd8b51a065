import { msg } from '@lingui/core/macro';

/**
 * Every validation message, keyed by its catalog id. Validators return these ids;
 * screens render them with `i18n._(validationMessages[id])`.
 */
export const validationMessages = {
  'validation.email.required': msg({ id: 'validation.email.required', message: 'Email is required.' }),
  'validation.email.startsWithAt': msg({ id: 'validation.email.startsWithAt', message: 'Email cannot start with @.' }),
  'validation.email.noSpaces': msg({ id: 'validation.email.noSpaces', message: 'Email cannot contain spaces.' }),
  'validation.email.consecutiveDots': msg({
    id: 'validation.email.consecutiveDots',
    message: 'Email cannot contain two dots in a row.',
  }),
  'validation.email.multipleAt': msg({ id: 'validation.email.multipleAt', message: 'Email cannot contain more than one @.' }),
  'validation.email.invalidLocalPart': msg({
    id: 'validation.email.invalidLocalPart',
    message: 'Before the @ use only letters, digits, dots, hyphens, underscores and plus signs.',
  }),
  'validation.email.invalidDomain': msg({
    id: 'validation.email.invalidDomain',
    message: 'After the @ use only letters, digits, dots and hyphens.',
  }),
  'validation.email.domainNeedsDot': msg({
    id: 'validation.email.domainNeedsDot',
    message: 'The domain must contain a dot, as in example.com.',
  }),
  'validation.email.tooLong': msg({ id: 'validation.email.tooLong', message: 'Email must be at most 254 characters.' }),
  'validation.email.invalid': msg({ id: 'validation.email.invalid', message: 'Please enter a valid email address.' }),

  'validation.password.required': msg({ id: 'validation.password.required', message: 'Password is required.' }),
  'validation.password.tooShort': msg({
    id: 'validation.password.tooShort',
    message: 'Password must be at least 8 characters.',
  }),
  'validation.password.needsDigit': msg({
    id: 'validation.password.needsDigit',
    message: 'Password must contain at least one number.',
  }),
  'validation.password.needsUppercase': msg({
    id: 'validation.password.needsUppercase',
    message: 'Password must contain at least one uppercase letter.',
  }),
  'validation.password.needsLowercase': msg({
    id: 'validation.password.needsLowercase',
    message: 'Password must contain at least one lowercase letter.',
  }),
  'validation.password.needsSpecial': msg({
    id: 'validation.password.needsSpecial',
    message: 'Password must contain at least one special character, such as ! @ # $ or %.',
  }),
  'validation.password.confirmRequired': msg({
    id: 'validation.password.confirmRequired',
    message: 'Please confirm your password.',
  }),
  'validation.password.mismatch': msg({ id: 'validation.password.mismatch', message: 'Passwords do not match.' }),
  'validation.password.sameAsCurrent': msg({
    id: 'validation.password.sameAsCurrent',
    message: 'The new password must be different from the current one.',
  }),

  'validation.firstName.required': msg({ id: 'validation.firstName.required', message: 'First name is required.' }),
  'validation.lastName.required': msg({ id: 'validation.lastName.required', message: 'Last name is required.' }),
  'validation.name.tooLong': msg({ id: 'validation.name.tooLong', message: 'Please use at most 50 characters.' }),
  'validation.phone.invalid': msg({
    id: 'validation.phone.invalid',
    message: 'Please enter a valid phone number (digits, spaces, +, - and parentheses).',
  }),
  'validation.dateOfBirth.required': msg({ id: 'validation.dateOfBirth.required', message: 'Date of birth is required.' }),
  'validation.dateOfBirth.invalid': msg({ id: 'validation.dateOfBirth.invalid', message: 'Please enter a valid date.' }),
  'validation.dateOfBirth.future': msg({
    id: 'validation.dateOfBirth.future',
    message: 'Date of birth cannot be in the future.',
  }),
  'validation.guardianConsent.required': msg({
    id: 'validation.guardianConsent.required',
    message: 'Users under 18 need permission from a parent or guardian.',
  }),
  'validation.terms.required': msg({
    id: 'validation.terms.required',
    message: 'You must agree to the terms to continue.',
  }),
  'validation.community.required': msg({
    id: 'validation.community.required',
    message: 'You must scan your community QR code to create an account.',
  }),
  'validation.code.invalid': msg({ id: 'validation.code.invalid', message: 'Enter the 6-digit code from the email.' }),
};

export type ValidationMessageId = keyof typeof validationMessages;
