/**
 * The app-wide actors as other actors reach them: `sendTo(resourcesActor, …)` sends to the actor
 * the app root started under that `systemId`, typed with the events it takes. Pure: ids and
 * types only.
 */
import type { ActorRef, ActorSystem, EventObject, Snapshot } from 'xstate';
import type { AnnouncementsEvent } from './announcements.types';
import type { ChanceToWinEvent } from './chanceToWin.types';
import type { ConnectivitySyncEvent } from './connectivitySync.types';
import type { PendingLogoutsEvent } from './pendingLogouts.types';
import type { PushNotificationsEvent } from './pushNotifications.types';
import type { ResourcesEvent } from './resources.types';
import type { SessionEvent } from './session.types';
import type { TokenRefreshEvent } from './tokenRefresh.types';
import type { TriviaVerificationEvent } from './trivia.types';

type SystemRef<E extends EventObject> = ActorRef<Snapshot<unknown>, E>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type SystemArgs = { system: ActorSystem<any> };

/** The session (`systemId: 'session'`). */
export const sessionActor = ({ system }: SystemArgs) => system.get('session') as SystemRef<SessionEvent>;
/** The token refresh queue (`systemId: 'tokenRefresh'`). */
export const tokenRefreshActor = ({ system }: SystemArgs) => system.get('tokenRefresh') as SystemRef<TokenRefreshEvent>;
/** The connectivity sync (`systemId: 'connectivitySync'`). */
export const connectivitySyncActor = ({ system }: SystemArgs) => system.get('connectivitySync') as SystemRef<ConnectivitySyncEvent>;
/** The resources (`systemId: 'resources'`). */
export const resourcesActor = ({ system }: SystemArgs) => system.get('resources') as SystemRef<ResourcesEvent>;
/** The trivia verification (`systemId: 'triviaVerification'`). */
export const triviaVerificationActor = ({ system }: SystemArgs) => system.get('triviaVerification') as SystemRef<TriviaVerificationEvent>;
/** The announcements (`systemId: 'announcements'`). */
export const announcementsActor = ({ system }: SystemArgs) => system.get('announcements') as SystemRef<AnnouncementsEvent>;
/** Logouts waiting for the network (`systemId: 'pendingLogouts'`). */
export const pendingLogoutsActor = ({ system }: SystemArgs) => system.get('pendingLogouts') as SystemRef<PendingLogoutsEvent>;
/** The Chance to Win contest and qualification (`systemId: 'chanceToWin'`). */
export const chanceToWinActor = ({ system }: SystemArgs) => system.get('chanceToWin') as SystemRef<ChanceToWinEvent>;
/** The member's Web Push registration (`systemId: 'pushNotifications'`). */
export const pushNotificationsActor = ({ system }: SystemArgs) => system.get('pushNotifications') as SystemRef<PushNotificationsEvent>;
