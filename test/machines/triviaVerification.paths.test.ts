import type { RecallOutput, TriviaContestSummary, ScanContestsOutput, TriviaVerificationEvent } from '../../machines/trivia.types';
import { triviaVerificationMachine } from '../../machines/triviaVerification.machine';
import {
  selectAnsweredContests,
  selectDayDone,
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
  // A round's last answer (or NO_AVAILABLE_QUESTIONS) ends Quiz; the question of the day is done.
  'contest.answered': [{ type: 'contest.answered', contestId: 1 }],
  'day.done': [{ type: 'day.done', until: '2026-12-03T00:00:00.000Z' }],
  // The connection drops (coming back is the same transition).
  'network.changed': [{ type: 'network.changed', offline: true }],
} satisfies EventFixtures<TriviaVerificationEvent>;

const TODAY = '2026-12-02';
const NOW = Date.parse('2026-12-02T10:00:00.000Z');
const outputs = {
  recall: [
    // Today's copy: Quiz answered in the same list, the question of the day done until tomorrow.
    { stored: { contests: [quiz, cup], answered: [1], day: TODAY, dayDoneUntil: NOW + 3600_000 }, today: TODAY, now: NOW },
    // Yesterday's: asked again; its question of the day done until a time now past.
    { stored: { contests: [quiz, cup], answered: [1, 2], day: '2026-12-01', dayDoneUntil: NOW - 1 }, today: TODAY, now: NOW },
    { stored: null, today: TODAY, now: NOW },
  ],
  scanContests: [
    // (says nothing of the question of the day)
    { ok: true, contests: [quiz, cup], answered: [2] },
    // Says the question of the day has none left until the next day starts.
    { ok: true, contests: [quiz, cup], answered: [1], dayDoneUntil: '2026-12-03T05:00:00.000Z' },
    // Says the question of the day has some left.
    { ok: true, contests: [quiz], answered: [], dayDoneUntil: null },
    { ok: false, code: 'OFFLINE' },
  ],
} satisfies ActorOutputFixtures<typeof triviaVerificationMachine>;

const serializeState: SerializeState = (s) =>
  JSON.stringify({
    value: s.value,
    offline: s.context.offline,
    userId: s.context.userId,
    language: s.context.language,
    contests: s.context.contests.map((c: TriviaContestSummary) => c.id),
    answered: s.context.answered,
    day: s.context.day,
    today: s.context.today,
    dayDone: s.context.dayDoneUntil,
    error: s.context.errorCode,
  });

/**
 * The rules (SPEC §4 Trivia verification, the machine's doc comment):
 * - idle until a verified member is known; a new member or language first recalls the copy
 *   stored for them (a call under way for the old scope is stopped; the old results are
 *   forgotten), shows it, then scans; nobody: idle; a question of the day done until a time
 *   already past is forgotten;
 * - a scan asks for the contests and their questions, 4 at a time, for the member and language,
 *   with the answered contests as memory when they were learned on the member's day today;
 * - a round telling that a contest has no question left, or that the question of the day has
 *   none until a time, is remembered and stored (a member only);
 * - a scan that answers keeps the contest list and the answered contests, and stores them for the
 *   member and language; the same contest list adds to the answered list, a changed list starts
 *   it over; what the list says of the question of the day (none left until a time, or some
 *   left) replaces what was remembered; a list that says nothing of it leaves it; a scan that
 *   fails keeps the code;
 * - after a scan (either way) a request scans again, and during one starts it over (it may have
 *   listed the contests before a join); idle (nobody) takes none;
 * - a scan knows whether the connection is down (as the app root last said): offline, it takes
 *   the stored copy.
 */
function verificationRules() {
  type View = 'idle' | 'recalling' | 'scanning' | 'succeeded' | 'failed';
  let view: View = 'idle';
  let userId: number | null = null;
  let language = 'en';
  let contests: TriviaContestSummary[] = [];
  let answered: number[] = [];
  let error: string | null = null;
  let offline = false;
  let day: string | null = null;
  let today: string | null = null;
  let dayDoneUntil: number | null = null;
  const scan = (): Effect[] => {
    view = 'scanning';
    const memory = day !== null && day === today ? { contests, answered } : null;
    return [actorStarted('scanContests', { userId, language, offline, memory })];
  };
  const store = (): Effect => action('storeResults', { userId, language, contests, answered, day, dayDoneUntil });
  return {
    started: [],
    on(event: PathEvent<TriviaVerificationEvent>): Effect[] {
      switch (event.type) {
        case 'scope.changed': {
          if (event.userId === userId && event.language === language) throw new Error('the same scope changes nothing');
          const stopped = view === 'scanning' ? [actorStopped('scanContests')] : view === 'recalling' ? [actorStopped('recall')] : [];
          userId = event.userId;
          language = event.language;
          contests = [];
          answered = [];
          day = null;
          today = null;
          dayDoneUntil = null;
          error = null;
          if (userId === null) {
            view = 'idle';
            return stopped;
          }
          view = 'recalling';
          return [...stopped, actorStarted('recall', { userId, language })];
        }
        case 'xstate.done.actor.recall': {
          if (view !== 'recalling') throw new Error('no recall under way');
          const { stored, today: day_, now } = event.output as RecallOutput;
          contests = stored?.contests ?? [];
          answered = stored?.answered ?? [];
          day = stored?.day ?? null;
          today = day_;
          dayDoneUntil = stored?.dayDoneUntil != null && stored.dayDoneUntil > now ? stored.dayDoneUntil : null;
          return scan();
        }
        case 'xstate.error.actor.recall':
          if (view !== 'recalling') throw new Error('no recall under way');
          return scan();
        case 'contest.answered':
          if (userId === null) return [];
          if (!answered.includes(event.contestId)) answered = [...answered, event.contestId];
          day = day ?? today;
          return [store()];
        case 'day.done':
          if (userId === null) return [];
          dayDoneUntil = Date.parse(event.until);
          return [store()];
        case 'verify.request':
          if (view === 'idle' || view === 'recalling') throw new Error(`no request while ${view}`);
          // A scan under way starts over.
          return [...(view === 'scanning' ? [actorStopped('scanContests')] : []), ...scan()];
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
          answered = same ? [...new Set([...answered, ...output.answered])].filter((id) => output.contests.some((c) => c.id === id)) : [...output.answered];
          contests = output.contests;
          day = today;
          // The list's word on the question of the day replaces what was remembered of it.
          if (output.dayDoneUntil !== undefined) dayDoneUntil = output.dayDoneUntil === null ? null : Date.parse(output.dayDoneUntil);
          error = null;
          view = 'succeeded';
          return [store()];
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
      scanning: view === 'scanning' || view === 'recalling',
      failed: view === 'failed',
      error: view === 'failed' ? error : null,
      dayDone: dayDoneUntil !== null,
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
    dayDone: selectDayDone(s),
  }),
  oracle: verificationRules,
  words: {
    events: {
      'scope.changed': (e) => (e.userId === null ? 'the member signs out' : `member ${e.userId} is verified (${e.language === 'es' ? 'Spanish' : 'English'})`),
      'verify.request': 'the app asks to check again',
      'contest.answered': (e) => `a round says contest ${e.contestId} has no question left`,
      'day.done': 'a round says the question of the day is done until tomorrow',
      'xstate.done.actor.recall': (e) => {
        const { stored } = e.output as RecallOutput;
        if (!stored) return 'nothing was stored';
        return stored.day === TODAY ? "today's copy is recalled" : "an older day's copy is recalled";
      },
      'xstate.error.actor.recall': 'recalling the copy breaks',
      'network.changed': (e) => (e.offline ? 'the app learns it is offline' : 'the app learns it is online'),
      'xstate.done.actor.scanContests': (e) => {
        const output = e.output as ScanContestsOutput;
        if (!output.ok) return `the check fails (${output.code})`;
        const names = output.contests.map((c) => c.name).join(' and ');
        const answered = output.contests.filter((c) => output.answered.includes(c.id)).map((c) => c.name);
        const daily = output.dayDoneUntil === undefined ? '' : output.dayDoneUntil === null ? ', questions of the day left' : ', the day done';
        return `the server lists ${names}${answered.length ? `, ${answered.join(' and ')} answered` : ', none answered'}${daily}`;
      },
      'xstate.error.actor.scanContests': 'the check breaks',
    },
    outcome: (m) => {
      if (m.scanning) return 'the contests are being checked';
      if (m.failed) return `the check's failure shows (${m.error})`;
      if (m.contests.length === 0) return m.dayDone ? 'no trivia contest shows, the day is done' : 'no trivia contest shows';
      const name = (id: number) => [quiz, cup].find((c) => c.id === id)?.name ?? `contest ${id}`;
      const open = m.open.length ? `${m.open.map(name).join(' and ')} open` : 'none open';
      const answered = m.answered.filter((id) => m.contests.includes(id));
      return `${open}${answered.length ? `, ${answered.map(name).join(' and ')} answered` : ''}`;
    },
  },
});
