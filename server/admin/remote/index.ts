import { giftcardsDuplicatesRemote, rewardLimitRemote } from '../giftCodes';
import { announcementCreate, announcementDelete, announcementList, pushStatus } from './announcements';
import { auditList } from './audit';
import { ctwCreate, ctwDraw, ctwList, ctwVerify, ctwWinners } from './chanceToWin';
import type { RemoteCommand } from './client';
import { communityCreate, communityEdit, communityList, communityQr, communitySupport } from './communities';
import { ledgerShow, pipsAdjust, userShow } from './members';
import { operatorAdd } from './operators';
import { promoCreate, promoImage, promoList } from './promos';
import { qrCreate, qrList, qrPrint } from './qrCodes';
import { questionnaireCreate, questionnaireList } from './questionnaires';
import { giftcardsImport, rewardAddOption, rewardCreate, rewardList } from './rewards';
import { contestCharts, contestCreate, contestList, triviaAllowance, triviaImport } from './trivia';

export { connectRemote, setUpServer, signIn, signOut, type RemoteAuth, type RemoteCommand, type RemoteContext } from './client';

/**
 * The operator CLI talking to a running server (issue 14): with PIPS_SERVER_URL, the commands
 * below go through the operator API (`/admin/...` in openapi.yaml) as the operator signed in with
 * PIPS_OPERATOR_EMAIL and PIPS_OPERATOR_PASSWORD, so content changes need no downtime, on PGlite
 * too. The server checks the role and audits each change. Bad input answers exit code 2, a refusal
 * (a role, an unknown id, a debit below zero) exit code 1, as on the database.
 *
 * One module per subject beside this one; the connection in ./client, the shared pieces in ./shared.
 * The commands that work through a running server, by name (in the order `help` lists them):
 */
export const REMOTE_COMMANDS: ReadonlyMap<string, RemoteCommand> = new Map(
  [
    promoCreate,
    rewardCreate,
    giftcardsImport,
    pipsAdjust,
    qrCreate,
    qrList,
    announcementCreate,
    announcementDelete,
    questionnaireCreate,
    ctwCreate,
    ctwList,
    ctwDraw,
    triviaImport,
    triviaAllowance,
    contestCreate,
    promoList,
    rewardList,
    questionnaireList,
    announcementList,
    contestList,
    ctwWinners,
    userShow,
    ledgerShow,
    qrPrint,
    communityList,
    communityEdit,
    communitySupport,
    rewardAddOption,
    auditList,
    communityCreate,
    communityQr,
    operatorAdd,
    promoImage,
    ctwVerify,
    pushStatus,
    contestCharts,
    giftcardsDuplicatesRemote,
    rewardLimitRemote,
  ].map((command) => [command.name, command]),
);
