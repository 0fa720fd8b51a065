/** Questionnaires: reading the payload, checking each part, building the answers. Pure TS. */
export * from './formDefinition';
export { isIsoDate } from './isoDate';
export { parseQuestionnairePayload, payloadLimits, type ParsedPayload } from './parsePayload';
export {
  isStepValid,
  parseNumberInput,
  toAnswers,
  validatePart,
  validateStep,
  type FormAnswer,
  type PartError,
  type PartErrorCode,
} from './validateParts';
