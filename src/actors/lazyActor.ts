import { createActor, type ActorLogic, type ActorScope, type AnyActorLogic, type AnyActorRef, type EventObject, type Snapshot } from 'xstate';

const LOADED = 'xstate.lazy.loaded';
const FAILED = 'xstate.lazy.failed';
const SYNC = 'xstate.lazy.sync';
const STOP = 'xstate.stop';

/** What a lazy actor holds beside its snapshot, per actor. */
interface Holder {
  inner?: AnyActorRef;
  /** The actor's `hurry` option: a screen is waiting for it. */
  hurry?: () => void;
  /** Events received before the logic came, sent to it in order once it does. */
  queue: EventObject[];
  loading?: Promise<void>;
  startLoading(): Promise<void>;
}

const holders = new WeakMap<AnyActorRef, Holder>();

/** The snapshot of a lazy actor whose logic has not come yet (screens never see it: see `whenLoaded`). */
export interface PendingSnapshot {
  status: 'active';
  output: undefined;
  error: undefined;
  input: unknown;
  pending: true;
}

/**
 * An actor whose logic is loaded when first needed: when it first receives an event, or when a
 * screen asks for it (`whenLoaded`). Until then it keeps the events it gets; once the logic has
 * come, it runs it as its own child in the same actor system (so the logic's `system.get` and
 * systemIds work as if the root had started it) with the input it was given, sends it the kept
 * events in order, and from then on forwards every event and mirrors the child's snapshot: its
 * snapshot *is* the child's, so selectors, `matches` and `children` read it unchanged, and the
 * child finishing or failing finishes or fails it.
 *
 * It lets the app's root start every app-wide actor at once (as machines/app.root.ts says) while
 * the code of those only members use stays out of the first download (issue 12's budget).
 *
 * With `loadOnStart`, loading starts when the actor starts: for an invoked actor that runs on its
 * input alone (a queued scan's replay); a load that fails then fails the actor, so its parent
 * gets the error as from the logic itself. `hurry` is called when a screen asks for the actor
 * (`whenLoaded`): for a `load` that may wait before it fetches (see `lazyMemberActors`).
 * `idleEvents` are events that mean "start over" (a logout's `user.reset`): an actor whose logic
 * has not come holds nothing to start over, so they are dropped instead of loading it.
 */
export function lazyActor<TLogic extends AnyActorLogic>(
  load: () => Promise<TLogic>,
  { loadOnStart = false, hurry, idleEvents = [] }: { loadOnStart?: boolean; hurry?: () => void; idleEvents?: readonly string[] } = {},
): TLogic {
  type Self = ActorScope<Snapshot<unknown>, EventObject>;
  const logic: ActorLogic<Snapshot<unknown>, EventObject, unknown> = {
    getInitialSnapshot: (_scope, input) => ({ status: 'active', output: undefined, error: undefined, input, pending: true }) satisfies PendingSnapshot as Snapshot<unknown>,
    start: (_snapshot, { self }: Self) => {
      const holder: Holder = {
        hurry,
        queue: [],
        startLoading() {
          if (holder.loading) return holder.loading;
          const loading: Promise<void> = load().then(
            (loaded) => {
              self.send({ type: LOADED, logic: loaded } as EventObject);
              // Settled as React's `use` reads it: a screen mounted later reads the actor at once.
              Object.assign(loading, { status: 'fulfilled', value: undefined });
            },
            (error: unknown) => {
              // A chunk that failed to come (offline before the service worker held it): asked again next time.
              holder.loading = undefined;
              throw error;
            },
          );
          holder.loading = loading;
          return loading;
        },
      };
      holders.set(self, holder);
      if (loadOnStart) holder.startLoading().catch((error: unknown) => self.send({ type: FAILED, error } as EventObject));
    },
    transition: (snapshot, event, { self, stopChild }: Self) => {
      const holder = holders.get(self);
      if (!holder) return snapshot;
      if (event.type === STOP) {
        if (holder.inner) stopChild(holder.inner);
        holders.delete(self);
        return { ...snapshot, status: 'stopped' } as Snapshot<unknown>;
      }
      if (event.type === LOADED) {
        if (holder.inner) return snapshot;
        const inner = createActor((event as unknown as { logic: AnyActorLogic }).logic, {
          parent: self,
          id: `${self.id}.loaded`,
          input: (snapshot as unknown as PendingSnapshot).input,
        });
        holder.inner = inner;
        inner.subscribe({ next: () => self.send({ type: SYNC }), error: () => self.send({ type: SYNC }), complete: () => {} });
        inner.start();
        for (const queued of holder.queue.splice(0)) inner.send(queued);
        return inner.getSnapshot() as Snapshot<unknown>;
      }
      if (event.type === SYNC) return holder.inner ? (holder.inner.getSnapshot() as Snapshot<unknown>) : snapshot;
      if (event.type === FAILED) {
        return loadOnStart ? ({ ...snapshot, status: 'error', error: (event as EventObject & { error?: unknown }).error } as Snapshot<unknown>) : snapshot;
      }
      if (holder.inner) {
        holder.inner.send(event);
        return snapshot;
      }
      if (idleEvents.includes(event.type)) return snapshot;
      holder.queue.push(event);
      holder.startLoading().catch(() => self.send({ type: FAILED }));
      return snapshot;
    },
    getPersistedSnapshot: (snapshot) => snapshot,
  };
  return logic as unknown as TLogic;
}

/**
 * For a screen about to read an actor: undefined when the actor is not lazy; else the promise of
 * its logic (loading starts here if it has not, hurried past any hold: see `hurry`), which
 * `useSystemActor` throws to suspend until it has come. Once the logic has come it is the same
 * promise, marked settled (`status: 'fulfilled'`) as React's `use` would read it.
 */
export function whenLoaded(actor: AnyActorRef): Promise<void> | undefined {
  const holder = holders.get(actor);
  if (!holder) return undefined;
  if (!holder.inner) holder.hurry?.();
  return holder.startLoading();
}

/** Whether a lazy actor's logic runs (true for an actor that is not lazy). */
export const isLoaded = (actor: AnyActorRef): boolean => {
  const holder = holders.get(actor);
  return !holder || holder.inner !== undefined;
};

/** Whether an actor's snapshot is that of a lazy actor still waiting for its logic. */
export const isPending = (snapshot: unknown): snapshot is PendingSnapshot => (snapshot as Partial<PendingSnapshot> | undefined)?.pending === true;
