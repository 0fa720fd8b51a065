import { resetData } from './dataTestKit';
import { afterEach, describe, expect, it } from 'vitest';
import { clearPersistedUser, clearUserData, dropOfflineQueues } from '../../../src/data/clearUserData';
import { db } from '../../../src/data/databases';
import { listOfflineEarn, listOfflineForms, queueOfflineEarn, queueOfflineForm } from '../../../src/data/offlineQueues';
import { readAnnouncementCache, writeAnnouncementCache } from '../../../src/data/announcements';
import { readCachedResource, readCachedTransaction, writeCachedResource, writeCachedTransaction } from '../../../src/data/resourceCache';
import type { Promo, Transaction } from '../../../src/api/client';

const promo = (id: number, title: string): Promo => ({ id, type: 'EARN', title, pips: 5 });
const transaction = (transactionId: number, name: string): Transaction => ({ transactionId, name, pips: 100, date: '2026-01-02T03:04:05Z', code: 'ABC-123' });

afterEach(resetData);

describe('local databases', () => {
  it('opens announcements, community, earn, redeem, forms, user (version 2, and 3 for the profile), offlineEarn and offlineForms', async () => {
    const databases = db();
    await Promise.all(Object.values(databases).map((database) => database.open()));
    expect(Object.values(databases).map((d) => d.name).sort()).toEqual(['announcements', 'community', 'earn', 'forms', 'offlineEarn', 'offlineForms', 'redeem', 'user']);
    expect(databases.community.tables.map((t) => t.name)).toEqual(['support']);
    expect(databases.user.verno).toBe(3);
    expect(databases.user.tables.map((t) => t.name).sort()).toEqual(['actions', 'dashboard', 'profile', 'rewards', 'transactions']);
    expect(databases.offlineEarn.actions.schema.primKey.auto).toBe(true);
    expect(databases.offlineForms.submissions.schema.primKey.auto).toBe(true);
  });
});

describe('cached data, keyed per user and per language', () => {
  it('keeps one copy per language and per member', async () => {
    await writeCachedResource('earnPromos', { userId: 7, language: 'en' }, [promo(1, 'Share a post')]);
    await writeCachedResource('earnPromos', { userId: 7, language: 'es' }, [promo(1, 'Comparte una publicación')]);
    await writeCachedResource('earnPromos', { userId: 8, language: 'en' }, [promo(2, 'Another member')]);

    expect(await readCachedResource('earnPromos', { userId: 7, language: 'en' })).toEqual({ data: [promo(1, 'Share a post')] });
    expect(await readCachedResource('earnPromos', { userId: 7, language: 'es' })).toEqual({ data: [promo(1, 'Comparte una publicación')] });
    expect(await readCachedResource('earnPromos', { userId: 8, language: 'en' })).toEqual({ data: [promo(2, 'Another member')] });
    // Member 8 has no Spanish copy: the English one comes, marked (shown only if the network fails).
    expect(await readCachedResource('earnPromos', { userId: 8, language: 'es' })).toEqual({ data: [promo(2, 'Another member')], savedIn: 'en' });
    expect(await readCachedResource('earnPromos', { userId: 9, language: 'en' })).toBeNull();
    // Another resource in another database is not confused with it.
    expect(await readCachedResource('redeemPromos', { userId: 7, language: 'en' })).toBeNull();
  });

  it('a new copy replaces the old one', async () => {
    const scope = { userId: 7, language: 'en' };
    await writeCachedResource('activity', scope, []);
    await writeCachedResource('activity', scope, [{ id: 1, type: 'EARN', kind: 'qr', title: 'Poster', pips: 5, date: '2026-01-01T00:00:00Z' }]);
    expect((await readCachedResource('activity', scope))?.data).toHaveLength(1);
    expect(await db().user.actions.count()).toBe(1);
  });

  it('caches transaction details per member, transaction and language', async () => {
    await writeCachedTransaction({ userId: 7, language: 'en' }, transaction(3, 'Coffee card'));
    await writeCachedTransaction({ userId: 7, language: 'es' }, transaction(3, 'Tarjeta de café'));
    expect(await readCachedTransaction(3, { userId: 7, language: 'es' })).toEqual({ data: transaction(3, 'Tarjeta de café') });
    expect(await readCachedTransaction(3, { userId: 8, language: 'es' })).toBeNull();
    expect(await readCachedTransaction(4, { userId: 7, language: 'en' })).toBeNull();
  });
});

describe('offline queues', () => {
  it('queues earn actions for the signed-in member, oldest first, each with its own idempotency key', async () => {
    await queueOfflineEarn({ userId: 7, metadata: { qrParam: 'https://pips.example.org/earn?qr=AAAAAAAAAAAAAAAA' } });
    await queueOfflineEarn({ userId: 7, type: 'earn', metadata: { title: 'Share a post', pips: 5 } });
    await queueOfflineEarn({ userId: 7, metadata: { qrParam: 'BBBBBBBBBBBBBBBB' } });

    const queued = await listOfflineEarn(7);
    expect(queued.map(({ type, eid, userId }) => ({ type, eid, userId }))).toEqual([
      { type: 'qr', eid: null, userId: 7 },
      { type: 'earn', eid: null, userId: 7 },
      { type: 'qr', eid: null, userId: 7 },
    ]);
    expect(queued.map((item) => item.id)).toEqual([...queued.map((item) => item.id)].sort((a, b) => a - b));
    expect(queued[0].metadata.qrParam).toBe('https://pips.example.org/earn?qr=AAAAAAAAAAAAAAAA');
    for (const item of queued) {
      expect(item.idempotencyKey).toMatch(/^[A-Za-z0-9_-]{8,128}$/);
      expect(item.timestamp).toBeGreaterThan(0);
    }
    expect(new Set(queued.map((item) => item.idempotencyKey)).size).toBe(3);
  });

  it('queues under the key of an attempt whose answer was lost, and never twice under one key', async () => {
    await queueOfflineEarn({ userId: 7, metadata: { qrParam: 'LOSTANSWERCODE00' }, idempotencyKey: 'lost-attempt-key-1' });
    expect((await listOfflineEarn(7)).map((item) => item.idempotencyKey)).toEqual(['lost-attempt-key-1']);
    await expect(queueOfflineEarn({ userId: 7, metadata: { qrParam: 'LOSTANSWERCODE00' }, idempotencyKey: 'lost-attempt-key-1' })).rejects.toThrow();
    expect(await listOfflineEarn(7)).toHaveLength(1);
  });

  it('queues form submissions with the answers as they will be sent', async () => {
    await queueOfflineForm({ userId: 7, formId: 3, data: { colour: 'blue', rating: 4 }, title: 'Community survey' });
    await queueOfflineForm({ userId: 7, formId: 4, data: { visits: ['park'] } });
    const queued = await listOfflineForms(7);
    expect(queued.map(({ formId, data, userId }) => ({ formId, data, userId }))).toEqual([
      { formId: 3, data: { colour: 'blue', rating: 4 }, userId: 7 },
      { formId: 4, data: { visits: ['park'] }, userId: 7 },
    ]);
    expect(queued[0].idempotencyKey).not.toBe(queued[1].idempotencyKey);
  });

  it("shows each member only their own queue", async () => {
    await queueOfflineEarn({ userId: 7, metadata: { qrParam: 'CODE-OF-SEVEN-1234' } });
    await queueOfflineEarn({ userId: 8, metadata: { qrParam: 'CODE-OF-EIGHT-1234' } });
    await queueOfflineForm({ userId: 8, formId: 1, data: {} });
    expect((await listOfflineEarn(7)).map((item) => item.metadata.qrParam)).toEqual(['CODE-OF-SEVEN-1234']);
    expect((await listOfflineEarn(8)).map((item) => item.metadata.qrParam)).toEqual(['CODE-OF-EIGHT-1234']);
    expect(await listOfflineForms(7)).toEqual([]);
  });

  it('refuses to queue when nobody is signed in', async () => {
    await expect(queueOfflineEarn({ userId: null, metadata: { qrParam: 'CODE' } })).rejects.toThrow(/nobody is signed in/);
    await expect(queueOfflineForm({ userId: null, formId: 1, data: {} })).rejects.toThrow(/nobody is signed in/);
    expect(await db().offlineEarn.actions.count()).toBe(0);
  });
});

describe("logout: clearing the member's local data", () => {
  async function seed() {
    for (const userId of [7, 8]) {
      for (const language of ['en', 'es']) {
        await writeCachedResource('earnPromos', { userId, language }, [promo(1, 'promo')]);
        await writeCachedResource('giftCards', { userId, language }, []);
        await writeCachedResource('dashboard', { userId, language }, { availablePips: 1, totalEarnedPips: 1, totalUsedPips: 0, actions: [] });
        await writeCachedResource('support', { userId, language }, { communityId: 'c', communityName: 'C', contact: null });
      }
      await writeCachedTransaction({ userId, language: 'en' }, transaction(1, 'card'));
      await queueOfflineEarn({ userId, metadata: { qrParam: `CODE-${userId}-123456` } });
      await queueOfflineForm({ userId, formId: 1, data: {} });
    }
  }

  it('a logout removes every cached row of that member, in every language, and keeps their queued pips', async () => {
    await seed();
    await clearUserData(7);
    for (const language of ['en', 'es']) {
      expect(await readCachedResource('earnPromos', { userId: 7, language })).toBeNull();
      expect(await readCachedResource('giftCards', { userId: 7, language })).toBeNull();
      expect(await readCachedResource('dashboard', { userId: 7, language })).toBeNull();
      expect(await readCachedResource('support', { userId: 7, language })).toBeNull();
      // another member's rows stay, in each language (not a copy from the other language)
      expect((await readCachedResource('support', { userId: 8, language }))?.savedIn).toBeUndefined();
      expect((await readCachedResource('earnPromos', { userId: 8, language }))?.savedIn).toBeUndefined();
      expect(await readCachedResource('earnPromos', { userId: 8, language })).not.toBeNull();
    }
    expect(await readCachedTransaction(1, { userId: 7, language: 'en' })).toBeNull();
    // Sent after the member's next sign-in.
    expect(await listOfflineEarn(7)).toHaveLength(1);
    expect(await listOfflineForms(7)).toHaveLength(1);
  });

  it("a deleted account's queued items go with it, and no one else's", async () => {
    await seed();
    await dropOfflineQueues(7);
    expect(await listOfflineEarn(7)).toEqual([]);
    expect(await listOfflineForms(7)).toEqual([]);
    expect(await listOfflineEarn(8)).toHaveLength(1);
    expect(await listOfflineForms(8)).toHaveLength(1);
  });

  it('with no known member every cached row goes; clearing the persisted user empties the user database', async () => {
    await seed();
    await clearUserData(null);
    expect(await db().earn.promos.count()).toBe(0);
    expect(await listOfflineEarn(8)).toHaveLength(1);

    await seed();
    await clearPersistedUser();
    expect(await db().user.rewards.count()).toBe(0);
    expect(await db().user.dashboard.count()).toBe(0);
    expect(await db().community.support.count()).toBe(0);
    expect(await db().earn.promos.count()).toBe(4);
  });
});

describe('the announcements list kept per member and language', () => {
  const list = { items: [], hasMore: false, unreadCount: 2 };
  it('reads the copy in the language asked for, else the newest in another one, marked; never another member’s', async () => {
    await writeAnnouncementCache(7, 'en', list);
    expect(await readAnnouncementCache(7, 'en')).toEqual(list);
    expect(await readAnnouncementCache(7, 'es')).toEqual({ ...list, savedIn: 'en' });
    expect(await readAnnouncementCache(8, 'es')).toBeNull();
    await writeAnnouncementCache(7, 'es', { ...list, unreadCount: 5 });
    expect(await readAnnouncementCache(7, 'es')).toEqual({ ...list, unreadCount: 5 });
  });
});
