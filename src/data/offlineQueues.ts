import { useEffect, useState } from 'react';
import { liveQuery } from 'dexie';
import { db, type OfflineEarnAction, type OfflineEarnMetadata, type OfflineEarnType, type OfflineFormSubmission } from './databases';
import { newIdempotencyKey } from './idempotencyKeys';
import { notifyQueued } from './queueEvents';
import { currentScope, useDataScope } from './scope';

export type { OfflineEarnAction, OfflineEarnMetadata, OfflineEarnType, OfflineFormSubmission } from './databases';

/** Who is acting: queue items always belong to a signed-in member. */
function actingUserId(): number {
  const { userId } = currentScope();
  if (!userId) throw new Error('queueOffline: nobody is signed in');
  return userId;
}

export interface QueueOfflineEarnInput {
  /** The earn promo id for type 'earn'; leave out for a scanned QR code. */
  eid?: number | null;
  /** 'qr' (the default, SPEC §3) or 'earn'. */
  type?: OfflineEarnType;
  /** type 'qr' needs `qrParam` (the scanned text); title and pips are shown while pending. */
  metadata?: OfflineEarnMetadata;
  /** The key of an online attempt whose answer was lost, so the replay cannot credit twice. */
  idempotencyKey?: string;
}

/**
 * Queues an earn made while offline, for the signed-in member, with a fresh idempotency key
 * (or the one of an attempt whose answer was lost).
 * The connectivity sync sends it when the network is back.
 */
export async function queueOfflineEarn({ eid = null, type = 'qr', metadata = {}, idempotencyKey }: QueueOfflineEarnInput): Promise<void> {
  await db().offlineEarn.actions.add({
    eid,
    type,
    metadata,
    timestamp: Date.now(),
    idempotencyKey: idempotencyKey ?? newIdempotencyKey(),
    userId: actingUserId(),
  } as OfflineEarnAction);
  notifyQueued();
}

export interface QueueOfflineFormInput {
  formId: number;
  /** The answers keyed by part id, as `answerQuestionnaire` takes them. */
  data: Record<string, unknown>;
  /** The questionnaire's title, shown while pending. */
  title?: string;
  /** The key of an online attempt whose answer was lost (see `queueOfflineEarn`). */
  idempotencyKey?: string;
}

/** Queues a questionnaire answered while offline (same rules as `queueOfflineEarn`). */
export async function queueOfflineForm({ formId, data, title, idempotencyKey }: QueueOfflineFormInput): Promise<void> {
  await db().offlineForms.submissions.add({
    formId,
    data,
    title,
    timestamp: Date.now(),
    idempotencyKey: idempotencyKey ?? newIdempotencyKey(),
    userId: actingUserId(),
  } as OfflineFormSubmission);
  notifyQueued();
}

/** The member's queued earn actions, oldest first. */
export const listOfflineEarn = (userId: number): Promise<OfflineEarnAction[]> =>
  db().offlineEarn.actions.where('userId').equals(userId).sortBy('id');

/** The member's queued form submissions, oldest first. */
export const listOfflineForms = (userId: number): Promise<OfflineFormSubmission[]> =>
  db().offlineForms.submissions.where('userId').equals(userId).sortBy('id');

export interface PendingOffline {
  earn: OfflineEarnAction[];
  forms: OfflineFormSubmission[];
}

const nothingPending: PendingOffline = { earn: [], forms: [] };

/**
 * What the signed-in member has queued offline, oldest first, kept current as items are added
 * or synced (in this tab or another).
 */
export function usePendingOffline(): PendingOffline {
  const { userId } = useDataScope();
  const [pending, setPending] = useState<{ userId: number; value: PendingOffline }>({ userId, value: nothingPending });
  useEffect(() => {
    if (!userId) return;
    const subscription = liveQuery(async () => ({
      earn: await listOfflineEarn(userId),
      forms: await listOfflineForms(userId),
    })).subscribe({
      next: (value) => setPending({ userId, value }),
      // No IndexedDB: nothing can have been queued either.
      error: () => setPending({ userId, value: nothingPending }),
    });
    return () => subscription.unsubscribe();
  }, [userId]);
  return pending.userId === userId ? pending.value : nothingPending;
}
