import { afterDatabaseHold, databases, hasIndexedDb } from './lazyDatabases';

/** The trivia cache has its own Dexie database, in the same lazily loaded chunk family. */
const clearTriviaVerification = async (userId: number | null) => (await afterDatabaseHold(() => import('./triviaCache'))).clearTriviaVerification(userId);

/**
 * Logout, "clear local data for the user": deletes the member's cached rows in every
 * language (the resources actor stopped every load when the session ended, so no answer lands
 * after the wipe). With no known member, every cached row goes. The offline queues stay: they
 * are pips the member earned, sent after their next sign-in (only for them: every run is scoped
 * by member).
 */
export async function clearUserData(userId: number | null): Promise<void> {
  // No IndexedDB (old browser, some private modes, unit tests): nothing was ever stored.
  if (!(await hasIndexedDb())) return;
  const d = await databases();
  const cached = [d.earn.promos, d.redeem.promos, d.forms.questionnaires, d.user.actions, d.user.rewards, d.user.dashboard, d.user.profile, d.user.transactions, d.announcements.lists, d.community.support];
  await Promise.all([
    ...cached.map((table) => (userId === null ? table.clear() : table.where('userId').equals(userId).delete())),
    // which trivia contests the member has answered, and their teams
    clearTriviaVerification(userId),
  ]);
}

/** A deleted account's queued scans and answers can never be sent: they go with it. */
export async function dropOfflineQueues(userId: number): Promise<void> {
  if (!(await hasIndexedDb())) return;
  const d = await databases();
  await Promise.all([d.offlineEarn.actions, d.offlineForms.submissions, d.announcements.statusQueue].map((table) => table.where('userId').equals(userId).delete()));
}

/**
 * Logout, "clear the persisted user": whatever is left in the user database (another
 * member's balances and rewards included) is removed; the queues stay.
 */
export async function clearPersistedUser(): Promise<void> {
  if (!(await hasIndexedDb())) return;
  const { user, announcements, community } = await databases();
  await Promise.all([
    user.actions.clear(),
    user.rewards.clear(),
    user.dashboard.clear(),
    user.profile.clear(),
    user.transactions.clear(),
    announcements.lists.clear(),
    community.support.clear(),
    clearTriviaVerification(null),
  ]);
}
