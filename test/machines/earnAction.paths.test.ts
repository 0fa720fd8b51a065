import { earnActionMachine } from '../../machines/earnAction.machine';
import { selectEarnError, selectEarningPid, selectIsEarning, selectLastEarned } from '../../machines/earnAction.selectors';
import type { EarnActionEvent, EarnOutput } from '../../machines/earnAction.types';
import { describeMachinePaths, type PathEvent } from './describePathCoverage';
import type { ActorOutputFixtures, EventFixtures, SerializeState } from './pathCoverage';
import { action, actorStarted, received, sendAction, type Effect } from './recording';

const survey = 'https://partner.example.org/survey';

const events = {
  'user.earn': [
    { type: 'user.earn', pid: 1, url: survey, online: true, idempotencyKey: 'key-00000001' },
    { type: 'user.earn', pid: 2, url: null, online: true, idempotencyKey: 'key-00000002' },
    { type: 'user.earn', pid: 1, url: survey, online: false, idempotencyKey: 'key-00000003' },
  ],
  // Told by the app root: whose write keys the attempts are kept under.
  'member.changed': [{ type: 'member.changed', userId: 7 }],
} satisfies EventFixtures<EarnActionEvent>;

const outputs = {
  earn: [
    { ok: true, pipsEarned: 5, availablePips: 15, url: 'https://partner.example.org/thanks' },
    { ok: true, pipsEarned: 5, availablePips: 20, url: null },
    { ok: false, code: 'ALREADY_EARNED' },
    { ok: false, code: 'ALREADY_EARNED_TODAY' },
    { ok: false, code: 'NOT_FOUND' },
    { ok: false, code: 'NETWORK_ERROR' },
  ],
} satisfies ActorOutputFixtures<typeof earnActionMachine>;

/** Graph key: the state, the promo and the code (keys and urls would make every attempt new). */
const serializeState: SerializeState = (s) => JSON.stringify({ value: s.value, pid: s.context.pid, errorCode: s.context.errorCode });

/**
 * The rules (the machine's doc comment): a click earns, whatever the last
 * attempt gave, one attempt at a time. Offline nothing is sent and the member is told (every
 * click). Online, a promo with a page gets a blank tab in the same click (browsers block later
 * ones), then the request goes with the click's key. A credit shows the answer's page (or the
 * promo's own) in that tab, tells the member the pips and the resources that pips moved. A
 * failure closes the tab and tells the member why; ALREADY_EARNED, ALREADY_EARNED_TODAY and
 * NOT_FOUND show the promo list is out of date, so it reloads.
 */
function earnActionRules() {
  let view: 'idle' | 'earning' | 'succeeded' | 'failed' = 'idle';
  let pid: number | null = null;
  let url: string | null = null;
  let pipsEarned: number | null = null;
  let error: string | null = null;
  let userId: number | null = null;
  const fail = (code: string): Effect[] => {
    [view, error] = ['failed', code];
    const effects = [action('closeTab'), action('notifyFailed', { pid, code })];
    if (['ALREADY_EARNED', 'ALREADY_EARNED_TODAY', 'NOT_FOUND'].includes(code)) effects.push(received('resources', { type: 'pips.changed' }));
    return effects;
  };
  return {
    started: [],
    on(event: PathEvent<EarnActionEvent>): Effect[] {
      switch (event.type) {
        case 'member.changed':
          userId = event.userId;
          return [];
        case 'user.earn':
          if (view === 'earning') throw new Error('one attempt at a time');
          [pid, url, pipsEarned, error] = [event.pid, event.url, null, null];
          if (!event.online) return fail('OFFLINE');
          view = 'earning';
          return [...(event.url ? [action('openBlankTab')] : []), actorStarted('earn', { pid: event.pid, idempotencyKey: event.idempotencyKey, userId })];
        case 'xstate.done.actor.earn': {
          const output = event.output as EarnOutput;
          if (!output.ok) return fail(output.code);
          view = 'succeeded';
          pipsEarned = output.pipsEarned;
          return [
            action('showPageInTab', { url: output.url ?? url }),
            action('notifyEarned', { pid, pipsEarned: output.pipsEarned }),
            sendAction('tellPipsChanged', 'resources', { type: 'pips.changed' }),
          ];
        }
        case 'xstate.error.actor.earn':
          return fail('UNKNOWN_ERROR');
        default:
          throw new Error(`the rules have no ${event.type}`);
      }
    },
    meaning: () => ({
      earning: view === 'earning',
      earningPid: view === 'earning' ? pid : null,
      error: view === 'failed' ? error : null,
      lastEarned: view === 'succeeded' ? { pid, pipsEarned } : null,
    }),
  };
}

describeMachinePaths({
  name: 'earnAction',
  machine: earnActionMachine,
  events,
  outputs,
  serializeState,
  meaning: (s) => ({ earning: selectIsEarning(s), earningPid: selectEarningPid(s), error: selectEarnError(s), lastEarned: selectLastEarned(s) }),
  oracle: earnActionRules,
  words: {
    events: {
      'user.earn': (e) =>
        `the member ${e.online ? '' : 'offline '}clicks promo ${e.pid}${e.url ? ' (with a page)' : ''}`,
      'member.changed': (e) => `member ${e.userId} is verified`,
      'xstate.done.actor.earn': (e) => {
        const output = e.output as EarnOutput;
        if (!output.ok) return `the earn is refused (${output.code})`;
        return output.url ? 'the pips are earned, with a thank-you page' : 'the pips are earned';
      },
      'xstate.error.actor.earn': 'the earn fails unexpectedly',
    },
    outcome: (m) => {
      if (m.earning) return `promo ${m.earningPid} shows it is earning`;
      if (m.error) return `the member is told why (${m.error})`;
      if (m.lastEarned) return `the member sees ${m.lastEarned.pipsEarned} pips earned on promo ${m.lastEarned.pid}`;
      return 'nothing is being earned';
    },
  },
});
