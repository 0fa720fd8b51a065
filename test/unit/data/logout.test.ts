import { MEMBER, resetData, sessionOf, signIn, startApp, toastsRaised, waitForMember } from './dataTestKit';
import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import { listOfflineEarn, queueOfflineEarn } from '../../../src/data/offlineQueues';
import { readCachedResource, writeCachedResource } from '../../../src/data/resourceCache';
import { readTriviaVerification, writeTriviaVerification } from '../../../src/data/triviaCache';
import { fakeFetch } from '../screens/fakeFetch';

const card = { transactionId: 1, name: 'Card', pips: 1, date: '2026-01-01T00:00:00Z' };

/** A verified member restored at app start, with cached data (both languages) and a queued scan. */
async function signedInWithData() {
  signIn(MEMBER);
  await writeCachedResource('giftCards', { userId: MEMBER, language: 'en' }, [card]);
  await writeCachedResource('giftCards', { userId: MEMBER, language: 'es' }, []);
  await writeCachedResource('giftCards', { userId: 8, language: 'en' }, [card]);
  await queueOfflineEarn({ userId: MEMBER, metadata: { qrParam: 'CODE-0000000000' } });
  const contests = [{ id: 3, name: 'Spring cup', assigned: true, teamName: 'Owls' }];
  await writeTriviaVerification({ userId: MEMBER, language: 'es', contests, answered: [3] });
  fakeFetch({});
  const app = startApp({ connectivity: { isOnline: () => false } });
  await waitForMember(app, MEMBER);
  return app;
}

afterEach(resetData);

describe('logout clears the member’s local data', () => {
  it.each([
    ['a chosen logout', 'user.logout'],
    ['an expired session', 'session.expired'],
  ] as const)('%s clears the cached data in every language, keeps the queued scans for the next sign-in, and forgets the tokens', async (_, type) => {
    const app = await signedInWithData();
    app.system.get('session')!.send({ type });

    // The logout's steps run in order; the cache is cleared before the session is logged out.
    await waitFor(app.system.get('session')!, (s) => s.matches('loggedOut'));
    expect(await readCachedResource('giftCards', { userId: MEMBER, language: 'en' })).toBeNull();
    expect(await readCachedResource('giftCards', { userId: MEMBER, language: 'es' })).toBeNull();
    expect(await listOfflineEarn(MEMBER)).toHaveLength(1);
    // Which contests the member joined and answered (and their teams) goes too.
    expect(await readTriviaVerification(MEMBER, 'es')).toBeUndefined();
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(localStorage.getItem('userId')).toBeNull();
    expect(sessionOf(app).context).toMatchObject({ userId: null, isAuthenticated: false, isLoggingOut: false });
    expect(toastsRaised()).toEqual([]);
    // The root tells the member-scoped actors: nobody is signed in any more.
    await waitForMember(app, null);
    expect(app.system.get('connectivitySync')!.getSnapshot().matches({ sync: 'signedOut' })).toBe(true);
  });

  it('keeps rememberMe and the language choice', async () => {
    localStorage.setItem('rememberMe', 'false');
    localStorage.setItem('language', 'es');
    const app = await signedInWithData();
    app.system.get('session')!.send({ type: 'user.logout' });
    await waitFor(app.system.get('session')!, (s) => s.matches('loggedOut'));
    expect(localStorage.getItem('rememberMe')).toBe('false');
    expect(localStorage.getItem('language')).toBe('es');
  });
});
