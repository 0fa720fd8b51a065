import { queueRunMachine } from '../../machines/queueRun.machine';
import type { QueueItemFailure } from '../../machines/connectivitySync.types';
import type { QueuedItem, QueueRunInput, QueueRunResult, ReplayOutput } from '../../machines/queueRun.types';
import { describeMachinePaths, type PathEvent } from './describePathCoverage';
import type { ActorOutputFixtures, EventFixtures } from './pathCoverage';
import { actorStarted, type Effect } from './recording';

const items: QueuedItem[] = [
  { id: 11, replay: { text: 'first scan', mode: 'replay', idempotencyKey: 'key-11' } },
  { id: 12, replay: { text: 'second scan', mode: 'replay', idempotencyKey: 'key-12' } },
];

const outputs = {
  listItems: [[], items],
  replayItem: [
    { ok: true },
    { ok: false, code: 'ALREADY_EARNED', retry: false, stop: false },
    { ok: false, code: 'SERVER_ERROR', retry: true, stop: false },
    { ok: false, code: 'NETWORK_ERROR', retry: true, stop: true },
    { ok: false, code: 'QR_CODE_EXPIRED', retry: false, stop: true },
  ],
  removeItem: [undefined],
} satisfies ActorOutputFixtures<typeof queueRunMachine>;

/**
 * The rules (the offline queues; the machine's doc comment): the member's queued items are
 * listed (an unreadable queue is an empty one) and sent one at a time, oldest first, each through
 * its replay. A sent item leaves the queue, and so does one refused for good (counted as
 * rejected with its code); one that may succeed later stays (kept, with its code), as does one
 * whose replay broke (UNKNOWN_ERROR). When nothing more can be sent (stop: no answer, the session
 * ending), that item and every later one stay untouched. The run ends with the counts.
 */
function queueRunRules(input: QueueRunInput | undefined) {
  const userId = input?.userId ?? 0;
  let queue: QueuedItem[] = [];
  let index = 0;
  let phase: 'listing' | 'replaying' | 'removing' | 'done' = 'listing';
  const result: QueueRunResult = { succeeded: 0, rejected: [], kept: [] };
  const item = () => queue[index];
  const sendNext = (): Effect[] => {
    if (index >= queue.length) {
      phase = 'done';
      return [];
    }
    phase = 'replaying';
    return [actorStarted('replayItem', item().replay)];
  };
  const keep = (code: string, ...failed: QueuedItem[]) => result.kept.push(...failed.map((it): QueueItemFailure => ({ id: it.id, code })));
  return {
    started: [actorStarted('listItems', { userId })],
    on(event: PathEvent<never>): Effect[] {
      switch (event.type) {
        case 'xstate.done.actor.listItems':
          queue = event.output as QueuedItem[];
          return sendNext();
        case 'xstate.error.actor.listItems':
          phase = 'done';
          return [];
        case 'xstate.done.actor.replayItem': {
          const output = event.output as ReplayOutput;
          if (output.ok || !output.retry) {
            if (output.ok) result.succeeded += 1;
            else result.rejected.push({ id: item().id, code: output.code });
            phase = 'removing';
            return [actorStarted('removeItem', { id: item().id })];
          }
          if (output.stop) {
            keep(output.code, ...queue.slice(index));
            phase = 'done';
            return [];
          }
          keep(output.code, item());
          index += 1;
          return sendNext();
        }
        case 'xstate.error.actor.replayItem':
          keep('UNKNOWN_ERROR', item());
          index += 1;
          return sendNext();
        case 'xstate.done.actor.removeItem':
        case 'xstate.error.actor.removeItem':
          index += 1;
          return sendNext();
        default:
          throw new Error(`the rules have no ${event.type}`);
      }
    },
    meaning: () => ({
      sending: phase === 'replaying' ? item().id : null,
      removing: phase === 'removing' ? item().id : null,
      output: phase === 'done' ? structuredClone(result) : null,
    }),
  };
}

describeMachinePaths({
  name: 'queueRun',
  machine: queueRunMachine,
  events: {} satisfies EventFixtures<never>,
  outputs,
  inputs: { "member 7's queue is sent": { userId: 7 } },
  meaning: (s) => ({
    sending: s.matches('replaying') ? s.context.items[s.context.index].id : null,
    removing: s.matches('removing') ? s.context.items[s.context.index].id : null,
    output: s.status === 'done' ? (s.output as QueueRunResult) : null,
  }),
  oracle: queueRunRules,
  words: {
    events: {
      'xstate.done.actor.listItems': (e) => ((e.output as QueuedItem[]).length ? `${(e.output as QueuedItem[]).length} items are queued` : 'the queue is empty'),
      'xstate.error.actor.listItems': 'the queue cannot be read',
      'xstate.done.actor.replayItem': (e) => {
        const output = e.output as ReplayOutput;
        if (output.ok) return 'an item is sent';
        if (!output.retry) return `an item is refused for good (${output.code})`;
        return `an item fails for now (${output.code}${output.stop ? ', nothing more can be sent' : ''})`;
      },
      'xstate.error.actor.replayItem': 'sending an item breaks',
      'xstate.done.actor.removeItem': 'it leaves the queue',
      'xstate.error.actor.removeItem': 'removing it breaks',
    },
    outcome: (m) => {
      if (m.sending !== null) return `item ${m.sending} is being sent`;
      if (m.removing !== null) return `item ${m.removing} is being removed`;
      if (!m.output) return 'the queue is being read';
      const { succeeded, rejected, kept } = m.output;
      const ids = (failures: { id: number }[]) => failures.map((f) => f.id).join(' and ') || 'none';
      return `the run reports ${succeeded} sent, rejected ${ids(rejected)}, kept ${ids(kept)}`;
    },
  },
});
