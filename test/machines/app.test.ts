import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyActorRef, type StateValue } from 'xstate';
import { appMachine, memberOf } from '../../machines/app.machine';
import { sessionMachine } from '../../machines/session.machine';
import type { SessionContext, StoredCredentials } from '../../machines/session.types';
import { received, sendAction, startRecorded } from './recording';

const stored = (userId: string, isVerified: 'true' | 'false' = 'true'): StoredCredentials => ({
  authToken: 'token-0123456789',
  userId,
  email: `member${userId}@example.com`,
  isVerified,
});

/**
 * The real app system with the machines' own placeholder implementations (no browser), a session
 * restored from `found`: what one actor does reaches the others through the system.
 */
function startApp(found: StoredCredentials | null, input: { language?: string } = {}) {
  const app = createActor(
    appMachine.provide({ actors: { session: sessionMachine.provide({ actors: { restoreSession: fromPromise(async () => found) } }) } }),
    { input },
  ).start();
  const get = (id: string) => app.system.get(id) as AnyActorRef;
  const context = <T>(id: string) => get(id).getSnapshot().context as T;
  return { app, get, context };
}

const signedOut: SessionContext = {
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

type ResourcesContext = { userId: number | null; language: string; open: { key: string }[] };

describe('app: the session is the one source of who is signed in', () => {
  it('a verified member reaches the connectivity sync and the resources, which load the verified data for them', async () => {
    const { app, get, context } = startApp(stored('7'));
    await waitFor(app, (s) => s.context.member === 7);
    expect(context<{ userId: number | null }>('connectivitySync').userId).toBe(7);
    expect(context<ResourcesContext>('resources')).toMatchObject({ userId: 7, open: [{ key: 'dashboard' }, { key: 'profile' }] });
    expect(Object.keys(get('resources').getSnapshot().children).sort()).toEqual(['resource:dashboard', 'resource:profile']);
    app.stop();
  });

  it('an unverified member is nobody yet: nothing is loaded or sent for them', async () => {
    const { app, get, context } = startApp(stored('7', 'false'));
    await waitFor(get('session'), (s) => s.matches({ loggedIn: 'unverified' }));
    expect(app.getSnapshot().context.member).toBeNull();
    expect(context<{ userId: number | null }>('connectivitySync').userId).toBeNull();
    app.stop();
  });

  it('signing out resets every member-scoped actor, and the resources forget the member', async () => {
    const { app, get, context } = startApp(stored('7'));
    await waitFor(app, (s) => s.context.member === 7);
    get('formWizard').send({ type: 'wizard.open', form: { id: 9, version: 'en:1', stepCount: 2, definition: null } });
    get('redemption').send({ type: 'user.redeem', pid: 3, optId: 31, idempotencyKey: 'key-1' });
    get('session').send({ type: 'user.logout' });
    await waitFor(app, (s) => s.context.member === null);
    expect(get('formWizard').getSnapshot().matches('closed')).toBe(true);
    expect(get('redemption').getSnapshot().matches('idle')).toBe(true);
    expect(context<{ userId: number | null }>('connectivitySync').userId).toBeNull();
    expect(context<ResourcesContext>('resources')).toMatchObject({ userId: null, open: [] });
    await waitFor(get('session'), (s) => s.matches({ loggedOut: 'idle' }));
    app.stop();
  });

  it('a refresh that cannot happen expires the session through the system, which signs the member out', async () => {
    const { app, get } = startApp(stored('7'));
    await waitFor(app, (s) => s.context.member === 7);
    // No rememberMe stored (the placeholder's preconditions): the refresh is refused at once.
    get('tokenRefresh').send({ type: 'request.unauthorized', requestId: 'r1' });
    await waitFor(get('session'), (s) => s.matches({ loggedOut: 'idle' }));
    expect(get('session').getSnapshot().context.logoutReason).toBe('SESSION_EXPIRED');
    expect(app.getSnapshot().context.member).toBeNull();
    app.stop();
  });

  it('the language reaches the resources, whose loads start over in it', async () => {
    const { app, context } = startApp(stored('7'), { language: 'en' });
    await waitFor(app, (s) => s.context.member === 7);
    app.send({ type: 'language.changed', language: 'es' });
    expect(context<ResourcesContext>('resources')).toMatchObject({ userId: 7, language: 'es' });
    app.stop();
  });
});

describe('app: what the root sends (recorded)', () => {
  it('tells the announcements, the trivia verification, the push registration, the sync and the resources once per member change, not for every session snapshot', () => {
    const app = startRecorded(appMachine, { systemIds: [] });
    app.log.take();
    const verified7 = sessionMachine.resolveState({ value: { loggedIn: 'verified' }, context: { ...signedOut, userId: 7, isVerified: true } });
    app.send({ type: 'xstate.snapshot.session', snapshot: verified7 });
    app.send({ type: 'xstate.snapshot.session', snapshot: verified7 });
    expect(app.log.take()).toEqual([
      sendAction('tellAnnouncements', 'announcements', { type: 'scope.changed', userId: 7, language: 'en' }),
      sendAction('tellTrivia', 'triviaVerification', { type: 'scope.changed', userId: 7, language: 'en' }),
      sendAction('tellPush', 'pushNotifications', { type: 'scope.changed', userId: 7, language: 'en' }),
      received('connectivitySync', { type: 'session.verified', userId: 7 }),
      received('resources', { type: 'scope.changed', userId: 7, language: 'en' }),
      received('chanceToWin', { type: 'scope.changed', userId: 7, language: 'en' }),
      received('earnScanner', { type: 'member.changed', userId: 7 }),
      received('earnAction', { type: 'member.changed', userId: 7 }),
      received('redemption', { type: 'member.changed', userId: 7 }),
      received('formWizard', { type: 'member.changed', userId: 7 }),
      // The verified member's trivia verification hears the connection's state (tellNetwork).
      received('triviaVerification', { type: 'network.changed', offline: false }),
      received('announcements', { type: 'network.changed', offline: false }),
      received('individualTrivia', { type: 'network.changed', offline: false }),
      received('contestTrivia', { type: 'network.changed', offline: false }),
      received('redemption', { type: 'network.changed', offline: false }),
      received('earnScanner', { type: 'network.changed', offline: false }),
    ]);
    app.stop();
  });

  it('memberOf: the verified member, or nobody (unverified, logged out, logging out)', () => {
    const at = (value: StateValue, userId: number | null) => memberOf(sessionMachine.resolveState({ value, context: { ...signedOut, userId } }));
    expect(at({ loggedIn: 'verified' }, 7)).toBe(7);
    expect(at({ loggedIn: 'unverified' }, 7)).toBeNull();
    expect(at({ loggingOut: 'clearingUserData' }, 7)).toBeNull();
    expect(at({ loggedOut: 'idle' }, null)).toBeNull();
  });
});
