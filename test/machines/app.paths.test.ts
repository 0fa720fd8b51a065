import { appMachine } from '../../machines/app.machine';
import type { AppEvent, AppInput } from '../../machines/app.types';
import { connectivitySyncMachine } from '../../machines/connectivitySync.machine';
import { sessionMachine } from '../../machines/session.machine';
import type { SessionContext } from '../../machines/session.types';
import { describeMachinePaths, type PathEvent } from './describePathCoverage';
import type { ActorOutputFixtures, EventFixtures, SnapshotFixtures } from './pathCoverage';
import { actorStarted, received, sendAction, type Effect } from './recording';

const nobody: SessionContext = {
  userId: null,
  email: null,
  isVerified: false,
  hasAuthToken: false,
  rememberMe: false,
  isAuthenticated: false,
  isDevAuthenticated: false,
  isLoggingOut: false,
  errorCode: null,
  origin: null,
  logoutReason: null,
  deviceId: null,
  registeredForNotifications: false,
  codeJustSent: false,
};
const member = (userId: number, isVerified: boolean): SessionContext => ({
  ...nobody,
  userId,
  email: `member${userId}@example.com`,
  isVerified,
  hasAuthToken: true,
  isAuthenticated: true,
});

const languageNames: Record<string, string> = { en: 'English', es: 'Spanish' };

/** What the session may report, as real session snapshots. */
const session = {
  signedOut: sessionMachine.resolveState({ value: { loggedOut: 'idle' }, context: nobody }),
  unverified7: sessionMachine.resolveState({ value: { loggedIn: 'unverified' }, context: member(7, false) }),
  verified7: sessionMachine.resolveState({ value: { loggedIn: 'verified' }, context: member(7, true) }),
  verified8: sessionMachine.resolveState({ value: { loggedIn: 'verified' }, context: member(8, true) }),
  loggingOut7: sessionMachine.resolveState({ value: { loggingOut: 'unregisteringPush' }, context: { ...member(7, true), isLoggingOut: true } }),
};

const events = {
  'language.changed': [
    { type: 'language.changed', language: 'es' },
    { type: 'language.changed', language: 'en' },
  ],
} satisfies EventFixtures<AppEvent>;

/** What the connectivity sync may report: the app online, or offline. */
const connectivity = {
  online: connectivitySyncMachine.resolveState({ value: { network: 'online', sync: 'signedOut' }, context: { userId: null, syncAgain: false, pending: { earn: [], forms: [] }, lastRun: null, progress: null, balanceDue: false } }),
  offline: connectivitySyncMachine.resolveState({ value: { network: 'offline', sync: 'signedOut' }, context: { userId: null, syncAgain: false, pending: { earn: [], forms: [] }, lastRun: null, progress: null, balanceDue: false } }),
};

const snapshots: SnapshotFixtures = { session: Object.values(session), connectivitySync: Object.values(connectivity) };

const outputs = {
  session: [undefined],
  tokenRefresh: [undefined],
  connectivitySync: [undefined],
  resources: [undefined],
  serviceWorker: [undefined],
  installPrompt: [undefined],
  clock: [undefined],
  earnScanner: [{ ok: false, code: 'UNKNOWN_ERROR', retry: true, stop: false }],
  communityScanner: [undefined],
  earnAction: [undefined],
  redemption: [undefined],
  formWizard: [undefined],
  oidcCallback: [undefined],
  passwordResetStart: [undefined],
  passwordResetFinish: [undefined],
  passwordChange: [undefined],
  profileUpdate: [undefined],
  accountDeletion: [undefined],
  emailCheck: [undefined],
  operatorSetup: [undefined],
  pendingLogouts: [undefined],
  languageChoice: [undefined],
  watchLanguage: [undefined],
  announcements: [undefined],
  pushNotifications: [undefined],
  triviaVerification: [undefined],
  individualTrivia: [undefined],
  contestTrivia: [undefined],
  chanceToWin: [undefined],
  archiveDrawer: [undefined],
} satisfies ActorOutputFixtures<typeof appMachine>;

/**
 * The rules (issue 8 "The system", the logout, a language change; the machine's doc comment): the root starts every app-wide actor once, each under its systemId, the resources in
 * the starting language and the service worker knowing whether this load follows our own reload.
 * The session is the one source of who is signed in: the member whose data loads and whose queues
 * are sent is the verified one (nobody while unverified, and nobody from the moment a logout
 * starts). When that member changes, the connectivity sync is told (verified, or ended) and the
 * resources get the new scope; when it ends, every actor holding something of the member's starts
 * over (the open questionnaire, the redemption dialog, the earn scanner, the account forms). A new
 * language gives the resources the new scope. The Chance to Win actor is told the same scope as the
 * resources, every time; so is the push registration (issue 9), which registers again in a new
 * language. The language choice starts with the stored choice whose catalog could not load at
 * start, if any. The connection's state (as the connectivity sync says) goes to the verified
 * member's trivia verification, announcements and trivia rounds when it changes and when a member becomes verified; nobody's member
 * actors hear nothing (their code stays unloaded).
 */
function appRules(input: AppInput | undefined) {
  let memberId: number | null = null;
  let offline = false;
  let language = input?.language ?? 'en';
  const network = (): Effect[] =>
    memberId === null
      ? []
      : ['triviaVerification', 'announcements', 'individualTrivia', 'contestTrivia', 'redemption', 'earnScanner'].map((id) => received(id, { type: 'network.changed', offline }));
  const children: Array<[string, unknown?]> = [
    ['session'],
    ['tokenRefresh'],
    ['connectivitySync'],
    ['resources', { language }],
    ['serviceWorker', { reloadedRecently: input?.reloadedRecently ?? false }],
    ['installPrompt'],
    ['clock', {}],
    ['earnScanner'],
    ['communityScanner'],
    ['earnAction'],
    ['redemption'],
    ['formWizard'],
    ['oidcCallback'],
    ['passwordResetStart', {}],
    ['passwordResetFinish', { followUps: { logOut: true } }],
    ['passwordChange', {}],
    ['profileUpdate', { followUps: { reload: 'profile' } }],
    ['accountDeletion', { followUps: { forgetPush: true, logOut: true } }],
    ['emailCheck', {}],
    ['operatorSetup', {}],
    ['pendingLogouts'],
    ['languageChoice', { notShown: input?.languageNotShown ?? null }],
    ['watchLanguage'],
    ['announcements', { language }],
    ['pushNotifications', { language }],
    ['triviaVerification'],
    ['individualTrivia'],
    ['contestTrivia'],
    ['chanceToWin'],
    ['archiveDrawer'],
  ];
  return {
    started: children.map(([id, childInput]) => actorStarted(id, childInput)),
    on(event: PathEvent<AppEvent>): Effect[] {
      switch (event.type) {
        case 'xstate.snapshot.session': {
          const s = event.snapshot as typeof session.verified7;
          const next = s.matches({ loggedIn: 'verified' }) ? s.context.userId : null;
          if (next === memberId) throw new Error('the same member: nothing to tell');
          memberId = next;
          const told = [
            received('connectivitySync', next === null ? { type: 'session.ended' } : { type: 'session.verified', userId: next }),
            received('resources', { type: 'scope.changed', userId: next, language }),
            received('chanceToWin', { type: 'scope.changed', userId: next, language }),
            ...['earnScanner', 'earnAction', 'redemption', 'formWizard'].map((id) => received(id, { type: 'member.changed', userId: next })),
          ];
          // tellAnnouncements and tellTrivia are plain sendTos: recorded as they run, before what the enqueued actions send.
          const announcements = sendAction('tellAnnouncements', 'announcements', { type: 'scope.changed', userId: next, language });
          const trivia = sendAction('tellTrivia', 'triviaVerification', { type: 'scope.changed', userId: next, language });
          const push = sendAction('tellPush', 'pushNotifications', { type: 'scope.changed', userId: next, language });
          if (next !== null) return [announcements, trivia, push, ...told, ...network()];
          return [
            announcements,
            trivia,
            push,
            ...told,
            received('formWizard', { type: 'wizard.close' }),
            received('redemption', { type: 'user.cancel' }),
            received('earnScanner', { type: 'user.cancel' }),
            received('passwordChange', { type: 'user.reset' }),
            received('profileUpdate', { type: 'user.reset' }),
            received('accountDeletion', { type: 'user.reset' }),
            received('individualTrivia', { type: 'round.close' }),
            received('contestTrivia', { type: 'round.close' }),
          ];
        }
        case 'xstate.snapshot.connectivitySync': {
          const now = (event.snapshot as typeof connectivity.online).matches({ network: 'offline' });
          if (now === offline) throw new Error('the same connection: nothing to tell');
          offline = now;
          return network();
        }
        case 'language.changed':
          language = event.language;
          return [
            sendAction('tellScope', 'resources', { type: 'scope.changed', userId: memberId, language }),
            sendAction('tellAnnouncements', 'announcements', { type: 'scope.changed', userId: memberId, language }),
            sendAction('tellTrivia', 'triviaVerification', { type: 'scope.changed', userId: memberId, language }),
            sendAction('tellChanceToWinScope', 'chanceToWin', { type: 'scope.changed', userId: memberId, language }),
            sendAction('tellPush', 'pushNotifications', { type: 'scope.changed', userId: memberId, language }),
          ];
        default:
          throw new Error(`the rules have no ${event.type}`);
      }
    },
    meaning: () => ({ member: memberId, language, offline }),
  };
}

describeMachinePaths({
  name: 'app',
  machine: appMachine,
  events,
  outputs,
  snapshots,
  // The root is the system: its own children take the app-wide systemIds.
  systemIds: [],
  inputs: {
    'in the detected language': undefined,
    'in Spanish, after our own reload': { language: 'es', reloadedRecently: true },
    'with Spanish chosen but not loaded, offline': { language: 'en', languageNotShown: { locale: 'es', offline: true } },
  },
  meaning: (s) => ({ member: s.context.member, language: s.context.language, offline: s.context.offline }),
  oracle: appRules,
  words: {
    events: {
      'language.changed': (e) => `the language changes to ${languageNames[e.language]}`,
      'xstate.snapshot.session': (e) => {
        const s = e.snapshot as typeof session.verified7;
        if (s.matches({ loggedIn: 'verified' })) return `member ${s.context.userId} is verified`;
        if (s.matches('loggedIn')) return `member ${s.context.userId} signs in, not verified yet`;
        if (s.matches('loggingOut')) return `member ${s.context.userId} starts logging out`;
        return 'nobody is signed in';
      },
      'xstate.snapshot.connectivitySync': (e) =>
        (e.snapshot as typeof connectivity.online).matches({ network: 'offline' }) ? 'the connection drops' : 'the connection is back',
    },
    start: 'the app starts every app-wide actor',
    outcome: (m) =>
      (m.member === null ? `no member's data loads, the app speaks ${languageNames[m.language]}` : `member ${m.member}'s data loads in ${languageNames[m.language]}`) +
      (m.offline ? ', offline' : ''),
  },
});
