import type { SnapshotFrom } from 'xstate';
import type { connectivitySyncMachine } from './connectivitySync.machine';

export type ConnectivitySyncSnapshot = SnapshotFrom<typeof connectivitySyncMachine>;

/** The connectivity flag: whether the device is offline. */
export const selectIsOffline = (s: ConnectivitySyncSnapshot): boolean => s.matches({ network: 'offline' });

/** A run over the offline queues is under way in this tab. */
export const selectIsSyncing = (s: ConnectivitySyncSnapshot): boolean => s.hasTag('syncing');

/** What the member has waiting, per queue, oldest first. */
export const selectPendingQueues = (s: ConnectivitySyncSnapshot) => s.context.pending;

/** How far the run over a queue has come (items settled of all), while one is sent. */
export const selectSyncProgress = (s: ConnectivitySyncSnapshot) => s.context.progress;
