import { assign, enqueueActions, fromCallback, sendTo, setup, type EventObject } from 'xstate';
import { announcementsActor, chanceToWinActor, connectivitySyncActor, pushNotificationsActor, resourcesActor, triviaVerificationActor } from './system';
import type { AppContext, AppEvent, AppInput } from './app.types';
import type { announcementsMachine } from './announcements.machine';
import type { archiveDrawerMachine } from './archiveDrawer.machine';
import type { chanceToWinMachine } from './chanceToWin.machine';
import type { earnActionMachine } from './earnAction.machine';
import type { formWizardMachine } from './formWizard.machine';
import type { pushNotificationsMachine } from './pushNotifications.machine';
import type { redemptionMachine } from './redemption.machine';
import type { triviaRoundMachine } from './triviaRound.machine';
import type { triviaVerificationMachine } from './triviaVerification.machine';
import { clockMachine } from './clock.machine';
import { connectivitySyncMachine } from './connectivitySync.machine';
import { installPromptMachine } from './installPrompt.machine';
import { languageChoiceMachine } from './languageChoice.machine';
import type { oidcCallbackMachine } from './oidcCallback.machine';
import { pendingLogoutsMachine } from './pendingLogouts.machine';
import type { qrScannerMachine } from './qrScanner.machine';
import { resourcesMachine } from './resources.machine';
import { serviceWorkerMachine } from './serviceWorker.machine';
import { sessionMachine } from './session.machine';
import type { SessionSnapshot } from './session.selectors';
import { selectIsOffline, type ConnectivitySyncSnapshot } from './connectivitySync.selectors';
import type { submissionMachine } from './submission.machine';
import { tokenRefreshMachine } from './tokenRefresh.machine';

/**
 * The member whose data the app loads and whose queues it sends: the verified member, or nobody
 * (SPEC §6). A logout ends it at once, before its steps run.
 */
export const memberOf = (session: Pick<SessionSnapshot, 'matches' | 'context'>): number | null =>
  session.matches({ loggedIn: 'verified' }) ? session.context.userId : null;

/**
 * Whether the connectivity sync's snapshot says the app is offline; one that knows no network
 * state yet (starting) leaves the flag as it was.
 */
const offlineParams = ({ context, event }: { context: AppContext; event: { snapshot: unknown } }) => {
  const snapshot = event.snapshot as ConnectivitySyncSnapshot;
  const known = snapshot.matches({ network: 'offline' }) || snapshot.matches({ network: 'online' });
  return { offline: known ? selectIsOffline(snapshot) : context.offline };
};

/** Reads whatever the session snapshot event carries as the session's snapshot. */
const memberParams = ({ event }: { event: { snapshot: unknown } }) => ({ member: memberOf(event.snapshot as SessionSnapshot) });


/**
 * The app-wide actors only a verified member's screens use (earning, redeeming, questionnaires,
 * trivia, Chance to Win, announcements, push). `appMachine` (app.machine.ts) has the machines
 * themselves; the app gives actors that load them with the first member screen (src/actors/lazyActor.ts),
 * so a visit to /login or /welcome does not download them. The root behaves the same either way.
 */
export interface MemberActors {
  earnScanner: typeof qrScannerMachine;
  earnAction: typeof earnActionMachine;
  redemption: typeof redemptionMachine;
  formWizard: typeof formWizardMachine;
  announcements: typeof announcementsMachine;
  pushNotifications: typeof pushNotificationsMachine;
  triviaVerification: typeof triviaVerificationMachine;
  individualTrivia: typeof triviaRoundMachine;
  contestTrivia: typeof triviaRoundMachine;
  chanceToWin: typeof chanceToWinMachine;
  archiveDrawer: typeof archiveDrawerMachine;
}

/** The account requests (a `submission` actor each; their systemIds too). */
export const accountRequestIds = [
  'passwordResetStart',
  'passwordResetFinish',
  'passwordChange',
  'profileUpdate',
  'accountDeletion',
  'emailCheck',
  'operatorSetup',
] as const;
export type AccountRequestId = (typeof accountRequestIds)[number];

/**
 * The app-wide actors of the screens few visits open: the community QR scan at sign-up, Google /
 * Apple sign-in's callback, and the account requests (forgot and reset password, change
 * password, edit the profile, delete the account, the API page's e-mail check). The app loads
 * them with their screen, so /login and /welcome neither download nor build them.
 */
export type OnDemandActors = {
  communityScanner: typeof qrScannerMachine;
  oidcCallback: typeof oidcCallbackMachine;
} & Record<AccountRequestId, typeof submissionMachine>;

/** The app-wide actors whose code comes with the root (the first screen needs them). */
export interface RootActors {
  session: typeof sessionMachine;
  tokenRefresh: typeof tokenRefreshMachine;
  connectivitySync: typeof connectivitySyncMachine;
  resources: typeof resourcesMachine;
  serviceWorker: typeof serviceWorkerMachine;
  installPrompt: typeof installPromptMachine;
  clock: typeof clockMachine;
  pendingLogouts: typeof pendingLogoutsMachine;
  languageChoice: typeof languageChoiceMachine;
}

/** Every app-wide actor's logic by its `systemId`. */
export type AppActors = RootActors & MemberActors & OnDemandActors;
export type AppActorId = keyof AppActors;

/** When an app-wide actor's code comes: with the root, with the first member screen, or with its own screen. */
export type ActorLoad = 'root' | 'member' | 'onDemand';

/**
 * THE list of the app's actors: every actor the root starts under a `systemId`, in the order it
 * starts them, with when its code comes. The root's `invoke` list (checked equal by
 * test/machines/appActors.test.ts), the member actors, the screens' `useSystemActor` ids and the
 * actor table of docs/architecture.md all follow it.
 */
export const appActorLoads = {
  session: 'root',
  tokenRefresh: 'root',
  connectivitySync: 'root',
  resources: 'root',
  serviceWorker: 'root',
  installPrompt: 'root',
  clock: 'root',
  earnScanner: 'member',
  communityScanner: 'onDemand',
  earnAction: 'member',
  redemption: 'member',
  formWizard: 'member',
  oidcCallback: 'onDemand',
  passwordResetStart: 'onDemand',
  passwordResetFinish: 'onDemand',
  passwordChange: 'onDemand',
  profileUpdate: 'onDemand',
  accountDeletion: 'onDemand',
  emailCheck: 'onDemand',
  operatorSetup: 'onDemand',
  pendingLogouts: 'root',
  languageChoice: 'root',
  announcements: 'member',
  pushNotifications: 'member',
  triviaVerification: 'member',
  individualTrivia: 'member',
  contestTrivia: 'member',
  chanceToWin: 'member',
  archiveDrawer: 'member',
} as const satisfies { [Id in AppActorId]: Id extends keyof MemberActors ? 'member' : Id extends keyof OnDemandActors ? 'onDemand' : 'root' };

/** The systemIds of every app-wide actor, in the order the root starts them. */
export const appActorIds = Object.keys(appActorLoads) as AppActorId[];

type IdsLoaded<Load extends ActorLoad> = { [Id in AppActorId]: (typeof appActorLoads)[Id] extends Load ? Id : never }[AppActorId];
const idsLoaded = <Load extends ActorLoad>(load: Load) => appActorIds.filter((id): id is IdsLoaded<Load> => appActorLoads[id] === load);

/** The ids of `MemberActors` (their systemIds too). */
export const memberActorIds: ReadonlyArray<keyof MemberActors> = idsLoaded('member');

/**
 * The app's actor system: one root that starts every app-wide actor, each
 * under its `systemId`, so they reach each other with `sendTo(system.get(id))`. The session is
 * the one source of who is signed in: the root follows its snapshots and tells the connectivity
 * sync and the resources when the verified member changes, and the resources when the language
 * does. The language choice starts with a stored choice whose catalog could not load at start.
 * Screens read these actors and send them events; the browser bindings are given with
 * `.provide()` by the app (src/actors).
 */
export function createAppMachine(member: MemberActors, onDemand: OnDemandActors) {
  return setup({
  types: {
    context: {} as AppContext,
    events: {} as AppEvent,
    input: {} as AppInput | undefined,
  },
  actors: {
    /** Who is signed in (SPEC §4 Session, Logout, App start). */
    session: sessionMachine,
    /** One token refresh for every call that got 401/403 (SPEC §4 Session refresh). */
    tokenRefresh: tokenRefreshMachine,
    /** The offline flag and the offline queues (SPEC §4 Connectivity). */
    connectivitySync: connectivitySyncMachine,
    /** Every cached data load, for the verified member and the language (SPEC §4 Loading states). */
    resources: resourcesMachine,
    /** Registration, updates and the daily content sync (SPEC §4, §9). */
    serviceWorker: serviceWorkerMachine,
    /** The install button and the Safari instructions (SPEC §2, §4, §9). */
    installPrompt: installPromptMachine,
    /** `now` for relative times, every 60 s (SPEC §9). */
    clock: clockMachine,
    /** Earn QR codes, scanned or opened as links (SPEC §2 EarnQRScanner). */
    earnScanner: member.earnScanner,
    /** The community QR code at sign-up (SPEC §2 CommunityQRScan). */
    communityScanner: onDemand.communityScanner,
    /** External earn actions (SPEC §2 Earn). */
    earnAction: member.earnAction,
    /** Redeeming a reward through the confirm dialog (SPEC §2 Redeem). */
    redemption: member.redemption,
    /** The questionnaire being answered (SPEC §2 Forms). */
    formWizard: member.formWizard,
    /** Google / Apple sign-in's callback. */
    oidcCallback: onDemand.oidcCallback,
    /** Forgot password: the reset e-mail. */
    passwordResetStart: onDemand.passwordResetStart,
    /** Reset password: the new password with the mailed token. */
    passwordResetFinish: onDemand.passwordResetFinish,
    /** Change password. */
    passwordChange: onDemand.passwordChange,
    /** Edit the profile. */
    profileUpdate: onDemand.profileUpdate,
    /** Delete the account. */
    accountDeletion: onDemand.accountDeletion,
    /** The API testing page's e-mail-exists check (SPEC §2, §7). */
    emailCheck: onDemand.emailCheck,
    /** The setup link of a server with no operator yet: the first community and its owner (issue 49). */
    operatorSetup: onDemand.operatorSetup,
    /** Logouts made offline, sent to the server when the app is online (the session queues them). */
    pendingLogouts: pendingLogoutsMachine,
    /** The member choosing the language with the top bar's switch, also offline (SPEC §9). */
    languageChoice: languageChoiceMachine,
    /** Sends `language.changed` when the member switches the language. */
    watchLanguage: fromCallback<EventObject>(() => () => {}),
    /** The member's announcements and the bell (SPEC §2, §4). */
    announcements: member.announcements,
    /** The member's Web Push registration: the Profile switch, the Home invitation (issue 9). */
    pushNotifications: member.pushNotifications,
    /** Which trivia contests the member has answered (SPEC §4 Trivia verification). */
    triviaVerification: member.triviaVerification,
    /** The question of the day (SPEC §2 IndividualTrivia). */
    individualTrivia: member.individualTrivia,
    /** A team contest's questions and chart (SPEC §2 TriviaContest). */
    contestTrivia: member.contestTrivia,
    /** The Chance to Win contest and the qualification celebration (SPEC §4). */
    chanceToWin: member.chanceToWin,
    /** The Chance to Win archive drawer (SPEC §2, §9). */
    archiveDrawer: member.archiveDrawer,
  },
  actions: {
    assignMember: assign((_, params: { member: number | null }) => ({ member: params.member })),
    assignLanguage: assign((_, params: { language: string }) => ({ language: params.language })),
    assignOffline: assign((_, params: { offline: boolean }) => ({ offline: params.offline })),
    /**
     * The actors whose effects need the connection's state hear it (a verified member's only:
     * nobody's member actors stay unloaded): the trivia verification (offline, its stored copy)
     * the announcements (offline, a read or delete is queued at once), the trivia rounds and the
     * redemption (offline, each call says so at once), the earn scanner (offline, a scan is queued at once).
     */
    tellNetwork: enqueueActions(({ context, enqueue, system }) => {
      if (context.member === null) return;
      enqueue.sendTo(triviaVerificationActor({ system }), { type: 'network.changed', offline: context.offline });
      enqueue.sendTo(announcementsActor({ system }), { type: 'network.changed', offline: context.offline });
      for (const id of ['individualTrivia', 'contestTrivia', 'redemption', 'earnScanner'] as const) enqueue.sendTo(id, { type: 'network.changed', offline: context.offline });
    }),
    /** The connectivity sync sends the new member's queues (or stops); the resources load for them. */
    tellMember: enqueueActions(({ context, enqueue, system }) => {
      enqueue.sendTo(
        connectivitySyncActor({ system }),
        context.member === null ? { type: 'session.ended' } : { type: 'session.verified', userId: context.member },
      );
      enqueue.sendTo(resourcesActor({ system }), { type: 'scope.changed', userId: context.member, language: context.language });
      enqueue.sendTo(chanceToWinActor({ system }), { type: 'scope.changed', userId: context.member, language: context.language });
      // The earn action and the redemption keep their write keys under the member's id, the form
      // wizard its drafts and queue, the earn scanner its queued scans.
      for (const id of ['earnScanner', 'earnAction', 'redemption', 'formWizard'] as const) enqueue.sendTo(id, { type: 'member.changed', userId: context.member });
    }),
    /**
     * SPEC §4 Logout "reset the whole store": when the member's session ends, every actor that
     * holds something of theirs starts over (the resources and the sync are told by tellMember).
     */
    resetIfSignedOut: enqueueActions(({ context, enqueue }) => {
      if (context.member !== null) return;
      enqueue.sendTo('formWizard', { type: 'wizard.close' });
      enqueue.sendTo('redemption', { type: 'user.cancel' });
      enqueue.sendTo('earnScanner', { type: 'user.cancel' });
      for (const id of ['passwordChange', 'profileUpdate', 'accountDeletion'] as const) enqueue.sendTo(id, { type: 'user.reset' });
      for (const id of ['individualTrivia', 'contestTrivia'] as const) enqueue.sendTo(id, { type: 'round.close' });
    }),
    /** The trivia verification checks for the verified member, in the current language. */
    tellTrivia: sendTo(triviaVerificationActor, ({ context }) => ({ type: 'scope.changed' as const, userId: context.member, language: context.language })),
    /** The resources load in the new language. */
    tellScope: sendTo(resourcesActor, ({ context }) => ({ type: 'scope.changed' as const, userId: context.member, language: context.language })),
    /** The announcements load for the verified member in the current language (nobody: they hold nothing). */
    tellAnnouncements: sendTo(announcementsActor, ({ context }) => ({ type: 'scope.changed' as const, userId: context.member, language: context.language })),
    /** The push registration follows the verified member (and registers again in a new language). */
    tellPush: sendTo(pushNotificationsActor, ({ context }) => ({ type: 'scope.changed' as const, userId: context.member, language: context.language })),
    /** The Chance to Win contest loads in the new language. */
    tellChanceToWinScope: sendTo(chanceToWinActor, ({ context }) => ({ type: 'scope.changed' as const, userId: context.member, language: context.language })),
  },
  guards: {
    isMemberChange: ({ context }, params: { member: number | null }) => context.member !== params.member,
    isOfflineChange: ({ context }, params: { offline: boolean }) => context.offline !== params.offline,
  },
}).createMachine({
  id: 'app',
  context: ({ input }) => ({
    member: null,
    offline: false,
    language: input?.language ?? 'en',
    reloadedRecently: input?.reloadedRecently ?? false,
    languageNotShown: input?.languageNotShown ?? null,
  }),
  invoke: [
    {
      id: 'session',
      systemId: 'session',
      src: 'session',
      onSnapshot: {
        guard: { type: 'isMemberChange', params: memberParams },
        actions: [{ type: 'assignMember', params: memberParams }, 'tellMember', 'resetIfSignedOut', 'tellAnnouncements', 'tellNetwork', 'tellTrivia', 'tellPush'],
      },
    },
    { id: 'tokenRefresh', systemId: 'tokenRefresh', src: 'tokenRefresh' },
    {
      id: 'connectivitySync',
      systemId: 'connectivitySync',
      src: 'connectivitySync',
      onSnapshot: {
        guard: { type: 'isOfflineChange', params: offlineParams },
        actions: [{ type: 'assignOffline', params: offlineParams }, 'tellNetwork'],
      },
    },
    { id: 'resources', systemId: 'resources', src: 'resources', input: ({ context }) => ({ language: context.language }) },
    { id: 'serviceWorker', systemId: 'serviceWorker', src: 'serviceWorker', input: ({ context }) => ({ reloadedRecently: context.reloadedRecently }) },
    { id: 'installPrompt', systemId: 'installPrompt', src: 'installPrompt' },
    { id: 'clock', systemId: 'clock', src: 'clock', input: {} },
    { id: 'earnScanner', systemId: 'earnScanner', src: 'earnScanner' },
    { id: 'communityScanner', systemId: 'communityScanner', src: 'communityScanner' },
    { id: 'earnAction', systemId: 'earnAction', src: 'earnAction' },
    { id: 'redemption', systemId: 'redemption', src: 'redemption' },
    { id: 'formWizard', systemId: 'formWizard', src: 'formWizard', input: undefined },
    { id: 'oidcCallback', systemId: 'oidcCallback', src: 'oidcCallback' },
    { id: 'passwordResetStart', systemId: 'passwordResetStart', src: 'passwordResetStart', input: {} },
    { id: 'passwordResetFinish', systemId: 'passwordResetFinish', src: 'passwordResetFinish', input: { followUps: { logOut: true } } },
    { id: 'passwordChange', systemId: 'passwordChange', src: 'passwordChange', input: {} },
    { id: 'profileUpdate', systemId: 'profileUpdate', src: 'profileUpdate', input: { followUps: { reload: 'profile' } } },
    { id: 'accountDeletion', systemId: 'accountDeletion', src: 'accountDeletion', input: { followUps: { forgetPush: true, logOut: true } } },
    { id: 'emailCheck', systemId: 'emailCheck', src: 'emailCheck', input: {} },
    { id: 'operatorSetup', systemId: 'operatorSetup', src: 'operatorSetup', input: {} },
    { id: 'pendingLogouts', systemId: 'pendingLogouts', src: 'pendingLogouts' },
    { id: 'languageChoice', systemId: 'languageChoice', src: 'languageChoice', input: ({ context }) => ({ notShown: context.languageNotShown }) },
    { id: 'watchLanguage', src: 'watchLanguage' },
    { id: 'announcements', systemId: 'announcements', src: 'announcements', input: ({ context }) => ({ language: context.language }) },
    { id: 'pushNotifications', systemId: 'pushNotifications', src: 'pushNotifications', input: ({ context }) => ({ language: context.language }) },
    { id: 'triviaVerification', systemId: 'triviaVerification', src: 'triviaVerification' },
    { id: 'individualTrivia', systemId: 'individualTrivia', src: 'individualTrivia' },
    { id: 'contestTrivia', systemId: 'contestTrivia', src: 'contestTrivia' },
    { id: 'chanceToWin', systemId: 'chanceToWin', src: 'chanceToWin' },
    { id: 'archiveDrawer', systemId: 'archiveDrawer', src: 'archiveDrawer' },
  ],
  on: {
    'language.changed': {
      actions: [{ type: 'assignLanguage', params: ({ event }) => ({ language: event.language }) }, 'tellScope', 'tellAnnouncements', 'tellTrivia', 'tellChanceToWinScope', 'tellPush'],
    },
  },
});
}
