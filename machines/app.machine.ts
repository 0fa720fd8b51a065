import { announcementsMachine } from './announcements.machine';
import { createAppMachine } from './app.root';
import { archiveDrawerMachine } from './archiveDrawer.machine';
import { chanceToWinMachine } from './chanceToWin.machine';
import { earnActionMachine } from './earnAction.machine';
import { earnPipelineMachine } from './earnPipeline.machine';
import { formWizardMachine } from './formWizard.machine';
import { oidcCallbackMachine } from './oidcCallback.machine';
import { pushNotificationsMachine } from './pushNotifications.machine';
import { qrScannerMachine } from './qrScanner.machine';
import { redemptionMachine } from './redemption.machine';
import { submissionMachine } from './submission.machine';
import { triviaRoundMachine } from './triviaRound.machine';
import { triviaVerificationMachine } from './triviaVerification.machine';

export {
  accountRequestIds,
  appActorIds,
  appActorLoads,
  createAppMachine,
  memberActorIds,
  memberOf,
  type AppActorId,
  type AppActors,
  type MemberActors,
  type OnDemandActors,
} from './app.root';

/** The earn scanner: a QR scanner whose codes go through the earn pipeline. */
const earnScannerMachine = qrScannerMachine.provide({ actors: { acceptCode: earnPipelineMachine as never } });

/**
 * The app's actor system with every machine in it (machines/app.root.ts has the root): what the
 * tests and the Stately visualizer run. The app builds the same root with the member actors and
 * the on-demand ones loaded when needed (src/actors/appLogic.ts).
 */
export const appMachine = createAppMachine(
  {
    earnScanner: earnScannerMachine,
    earnAction: earnActionMachine,
    redemption: redemptionMachine,
    formWizard: formWizardMachine,
    announcements: announcementsMachine,
    pushNotifications: pushNotificationsMachine,
    triviaVerification: triviaVerificationMachine,
    individualTrivia: triviaRoundMachine,
    contestTrivia: triviaRoundMachine,
    chanceToWin: chanceToWinMachine,
    archiveDrawer: archiveDrawerMachine,
  },
  {
    communityScanner: qrScannerMachine,
    oidcCallback: oidcCallbackMachine,
    passwordResetStart: submissionMachine,
    passwordResetFinish: submissionMachine,
    passwordChange: submissionMachine,
    profileUpdate: submissionMachine,
    accountDeletion: submissionMachine,
    emailCheck: submissionMachine,
    operatorSetup: submissionMachine,
  },
);
