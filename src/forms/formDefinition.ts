/**
 * A questionnaire as the wizard uses it: the `payload` JSON text of a Questionnaire
 * (openapi.yaml `QuestionnairePayload`), checked and with every default filled in, so screens
 * and validators never meet a missing or ill-typed field.
 */

export type PartType = 'singleChoice' | 'multipleChoice' | 'text' | 'number' | 'rating' | 'date';

export const partTypes: readonly PartType[] = ['singleChoice', 'multipleChoice', 'text', 'number', 'rating', 'date'];

export interface ChoiceOption {
  value: string;
  label: string;
}

interface PartBase {
  /** Unique within the questionnaire; the key of its answer. */
  id: string;
  label: string;
  help?: string;
  /** false unless the payload says true. */
  required: boolean;
}

export interface SingleChoicePart extends PartBase {
  type: 'singleChoice';
  options: ChoiceOption[];
}

export interface MultipleChoicePart extends PartBase {
  type: 'multipleChoice';
  options: ChoiceOption[];
  /** Fewest options a non-empty answer picks (a required part picks at least one anyway). */
  minSelected: number;
  /** Most options an answer picks (at most the number of options). */
  maxSelected: number;
}

export interface TextPart extends PartBase {
  type: 'text';
  multiline: boolean;
  /** Longest answer in characters (default 1000). */
  maxLength: number;
}

export interface NumberPart extends PartBase {
  type: 'number';
  min?: number;
  max?: number;
  /** Whole numbers only. */
  integer: boolean;
}

export interface RatingPart extends PartBase {
  type: 'rating';
  /** Top of the scale, 3..10 (default 5); the answer is an integer 1..max. */
  max: number;
}

export interface DatePart extends PartBase {
  type: 'date';
  /** 'YYYY-MM-DD', inclusive. */
  min?: string;
  max?: string;
}

export type FormPart = SingleChoicePart | MultipleChoicePart | TextPart | NumberPart | RatingPart | DatePart;

export interface FormStep {
  title?: string;
  parts: FormPart[];
}

export interface FormDefinition {
  title: string;
  description?: string;
  steps: FormStep[];
}

/**
 * What the user has entered, keyed by part id, as the inputs hold it: a string for single choice,
 * text, number (as typed) and date; a list of option values for multiple choice; a number for
 * rating. A part with nothing entered has no key (or an empty value).
 */
export type FormValue = string | string[] | number;
export type FormValues = Readonly<Record<string, FormValue | undefined>>;

/**
 * The answers sent to `POST /web/questionnaires/{id}/answers`, keyed by part id: singleChoice a
 * string, multipleChoice a string[], text a string, number a number, rating an integer 1..max,
 * date 'YYYY-MM-DD'. Optional parts left empty are left out.
 */
export type FormAnswers = Record<string, string | string[] | number>;
