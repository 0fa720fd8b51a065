import { describe, expect, it } from 'vitest';
import { oidcCallbackMachine } from '../../machines/oidcCallback.machine';
import type { PendingSignup, SignedIn } from '../../machines/oidcCallback.types';
import { action, actorStarted, actorStopped, sendAction, startRecorded } from './recording';

const signedIn: SignedIn = {
  auth: { authToken: 'token-0123456789', refreshToken: 'refresh-0123456789', userId: 7, isVerified: true },
  email: 'ana@example.com',
  rememberMe: true,
};
const signup: PendingSignup = { ticket: 'ticket-signup', email: 'new@example.com' };
const opened = (ticket: string | null, error: string | null = null, returnTo = '/rewards') => ({ type: 'callback.opened' as const, ticket, error, returnTo });
const tellSession = (who: SignedIn) => sendAction('tellSessionAuthenticated', 'session', { type: 'session.authenticated', ...who }, who);

describe('oidcCallback', () => {
  it('exchanges a ticket once, even when the page opens twice with it, and signs a known member in where they were going', () => {
    const callback = startRecorded(oidcCallbackMachine);
    callback.send(opened('ticket-1'));
    callback.send(opened('ticket-1'));
    callback.resolve('exchangeTicket', { ok: true, outcome: 'signedIn', signedIn });
    expect(callback.log.take()).toEqual([actorStarted('exchangeTicket', { ticket: 'ticket-1' }), tellSession(signedIn), action('navigate', { to: '/rewards' })]);
    callback.stop();
  });

  it('a new member: the signup form, kept for this tab, the ticket out of the address; back from the community scan the form is there again', () => {
    const callback = startRecorded(oidcCallbackMachine);
    callback.send(opened('ticket-1'));
    callback.resolve('exchangeTicket', { ok: true, outcome: 'signupRequired', signup });
    expect(callback.log.take().slice(1)).toEqual([action('storePendingSignup', { signup }), action('navigate', { to: '/auth/callback' })]);
    // The address lost its ticket while the form is shown: nothing happens.
    callback.send(opened(null));
    expect(callback.log.take()).toEqual([]);
    expect(callback.actor.getSnapshot().matches('signingUp')).toBe(true);

    // Another visit of the page (back from the scan): what this tab kept is read.
    const back = startRecorded(oidcCallbackMachine);
    back.send(opened(null, null, '/'));
    back.resolve('readPendingSignup', signup);
    back.send({ type: 'user.completeSignup', input: { communityId: 'demo' } });
    back.resolve('registerMember', { ok: true, signedIn });
    expect(back.log.take()).toEqual([
      actorStarted('readPendingSignup'),
      actorStarted('registerMember', { signup, input: { communityId: 'demo' } }),
      action('clearPendingSignup'),
      tellSession(signedIn),
      action('navigate', { to: '/' }),
    ]);
    callback.stop();
    back.stop();
  });

  it.each(['INVALID_TOKEN', 'EMAIL_TAKEN'])('%s makes the kept sign-in useless: forgotten, and the sign-in failed', (code) => {
    const callback = startRecorded(oidcCallbackMachine);
    callback.send(opened(null));
    callback.resolve('readPendingSignup', signup);
    callback.send({ type: 'user.completeSignup', input: {} });
    callback.resolve('registerMember', { ok: false, code });
    expect(callback.log.take().slice(2)).toEqual([action('clearPendingSignup')]);
    expect(callback.actor.getSnapshot().matches('failed')).toBe(true);
    expect(callback.actor.getSnapshot().context.errorCode).toBe(code);
    callback.stop();
  });

  it('another refusal stays on the form with its code, for another try', () => {
    const callback = startRecorded(oidcCallbackMachine);
    callback.send(opened(null));
    callback.resolve('readPendingSignup', signup);
    callback.send({ type: 'user.completeSignup', input: {} });
    callback.resolve('registerMember', { ok: false, code: 'VALIDATION_ERROR' });
    expect(callback.actor.getSnapshot().matches({ signingUp: 'failed' })).toBe(true);
    expect(callback.actor.getSnapshot().context.errorCode).toBe('VALIDATION_ERROR');
    callback.stop();
  });

  it('nothing kept for this tab: the sign-in is no longer valid', () => {
    const callback = startRecorded(oidcCallbackMachine);
    callback.send(opened(null));
    callback.resolve('readPendingSignup', null);
    expect(callback.actor.getSnapshot().context.errorCode).toBe('INVALID_TOKEN');
    callback.stop();
  });

  it("the provider's error is shown, and abandons an exchange under way", () => {
    const callback = startRecorded(oidcCallbackMachine);
    callback.send(opened('ticket-1'));
    callback.send(opened(null, 'access_denied'));
    expect(callback.log.take()).toEqual([actorStarted('exchangeTicket', { ticket: 'ticket-1' }), actorStopped('exchangeTicket')]);
    expect(callback.actor.getSnapshot().context.errorCode).toBe('access_denied');
    callback.stop();
  });
});
