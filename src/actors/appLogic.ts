import { assign, fromCallback, type EventObject } from 'xstate';
import { appMachine } from '../../machines/app.machine';
import { clockMachine } from '../../machines/clock.machine';
import { qrScannerMachine } from '../../machines/qrScanner.machine';
import { i18n } from '../i18n/i18n';
import { accountRequestLogic } from './accountRequests';
import { announcementsLogic } from './announcements';
import { chanceToWinLogic } from './chanceToWin';
import { createSystemApi, type SystemApiDeps } from './api';
import { communityScannerLogic, earnScannerLogic } from './scanner';
import { connectivitySyncLogic, type ConnectivitySyncDeps } from './connectivitySync';
import { earnActionLogic } from './earnAction';
import { earnPipelineLogic } from './earnPipeline';
import { formWizardLogic } from './formWizard';
import { installPromptLogic } from './installPrompt';
import { pendingLogoutsLogic } from './pendingLogouts';
import { pushNotificationsLogic, type PushBrowser } from './pushNotifications';
import { historyNavigate, type Navigate } from './navigation';
import { oidcCallbackLogic } from './oidcCallback';
import { redemptionLogic } from './redemption';
import { resourcesLogic } from './resources';
import { serviceWorkerLogic } from './serviceWorker';
import { sessionLogic, type SessionDeps } from './session';
import { tokenRefreshLogic } from './tokenRefresh';
import { triviaRoundLogic, triviaVerificationLogic } from './trivia';

/** The member switching the language (Lingui's change event). */
export const watchLanguage = fromCallback<EventObject>(({ sendBack }) =>
  i18n.on('change', () => sendBack({ type: 'language.changed', language: i18n.locale })),
);

export interface AppLogicDeps extends SystemApiDeps {
  /** The router's navigate (the browser's history by default; tests give a memory router's). */
  navigate?: Navigate;
  /** Test seams of the session: what app start finds stored. */
  readStored?: SessionDeps['readStored'];
  /** Test seams of the connectivity sync (locks, network, page). */
  connectivity?: Omit<ConnectivitySyncDeps, 'systemApi' | 'earnPipeline'>;
  /** Test seam of Web Push (the permission, the service worker's PushManager). */
  push?: PushBrowser;
}

/**
 * The app's actor system bound to the browser (DESIGN "Machines"): every app-wide actor of
 * `appMachine` gets its effects here, in src/actors, and nowhere else: the API client (one per
 * system, its 401s going to the system's token refresh), localStorage, IndexedDB (Dexie), the
 * camera, toasts, the router, the service worker and the install prompt.
 */
export function createAppLogic({ navigate = historyNavigate, readStored, connectivity, push, ...apiDeps }: AppLogicDeps = {}) {
  const systemApi = createSystemApi(apiDeps);
  const earnPipeline = earnPipelineLogic({ systemApi });
  const logic = appMachine.provide({
    actors: {
      session: sessionLogic({ systemApi, readStored, push }),
      tokenRefresh: tokenRefreshLogic({ systemApi }),
      connectivitySync: connectivitySyncLogic({ systemApi, earnPipeline, ...connectivity }),
      resources: resourcesLogic({ systemApi }),
      serviceWorker: serviceWorkerLogic(),
      installPrompt: installPromptLogic(),
      clock: clockMachine.provide({ actions: { readNow: assign({ now: () => Date.now() }) } }),
      earnScanner: earnScannerLogic(qrScannerMachine, earnPipeline),
      communityScanner: communityScannerLogic({ systemApi }),
      earnAction: earnActionLogic({ systemApi }),
      redemption: redemptionLogic({ systemApi, navigate }),
      formWizard: formWizardLogic({ systemApi, navigate }),
      oidcCallback: oidcCallbackLogic({ systemApi, navigate }),
      ...accountRequestLogic({ systemApi, navigate }),
      pendingLogouts: pendingLogoutsLogic({ systemApi }),
      watchLanguage,
      triviaVerification: triviaVerificationLogic({ systemApi }),
      individualTrivia: triviaRoundLogic({ systemApi, navigate }),
      contestTrivia: triviaRoundLogic({ systemApi, navigate }),
      announcements: announcementsLogic({ systemApi }),
      pushNotifications: pushNotificationsLogic({ systemApi, browser: push }),
      chanceToWin: chanceToWinLogic({ systemApi }),
    },
  });
  // The API of this system, for actors a lazily loaded screen starts itself (the operator console).
  return Object.assign(logic, { systemApi });
}

export type AppLogic = ReturnType<typeof createAppLogic>;
