import type { TriviaContestSummary } from '../../machines/trivia.types';
import {
  triviaScanMachine,
  type CheckContestOutput,
  type ListContestsOutput,
  type StoredScan,
  type TriviaScanContext,
  type TriviaScanInput,
  type TriviaScanOutput,
} from '../../machines/triviaScan.machine';
import { describeMachinePaths, type PathEvent } from './describePathCoverage';
import type { ActorOutputFixtures, SerializeState } from './pathCoverage';
import { actorStarted, actorStopped, type Effect } from './recording';

const contest = (id: number, status?: TriviaContestSummary['status']): TriviaContestSummary => ({ id, name: `Quiz ${id}`, assigned: true, ...(status ? { status } : {}) });
/** Five running contests (one says no status: running too) and one ended: the fifth waits for a free lane. */
const fiveRunning = [contest(1), contest(2, 'running'), contest(3, 'running'), contest(4, 'running'), contest(5, 'running'), contest(6, 'ended')];
/** One running contest and one upcoming. */
const oneRunning = [contest(1, 'running'), contest(7, 'upcoming')];
const NEXT_DAY = '2026-12-04T05:00:00.000Z';
/** The list tells the questions left of two running contests (1: none, 2: two) and not of the third. */
const told = [
  { ...contest(1, 'running'), questionsLeft: 0 },
  { ...contest(2, 'running'), questionsLeft: 2 },
  contest(3, 'running'),
];

const outputs = {
  listContests: [
    { ok: true, contests: fiveRunning },
    { ok: true, contests: oneRunning },
    // Nothing running: nothing to check.
    { ok: true, contests: [contest(6, 'ended')] },
    // The server tells what is left: the day's question done, and questions of two contests.
    { ok: true, contests: told, daily: { questionsLeft: 0, nextDayAt: NEXT_DAY } },
    { ok: true, contests: told.slice(0, 2), daily: { questionsLeft: 2, nextDayAt: NEXT_DAY } },
    { ok: false, code: 'NETWORK_ERROR' },
    { ok: false, code: 'SERVER_ERROR' },
  ],
  checkContest: [{ answered: true }, { answered: false }],
  readStored: [{ contests: [contest(1)], answered: [1] }, null],
} satisfies ActorOutputFixtures<typeof triviaScanMachine>;

// Which lanes run and how many contests were taken and found answered: not which ones, nor the
// order the answers came in (the paths stay few; each still checks every step it takes).
const serializeState: SerializeState = (s) => {
  const context = s.context as TriviaScanContext;
  return JSON.stringify({ value: s.value, next: context.next, answered: context.answered.length, code: context.code, listed: context.contests.length });
};

const LANES = 4;

/**
 * The rules (SPEC §4 Trivia verification, §9; the machine's doc comment):
 * - offline (as the verification was told), the copy stored for the member and language stands
 *   in at once; no copy: the scan fails with OFFLINE;
 * - else the contest list; a list that cannot be reached (OFFLINE, NETWORK_ERROR) falls back to
 *   the stored copy (none: fails with that code); any other failure fails with its code;
 * - only running contests (no status, or `running`) are checked, by their question call, at most
 *   4 at a time: the first 4 at once, and each answer lets the next one left start;
 * - a running contest the memory holds as answered, when the list is the memory's (the same ids in
 *   the same order), is not asked again and counts as answered; another list asks every one;
 * - a running contest whose list entry says how many questions are left is not asked: none left
 *   counts as answered (whatever the memory holds);
 * - the list's word on the question of the day comes out as `dayDoneUntil`: the next day's start
 *   when none is left, null when some are; a list that says nothing of it (or the stored copy)
 *   says nothing;
 * - a contest whose call says there are no questions left counts as answered; the scan's answer
 *   is the whole list and the answered ones in the list's order; a call that breaks fails the scan
 *   (the calls still running are dropped).
 */
function scanRules(input: TriviaScanInput | undefined) {
  const userId = input?.userId ?? 0;
  const language = input?.language ?? 'en';
  let finished = false;
  let code: string | null = null;
  let contests: TriviaContestSummary[] = [];
  let running: number[] = [];
  let next = 0;
  const lanes: (number | null)[] = Array.from({ length: LANES }, () => null);
  let answered: number[] = [];
  let remembered: number[] = [];
  let day: { dayDoneUntil: string | null } | Record<string, never> = {};
  const memory = input?.memory ?? null;
  const readStored = (why: string): Effect[] => {
    code = why;
    return [actorStarted('readStored', { userId, language })];
  };
  const check = (lane: number, contestId: number): Effect => {
    lanes[lane] = contestId;
    return actorStarted('checkContest', { contestId }, `lane${lane}`);
  };
  const fail = (why: string): Effect[] => {
    code = why;
    finished = true;
    return [];
  };
  const output = (): TriviaScanOutput | null => {
    if (!finished) return null;
    if (code !== null) return { ok: false, code };
    if (!running.length && !remembered.length) return { ok: true, contests, answered, ...day };
    return {
      ok: true,
      contests,
      answered: contests.map((c) => c.id).filter((id) => remembered.includes(id) || (running.includes(id) && answered.includes(id))),
      ...day,
    };
  };
  return {
    started: input?.offline ? readStored('OFFLINE') : [actorStarted('listContests')],
    on(event: PathEvent<never>): Effect[] {
      const type = event.type as string;
      const lane = /^xstate\.(done|error)\.actor\.lane(\d)$/.exec(type);
      if (lane) {
        const index = Number(lane[2]);
        const contestId = lanes[index];
        if (contestId === null) throw new Error(`lane ${index} checks nothing`);
        lanes[index] = null;
        if (lane[1] === 'error') {
          // (stopped last lane first)
          const dropped = lanes.flatMap((id, i) => (id === null ? [] : [actorStopped(`lane${i}`)])).reverse();
          lanes.fill(null);
          return [...fail('UNKNOWN_ERROR'), ...dropped];
        }
        if ((event as unknown as { output: CheckContestOutput }).output.answered) answered = [...answered, contestId];
        if (next < running.length) return [check(index, running[next++])];
        if (lanes.every((id) => id === null)) finished = true;
        return [];
      }
      switch (type) {
        case 'xstate.done.actor.listContests': {
          const listed = (event as unknown as { output: ListContestsOutput }).output;
          if (!listed.ok) return listed.code === 'OFFLINE' || listed.code === 'NETWORK_ERROR' ? readStored(listed.code) : fail(listed.code);
          contests = listed.contests;
          const same = memory !== null && memory.contests.length === contests.length && memory.contests.every((c, i) => c.id === contests[i].id);
          const isRunning = (c: TriviaContestSummary) => c.status === undefined || c.status === 'running';
          const toldLeft = (c: TriviaContestSummary) => c.questionsLeft !== undefined;
          remembered = contests
            .filter((c) => isRunning(c) && (toldLeft(c) ? c.questionsLeft === 0 : same && memory.answered.includes(c.id)))
            .map((c) => c.id);
          running = contests.filter((c) => isRunning(c) && !toldLeft(c) && !remembered.includes(c.id)).map((c) => c.id);
          day = listed.daily ? { dayDoneUntil: listed.daily.questionsLeft === 0 ? listed.daily.nextDayAt : null } : {};
          next = Math.min(LANES, running.length);
          if (running.length === 0) finished = true;
          return running.slice(0, LANES).map((id, i) => check(i, id));
        }
        case 'xstate.error.actor.listContests':
          return fail('UNKNOWN_ERROR');
        case 'xstate.done.actor.readStored': {
          const stored = (event as unknown as { output: StoredScan }).output;
          if (!stored) return fail(code ?? 'UNKNOWN_ERROR');
          [contests, answered, code, finished] = [stored.contests, stored.answered, null, true];
          return [];
        }
        case 'xstate.error.actor.readStored':
          return fail(code ?? 'UNKNOWN_ERROR');
        default:
          throw new Error(`the rules have no ${type}`);
      }
    },
    meaning: () => ({ checking: lanes.filter((id) => id !== null).sort(), output: output() }),
  };
}

describeMachinePaths({
  name: 'triviaScan',
  machine: triviaScanMachine,
  events: {},
  outputs,
  serializeState,
  inputs: {
    'member 7, online': { userId: 7, language: 'en', offline: false },
    'member 7, offline': { userId: 7, language: 'es', offline: true },
    // Contests 1 and 3 answered today, in the five-contest list.
    'member 7, online, remembering': { userId: 7, language: 'en', offline: false, memory: { contests: fiveRunning, answered: [1, 3] } },
  },
  meaning: (s) => ({
    checking: s.matches('checking') ? (s.context as TriviaScanContext).lanes.filter((id) => id !== null).sort() : [],
    output: s.status === 'done' ? (s.output as TriviaScanOutput) : null,
  }),
  oracle: scanRules,
});
