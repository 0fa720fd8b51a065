import { assign, fromCallback, type EventObject } from 'xstate';
import {
  accountRequestIds,
  createAppMachine,
  memberActorIds,
  type AccountRequestId,
  type MemberActors,
  type OnDemandActors,
} from '../../machines/app.root';
import type { submissionMachine } from '../../machines/submission.machine';
import { clockMachine } from '../../machines/clock.machine';
import { i18n } from '../i18n/i18n';
import { createSystemApi, type SystemApiDeps } from './api';
import { connectivitySyncLogic, type ConnectivitySyncDeps } from './connectivitySync';
import { installPromptLogic } from './installPrompt';
import { languageChoiceLogic } from './languageChoice';
import { firstScreenHold } from '../data/lazyDatabases';
import { lazyActor } from './lazyActor';
import { onceRetried } from '../data/onceRetried';
import type { MemberActorFactories } from './memberFeatures';
import { pendingLogoutsLogic } from './pendingLogouts';
import type { PushBrowser } from './pushNotifications';
import { historyNavigate, type Navigate } from './navigation';
import { resourcesLogic } from './resources';
import { serviceWorkerLogic } from './serviceWorker';
import { sessionLogic, type SessionDeps } from './session';
import { tokenRefreshLogic } from './tokenRefresh';
import { nextTask } from '../startup/breathe';

type AccountRequestLogic = typeof submissionMachine;

/**
 * The member switching the language: Lingui's change event when the locale is another one (the
 * event also comes when messages are added, such as the operator console's).
 */
export const watchLanguage = fromCallback<EventObject>(({ sendBack }) => {
  let language = i18n.locale;
  return i18n.on('change', () => {
    if (i18n.locale === language) return;
    language = i18n.locale;
    sendBack({ type: 'language.changed', language });
  });
});

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
 * The app's actor system bound to the browser: every app-wide actor of
 * the root (machines/app.root.ts) gets its effects here, in src/actors, and nowhere else: the API client (one per
 * system, its 401s going to the system's token refresh), localStorage, IndexedDB (Dexie), the
 * camera, toasts, the router, the service worker and the install prompt.
 */
export function createAppLogic({ navigate = historyNavigate, readStored, connectivity, push, ...apiDeps }: AppLogicDeps = {}) {
  const systemApi = createSystemApi(apiDeps);
  // A queued scan is replayed through the earn pipeline, whose code comes with the first replay
  // (built once, for every replay after it; asked again if its chunk could not come).
  const loadPipeline = onceRetried(() => import('./earnPipeline').then((m) => m.earnPipelineLogic({ systemApi })));
  const replayScan = lazyActor(loadPipeline, { loadOnStart: true });
  // The account requests' code comes with the first screen that asks for one of them.
  const accountRequests = onceRetried(() => import('./accountRequests').then((m) => m.accountRequestLogic({ systemApi, navigate })));
  const onDemand: OnDemandActors = {
    communityScanner: lazyActor(() => import('./scanner').then((m) => m.communityScannerLogic({ systemApi }))),
    oidcCallback: lazyActor(() => import('./oidcCallback').then((m) => m.oidcCallbackLogic({ systemApi, navigate }))),
    // A logout resets them (`user.reset`): one not loaded yet has nothing to reset, and stays unloaded.
    ...(Object.fromEntries(
      accountRequestIds.map((id) => [id, lazyActor(() => accountRequests().then((logic) => logic[id]), { idleEvents: ['user.reset'] })]),
    ) as Record<AccountRequestId, AccountRequestLogic>),
  };
  const member = lazyMemberActors(() => import('./memberFeatures').then((m) => m.memberActorLogic({ systemApi, navigate, push })), firstScreenHold);
  const logic = createAppMachine(member, onDemand).provide({
    actors: {
      session: sessionLogic({ systemApi, readStored, push }),
      tokenRefresh: tokenRefreshLogic({ systemApi }),
      connectivitySync: connectivitySyncLogic({ systemApi, earnPipeline: replayScan, ...connectivity }),
      resources: resourcesLogic({ systemApi }),
      serviceWorker: serviceWorkerLogic(),
      installPrompt: installPromptLogic(),
      clock: clockMachine.provide({ actions: { readNow: assign({ now: () => Date.now() }) } }),
      pendingLogouts: pendingLogoutsLogic({ systemApi }),
      languageChoice: languageChoiceLogic(),
      watchLanguage,
    },
  });
  // The API of this system, for actors a lazily loaded screen starts itself (the operator console).
  return Object.assign(logic, { systemApi });
}

/**
 * The member actors as lazy actors (src/actors/lazyActor.ts) sharing one load of their chunk
 * (src/actors/memberFeatures.ts): a visit to the public screens never downloads them.
 *
 * Their chunk waits for `hold` (the first screen painted, as IndexedDB does: `holdDatabasesUntil`)
 * unless a screen asks for one of them (`useSystemActor`, through `whenLoaded`): the session's
 * member becoming verified tells most of them at once, and their ~20 KB and their start would
 * otherwise come between the session's start and Home's first render on a slow phone. Once the
 * chunk has come, each actor builds its logic and starts in a task of its own, so a phone's main
 * thread is never held for all of them at once (one task of ~100 ms on a throttled phone, counted
 * whole in Total Blocking Time).
 */
export function lazyMemberActors(load: () => Promise<MemberActorFactories>, hold: () => Promise<unknown> = () => Promise.resolve()): MemberActors {
  let hurry!: () => void;
  const hurried = new Promise<void>((resolve) => (hurry = resolve));
  const once = onceRetried(() => Promise.race([hold(), hurried]).then(load));
  const actorOf = async <Id extends keyof MemberActors>(id: Id): Promise<MemberActors[Id]> => {
    const factories = await once();
    await nextTask();
    return factories[id]();
  };
  return Object.fromEntries(memberActorIds.map((id) => [id, lazyActor(() => actorOf(id), { hurry })])) as unknown as MemberActors;
}

export type AppLogic = ReturnType<typeof createAppLogic>;
