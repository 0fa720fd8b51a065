import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { ConsoleView, ConsoleWriteKind } from '../../../machines/operatorConsole.types';

/** The console's navigation. */
export const viewTitles: Record<ConsoleView, MessageDescriptor> = {
  dashboard: msg({ id: 'admin.view.dashboard', message: 'Dashboard' }),
  earn: msg({ id: 'admin.view.earn', message: 'Earn actions' }),
  qr: msg({ id: 'admin.view.qr', message: 'QR codes' }),
  questionnaires: msg({ id: 'admin.view.questionnaires', message: 'Questionnaires' }),
  announcements: msg({ id: 'admin.view.announcements', message: 'Announcements' }),
  chanceToWin: msg({ id: 'admin.view.chanceToWin', message: 'Chance to Win' }),
  trivia: msg({ id: 'admin.view.trivia', message: 'Trivia' }),
  rewards: msg({ id: 'admin.view.rewards', message: 'Rewards' }),
  members: msg({ id: 'admin.view.members', message: 'Members' }),
  audit: msg({ id: 'admin.view.audit', message: 'Audit log' }),
  community: msg({ id: 'admin.view.community', message: 'Settings' }),
};

export const roleNames = {
  owner: msg({ id: 'admin.role.owner', message: 'Owner' }),
  editor: msg({ id: 'admin.role.editor', message: 'Editor' }),
  viewer: msg({ id: 'admin.role.viewer', message: 'Viewer (read only)' }),
};

/** The operator API's error codes in words (the same rules the API checks). */
const errorTexts: Record<string, MessageDescriptor> = {
  VALIDATION_ERROR: msg({ id: 'admin.error.validation', message: 'The server refused what was entered: check every field and try again.' }),
  FORBIDDEN: msg({ id: 'admin.error.forbidden', message: 'Your role in this community does not allow this.' }),
  NOT_FOUND: msg({ id: 'admin.error.notFound', message: 'It is not there any more: someone may have deleted it. The list is up to date again.' }),
  ALREADY_DRAWN: msg({ id: 'admin.error.alreadyDrawn', message: 'This contest was drawn already: the list shows its winners.' }),
  IN_USE: msg({ id: 'admin.error.inUse', message: 'Something still refers to it: archive it instead.' }),
  INSUFFICIENT_PIPS: msg({ id: 'admin.error.insufficientPips', message: 'The member does not have that many pips.' }),
  UNAUTHORIZED: msg({ id: 'admin.error.unauthorized', message: 'Your session ended. Log in again.' }),
  ACCOUNT_NOT_VERIFIED: msg({ id: 'admin.error.notVerified', message: 'Verify your account first.' }),
  NETWORK_ERROR: msg({ id: 'admin.error.network', message: 'The server cannot be reached. Check your connection and try again.' }),
  RATE_LIMITED: msg({ id: 'admin.error.rateLimited', message: 'Too many requests: wait a minute and try again.' }),
  SERVICE_UNAVAILABLE: msg({ id: 'admin.error.unavailable', message: 'The server cannot do this right now: try again in a moment.' }),
};
export const unknownError = msg({ id: 'admin.error.unknown', message: 'Something went wrong ({code}). Try again.' });
export const errorText = (code: string): MessageDescriptor => errorTexts[code] ?? unknownError;

/** Why an operator invitation could not be accepted (the API's codes of adminAcceptInvitation). */
const invitationErrors: Record<string, MessageDescriptor> = {
  INVALID_TOKEN: msg({
    id: 'admin.invitation.error.invalid',
    message: 'This invitation link no longer works: it was accepted already, withdrawn, replaced by a newer one, or it expired (invitations last 7 days). Ask the community’s owner for a new one.',
  }),
  FORBIDDEN: msg({
    id: 'admin.invitation.error.otherAccount',
    message: 'This invitation is for another email address. Log out, then log in with the address it was sent to (or sign up with it first) and open the link again.',
  }),
  IN_USE: msg({ id: 'admin.invitation.error.lastOwner', message: 'You are the community’s last owner: make another owner before taking a lower role.' }),
};
export const invitationErrorText = (code: string): MessageDescriptor => invitationErrors[code] ?? errorText(code);

/** What a failed write was. */
export const writeTitles: Record<ConsoleWriteKind, MessageDescriptor> = {
  createPromo: msg({ id: 'admin.write.createPromo', message: 'Could not create it' }),
  updatePromo: msg({ id: 'admin.write.updatePromo', message: 'Could not save the changes' }),
  archivePromo: msg({ id: 'admin.write.archivePromo', message: 'Could not archive it' }),
  restorePromo: msg({ id: 'admin.write.restorePromo', message: 'Could not restore it' }),
  importCodes: msg({ id: 'admin.write.importCodes', message: 'Could not load the codes' }),
  adjustPips: msg({ id: 'admin.write.adjustPips', message: 'Could not adjust the pips' }),
  bulkAdjust: msg({ id: 'admin.write.bulkAdjust', message: 'Could not apply the adjustments' }),
  createChanceToWin: msg({ id: 'admin.write.createChanceToWin', message: 'Could not create the contest' }),
  drawChanceToWin: msg({ id: 'admin.write.drawChanceToWin', message: 'Could not draw the contest' }),
  createQuestionnaire: msg({ id: 'admin.write.createQuestionnaire', message: 'Could not create the questionnaire' }),
  setTriviaSettings: msg({ id: 'admin.write.setTriviaSettings', message: 'Could not save the trivia settings' }),
  importTriviaQuestions: msg({ id: 'admin.write.importTriviaQuestions', message: 'Could not add the questions' }),
  createTriviaContest: msg({ id: 'admin.write.createTriviaContest', message: 'Could not create the trivia contest' }),
  voidCode: msg({ id: 'admin.write.voidCode', message: 'Could not void the code' }),
  updateQrCode: msg({ id: 'admin.write.updatePromo', message: 'Could not save the changes' }),
  updateRewardOption: msg({ id: 'admin.write.updatePromo', message: 'Could not save the changes' }),
  updateAnnouncement: msg({ id: 'admin.write.updatePromo', message: 'Could not save the changes' }),
  updateChanceToWin: msg({ id: 'admin.write.updatePromo', message: 'Could not save the changes' }),
  updateTriviaContest: msg({ id: 'admin.write.updatePromo', message: 'Could not save the changes' }),
  updateQuestionnaire: msg({ id: 'admin.write.updatePromo', message: 'Could not save the changes' }),
  deletePromo: msg({ id: 'admin.write.delete', message: 'Could not delete it' }),
  deleteQrCode: msg({ id: 'admin.write.delete', message: 'Could not delete it' }),
  deleteQuestionnaire: msg({ id: 'admin.write.delete', message: 'Could not delete it' }),
  deleteChanceToWin: msg({ id: 'admin.write.delete', message: 'Could not delete it' }),
  deleteTriviaContest: msg({ id: 'admin.write.delete', message: 'Could not delete it' }),
  updateCommunity: msg({ id: 'admin.write.updatePromo', message: 'Could not save the changes' }),
  addRewardOption: msg({ id: 'admin.write.addRewardOption', message: 'Could not add the option' }),
  updateTriviaQuestion: msg({ id: 'admin.write.updatePromo', message: 'Could not save the changes' }),
  deleteTriviaQuestion: msg({ id: 'admin.write.delete', message: 'Could not delete it' }),
  deleteRewardOption: msg({ id: 'admin.write.delete', message: 'Could not delete it' }),
  setPromoImage: msg({ id: 'admin.write.setPromoImage', message: 'Could not set the image' }),
  removePromoImage: msg({ id: 'admin.write.updatePromo', message: 'Could not save the changes' }),
  setOperator: msg({ id: 'admin.write.invite', message: 'Could not send the invitation' }),
  removeOperator: msg({ id: 'admin.write.removeOperator', message: 'Could not take the role away' }),
  revokeInvitation: msg({ id: 'admin.write.revokeInvitation', message: 'Could not withdraw the invitation' }),
  suspendMember: msg({ id: 'admin.write.suspendMember', message: 'Could not suspend the member' }),
  restoreMember: msg({ id: 'admin.write.restoreMember', message: 'Could not restore the member' }),
  createQrCode: msg({ id: 'admin.write.createQrCode', message: 'Could not create the QR code' }),
  endQrCode: msg({ id: 'admin.write.endQrCode', message: 'Could not end the QR code' }),
  createAnnouncement: msg({ id: 'admin.write.createAnnouncement', message: 'Could not publish the announcement' }),
  deleteAnnouncement: msg({ id: 'admin.write.deleteAnnouncement', message: 'Could not delete the announcement' }),
  archiveQuestionnaire: msg({ id: 'admin.write.archiveQuestionnaire', message: 'Could not archive the questionnaire' }),
  restoreQuestionnaire: msg({ id: 'admin.write.restoreQuestionnaire', message: 'Could not restore the questionnaire' }),
};

/** Form checks, as the API makes them. */
export const fieldErrors = {
  titleRequired: msg({ id: 'admin.field.titleRequired', message: 'Enter a title.' }),
  pipsRange: msg({ id: 'admin.field.pipsRange', message: 'Enter a whole number of pips from 1 to {max}.' }),
  httpsUrl: msg({ id: 'admin.field.httpsUrl', message: 'Enter a link that starts with https://' }),
  labelRequired: msg({ id: 'admin.field.labelRequired', message: 'Enter what the member gets.' }),
  noCodes: msg({ id: 'admin.field.noCodes', message: 'Choose a CSV file or paste at least one code.' }),
  tooManyCodes: msg({ id: 'admin.field.tooManyCodes', message: 'At most 10,000 codes at once.' }),
  deltaRequired: msg({ id: 'admin.field.deltaRequired', message: 'Enter a whole number of pips other than 0 (negative takes pips away).' }),
  textRequired: msg({ id: 'admin.field.textRequired', message: 'Write it in English, Spanish or both.' }),
  appPath: msg({ id: 'admin.field.appPath', message: 'Enter a path of the app that starts with /, e.g. /earn' }),
  validDays: msg({ id: 'admin.field.validDays', message: 'Enter a whole number of days from 1 to 3,650, or leave it empty.' }),
  cap: msg({ id: 'admin.field.cap', message: 'Enter a whole number from 1, or leave it empty for no limit.' }),
  noCsv: msg({ id: 'admin.field.noCsv', message: 'Choose a CSV file or paste its lines.' }),
  nameRequired: msg({ id: 'admin.field.nameRequired', message: 'Enter a name.' }),
  drawDate: msg({ id: 'admin.field.drawDate', message: 'Choose a drawing date and time in the future.' }),
  winnersRange: msg({ id: 'admin.field.winnersRange', message: 'Enter a whole number of winners from 1 to 1,000.' }),
  notJson: msg({ id: 'admin.field.notJson', message: 'This file is not valid JSON.' }),
  noFile: msg({ id: 'admin.field.noFile', message: 'Choose a JSON file.' }),
  allowance: msg({ id: 'admin.field.allowance', message: 'Enter a whole number from 0 to 1,000.' }),
  timeZone: msg({ id: 'admin.field.timeZone', message: 'Enter a time zone such as Europe/Madrid.' }),
  dates: msg({ id: 'admin.field.dates', message: 'Choose a start and an end after it.' }),
  teams: msg({ id: 'admin.field.teams', message: 'Name 2 to 20 teams, separated by commas.' }),
  teamsEs: msg({ id: 'admin.field.teamsEsCount', message: 'Name as many teams in Spanish as in English, or none.' }),
  required: msg({ id: 'admin.field.required', message: 'Fill this in.' }),
  range: msg({ id: 'admin.field.range', message: 'Enter a whole number from {min} to {max}.' }),
  email: msg({ id: 'admin.field.email', message: 'Enter an email address such as help@example.org.' }),
  phone: msg({ id: 'admin.field.phone', message: 'Use up to 32 of 0-9 + ( ) . - and spaces.' }),
  answers: msg({ id: 'admin.field.answersCheck', message: 'Write 2 to 6 answers, one per line, and mark the right one with * at its start.' }),
  imageFile: msg({ id: 'admin.field.imageFile', message: 'Choose a PNG, JPEG or WebP image of at most 1 MiB.' }),
  reasonRequired: msg({ id: 'admin.field.reasonRequired', message: 'Say why: the member sees it in their activity.' }),
  suspendReasonRequired: msg({ id: 'admin.field.suspendReasonRequired', message: 'Say why you suspend them (for the operators).' }),
};

export const skipReasons = {
  BLANK: msg({ id: 'admin.import.skip.blank', message: 'blank line' }),
  REPEATED: msg({ id: 'admin.import.skip.repeated', message: 'repeated in this file' }),
  ALREADY_LOADED: msg({ id: 'admin.import.skip.loaded', message: 'already loaded' }),
};

/** Why a line of a bulk adjustment cannot be applied (the API's codes). */
export const bulkProblems = {
  BAD_DELTA: msg({ id: 'admin.bulk.problem.delta', message: 'The pips are not a whole number other than 0.' }),
  NO_REASON: msg({ id: 'admin.bulk.problem.reason', message: 'No reason given.' }),
  NO_SUCH_MEMBER: msg({ id: 'admin.bulk.problem.member', message: 'No member of this community uses this email.' }),
  INSUFFICIENT_PIPS: msg({ id: 'admin.bulk.problem.pips', message: 'The member does not have that many pips.' }),
};
