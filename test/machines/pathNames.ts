/**
 * Names of the path tests in plain words: what happens, in order, and what the member sees at
 * the end, e.g. `the member clicks promo 1 offline: the member is told why (OFFLINE)`. Each paths
 * test gives its machine's words (`PathWords`): a phrase for every event the paths send, and the
 * outcome of a path from what the rules say the last step means (the oracle's meaning: a name
 * says what the test expects, whatever the machine does).
 */
import type { AnyEventObject, AnyStateMachine, EventFromLogic } from 'xstate';
import { pathEvents, type MachinePath } from './pathCoverage';

/** A phrase for an event: always the same, or from the event (to tell fixtures apart). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Phrase<E = any> = string | ((event: E) => string);

/** An XState event of a path: an actor's answer or failure, a child's snapshot, a delay. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type XStateEvent = { type: `xstate.${string}`; output?: any; error?: unknown; snapshot?: any };

/** A phrase for every event type of `E` and for the XState events, by type (`PathWords.events`). */
export type EventWords<E extends AnyEventObject> = string extends E['type']
  ? // A machine that declares no events of its own (it only invokes and waits).
    Record<string, Phrase<XStateEvent>>
  : { [T in E['type'] | XStateEvent['type']]: T extends XStateEvent['type'] ? Phrase<XStateEvent> : Phrase<Extract<E, { type: T }>> };

/**
 * The words of one machine's paths.
 *
 * `events` has a phrase for every event type of the machine, and for the XState events its paths
 * send, by type: `xstate.done.actor.<id>` (its `output` tells the answers apart),
 * `xstate.error.actor.<id>`, `xstate.snapshot.<id>`, and `xstate.after.<delay>` (whatever the
 * state). An empty phrase leaves the step out of the name.
 */
export interface PathWords<TMachine extends AnyStateMachine, M> {
  events: EventWords<EventFromLogic<TMachine>>;
  /** What the member sees (or the app does) after the last step, from what the step means by the rules. */
  outcome: (meaning: M) => string;
  /**
   * What starting the machine is, when it does something by itself (`the app starts`): the first
   * step of every name. Without it a path that sends nothing is named `at start`.
   */
  start?: string;
}

/** The phrase of `event`, by its type (`xstate.after.<delay>.<state>` by `xstate.after.<delay>`). */
export function phraseOf(events: Record<string, Phrase | undefined>, event: AnyEventObject): string {
  const after = /^(xstate\.after\.[^.]+)\./.exec(event.type);
  const phrase = events[event.type] ?? (after ? events[after[1]] : undefined);
  if (phrase === undefined) throw new Error(`no words for the event ${event.type}${after ? ` (nor ${after[1]})` : ''}`);
  return typeof phrase === 'function' ? phrase(event) : phrase;
}

/** The phrases with a run of the same one said once: `a second passes (3 times)`. */
function collapseRepeats(phrases: readonly string[]): string[] {
  const runs: { phrase: string; times: number }[] = [];
  for (const phrase of phrases) {
    const last = runs.at(-1);
    if (last?.phrase === phrase) last.times += 1;
    else runs.push({ phrase, times: 1 });
  }
  return runs.map(({ phrase, times }) => (times === 1 ? phrase : `${phrase} (${times} times)`));
}

/** `<what happens, in order>: <outcome>`; the same step several times in a row is said once, counted. */
export function namePath<TMachine extends AnyStateMachine, M>(words: PathWords<TMachine, M>, path: MachinePath, meaning: M): string {
  const events = words.events as Record<string, Phrase | undefined>;
  const steps = pathEvents(path)
    .map((event) => phraseOf(events, event))
    .filter((phrase) => phrase !== '');
  if (words.start) steps.unshift(words.start);
  return `${collapseRepeats(steps).join(', ') || 'at start'}: ${words.outcome(meaning)}`;
}

/**
 * The names made unique: a name several paths share (their fixtures differ in what the words
 * leave out) gets `(variant 2)`, `(variant 3)`… from its second path on.
 */
export function uniqueNames(names: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((name) => {
    const count = (seen.get(name) ?? 0) + 1;
    seen.set(name, count);
    return count === 1 ? name : `${name} (variant ${count})`;
  });
}
