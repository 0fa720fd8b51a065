import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { commonMessages } from '../../components/errorMessages';

/** Why a trivia call failed, by the contract's error code. */
export const triviaErrors: Record<string, MessageDescriptor> = {
  OFFLINE: msg({ id: 'pages.trivia.error.offline', message: 'Trivia needs a connection. Please check your internet connection and try again.' }),
  CONTEST_NOT_STARTED: msg({ id: 'pages.trivia.error.notStarted', message: 'This contest has not started yet.' }),
  CONTEST_ENDED: msg({ id: 'pages.trivia.error.ended', message: 'This contest has ended.' }),
  ALREADY_ANSWERED: msg({ id: 'pages.trivia.error.alreadyAnswered', message: 'You already answered this question.' }),
  QUESTION_NOT_SERVED: msg({ id: 'pages.trivia.error.notServed', message: 'This question is no longer yours to answer.' }),
  FORBIDDEN: msg({ id: 'pages.trivia.error.notJoined', message: 'Join the contest first.' }),
  NOT_FOUND: msg({ id: 'pages.trivia.error.notFound', message: 'This trivia was not found.' }),
  ACCOUNT_SUSPENDED: commonMessages.suspended,
};
export const triviaErrorFallback = msg({ id: 'pages.trivia.error.other', message: 'Something went wrong. Please try again.' });
