import type { ValidationMessageId } from './validationMessages';
import { validateEmail } from './email';
import { validatePassword, validatePasswordConfirmation } from './password';
import {
  validateCommunity,
  validateDateOfBirth,
  validateFirstName,
  validateGuardianConsent,
  validateLastName,
  validatePhone,
  validateTerms,
} from './signup';

export interface SignupValues {
  email: string;
  phone: string;
  firstName: string;
  lastName: string;
  password: string;
  confirmPassword: string;
  dateOfBirth: string;
  guardianConsent: boolean;
  terms: boolean;
}

export type SignupField = keyof SignupValues | 'community';

export const emptySignupValues: SignupValues = {
  email: '',
  phone: '',
  firstName: '',
  lastName: '',
  password: '',
  confirmPassword: '',
  dateOfBirth: '',
  guardianConsent: false,
  terms: false,
};

/** Every signup rule for the form, as message ids per field (null when the field is fine). */
export function validateSignup(
  values: SignupValues,
  communityId: string | null,
  today: Date,
): Record<SignupField, ValidationMessageId | null> {
  return {
    email: validateEmail(values.email),
    phone: validatePhone(values.phone),
    firstName: validateFirstName(values.firstName),
    lastName: validateLastName(values.lastName),
    password: validatePassword(values.password),
    confirmPassword: validatePasswordConfirmation(values.password, values.confirmPassword),
    dateOfBirth: validateDateOfBirth(values.dateOfBirth, today),
    guardianConsent: validateGuardianConsent(values.dateOfBirth, values.guardianConsent, today),
    terms: validateTerms(values.terms),
    community: validateCommunity(communityId),
  };
}
