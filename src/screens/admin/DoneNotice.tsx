import { Alert } from '@mantine/core';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { ConsoleContext } from '../../../machines/operatorConsole.types';
import type { AdminCodeImportResult, AdminPromoCreated, AdminText } from './consoleLogic';
import { roleNames } from './adminMessages';

/** An operator's text in the console's language (English when there is no Spanish). */
export const localText = (text: AdminText | null | undefined, locale: string): string =>
  !text ? '' : locale.startsWith('es') && text.es ? text.es : text.en;

/** What the last applied write did, in words. */
export function DoneNotice({ done }: { done: NonNullable<ConsoleContext['done']> }) {
  const { t, i18n } = useLingui();
  let text: string;
  // An edit that only archives or restores says so.
  const edited = Object.keys(done.input).filter((key) => key !== 'id');
  const archiving = edited.length === 1 && typeof done.input.archived === 'boolean' ? done.input.archived : null;
  switch (done.kind) {
    case 'createPromo': {
      const title = localText((done.value as AdminPromoCreated).promo.title, i18n.locale);
      text = t({ id: 'admin.done.created', message: `Created “${title}”. Members see it now.` });
      break;
    }
    case 'updatePromo': {
      const title = localText((done.value as AdminPromoCreated['promo']).title, i18n.locale);
      text = t({ id: 'admin.done.updated', message: `Saved “${title}”. Members see the change now.` });
      break;
    }
    case 'archivePromo':
      text = t({ id: 'admin.done.archived', message: 'Archived: members no longer see it; their history keeps it.' });
      break;
    case 'restorePromo':
      text = t({ id: 'admin.done.restored', message: 'Restored: members see it again.' });
      break;
    case 'importCodes': {
      const { imported, codesLeft } = done.value as AdminCodeImportResult;
      text = t({ id: 'admin.done.imported', message: `Loaded ${imported} codes. ${codesLeft} are left to hand out.` });
      break;
    }
    case 'adjustPips': {
      const { availablePips } = done.value as { availablePips: number };
      text = t({ id: 'admin.done.adjusted', message: `Pips adjusted. The member has ${availablePips} pips now.` });
      break;
    }
    case 'suspendMember':
      text = t({ id: 'admin.done.memberSuspended', message: 'Member suspended: they can sign in and read, but not earn or redeem until restored.' });
      break;
    case 'restoreMember':
      text = t({ id: 'admin.done.memberRestored', message: 'Member restored: they can earn and redeem again.' });
      break;
    case 'createQrCode':
      text = t({ id: 'admin.done.qrCreated', message: 'QR code created: show it, download it and print it.' });
      break;
    case 'endQrCode':
      text = t({ id: 'admin.done.qrEnded', message: 'QR code ended: scanning it no longer earns pips.' });
      break;
    case 'createAnnouncement':
      text = t({ id: 'admin.done.announced', message: 'Announcement published: members see it in their announcements.' });
      break;
    case 'deleteAnnouncement':
      text = t({ id: 'admin.done.announcementDeleted', message: 'Announcement deleted: it is gone from every member’s list.' });
      break;
    case 'archiveQuestionnaire':
      text = t({ id: 'admin.done.questionnaireArchived', message: 'Questionnaire archived: it is gone from the members’ Forms; the answers stay.' });
      break;
    case 'restoreQuestionnaire':
      text = t({ id: 'admin.done.questionnaireRestored', message: 'Questionnaire restored: members can answer it again.' });
      break;
    case 'createChanceToWin':
      text = t({ id: 'admin.done.ctwCreated', message: 'Contest created: members who earn the threshold before the drawing take part.' });
      break;
    case 'drawChanceToWin': {
      const { winners } = done.value as { winners: unknown[] };
      text = t({ id: 'admin.done.ctwDrawn', message: plural(winners.length, { 0: 'Drawn: nobody qualified, so there is no winner.', one: 'Drawn: # winner, announced to the community.', other: 'Drawn: # winners, announced to the community.' }) });
      break;
    }
    case 'createQuestionnaire':
      text = t({ id: 'admin.done.questionnaireCreated', message: 'Questionnaire created: members find it in their Forms.' });
      break;
    case 'setTriviaSettings':
      text = t({ id: 'admin.done.triviaSettings', message: 'Trivia settings saved.' });
      break;
    case 'importTriviaQuestions': {
      const { added, total } = done.value as { added: number; total: number };
      text = t({ id: 'admin.done.triviaQuestions', message: `Added ${added} questions; ${total} in all now.` });
      break;
    }
    case 'createTriviaContest':
      text = t({ id: 'admin.done.triviaContest', message: 'Trivia contest created. Add its questions from a JSON file.' });
      break;
    case 'updateQrCode':
    case 'updateRewardOption':
    case 'updateAnnouncement':
    case 'updateChanceToWin':
    case 'updateTriviaContest':
    case 'updateQuestionnaire':
    case 'updateTriviaQuestion':
    case 'updateCommunity':
      if (archiving === true) {
        text = done.kind === 'updateCommunity'
          ? t({ id: 'admin.done.communityArchived', message: 'Community archived: nobody new can join it; its members go on as before.' })
          : t({ id: 'admin.done.archived', message: 'Archived: members no longer see it; their history keeps it.' });
      } else if (archiving === false) {
        text = t({ id: 'admin.done.restored', message: 'Restored: members see it again.' });
      } else {
        text = t({ id: 'admin.done.saved', message: 'Changes saved. Members see them at their next load.' });
      }
      break;
    case 'setPromoImage':
      text = t({ id: 'admin.done.imageSet', message: 'Image set: members see it now.' });
      break;
    case 'removePromoImage':
      text = t({ id: 'admin.done.imageRemoved', message: 'Image taken off: members see the placeholder.' });
      break;
    case 'setOperator': {
      const { email, role: given } = done.value as { email: string; role: keyof typeof roleNames };
      const role = i18n._(roleNames[given]);
      text = t({ id: 'admin.done.invited', message: `Invitation sent to ${email} (${role}). The role applies once they accept it from the mail, within 7 days.` });
      break;
    }
    case 'revokeInvitation':
      text = t({ id: 'admin.done.invitationRevoked', message: 'Invitation withdrawn: its link no longer works.' });
      break;
    case 'removeOperator':
      text = t({ id: 'admin.done.operatorRemoved', message: 'Role taken away: the account is a plain member again.' });
      break;
    case 'addRewardOption':
      text = t({ id: 'admin.done.optionAdded', message: 'Option added. Load its codes so members can redeem it.' });
      break;
    case 'deletePromo':
    case 'deleteQrCode':
    case 'deleteQuestionnaire':
    case 'deleteChanceToWin':
    case 'deleteTriviaContest':
    case 'deleteTriviaQuestion':
    case 'deleteRewardOption':
      text = t({ id: 'admin.done.deleted', message: 'Deleted for good.' });
      break;
    case 'voidCode': {
      const { codesLeft } = done.value as { codesLeft: number };
      text = t({ id: 'admin.done.voided', message: `Code voided: it left the stock. ${codesLeft} are left to hand out.` });
      break;
    }
    case 'bulkAdjust': {
      const { applied } = done.value as { applied: number };
      text = t({ id: 'admin.done.bulkAdjusted', message: plural(applied, { one: 'Applied # adjustment.', other: 'Applied # adjustments.' }) });
      break;
    }
  }
  return (
    <Alert color="teal" role="status">
      {text}
    </Alert>
  );
}
