import { archiveDrawerMachine } from '../../machines/archiveDrawer.machine';
import type { MemberActors } from '../../machines/app.root';
import { qrScannerMachine } from '../../machines/qrScanner.machine';
import { announcementsLogic } from './announcements';
import type { SystemApi } from './api';
import { chanceToWinLogic } from './chanceToWin';
import { earnActionLogic } from './earnAction';
import { earnPipelineLogic } from './earnPipeline';
import { formWizardLogic } from './formWizard';
import type { Navigate } from './navigation';
import { pushNotificationsLogic, type PushBrowser } from './pushNotifications';
import { redemptionLogic } from './redemption';
import { earnScannerLogic } from './scanner';
import { triviaRoundLogic, triviaVerificationLogic } from './trivia';

export interface MemberFeatureDeps {
  systemApi: SystemApi;
  navigate: Navigate;
  push?: PushBrowser;
}

/** Each member actor's logic, built when its actor first needs it (building a machine is work). */
export type MemberActorFactories = { [Id in keyof MemberActors]: () => MemberActors[Id] };

/**
 * The member actors of the app's root (machines/app.root.ts `MemberActors`) bound to the browser.
 * This module and the machines it imports are their own chunk: the app loads it with the first
 * member screen or the first event for one of these actors (src/actors/lazyActor.ts), and builds
 * each actor's logic when that actor starts.
 */
export function memberActorLogic({ systemApi, navigate, push }: MemberFeatureDeps): MemberActorFactories {
  return {
    earnScanner: () => earnScannerLogic(qrScannerMachine, earnPipelineLogic({ systemApi })),
    earnAction: () => earnActionLogic({ systemApi }),
    redemption: () => redemptionLogic({ systemApi, navigate }),
    formWizard: () => formWizardLogic({ systemApi, navigate }),
    announcements: () => announcementsLogic({ systemApi }),
    pushNotifications: () => pushNotificationsLogic({ systemApi, browser: push }),
    triviaVerification: () => triviaVerificationLogic({ systemApi }),
    individualTrivia: () => triviaRoundLogic({ systemApi, navigate }),
    contestTrivia: () => triviaRoundLogic({ systemApi, navigate }),
    chanceToWin: () => chanceToWinLogic({ systemApi }),
    archiveDrawer: () => archiveDrawerMachine,
  } as MemberActorFactories;
}
