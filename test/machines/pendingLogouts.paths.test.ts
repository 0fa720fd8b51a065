import { pendingLogoutsMachine } from '../../machines/pendingLogouts.machine';
import type { PendingLogoutsEvent, PendingLogoutsOutput } from '../../machines/pendingLogouts.types';
import { describeMachinePaths, type PathEvent } from './describePathCoverage';
import type { ActorOutputFixtures, EventFixtures } from './pathCoverage';
import { actorStarted, actorStopped, type Effect } from './recording';

const events = {
  'pendingLogouts.check': [{ type: 'pendingLogouts.check' }],
  'connectivity.online': [{ type: 'connectivity.online' }],
} satisfies EventFixtures<PendingLogoutsEvent>;

const outputs = {
  sendPendingLogouts: [{ remaining: 0 }, { remaining: 2 }],
  watchOnline: [undefined],
} satisfies ActorOutputFixtures<typeof pendingLogoutsMachine>;

/**
 * The rules (the machine's doc comment): logouts made offline wait in a queue. The queue is
 * sent at app start; when nothing remains the actor rests until the session says a logout may
 * have been queued; when some remain (the network is still down) or sending failed, it watches
 * for the browser to come online and sends again then, when the session queues another, or
 * after the retry delay, whichever comes first. Only one sending runs at a time.
 */
function pendingLogoutsRules() {
  let phase: 'sending' | 'idle' | 'waiting' = 'sending';
  const send = (): Effect[] => {
    const stop = phase === 'waiting' ? [actorStopped('watchOnline')] : [];
    phase = 'sending';
    return [...stop, actorStarted('sendPendingLogouts')];
  };
  return {
    started: [actorStarted('sendPendingLogouts')],
    on(event: PathEvent<PendingLogoutsEvent>): Effect[] {
      switch (event.type) {
        case 'xstate.done.actor.sendPendingLogouts': {
          if ((event.output as PendingLogoutsOutput).remaining > 0) {
            phase = 'waiting';
            return [actorStarted('watchOnline')];
          }
          phase = 'idle';
          return [];
        }
        case 'xstate.error.actor.sendPendingLogouts':
          phase = 'waiting';
          return [actorStarted('watchOnline')];
        case 'pendingLogouts.check':
          if (phase === 'sending') throw new Error('a check while sending changes nothing');
          return send();
        case 'connectivity.online':
          if (phase !== 'waiting') throw new Error(`being online matters only while logouts wait (not ${phase})`);
          return send();
        case 'xstate.after.pendingLogoutRetry.pendingLogouts.waiting':
          if (phase !== 'waiting') throw new Error('no retry without waiting logouts');
          return send();
        default:
          throw new Error(`the rules have no ${event.type}`);
      }
    },
    meaning: () => ({ phase }),
  };
}

describeMachinePaths({
  name: 'pendingLogouts',
  machine: pendingLogoutsMachine,
  events,
  outputs,
  meaning: (s) => ({ phase: s.value as string }),
  oracle: pendingLogoutsRules,
  words: {
    events: {
      'pendingLogouts.check': 'the session queues a logout',
      'connectivity.online': 'the browser comes online',
      'xstate.done.actor.sendPendingLogouts': (e) =>
        (e.output as PendingLogoutsOutput).remaining ? `${(e.output as PendingLogoutsOutput).remaining} logouts are still queued` : 'every queued logout is sent',
      'xstate.error.actor.sendPendingLogouts': 'sending the logouts fails',
      'xstate.after.pendingLogoutRetry': 'the retry delay passes',
    },
    start: 'the app starts and sends the queued logouts',
    outcome: (m) =>
      ({ sending: 'the queued logouts are being sent', idle: 'nothing waits to be sent', waiting: 'the logouts wait for the network or the retry' })[m.phase] ?? m.phase,
  },
});
