import type { Api, ApiResult } from '../api/client';
import { NETWORK_ERROR } from '../api/client';
import type { QueueItemFailure, QueueRunResult } from '../../machines/connectivitySync.types';
import { db, type OfflineEarnAction, type OfflineFormSubmission } from './databases';
import { listOfflineEarn, listOfflineForms } from './offlineQueues';

/**
 * Answers that can never turn into a success however often the item is sent again: the item is
 * removed from its queue and counted as failed.
 */
export const PERMANENT_FAILURES: ReadonlySet<string> = new Set([
  'ALREADY_EARNED',
  'ALREADY_EARNED_TODAY',
  'ALREADY_ANSWERED',
  'QR_CODE_EXPIRED',
  'QR_CODE_EXHAUSTED',
  'INVALID_TOKEN',
  'NOT_FOUND',
  'VALIDATION_ERROR',
  'IDEMPOTENCY_KEY_REUSED',
]);

/** What became of one item: sent, refused for good, or to be tried again. */
export type ItemOutcome = { kind: 'succeeded' } | { kind: 'rejected'; code: string } | { kind: 'kept'; code: string; stop: boolean };

/**
 * Classifies an API answer. A network failure or an unauthorized answer (the refresh failed, the
 * session is ending) stops the run: the rest would fail the same way and stays queued.
 */
export function outcomeOf(result: ApiResult<unknown>): ItemOutcome {
  if (result.success) return { kind: 'succeeded' };
  if (PERMANENT_FAILURES.has(result.error)) return { kind: 'rejected', code: result.error };
  const stop = result.error === NETWORK_ERROR || result.statusCode === 0 || result.statusCode === 401;
  return { kind: 'kept', code: result.error, stop };
}

/**
 * Sends one queued earn: a scanned QR code goes through tokenize(qrParams) then earnQr; an earn
 * promo through earn(pid). The item's idempotency key makes a replay harmless.
 */
export async function sendEarnAction(api: Api, item: OfflineEarnAction, signal?: AbortSignal): Promise<ApiResult<unknown>> {
  if (item.type === 'earn') {
    if (item.eid === null || item.eid === undefined) return missingField('eid');
    return api.earn({ pid: item.eid, idempotencyKey: item.idempotencyKey }, { signal });
  }
  const qrParam = typeof item.metadata?.qrParam === 'string' ? item.metadata.qrParam : '';
  if (!qrParam) return missingField('qrParam');
  const token = await api.tokenize({ tokenType: 'qrParams', qrParam }, { signal });
  if (!token.success) return token;
  return api.earnQr({ qrToken: token.data.token, idempotencyKey: item.idempotencyKey }, { signal });
}

/** Sends one queued questionnaire answer as JSON, with its idempotency key. */
export function sendFormSubmission(api: Api, item: OfflineFormSubmission, signal?: AbortSignal): Promise<ApiResult<unknown>> {
  return api.answerQuestionnaire({ id: item.formId, answers: item.data, idempotencyKey: item.idempotencyKey }, { signal });
}

/** An item that cannot be sent as stored (an old or damaged row): refused for good. */
const missingField = (field: string): ApiResult<never> => ({
  success: false,
  error: 'VALIDATION_ERROR',
  message: `queued item has no ${field}`,
  statusCode: 400,
});

interface QueueOps<T extends { id: number }> {
  list: () => Promise<T[]>;
  send: (item: T) => Promise<ApiResult<unknown>>;
  remove: (id: number) => Promise<void>;
}

/**
 * Sends every item oldest first. Successes and permanent refusals are removed; other failures
 * stay queued. Stops at a network failure (the rest counts as kept) or when aborted.
 */
async function runQueue<T extends { id: number }>({ list, send, remove }: QueueOps<T>, signal?: AbortSignal): Promise<QueueRunResult> {
  const items = await list();
  const result: QueueRunResult = { succeeded: 0, rejected: [], kept: [] };
  for (let index = 0; index < items.length; index++) {
    const item = items[index];
    if (signal?.aborted) {
      result.kept.push(...items.slice(index).map((rest): QueueItemFailure => ({ id: rest.id, code: NETWORK_ERROR })));
      break;
    }
    const outcome = outcomeOf(await send(item));
    if (outcome.kind === 'succeeded') {
      await remove(item.id);
      result.succeeded++;
    } else if (outcome.kind === 'rejected') {
      await remove(item.id);
      result.rejected.push({ id: item.id, code: outcome.code });
    } else {
      result.kept.push({ id: item.id, code: outcome.code });
      if (outcome.stop) {
        result.kept.push(...items.slice(index + 1).map((rest): QueueItemFailure => ({ id: rest.id, code: outcome.code })));
        break;
      }
    }
  }
  return result;
}

/** Sends the member's queued earn actions (SPEC §4 "Connectivity"). */
export function processEarnQueue(api: Api, userId: number, signal?: AbortSignal): Promise<QueueRunResult> {
  return runQueue(
    {
      list: () => listOfflineEarn(userId),
      send: (item) => sendEarnAction(api, item, signal),
      remove: (id) => db().offlineEarn.actions.delete(id),
    },
    signal,
  );
}

/** Sends the member's queued form submissions; successful ones are removed. */
export function processFormQueue(api: Api, userId: number, signal?: AbortSignal): Promise<QueueRunResult> {
  return runQueue(
    {
      list: () => listOfflineForms(userId),
      send: (item) => sendFormSubmission(api, item, signal),
      remove: (id) => db().offlineForms.submissions.delete(id),
    },
    signal,
  );
}
