import { chanceToWinMachine } from '../../machines/chanceToWin.machine';
import { selectContestError, selectContestLoading, selectQualified } from '../../machines/chanceToWin.selectors';
import type { ChanceToWinEvent, CurrentContest, FetchContestOutput, QualificationMemory } from '../../machines/chanceToWin.types';
import { describeMachinePaths, type PathEvent } from './describePathCoverage';
import type { ActorOutputFixtures, EventFixtures, SerializeState } from './pathCoverage';
import { action, actorStarted, actorStopped, type Effect } from './recording';

const contest = (earnedPips: number, thresholdInPips = 100): CurrentContest => ({
  id: 1,
  thresholdInPips,
  earnedPips,
  data: { id: 1, earnedPips, thresholdInPips },
});

const events = {
  'scope.changed': [
    { type: 'scope.changed', userId: 7, language: 'en' },
    { type: 'scope.changed', userId: 7, language: 'es' },
    { type: 'scope.changed', userId: null, language: 'en' },
  ],
  'pips.changed': [{ type: 'pips.changed' }],
  'page.visible': [{ type: 'page.visible' }],
  'motion.preference': [
    { type: 'motion.preference', reduced: true },
    { type: 'motion.preference', reduced: false },
  ],
} satisfies EventFixtures<ChanceToWinEvent>;

const outputs = {
  fetchContest: [
    { ok: true, contest: contest(40) },
    { ok: true, contest: contest(120) },
    // The operator raised the threshold: a new threshold can be celebrated again.
    { ok: true, contest: contest(120, 150) },
    { ok: true, contest: null },
    { ok: false, code: 'NETWORK_ERROR' },
  ],
  readMemory: [
    { seen: {}, celebrated: [] },
    { seen: { '1:100': 40 }, celebrated: [] },
    { seen: { '1:100': 40 }, celebrated: ['1:100'] },
  ],
  watchVisibility: [undefined],
  watchMotionPreference: [undefined],
} satisfies ActorOutputFixtures<typeof chanceToWinMachine>;

/** Graph key: the state and everything that decides what comes next (not the contest's data). */
const serializeState: SerializeState = (s) =>
  JSON.stringify({
    value: s.value,
    userId: s.context.userId,
    language: s.context.language,
    memory: s.context.memory,
    reduced: s.context.reducedMotion,
    held: s.context.contest === null ? null : `${s.context.contest.thresholdInPips}/${s.context.contest.earnedPips}`,
  });

/**
 * The rules (issue 11 "Qualification machine"): nothing loads for
 * nobody. When a member is verified (or the language changes), what this device remembers of
 * them is read, then the contest loads; it loads again when the page becomes visible, and 500 ms
 * after pips move (after the last of several moves; a load under way is dropped for it).
 * CHALLENGE_NOT_ACTIVE or no id clears the contest; a failure keeps what is held. Every answer is
 * remembered on the device. The member qualifies (the toast, plus confetti unless they prefer
 * reduced motion) only when the earned pips go from below the threshold, as last seen for that
 * contest and threshold, to at or above it, and only once: never below it, never on a reload
 * after qualifying, never for a contest first seen already qualified.
 */
function chanceToWinRules() {
  type View = 'signedOut' | 'recalling' | 'loading' | 'ready' | 'waiting';
  let view: View = 'signedOut';
  let userId: number | null = null;
  let language = 'en';
  let held: CurrentContest | null = null;
  let memory: QualificationMemory = { seen: {}, celebrated: [] };
  let reduced = false;
  let error: string | null = null;
  const fetch = () => actorStarted('fetchContest', { userId, language });
  const dropRunning = (): Effect[] => (view === 'recalling' ? [actorStopped('readMemory')] : view === 'loading' ? [actorStopped('fetchContest')] : []);
  const forget = () => {
    held = null;
    memory = { seen: {}, celebrated: [] };
    error = null;
  };
  return {
    started: [actorStarted('watchVisibility'), actorStarted('watchMotionPreference')],
    on(event: PathEvent<ChanceToWinEvent>): Effect[] {
      switch (event.type) {
        case 'motion.preference':
          reduced = event.reduced;
          return [];
        case 'scope.changed': {
          if (view === 'signedOut') {
            if (event.userId === null) throw new Error('nobody to load for');
            [userId, language, view] = [event.userId, event.language, 'recalling'];
            return [actorStarted('readMemory', { userId })];
          }
          const stopped = dropRunning();
          if (event.userId === null) {
            forget();
            [userId, language, view] = [null, event.language, 'signedOut'];
            return stopped;
          }
          if (event.userId === userId && event.language === language) throw new Error('the same scope changes nothing');
          forget();
          [userId, language, view] = [event.userId, event.language, 'recalling'];
          return [...stopped, actorStarted('readMemory', { userId })];
        }
        case 'xstate.done.actor.readMemory':
          memory = event.output as QualificationMemory;
          view = 'loading';
          return [fetch()];
        case 'xstate.error.actor.readMemory':
          view = 'loading';
          return [fetch()];
        case 'xstate.done.actor.fetchContest': {
          const output = event.output as FetchContestOutput;
          view = 'ready';
          if (!output.ok) {
            error = output.code;
            return [];
          }
          error = null;
          held = output.contest;
          if (output.contest === null) return [];
          const c = output.contest;
          const key = `${c.id}:${c.thresholdInPips}`;
          const before = memory.seen[key];
          const qualifies =
            before !== undefined && before < c.thresholdInPips && c.earnedPips >= c.thresholdInPips && !memory.celebrated.includes(key);
          memory = {
            seen: { ...memory.seen, [key]: c.earnedPips },
            celebrated: qualifies ? [...memory.celebrated, key] : memory.celebrated,
          };
          const stored = action('storeMemory', { userId, memory });
          if (!qualifies) return [stored];
          return reduced ? [stored, action('showQualifiedToast')] : [stored, action('showQualifiedToast'), action('launchConfetti')];
        }
        case 'xstate.error.actor.fetchContest':
          view = 'ready';
          error = 'UNKNOWN_ERROR';
          return [];
        case 'page.visible':
          if (view !== 'ready' && view !== 'waiting') throw new Error('visible reloads only when not loading');
          view = 'loading';
          return [fetch()];
        case 'pips.changed': {
          if (view !== 'loading' && view !== 'ready' && view !== 'waiting') throw new Error('pips count only once loaded');
          const stopped = view === 'loading' ? [actorStopped('fetchContest')] : [];
          view = 'waiting';
          return stopped;
        }
        case 'xstate.after.reloadAfterPips.chanceToWin.signedIn.waitingToReload':
          if (view !== 'waiting') throw new Error('no reload is waiting');
          view = 'loading';
          return [fetch()];
        default:
          throw new Error(`the rules have no ${event.type}`);
      }
    },
    meaning: () => ({
      signedIn: view !== 'signedOut',
      loading: held === null && (view === 'recalling' || view === 'loading'),
      contest: held === null ? null : held.data,
      qualified: held !== null && held.earnedPips >= held.thresholdInPips,
      error,
    }),
  };
}

describeMachinePaths({
  name: 'chanceToWin',
  machine: chanceToWinMachine,
  events,
  outputs,
  serializeState,
  meaning: (s) => ({
    signedIn: !s.matches('signedOut'),
    loading: selectContestLoading(s),
    contest: s.context.contest === null ? null : s.context.contest.data,
    qualified: selectQualified(s),
    error: selectContestError(s),
  }),
  oracle: chanceToWinRules,
  words: {
    events: {
      'scope.changed': (e) => (e.userId === null ? 'the member signs out' : `member ${e.userId} is verified (${e.language === 'es' ? 'Spanish' : 'English'})`),
      'pips.changed': 'pips move',
      'page.visible': 'the page is shown again',
      'motion.preference': (e) => (e.reduced ? 'the member prefers reduced motion' : 'the member allows motion'),
      'xstate.done.actor.readMemory': (e) => {
        const memory = e.output as QualificationMemory;
        const seen = Object.entries(memory.seen);
        if (seen.length === 0) return 'the device remembers nothing';
        const [key, pips] = seen[0];
        return `the device last saw ${pips} of ${key.split(':')[1]} pips${memory.celebrated.includes(key) ? ' and celebrated' : ''}`;
      },
      'xstate.error.actor.readMemory': "reading the device's memory breaks",
      'xstate.done.actor.fetchContest': (e) => {
        const output = e.output as FetchContestOutput;
        if (!output.ok) return `loading the contest fails (${output.code})`;
        if (output.contest === null) return 'no contest is running';
        return `the contest answers ${output.contest.earnedPips} of ${output.contest.thresholdInPips} pips`;
      },
      'xstate.error.actor.fetchContest': 'loading the contest breaks',
      'xstate.after.reloadAfterPips': '500 ms pass',
    },
    outcome: (m) => {
      if (!m.signedIn) return 'no contest is held';
      if (m.loading) return 'the contest is loading';
      if (m.contest === null) return m.error ? `the failure shows (${m.error})` : 'no contest shows';
      const { earnedPips, thresholdInPips } = m.contest as { earnedPips: number; thresholdInPips: number };
      const progress = `${earnedPips} of ${thresholdInPips} pips show, ${m.qualified ? 'in the draw' : 'not yet in the draw'}`;
      return m.error ? `${progress} (the last load failed: ${m.error})` : progress;
    },
  },
});
