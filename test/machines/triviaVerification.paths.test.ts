import type { TriviaContestSummary, ScanContestsOutput, TriviaVerificationEvent } from '../../machines/trivia.types';
import { triviaVerificationMachine } from '../../machines/triviaVerification.machine';
import {
  selectAnsweredContests,
  selectOpenContests,
  selectTriviaContests,
  selectTriviaScanning,
  selectTriviaVerificationFailed,
} from '../../machines/triviaVerification.selectors';
import { describeMachinePaths, type PathEvent } from './describePathCoverage';
import type { ActorOutputFixtures, EventFixtures, SerializeState } from './pathCoverage';
import { action, actorStarted, actorStopped, type Effect } from './recording';

const quiz: TriviaContestSummary = { id: 1, name: 'Quiz', assigned: true, status: 'running' };
const cup: TriviaContestSummary = { id: 2, name: 'Cup', assigned: false, status: 'running' };

const events = {
  'scope.changed': [
    { type: 'scope.changed', userId: 7, language: 'en' },
    { type: 'scope.changed', userId: 7, language: 'es' },
    { type: 'scope.changed', userId: null, language: 'en' },
  ],
  'verify.request': [{ type: 'verify.request' }],
  // The connection drops (coming back is the same transition).
  'network.changed': [{ type: 'network.changed', offline: true }],
} satisfies EventFixtures<TriviaVerificationEvent>;

const outputs = {
  scanContests: [
    { ok: true, contests: [quiz, cup], answered: [2] },
    { ok: true, contests: [quiz, cup], answered: [1] },
    { ok: true, contests: [quiz], answered: [] },
    { ok: false, code: 'OFFLINE' },
  ],
} satisfies ActorOutputFixtures<typeof triviaVerificationMachine>;

const serializeState: SerializeState = (s) =>
  JSON.stringify({ value: s.value, offline: s.context.offline, userId: s.context.userId, language: s.context.language, contests: s.context.contests.map((c: TriviaContestSummary) => c.id), answered: s.context.answered, error: s.context.errorCode });

/**
 * The rules (SPEC §4 Trivia verification, the machine's doc comment):
 * - idle until a verified member is known; a new member or language starts a scan at once (a
 *   scan under way for the old scope is stopped) and forgets the old results; nobody: idle;
 * - a scan asks for the contests and their questions, 4 at a time, for the member and language;
 * - a scan that answers keeps the contest list and the answered contests, and stores them for the
 *   member and language; the same contest list adds to the answered list, a changed list starts
 *   it over; a scan that fails keeps the code;
 * - after a scan (either way) a request scans again; idle (nobody) takes none;
 * - a scan knows whether the connection is down (as the app root last said): offline, it takes
 *   the stored copy.
 */
function verificationRules() {
  type View = 'idle' | 'scanning' | 'succeeded' | 'failed';
  let view: View = 'idle';
  let userId: number | null = null;
  let language = 'en';
  let contests: TriviaContestSummary[] = [];
  let answered: number[] = [];
  let error: string | null = null;
  let offline = false;
  const scan = (): Effect[] => {
    view = 'scanning';
    return [actorStarted('scanContests', { userId, language, offline })];
  };
  return {
    started: [],
    on(event: PathEvent<TriviaVerificationEvent>): Effect[] {
      switch (event.type) {
        case 'scope.changed': {
          if (event.userId === userId && event.language === language) throw new Error('the same scope changes nothing');
          const stopped = view === 'scanning' ? [actorStopped('scanContests')] : [];
          userId = event.userId;
          language = event.language;
          contests = [];
          answered = [];
          error = null;
          if (userId === null) {
            view = 'idle';
            return stopped;
          }
          return [...stopped, ...scan()];
        }
        case 'verify.request':
          if (view === 'scanning' || view === 'idle') throw new Error(`no request while ${view}`);
          return scan();
        case 'network.changed':
          offline = event.offline;
          return [];
        case 'xstate.done.actor.scanContests': {
          if (view !== 'scanning') throw new Error('no scan under way');
          const output = event.output as ScanContestsOutput;
          if (!output.ok) {
            view = 'failed';
            error = output.code;
            return [];
          }
          const same = contests.length === output.contests.length && contests.every((c, i) => c.id === output.contests[i].id);
          answered = same ? [...new Set([...answered, ...output.answered])] : [...output.answered];
          contests = output.contests;
          error = null;
          view = 'succeeded';
          return [action('storeResults', { userId, language, contests, answered })];
        }
        case 'xstate.error.actor.scanContests':
          view = 'failed';
          error = 'UNKNOWN_ERROR';
          return [];
        default:
          throw new Error(`the rules have no ${event.type}`);
      }
    },
    meaning: () => ({
      contests: contests.map((c) => c.id),
      answered,
      open: contests.filter((c) => !answered.includes(c.id)).map((c) => c.id),
      scanning: view === 'scanning',
      failed: view === 'failed',
      error: view === 'failed' ? error : null,
    }),
  };
}

describeMachinePaths({
  name: 'triviaVerification',
  machine: triviaVerificationMachine,
  events,
  outputs,
  serializeState,
  meaning: (s) => ({
    contests: selectTriviaContests(s).map((c) => c.id),
    answered: selectAnsweredContests(s),
    open: selectOpenContests(s).map((c) => c.id),
    scanning: selectTriviaScanning(s),
    failed: selectTriviaVerificationFailed(s),
    error: selectTriviaVerificationFailed(s) ? s.context.errorCode : null,
  }),
  oracle: verificationRules,
  words: {
    events: {
      'scope.changed': (e) => (e.userId === null ? 'the member signs out' : `member ${e.userId} is verified (${e.language === 'es' ? 'Spanish' : 'English'})`),
      'verify.request': 'the app asks to check again',
      'network.changed': (e) => (e.offline ? 'the app learns it is offline' : 'the app learns it is online'),
      'xstate.done.actor.scanContests': (e) => {
        const output = e.output as ScanContestsOutput;
        if (!output.ok) return `the check fails (${output.code})`;
        const names = output.contests.map((c) => c.name).join(' and ');
        const answered = output.contests.filter((c) => output.answered.includes(c.id)).map((c) => c.name);
        return `the server lists ${names}${answered.length ? `, ${answered.join(' and ')} answered` : ', none answered'}`;
      },
      'xstate.error.actor.scanContests': 'the check breaks',
    },
    outcome: (m) => {
      if (m.scanning) return 'the contests are being checked';
      if (m.failed) return `the check's failure shows (${m.error})`;
      if (m.contests.length === 0) return 'no trivia contest shows';
      const name = (id: number) => [quiz, cup].find((c) => c.id === id)?.name ?? `contest ${id}`;
      const open = m.open.length ? `${m.open.map(name).join(' and ')} open` : 'none open';
      const answered = m.answered.filter((id) => m.contests.includes(id));
      return `${open}${answered.length ? `, ${answered.map(name).join(' and ')} answered` : ''}`;
    },
  },
});
