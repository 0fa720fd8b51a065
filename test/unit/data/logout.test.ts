import './dataTestKit';
import { beforeEach, describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { Api } from '../../../src/api/client';
import { createSessionLogic } from '../../../src/app/sessionLogic';
import { listOfflineEarn, queueOfflineEarn } from '../../../src/data/offlineQueues';
import { readCachedResource, writeCachedResource } from '../../../src/data/resourceSources';
import { actAs, resetData } from './dataTestKit';

const stored = { authToken: 'token-0123456789', userId: '7', email: 'ada@example.org', isVerified: 'true' };

/** A verified member restored at app start, with cached data and a queued scan. */
async function signedInWithData() {
  actAs(7);
  await writeCachedResource('giftCards', { userId: 7, language: 'en' }, [{ transactionId: 1, name: 'Card', pips: 1, date: '2026-01-01T00:00:00Z' }]);
  await writeCachedResource('giftCards', { userId: 7, language: 'es' }, []);
  await queueOfflineEarn({ metadata: { qrParam: 'CODE-0000000000' } });
  const session = createActor(createSessionLogic({ api: {} as Api, readStored: () => stored })).start();
  await waitFor(session, (s) => s.matches({ loggedIn: 'verified' }));
  return session;
}

beforeEach(resetData);

describe('logout clears the member’s local data (SPEC §4 Logout)', () => {
  it.each([
    ['a chosen logout', 'user.logout'],
    ['an expired session', 'session.expired'],
  ] as const)('%s clears the cached data in every language and keeps the queued scans for the next sign-in', async (_, type) => {
    const session = await signedInWithData();
    session.send({ type });
    await waitFor(session, (s) => s.matches('loggedOut'));
    await new Promise((r) => setTimeout(r, 10));
    expect(await readCachedResource('giftCards', { userId: 7, language: 'en' })).toBeNull();
    expect(await readCachedResource('giftCards', { userId: 7, language: 'es' })).toBeNull();
    expect(await listOfflineEarn(7)).toHaveLength(1);
  });
});
