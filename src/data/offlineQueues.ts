import type { PendingQueues } from '../../machines/connectivitySync.types';
import type { Databases, OfflineEarnAction, OfflineEarnMetadata, OfflineEarnType, OfflineFormSubmission } from './databases';
import { afterDatabaseHold, databases } from './lazyDatabases';
import { newIdempotencyKey } from './idempotencyKeys';

export type { OfflineEarnAction, OfflineEarnMetadata, OfflineEarnType, OfflineFormSubmission } from './databases';

/** Queue items always belong to a signed-in member (the session says which). */
function member(userId: number | null | undefined): number {
  if (!userId) throw new Error('offline queue: nobody is signed in');
  return userId;
}

export interface QueueOfflineEarnInput {
  /** The member the session says is signed in. */
  userId: number | null;
  /** 'qr' (the default): a scanned QR code. */
  type?: OfflineEarnType;
  /** type 'qr' needs `qrParam` (the scanned text); title and pips are shown while pending. */
  metadata?: OfflineEarnMetadata;
  /** The key of an online attempt whose answer was lost, so the replay cannot credit twice. */
  idempotencyKey?: string;
}

/**
 * Queues an earn made while offline, for the signed-in member, with a fresh idempotency key
 * (or the one of an attempt whose answer was lost). The connectivity sync sends it.
 */
export async function queueOfflineEarn({ userId, type = 'qr', metadata = {}, idempotencyKey }: QueueOfflineEarnInput): Promise<void> {
  await (await databases()).offlineEarn.actions.add({
    eid: null,
    type,
    metadata,
    timestamp: Date.now(),
    idempotencyKey: idempotencyKey ?? newIdempotencyKey(),
    userId: member(userId),
  } as OfflineEarnAction);
}

export interface QueueOfflineFormInput {
  /** The member the session says is signed in. */
  userId: number | null;
  formId: number;
  /** The answers keyed by part id, as `answerQuestionnaire` takes them. */
  data: Record<string, unknown>;
  /** The questionnaire's title, shown while pending. */
  title?: string;
  /** The questionnaire's pips, shown while pending. */
  pips?: number;
  /** The key of an online attempt whose answer was lost (see `queueOfflineEarn`). */
  idempotencyKey?: string;
}

/** Queues a questionnaire answered while offline (same rules as `queueOfflineEarn`). */
export async function queueOfflineForm({ userId, formId, data, title, pips, idempotencyKey }: QueueOfflineFormInput): Promise<void> {
  await (await databases()).offlineForms.submissions.add({
    formId,
    data,
    title,
    pips,
    timestamp: Date.now(),
    idempotencyKey: idempotencyKey ?? newIdempotencyKey(),
    userId: member(userId),
  } as OfflineFormSubmission);
}

/** The member's queued earn actions, oldest first. */
export const listOfflineEarn = async (userId: number): Promise<OfflineEarnAction[]> => earnQueue(await databases(), userId);

/** The member's queued form submissions, oldest first. */
export const listOfflineForms = async (userId: number): Promise<OfflineFormSubmission[]> => formQueue(await databases(), userId);

const earnQueue = (d: Databases, userId: number) => d.offlineEarn.actions.where('userId').equals(userId).sortBy('id');
const formQueue = (d: Databases, userId: number) => d.offlineForms.submissions.where('userId').equals(userId).sortBy('id');

/** The pips an item should earn, when they are known. */
const pipsOf = (pips: unknown): { pips?: number } => (typeof pips === 'number' && Number.isFinite(pips) && pips > 0 ? { pips } : {});

/** What the screens show of the member's queues, oldest first. */
export async function readPendingQueues(userId: number): Promise<PendingQueues> {
  return pendingIn(await databases(), userId);
}

/**
 * The queues read straight from open handles: inside a live query, Dexie follows the tables a
 * query reads only while no foreign promise (a dynamic import) was awaited first.
 */
async function pendingIn(d: Databases, userId: number): Promise<PendingQueues> {
  const [earn, forms] = await Promise.all([earnQueue(d, userId), formQueue(d, userId)]);
  return {
    earn: earn.map((item) => ({ id: item.id, timestamp: item.timestamp, title: item.metadata.title ?? null, ...pipsOf(item.metadata.pips) })),
    forms: forms.map((item) => ({ id: item.id, timestamp: item.timestamp, title: item.title ?? null, formId: item.formId, ...pipsOf(item.pips) })),
  };
}

/**
 * The member's queues now and whenever they change, in this tab or another (Dexie's live
 * query). Returns the unsubscribe function.
 */
export function watchPendingQueues(userId: number, onChange: (pending: PendingQueues) => void): () => void {
  // No IndexedDB: nothing can have been queued either.
  const nothingQueued = () => onChange({ earn: [], forms: [] });
  let stopped = false;
  let unsubscribe = () => {};
  Promise.all([afterDatabaseHold(() => import('dexie')), databases()]).then(([{ liveQuery }, d]) => {
    if (stopped) return;
    const subscription = liveQuery(() => pendingIn(d, userId)).subscribe({ next: onChange, error: nothingQueued });
    unsubscribe = () => subscription.unsubscribe();
  }, nothingQueued);
  return () => {
    stopped = true;
    unsubscribe();
  };
}
