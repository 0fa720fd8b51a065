import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import type { FormWizardErrorCode } from '../../../machines/formWizard.types';
import { commonMessages } from '../../components/errorMessages';
import type { MultipleChoicePart, NumberPart, PartError, TextPart } from '../../forms';
import { dateTimeFormat } from '../../i18n/formatters';

/** Fixed texts of the forms screens. */
export const formMessages = {
  notFound: msg({ id: 'pages.forms.notFound', message: 'Form not found' }),
  loadError: msg({ id: 'pages.forms.loadError', message: 'Failed to fetch forms' }),
  submitFailure: msg({ id: 'pages.forms.submitFailure', message: 'Failed to submit form' }),
  tryAgainLater: msg({ id: 'pages.forms.tryAgainLater', message: 'Please try again later' }),
  queueFailure: msg({ id: 'pages.forms.queueFailure', message: 'Failed to save action for offline processing.' }),
  alreadyAnswered: msg({ id: 'pages.forms.alreadyAnswered', message: 'You have already answered this form.' }),
  queued: msg({
    id: 'pages.forms.queued',
    message: "You're offline. Your answers are saved and will be sent when you're back online.",
  }),
  requiredMark: msg({ id: 'pages.forms.requiredMark', message: '(required)' }),
};

/** The title and text of a failed submission that the member may retry. */
export function submitFailureMessages(code: FormWizardErrorCode): { title: MessageDescriptor; text: MessageDescriptor } {
  if (code === 'QUEUE_FAILED') return { title: formMessages.submitFailure, text: formMessages.queueFailure };
  if (code === 'ACCOUNT_SUSPENDED') return { title: formMessages.submitFailure, text: commonMessages.suspended };
  return { title: formMessages.submitFailure, text: formMessages.tryAgainLater };
}

/** The success toast: the pips the answers earned. */
export const submittedMessage = (pips: number) =>
  pips > 0
    ? msg({
        id: 'pages.forms.submitted',
        message: `Thank you! You earned ${plural(pips, { one: '# pip', other: '# pips' })}.`,
      })
    : msg({ id: 'pages.forms.submittedNoPips', message: 'Thank you! Your answers were sent.' });

/** A date's parts as its field's format shows them ("MM/DD/YYYY"; Spanish "DD/MM/AAAA"). */
export const dateSegmentLetters = {
  day: msg({ id: 'pages.forms.date.day', message: 'DD' }),
  month: msg({ id: 'pages.forms.date.month', message: 'MM' }),
  year: msg({ id: 'pages.forms.date.year', message: 'YYYY' }),
};

/** The line under a date field: the order its parts are typed in. */
export const dateFormatMessage = (format: string) => msg({ id: 'pages.forms.date.format', message: `Type the date as ${format}.` });

/** "Step 2 of 3". */
export const stepMessage = (current: number, total: number) =>
  msg({ id: 'pages.forms.stepOf', message: `Step ${current} of ${total}` });

export const ratingStarMessage = (value: number, max: number) =>
  msg({ id: 'pages.forms.ratingStar', message: `${value} of ${max} stars` });

/** The hint under a multiple-choice part: how many options to pick, when it is limited. */
export function choiceCountHint(part: MultipleChoicePart): MessageDescriptor | null {
  const min = Math.max(part.minSelected, part.required ? 1 : 0);
  const max = part.maxSelected;
  const all = part.options.length;
  if (min === max) return msg({ id: 'pages.forms.hint.chooseExactly', message: `Choose ${plural(min, { one: '# option', other: '# options' })}.` });
  if (min > 1 && max < all) return msg({ id: 'pages.forms.hint.chooseBetween', message: `Choose ${min} to ${max} options.` });
  if (min > 1) return msg({ id: 'pages.forms.hint.chooseAtLeast', message: `Choose at least ${plural(min, { one: '# option', other: '# options' })}.` });
  if (max < all) return msg({ id: 'pages.forms.hint.chooseUpTo', message: `Choose up to ${plural(max, { one: '# option', other: '# options' })}.` });
  return null;
}

/** The hint under a number part: its range, and whole numbers when so. */
export function numberHint(part: NumberPart): MessageDescriptor | null {
  const { min, max } = part;
  if (min !== undefined && max !== undefined) {
    return part.integer
      ? msg({ id: 'pages.forms.hint.wholeNumberBetween', message: `A whole number from ${min} to ${max}.` })
      : msg({ id: 'pages.forms.hint.numberBetween', message: `A number from ${min} to ${max}.` });
  }
  if (min !== undefined) return msg({ id: 'pages.forms.hint.numberAtLeast', message: `At least ${min}.` });
  if (max !== undefined) return msg({ id: 'pages.forms.hint.numberAtMost', message: `At most ${max}.` });
  return part.integer ? msg({ id: 'pages.forms.hint.wholeNumber', message: 'A whole number.' }) : null;
}

export function textLengthHint(part: TextPart): MessageDescriptor {
  const { maxLength } = part;
  return msg({ id: 'pages.forms.hint.maxLength', message: `Up to ${plural(maxLength, { one: '# character', other: '# characters' })}.` });
}

/**
 * What a part's error says, in the member's language. Dates arrive 'YYYY-MM-DD' and are shown
 * with `formatDate`.
 */
export function partErrorMessage(error: PartError, formatDate: (isoDate: string) => string): MessageDescriptor {
  switch (error.code) {
    case 'required':
      return msg({ id: 'pages.forms.error.required', message: 'Please answer this question.' });
    case 'invalidOption':
      return msg({ id: 'pages.forms.error.invalidOption', message: 'Please choose one of the options.' });
    case 'tooFewSelected': {
      const { min } = error;
      return msg({
        id: 'pages.forms.error.tooFewSelected',
        message: `Choose at least ${plural(min, { one: '# option', other: '# options' })}.`,
      });
    }
    case 'tooManySelected': {
      const { max } = error;
      return msg({
        id: 'pages.forms.error.tooManySelected',
        message: `Choose at most ${plural(max, { one: '# option', other: '# options' })}.`,
      });
    }
    case 'tooLong': {
      const { max } = error;
      return msg({
        id: 'pages.forms.error.tooLong',
        message: `Please use at most ${plural(max, { one: '# character', other: '# characters' })}.`,
      });
    }
    case 'notANumber':
      return msg({ id: 'pages.forms.error.notANumber', message: 'Please enter a number.' });
    case 'notAWholeNumber':
      return msg({ id: 'pages.forms.error.notAWholeNumber', message: 'Please enter a whole number.' });
    case 'numberOutOfRange': {
      const { min, max } = error;
      return msg({ id: 'pages.forms.error.numberOutOfRange', message: `Please enter a number from ${min} to ${max}.` });
    }
    case 'numberTooSmall': {
      const { min } = error;
      return msg({ id: 'pages.forms.error.numberTooSmall', message: `Please enter a number of at least ${min}.` });
    }
    case 'numberTooLarge': {
      const { max } = error;
      return msg({ id: 'pages.forms.error.numberTooLarge', message: `Please enter a number of at most ${max}.` });
    }
    case 'invalidRating': {
      const { max } = error;
      return msg({ id: 'pages.forms.error.invalidRating', message: `Please choose from 1 to ${max} stars.` });
    }
    case 'invalidDate':
      return msg({ id: 'pages.forms.error.invalidDate', message: 'Please enter a valid date.' });
    case 'dateOutOfRange': {
      const min = formatDate(error.min);
      const max = formatDate(error.max);
      return msg({ id: 'pages.forms.error.dateOutOfRange', message: `Please choose a date from ${min} to ${max}.` });
    }
    case 'dateTooEarly': {
      const min = formatDate(error.min);
      return msg({ id: 'pages.forms.error.dateTooEarly', message: `Please choose a date on or after ${min}.` });
    }
    case 'dateTooLate': {
      const max = formatDate(error.max);
      return msg({ id: 'pages.forms.error.dateTooLate', message: `Please choose a date on or before ${max}.` });
    }
  }
}

/** 'YYYY-MM-DD' as a long date in the member's language ("June 5, 2026"). */
export function formatIsoDate(isoDate: string, locale: string): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  if (Number.isNaN(date.getTime())) return isoDate;
  return dateTimeFormat(locale === 'en' ? 'en-US' : locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}
