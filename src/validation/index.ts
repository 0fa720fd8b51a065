export * from './email';
export * from './password';
export * from './signup';
export * from './signupForm';
export * from './text';
export { validationMessages, type ValidationMessageId } from './validationMessages';
