import { fromPromise } from 'xstate';
import { earnPipelineMachine } from '../../machines/earnPipeline.machine';
import type {
  CallFailure,
  EarnScanInput,
  EarnScanOutput,
  PrepareScanOutput,
  QueueScanInput,
  QueueScanOutput,
  TokenizeScanOutput,
} from '../../machines/earnPipeline.types';
import type { ApiFailure } from '../api/client';
import { knownEarnCode, rememberEarnCode } from '../data/earnCodeValues';
import { newIdempotencyKey } from '../data/idempotencyKeys';
import type { SystemApi } from './api';

// The queue lives in Dexie, loaded when a scan is first queued.
const offlineQueues = () => import('../data/offlineQueues');

const failure = (result: ApiFailure): CallFailure => ({ ok: false, code: result.error, status: result.statusCode });

/**
 * The earn pipeline bound to the browser (one scanned earn QR code, live or replayed from the
 * offline queue): a fresh idempotency key, the tokenize and earn calls, and the member's offline
 * earn queue in IndexedDB (the member and the offline flag come with the pipeline's input).
 */
export function earnPipelineLogic({ systemApi: { apiOf } }: { systemApi: SystemApi }) {
  // The scanned text of each token, so what an earned code gave is remembered by its code.
  const scanned = new Map<string, string>();
  return earnPipelineMachine.provide({
    actors: {
      prepareScan: fromPromise<PrepareScanOutput>(async () => ({ idempotencyKey: newIdempotencyKey() })),
      tokenizeScan: fromPromise<TokenizeScanOutput, { text: string }>(async ({ input, signal, system }) => {
        const result = await apiOf(system).tokenize({ tokenType: 'qrParams', qrParam: input.text }, { signal });
        if (!result.success) return failure(result);
        if (!result.data.token) return { ok: false, code: 'UNKNOWN_ERROR', status: 200 };
        scanned.set(result.data.token, input.text);
        return { ok: true, token: result.data.token };
      }),
      earnScan: fromPromise<EarnScanOutput, EarnScanInput>(async ({ input, signal, system }) => {
        const result = await apiOf(system).earnQr({ qrToken: input.token, idempotencyKey: input.idempotencyKey }, { signal });
        const text = scanned.get(input.token);
        scanned.delete(input.token);
        if (!result.success) return failure(result);
        if (text !== undefined) rememberEarnCode(text, { title: result.data.title, pips: result.data.pipsEarned });
        return { ok: true, title: result.data.title, pipsEarned: result.data.pipsEarned };
      }),
      queueScan: fromPromise<QueueScanOutput, QueueScanInput>(async ({ input }) => {
        try {
          await (await offlineQueues()).queueOfflineEarn({
            userId: input.userId,
            type: 'qr',
            // What the code gave when this device last earned it, shown while the scan waits.
            metadata: { qrParam: input.text, ...knownEarnCode(input.text) },
            idempotencyKey: input.idempotencyKey,
          });
          return { ok: true };
        } catch {
          return { ok: false, code: 'QUEUE_FAILED' };
        }
      }),
    },
  });
}
