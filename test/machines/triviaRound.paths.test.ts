import type { TriviaChartData, TriviaQuestionData, TriviaRoundEvent } from '../../machines/trivia.types';
import { answerKey, triviaRoundMachine } from '../../machines/triviaRound.machine';
import {
  selectRoundBusy,
  selectRoundCanSkip,
  selectRoundChart,
  selectRoundError,
  selectRoundExhausted,
  selectRoundFinished,
  selectRoundQuestion,
  selectRoundResult,
} from '../../machines/triviaRound.selectors';
import { describeMachinePaths, type PathEvent } from './describePathCoverage';
import type { ActorOutputFixtures, EventFixtures, SerializeState } from './pathCoverage';
import { action, actorStarted, actorStopped, received, sendAction, type Effect } from './recording';

const question: TriviaQuestionData = { id: 31, text: 'Capital of Spain?', answers: [{ id: 11, text: 'Madrid' }, { id: 12, text: 'Paris' }] };
/** The member (7) is sixth with 2 right answers: shown as the top four plus the member. */
const chart: TriviaChartData = {
  userId: 7,
  userCorrectAnswers: 2,
  userTotalPips: 10,
  userRank: 6,
  leaders: [
    { userId: 1, correctAnswers: 5, rank: 1 },
    { userId: 2, correctAnswers: 4, rank: 2 },
    { userId: 3, correctAnswers: 3, rank: 3 },
    { userId: 4, correctAnswers: 3, rank: 3 },
    { userId: 7, correctAnswers: 2, rank: 6 },
  ],
};
const othersCorrect = [5, 4, 3, 3];
const NEXT_DAY = '2026-12-03T00:00:00.000Z';

const events = {
  'round.open': [
    { type: 'round.open', contestId: null },
    { type: 'round.open', contestId: 5 },
    // The trivia verification remembers no question left (the day's done, the contest answered).
    { type: 'round.open', contestId: null, done: true },
    { type: 'round.open', contestId: 5, done: true },
  ],
  'round.close': [{ type: 'round.close' }],
  'user.answer': [{ type: 'user.answer', answerId: 11 }],
  'user.skip': [{ type: 'user.skip' }],
  'user.next': [{ type: 'user.next' }],
  'user.retry': [{ type: 'user.retry' }],
  'user.join': [{ type: 'user.join', displayName: 'Ana' }],
  // The connection drops (told by the app root): each call then says OFFLINE at once (the binding).
  'network.changed': [{ type: 'network.changed', offline: true }],
} satisfies EventFixtures<TriviaRoundEvent>;

const outputs = {
  loadQuestion: [{ ok: true, question }, { ok: false, code: 'NO_AVAILABLE_QUESTIONS' }, { ok: false, code: 'OFFLINE' }],
  submitAnswer: [
    { ok: true, correct: true, pipsEarned: 5, correctAnswerId: 11, streakDays: 2, actionPips: 0, questionsLeft: 3, nextDayAt: NEXT_DAY },
    { ok: true, correct: false, pipsEarned: 0, correctAnswerId: 11, streakDays: 2, actionPips: 0, questionsLeft: null, nextDayAt: null },
    // The last question, wrong, but it completed an earn action ("Play trivia").
    { ok: true, correct: false, pipsEarned: 0, correctAnswerId: 11, streakDays: 2, actionPips: 2, questionsLeft: 0, nextDayAt: NEXT_DAY },
    { ok: false, code: 'CONTEST_ENDED' },
  ],
  skipQuestion: [
    { ok: true, questionsLeft: 1, nextDayAt: NEXT_DAY },
    // The day's last question skipped: none left until the next day.
    { ok: true, questionsLeft: 0, nextDayAt: NEXT_DAY },
    { ok: false, code: 'NO_AVAILABLE_QUESTIONS' },
    { ok: false, code: 'OFFLINE' },
  ],
  loadChart: [{ ok: true, chart }, { ok: false, code: 'OFFLINE' }],
  joinContest: [{ ok: true, pipsEarned: 0 }, { ok: false, code: 'CONTEST_ENDED' }],
} satisfies ActorOutputFixtures<typeof triviaRoundMachine>;

/** Graph key: the state, the round, whether a chart is held and how far it moved locally (capped). */
const serializeState: SerializeState = (s) =>
  JSON.stringify({
    value: s.value,
    contestId: s.context.contestId,
    chart: s.context.chart ? Math.min(s.context.chart.userCorrectAnswers, 3) : null,
    result: s.context.result?.pipsEarned ?? null,
    // Whether the day's end is known (the verification is told it when the next load finds none).
    nextDay: s.context.result?.nextDayAt ?? null,
    knownDone: s.context.knownDone,
    error: s.context.errorCode,
  });

/**
 * The rules (SPEC §2 Trivia, the issue, the machine's doc comment):
 * - opening the question of the day loads a question; opening a contest loads its chart first
 *   (a failed chart load still goes on to the question), then a question; opening again or
 *   closing stops whatever call was under way;
 * - a question is answered once: the call carries the question, the answer and the answer's
 *   own key; the question of the day may be skipped, a contest question may not; a skip that
 *   says no question is left today ends the round with no further call and tells the
 *   verification the day is done until the next day starts;
 * - a result goes to the answer route; pips earned tell the resources and, in a contest, move
 *   the chart at once: one more right answer, the pips added, the rank recomputed from the
 *   leaders shown (ties share a rank; below the top four the rank stays);
 * - 'next' goes back to the question route and loads the next question;
 * - NO_AVAILABLE_QUESTIONS ends the round and tells the verification (a contest is answered;
 *   the question of the day is done until the next day, when a result said when); any other
 *   failure keeps its code and may be retried by loading a question again;
 * - a result that says no question is left finishes the round at it: no next question, the
 *   verification told as above, a contest's chart loaded again (its leaderboard and teams);
 *   pips of earn actions the answer completed tell the resources too;
 * - a round opened knowing none is left (the verification's memory) asks for no question: a
 *   contest still loads its chart;
 * - joining a contest (any time in a contest) asks the verification and the resources to
 *   reload, then loads the chart and a question.
 */
function roundRules() {
  type View = 'idle' | 'loadingChart' | 'loading' | 'question' | 'answering' | 'skipping' | 'result' | 'finished' | 'exhausted' | 'failed' | 'joining';
  const invokeOf: Partial<Record<View, string>> = {
    loadingChart: 'loadChart',
    loading: 'loadQuestion',
    answering: 'submitAnswer',
    skipping: 'skipQuestion',
    joining: 'joinContest',
  };
  let view: View = 'idle';
  let contestId: number | null = null;
  let knownDone = false;
  /** In `finished`: the contest's chart is loading again. */
  let reloading = false;
  let nextDayAt: string | null = null;
  let held: TriviaChartData | null = null;
  let error: string | null = null;
  let result: { correct: boolean; pipsEarned: number } | null = null;
  let shown: TriviaQuestionData | null = null;
  let offline = false;

  const leave = (): Effect[] => {
    if (view === 'finished' && reloading) {
      reloading = false;
      return [actorStopped('reloadChart')];
    }
    const running = invokeOf[view];
    return running ? [actorStopped(running)] : [];
  };
  /** What the verification hears when no question is left. */
  const tellDone = (): Effect[] => {
    if (contestId !== null) return [received('triviaVerification', { type: 'contest.answered', contestId })];
    return nextDayAt ? [received('triviaVerification', { type: 'day.done', until: nextDayAt })] : [];
  };
  const load = (): Effect[] => {
    view = 'loading';
    return [actorStarted('loadQuestion', { contestId, offline })];
  };
  const loadChart = (): Effect[] => {
    view = 'loadingChart';
    return [actorStarted('loadChart', { contestId, offline })];
  };
  const fail = (code: string): Effect[] => {
    view = 'failed';
    error = code;
    return [];
  };
  const only = (...views: View[]) => {
    if (!views.includes(view)) throw new Error(`the rules take no such event while ${view}`);
  };
  const localChart = (before: TriviaChartData, pips: number): TriviaChartData => {
    const mine = before.userCorrectAnswers + 1;
    const ahead = othersCorrect.filter((c) => c > mine).length;
    return { ...before, userCorrectAnswers: mine, userTotalPips: before.userTotalPips + pips, userRank: ahead < 4 ? ahead + 1 : before.userRank };
  };

  return {
    started: [],
    on(event: PathEvent<TriviaRoundEvent>): Effect[] {
      switch (event.type) {
        case 'network.changed':
          offline = event.offline;
          return [];
        case 'round.open': {
          const stopped = leave();
          contestId = event.contestId;
          knownDone = event.done ?? false;
          held = null;
          error = null;
          result = null;
          nextDayAt = null;
          shown = null;
          if (contestId === null && knownDone) {
            view = 'exhausted';
            return stopped;
          }
          return [...stopped, ...(contestId === null ? load() : loadChart())];
        }
        case 'round.close': {
          const stopped = leave();
          view = 'idle';
          contestId = null;
          knownDone = false;
          nextDayAt = null;
          held = null;
          error = null;
          result = null;
          shown = null;
          return stopped;
        }
        case 'user.join': {
          if (contestId === null) throw new Error('only in a contest');
          if (view === 'joining') return [];
          const stopped = leave();
          view = 'joining';
          return [...stopped, actorStarted('joinContest', { contestId, offline, displayName: 'Ana' })];
        }
        case 'user.answer':
          only('question');
          view = 'answering';
          return [actorStarted('submitAnswer', { contestId, questionId: question.id, answerId: 11, idempotencyKey: answerKey(contestId, question.id, 11), offline })];
        case 'user.skip':
          only('question');
          if (contestId !== null) throw new Error('a contest question cannot be skipped');
          view = 'skipping';
          return [actorStarted('skipQuestion', { offline })];
        case 'user.next':
          only('result');
          return [action('showQuestion', { contestId }), ...load()];
        case 'user.retry':
          only('failed');
          error = null;
          return load();
        case 'xstate.done.actor.loadChart':
          only('loadingChart');
          if (event.output.ok) held = event.output.chart;
          if (knownDone) {
            view = 'exhausted';
            return [];
          }
          return load();
        case 'xstate.error.actor.loadChart':
          only('loadingChart');
          if (knownDone) {
            view = 'exhausted';
            return [];
          }
          return load();
        case 'xstate.done.actor.reloadChart':
          if (!(view === 'finished' && reloading)) throw new Error('no chart reloading');
          reloading = false;
          if (event.output.ok) held = event.output.chart;
          return [];
        case 'xstate.error.actor.reloadChart':
          if (!(view === 'finished' && reloading)) throw new Error('no chart reloading');
          reloading = false;
          return [];
        case 'xstate.done.actor.loadQuestion':
          only('loading');
          if (event.output.ok) {
            view = 'question';
            shown = event.output.question;
            result = null;
            error = null;
            return [];
          }
          if (event.output.code === 'NO_AVAILABLE_QUESTIONS') {
            view = 'exhausted';
            return tellDone();
          }
          return fail(event.output.code);
        case 'xstate.done.actor.submitAnswer': {
          only('answering');
          if (!event.output.ok) return fail(event.output.code);
          const last = event.output.questionsLeft === 0;
          view = last ? 'finished' : 'result';
          result = { correct: event.output.correct, pipsEarned: event.output.pipsEarned };
          nextDayAt = event.output.nextDayAt;
          const effects: Effect[] = [action('showResult', { contestId })];
          if (result.pipsEarned + event.output.actionPips > 0) effects.push(received('resources', { type: 'pips.changed' }));
          if (result.pipsEarned > 0 && held) held = localChart(held, result.pipsEarned);
          if (!last) return effects;
          effects.push(...tellDone());
          if (contestId !== null) {
            reloading = true;
            effects.push(actorStarted('loadChart', { contestId, offline }, 'reloadChart'));
          }
          return effects;
        }
        case 'xstate.done.actor.skipQuestion':
          only('skipping');
          if (event.output.ok && event.output.questionsLeft === 0) {
            view = 'exhausted';
            return event.output.nextDayAt ? [received('triviaVerification', { type: 'day.done', until: event.output.nextDayAt })] : [];
          }
          if (event.output.ok) return load();
          if (event.output.code === 'NO_AVAILABLE_QUESTIONS') {
            view = 'exhausted';
            return [];
          }
          return fail(event.output.code);
        case 'xstate.done.actor.joinContest':
          only('joining');
          if (!event.output.ok) return fail(event.output.code);
          return [
            sendAction('tellVerification', 'triviaVerification', { type: 'verify.request' }),
            sendAction('tellPipsChanged', 'resources', { type: 'pips.changed' }),
            ...loadChart(),
          ];
        case 'xstate.error.actor.loadQuestion':
        case 'xstate.error.actor.submitAnswer':
        case 'xstate.error.actor.skipQuestion':
        case 'xstate.error.actor.joinContest':
          return fail('UNKNOWN_ERROR');
        default:
          throw new Error(`the rules have no ${event.type}`);
      }
    },
    meaning: () => ({
      busy: ['loadingChart', 'loading', 'answering', 'skipping', 'joining'].includes(view),
      question: view === 'question' || view === 'answering' ? shown?.id ?? null : null,
      canSkip: view === 'question' && contestId === null,
      result: view === 'result' || view === 'finished' ? result : null,
      finished: view === 'finished',
      exhausted: view === 'exhausted',
      error: view === 'failed' ? error : null,
      chart: held ? { correct: held.userCorrectAnswers, pips: held.userTotalPips, rank: held.userRank } : null,
    }),
  };
}

describeMachinePaths({
  name: 'triviaRound',
  machine: triviaRoundMachine,
  events,
  outputs,
  serializeState,
  meaning: (s) => {
    const roundChart = selectRoundChart(s);
    const roundResult = selectRoundResult(s);
    return {
      busy: selectRoundBusy(s),
      question: selectRoundQuestion(s)?.id ?? null,
      canSkip: selectRoundCanSkip(s),
      result: roundResult?.result ? { correct: roundResult.result.correct, pipsEarned: roundResult.result.pipsEarned } : null,
      finished: selectRoundFinished(s),
      exhausted: selectRoundExhausted(s),
      error: selectRoundError(s),
      chart: roundChart ? { correct: roundChart.userCorrectAnswers, pips: roundChart.userTotalPips, rank: roundChart.userRank } : null,
    };
  },
  oracle: roundRules,
  words: {
    events: {
      'round.open': (e) =>
        `${e.contestId === null ? 'the member opens the question of the day' : `the member opens contest ${e.contestId}`}${e.done ? ', remembered as done' : ''}`,
      'round.close': 'the member leaves the round',
      'user.answer': (e) => `answers ${question.answers.find((a) => a.id === e.answerId)?.text ?? e.answerId}`,
      'user.skip': 'skips the question',
      'user.next': 'asks for the next question',
      'user.retry': 'tries again',
      'user.join': (e) => `joins as ${e.displayName}`,
      'network.changed': (e) => (e.offline ? 'the app learns it is offline' : 'the app learns it is online'),
      'xstate.done.actor.loadChart': (e) => (e.output.ok ? `the chart comes (rank ${e.output.chart.userRank}, ${e.output.chart.userCorrectAnswers} right)` : `loading the chart fails (${e.output.code})`),
      'xstate.error.actor.loadChart': 'loading the chart breaks',
      'xstate.done.actor.reloadChart': (e) => (e.output.ok ? `the final chart comes (rank ${e.output.chart.userRank})` : `loading the final chart fails (${e.output.code})`),
      'xstate.error.actor.reloadChart': 'loading the final chart breaks',
      'xstate.done.actor.loadQuestion': (e) => {
        if (e.output.ok) return `the question "${e.output.question.text}" comes`;
        return e.output.code === 'NO_AVAILABLE_QUESTIONS' ? 'no question is left' : `loading the question fails (${e.output.code})`;
      },
      'xstate.error.actor.loadQuestion': 'loading the question breaks',
      'xstate.done.actor.submitAnswer': (e) => {
        if (!e.output.ok) return `the answer is refused (${e.output.code})`;
        const end = e.output.questionsLeft === 0 ? ', the last question' : '';
        const action = e.output.actionPips > 0 ? `, an earn action pays ${e.output.actionPips}` : '';
        return `${e.output.correct ? `it is right (${e.output.pipsEarned} pips)` : 'it is wrong'}${action}${end}`;
      },
      'xstate.error.actor.submitAnswer': 'sending the answer breaks',
      'xstate.done.actor.skipQuestion': (e) => {
        if (e.output.ok) return 'the question is skipped';
        return e.output.code === 'NO_AVAILABLE_QUESTIONS' ? 'no question is left' : `skipping fails (${e.output.code})`;
      },
      'xstate.error.actor.skipQuestion': 'skipping breaks',
      'xstate.done.actor.joinContest': (e) => (e.output.ok ? 'the member has joined' : `joining fails (${e.output.code})`),
      'xstate.error.actor.joinContest': 'joining breaks',
    },
    outcome: (m) => {
      const shown = m.busy
        ? 'a spinner shows'
        : m.question !== null
          ? `the question shows${m.canSkip ? ' with Skip' : ''}`
          : m.result
            ? `${m.result.correct ? `"right" shows with ${m.result.pipsEarned} pips` : '"wrong" shows'}${m.finished ? ', the end of the questions' : ''}`
            : m.exhausted
              ? 'the end of the questions shows'
              : m.error
                ? `the failure shows (${m.error}) with Try again`
                : 'no round shows';
      return m.chart ? `${shown}, the chart says rank ${m.chart.rank}, ${m.chart.correct} right, ${m.chart.pips} pips` : shown;
    },
  },
});
