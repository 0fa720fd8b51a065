import { earnPipelineMachine } from '../../machines/earnPipeline.machine';
import type {
  EarnPipelineInput,
  EarnPipelineOutput,
  EarnScanOutput,
  PrepareScanOutput,
  QueueScanOutput,
  TokenizeScanOutput,
} from '../../machines/earnPipeline.types';
import { describeMachinePaths, type PathEvent } from './describePathCoverage';
import type { ActorOutputFixtures, EventFixtures } from './pathCoverage';
import { actorStarted, sendAction, type Effect } from './recording';

const code = 'Qr7bX2kLm9PzT4vW';
const printedLink = `https://pips.example.org/earn?qr=${code}`;
const communityLink = 'https://pips.example.org/community-scan?communityId=demo';

const outputs = {
  prepareScan: [{ idempotencyKey: 'key-live-0001' }],
  tokenizeScan: [
    { ok: true, token: 'token-0001' },
    { ok: false, code: 'NETWORK_ERROR', status: 0 },
    { ok: false, code: 'QR_CODE_EXPIRED', status: 400 },
    { ok: false, code: 'UNAUTHORIZED', status: 401 },
    { ok: false, code: 'SERVER_ERROR', status: 500 },
  ],
  earnScan: [
    { ok: true, title: 'Coffee morning', pipsEarned: 5 },
    { ok: false, code: 'NETWORK_ERROR', status: 0 },
    { ok: false, code: 'ALREADY_EARNED', status: 409 },
    { ok: false, code: 'SERVER_ERROR', status: 502 },
  ],
  queueScan: [{ ok: true }, { ok: false, code: 'QUEUE_FAILED' }],
} satisfies ActorOutputFixtures<typeof earnPipelineMachine>;

/** Refusals no retry can turn into a credit (such a queued scan is dropped, counted as failed). */
const refusedForGood = [
  'ALREADY_EARNED',
  'ALREADY_EARNED_TODAY',
  'ALREADY_ANSWERED',
  'QR_CODE_EXPIRED',
  'QR_CODE_EXHAUSTED',
  'INVALID_TOKEN',
  'NOT_FOUND',
  'VALIDATION_ERROR',
  'IDEMPOTENCY_KEY_REUSED',
];

/**
 * The rules (the earn QR scanner and the offline earn queue; the machine's doc comment): only an
 * earn code (the bare code or a link to /earn with one `qr`) is ever sent; anything else is
 * refused for good (INVALID_TOKEN) without a call.
 * - live: the scan gets a fresh key; its input says whether the app is offline and whose
 *   queue keeps it. Offline, the scan is queued at once. Otherwise it is tokenized, then earned under the key; when nothing answers
 *   (the token call, or the earn call whose answer was lost) it is queued under that same key,
 *   so the replay cannot credit twice. A credit tells the resources that pips moved; a queued
 *   scan asks the connectivity sync to send it.
 * - replay: the queued scan is tokenized and earned under its own key; it is never queued again,
 *   and the queue run reports the credit for all.
 * A failure says whether a retry can help (not for the refusals for good) and whether the run
 * must stop (nothing answered, or the session is ending: 401). Nothing that broke (an adapter
 * throwing) is refused for good.
 */
function earnPipelineRules(input: EarnPipelineInput | undefined) {
  const text = (input?.text ?? '').trim();
  const live = (input?.mode ?? 'live') === 'live';
  let key = input?.idempotencyKey ?? null;
  const userId = input?.userId ?? null;
  const offline = input?.offline ?? false;
  let output: EarnPipelineOutput | null = null;
  const isEarnCode = (t: string) => {
    if (/^[A-Za-z0-9_-]{16,128}$/.test(t)) return true;
    try {
      const url = new URL(t);
      const qr = url.searchParams.getAll('qr');
      return ['http:', 'https:'].includes(url.protocol) && url.pathname.replace(/\/+$/, '') === '/earn' && qr.length === 1 && /^[A-Za-z0-9_-]{16,128}$/.test(qr[0]);
    } catch {
      return false;
    }
  };
  const fail = (failure: { code: string; status: number }): Effect[] => {
    output = {
      ok: false,
      code: failure.code,
      retry: !refusedForGood.includes(failure.code),
      stop: failure.code === 'NETWORK_ERROR' || failure.status === 0 || failure.status === 401,
    };
    return [];
  };
  const queue = (): Effect[] => [actorStarted('queueScan', { text, idempotencyKey: key ?? '', userId })];
  const noAnswer = (f: { code: string; status: number }) => f.code === 'NETWORK_ERROR' || f.status === 0;
  const send = (): Effect[] => {
    if (!isEarnCode(text)) return fail({ code: 'INVALID_TOKEN', status: 400 });
    if (live && offline) return queue();
    return [actorStarted('tokenizeScan', { text })];
  };

  return {
    started: live ? [actorStarted('prepareScan')] : send(),
    on(event: PathEvent<never>): Effect[] {
      switch (event.type) {
        case 'xstate.done.actor.prepareScan': {
          const prepared = event.output as PrepareScanOutput;
          key = prepared.idempotencyKey;
          return send();
        }
        case 'xstate.done.actor.tokenizeScan': {
          const result = event.output as TokenizeScanOutput;
          if (result.ok) return [actorStarted('earnScan', { token: result.token, idempotencyKey: key ?? '' })];
          return live && noAnswer(result) ? queue() : fail(result);
        }
        case 'xstate.done.actor.earnScan': {
          const result = event.output as EarnScanOutput;
          if (result.ok) {
            output = { ok: true, value: { kind: 'earned', title: result.title, pipsEarned: result.pipsEarned } };
            return live ? [sendAction('tellPipsChanged', 'resources', { type: 'pips.changed' })] : [];
          }
          return live && noAnswer(result) ? queue() : fail(result);
        }
        case 'xstate.done.actor.queueScan': {
          const result = event.output as QueueScanOutput;
          if (!result.ok) return fail({ code: 'QUEUE_FAILED', status: 500 });
          output = { ok: true, value: { kind: 'queued' } };
          return [sendAction('requestSync', 'connectivitySync', { type: 'sync.request' })];
        }
        case 'xstate.error.actor.queueScan':
          return fail({ code: 'QUEUE_FAILED', status: 500 });
        case 'xstate.error.actor.prepareScan':
        case 'xstate.error.actor.tokenizeScan':
        case 'xstate.error.actor.earnScan':
          return fail({ code: 'UNKNOWN_ERROR', status: 500 });
        default:
          throw new Error(`the rules have no ${event.type}`);
      }
    },
    meaning: () => ({ output }),
  };
}

describeMachinePaths({
  name: 'earnPipeline',
  machine: earnPipelineMachine,
  events: {} satisfies EventFixtures<never>,
  outputs,
  inputs: {
    'the member scans an earn code': { text: ` ${code} `, userId: 7, offline: false },
    'the member scans an earn code offline': { text: ` ${code} `, userId: 7, offline: true },
    'the member scans a printed earn link': { text: printedLink },
    'the member scans a printed earn link offline': { text: printedLink, userId: 7, offline: true },
    'the member scans a community link': { text: communityLink },
    'a queued earn code is sent again': { text: code, mode: 'replay', idempotencyKey: 'key-queued-0042' },
    'a queued text that is no code is sent again': { text: 'hello', mode: 'replay', idempotencyKey: 'key-queued-0043' },
  },
  meaning: (s) => ({ output: s.status === 'done' ? (s.output as EarnPipelineOutput) : null }),
  oracle: earnPipelineRules,
  words: {
    events: {
      'xstate.done.actor.prepareScan': (e) => `the scan gets its key (${(e.output as PrepareScanOutput).idempotencyKey})`,
      'xstate.error.actor.prepareScan': 'preparing the scan breaks',
      'xstate.done.actor.tokenizeScan': (e) => {
        const result = e.output as TokenizeScanOutput;
        return result.ok ? 'the code is exchanged for a token' : `the exchange fails (${result.code}, ${result.status})`;
      },
      'xstate.error.actor.tokenizeScan': 'the exchange breaks',
      'xstate.done.actor.earnScan': (e) => {
        const result = e.output as EarnScanOutput;
        return result.ok ? `${result.pipsEarned} pips are earned` : `the earn fails (${result.code}, ${result.status})`;
      },
      'xstate.error.actor.earnScan': 'the earn breaks',
      'xstate.done.actor.queueScan': (e) => ((e.output as QueueScanOutput).ok ? 'the scan is stored in the queue' : 'storing it in the queue fails'),
      'xstate.error.actor.queueScan': 'storing it in the queue breaks',
    },
    outcome: ({ output }) => {
      if (output === null) return 'the scan is still under way';
      if (output.ok) return output.value.kind === 'queued' ? 'the scan waits in the offline queue' : `the member sees ${output.value.pipsEarned} pips for ${output.value.title}`;
      return `the scan fails with ${output.code}${output.retry ? ', worth retrying' : ', for good'}${output.stop ? ', and the queue run stops' : ''}`;
    },
  },
});
