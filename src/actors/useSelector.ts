import { startTransition, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { AnyActorRef, SnapshotFrom } from 'xstate';

const useIsomorphicLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;

/**
 * Whether the code running now handles an event of the member's own (a click, a key, a
 * keystroke's input, a form's change or submit). IndexedDB's and other APIs' events are
 * `window.event` too while their handlers run (Dexie settles its promises there), and are not.
 */
function causedByMember(): boolean {
  if (typeof window === 'undefined') return false;
  const event = window.event;
  if (!event) return false;
  return event instanceof UIEvent || event.type === 'change' || event.type === 'submit' || event.type === 'reset';
}

/** An actor that failed: its snapshot's error is thrown to the nearest error boundary. */
const failed = (snapshot: unknown): snapshot is { status: 'error'; error: unknown } =>
  typeof snapshot === 'object' && snapshot !== null && 'status' in snapshot && snapshot.status === 'error';

/**
 * What a component shows of an actor's snapshot, as `@xstate/react`'s `useSelector` (same
 * arguments, same result), but the re-render that follows a change the member did not cause is a
 * transition.
 *
 * `@xstate/react` reads actors through `useSyncExternalStore`, and React renders every store
 * change synchronously, in one task it cannot split: when the session is restored, a dashboard
 * arrives or the connection comes back, the whole screen below re-rendered in one long task
 * (110-220 ms of main thread on /home's first visit, measured in Lighthouse's trace). Worse, a
 * store that changes while React is rendering in slices (main.tsx renders the first screen in a
 * transition) makes React throw the slices away and render it all again in one piece, so that
 * tearing cannot show.
 *
 * Here the snapshot the component rendered is React state. A change made inside an event the
 * member caused (a click, a keystroke: `causedByMember`) is applied with that event's
 * priority, as before, so a controlled input stays in step; any other change is applied in
 * `startTransition`, rendered in slices between which the browser paints and takes input. A
 * component that mounts reads the actor's snapshot of now, and one whose selection changed between
 * its render and its subscription re-renders at once.
 */
export function useSelector<TActor extends AnyActorRef | undefined, T>(
  actor: TActor,
  selector: (snapshot: TActor extends AnyActorRef ? SnapshotFrom<TActor> : undefined) => T,
  compare: (a: T, b: T) => boolean = Object.is,
): T {
  type Snapshot = TActor extends AnyActorRef ? SnapshotFrom<TActor> : undefined;
  const read = () => actor?.getSnapshot() as Snapshot;
  const [held, setHeld] = useState(() => ({ actor, snapshot: read() }));
  // Another actor than the one held (a prop that changed): its snapshot of now, until the effect holds it.
  const snapshot = held.actor === actor ? held.snapshot : read();
  if (failed(snapshot)) throw snapshot.error;

  // The selection last committed, kept while an equal one is selected (the same object, as
  // useSyncExternalStoreWithSelector returns it).
  const committed = useRef<{ value: T } | null>(null);
  const selected = selector(snapshot);
  const value = committed.current && compare(committed.current.value, selected) ? committed.current.value : selected;

  const latest = useRef({ selector, compare, snapshot });
  useIsomorphicLayoutEffect(() => {
    committed.current = { value };
    latest.current = { selector, compare, snapshot };
  });

  useEffect(() => {
    if (!actor) return;
    // The snapshot React will render last: the one this component rendered, then each one handed
    // to it (React applies a component's updates in the order they were made, whatever their lanes).
    let requested = latest.current.snapshot;
    const check = () => {
      const now = actor.getSnapshot() as Snapshot;
      const { selector, compare } = latest.current;
      if (!failed(now) && compare(selector(requested), selector(now))) return;
      requested = now;
      const hold = () => setHeld({ actor, snapshot: now });
      if (causedByMember()) hold();
      else startTransition(hold);
    };
    const { unsubscribe } = actor.subscribe({ next: check, error: check });
    check();
    return unsubscribe;
  }, [actor]);

  return value;
}
