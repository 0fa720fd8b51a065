import Dexie from 'dexie';
import { db } from './databases';
import { resetResources } from './resources';
import { notifyScopeChanged } from './scope';

export interface ClearUserDataOptions {
  /**
   * Also drop the member's offline queues. A logout the member asked for does; an expired
   * session does not, so scans made offline are still sent after the next sign-in.
   */
  includeQueues: boolean;
}

/**
 * SPEC §4 Logout "clear local data for the user": stops every resource load first (so no
 * answer lands after the wipe), then deletes the member's cached rows in every language. With
 * no known member, every cached row goes.
 */
export async function clearUserData(userId: number | null, { includeQueues }: ClearUserDataOptions): Promise<void> {
  resetResources();
  // No IndexedDB (old browser, some private modes, unit tests): nothing was ever stored.
  if (!Dexie.dependencies.indexedDB) return;
  const d = db();
  const cached = [d.earn.promos, d.redeem.promos, d.forms.questionnaires, d.user.actions, d.user.rewards, d.user.dashboard, d.user.transactions];
  const queues = includeQueues ? [d.offlineEarn.actions, d.offlineForms.submissions] : [];
  const tables = [...cached, ...queues];
  await Promise.all(
    tables.map((table) => (userId === null ? table.clear() : table.where('userId').equals(userId).delete())),
  );
}

/**
 * SPEC §4 Logout "reset the whole store": forget every in-memory load, so the next member
 * starts from their own cache.
 */
export function resetDataStores(): void {
  resetResources();
  notifyScopeChanged();
}

/**
 * SPEC §4 Logout "clear the persisted user": whatever is left in the user database (another
 * member's balances and rewards included) is removed; the queues stay.
 */
export async function clearPersistedUser(): Promise<void> {
  if (!Dexie.dependencies.indexedDB) return;
  const { user } = db();
  await Promise.all([user.actions.clear(), user.rewards.clear(), user.dashboard.clear(), user.transactions.clear()]);
}
