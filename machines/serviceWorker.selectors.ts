import type { SnapshotFrom } from 'xstate';
import type { serviceWorkerMachine } from './serviceWorker.machine';

export type ServiceWorkerSnapshot = SnapshotFrom<typeof serviceWorkerMachine>;

/** A new version waits for the member's go (a reload was not safe on its own). */
export const selectUpdateOffered = (s: ServiceWorkerSnapshot) => s.hasTag('updateOffered');
