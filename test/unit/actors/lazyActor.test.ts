import { describe, expect, it, vi } from 'vitest';
import { assign, createActor, createMachine, fromCallback, sendTo, setup, type AnyActorLogic, type AnyActorRef, type EventObject } from 'xstate';
import { memberActorIds } from '../../../machines/app.root';
import { lazyMemberActors } from '../../../src/actors/appLogic';
import { isLoaded, isPending, lazyActor, whenLoaded } from '../../../src/actors/lazyActor';
import type { MemberActorFactories } from '../../../src/actors/memberFeatures';

/** A counter that also tells its sibling `echo` (by systemId) what it counted, and can finish. */
const counter = setup({
  types: { context: {} as { count: number; seen: string[]; label: string }, events: {} as { type: 'add'; by: number } | { type: 'finish' }, input: {} as { label: string } },
  actions: { tellEcho: sendTo(({ system }) => system.get('echo'), ({ context }) => ({ type: 'counted', count: context.count })) },
}).createMachine({
  context: ({ input }) => ({ count: 0, seen: [], label: input.label }),
  initial: 'counting',
  states: {
    counting: {
      on: {
        add: { actions: [assign({ count: ({ context, event }) => context.count + event.by, seen: ({ context, event }) => [...context.seen, `+${event.by}`] }), 'tellEcho'] },
        finish: 'finished',
      },
    },
    finished: { type: 'final' },
  },
  output: ({ context }) => context.count,
});

/** A deferred load the test resolves when it wants. */
function deferredLoad<T extends AnyActorLogic>(logic: T) {
  let resolve!: () => void;
  const gate = new Promise<void>((r) => (resolve = r));
  const load = vi.fn(async () => {
    await gate;
    return logic;
  });
  return { load, resolve };
}

/** A root that starts the lazy counter under systemId 'counter' beside an echo, like the app's root. */
function rootWith(lazy: AnyActorLogic) {
  const heard: number[] = [];
  const root = setup({
    actors: {
      counter: lazy as typeof counter,
      echo: fromCallback<EventObject>(({ receive }) => {
        receive((event) => heard.push((event as unknown as { count: number }).count));
      }),
    },
  }).createMachine({
    context: { result: null as number | null },
    invoke: [
      { id: 'counter', systemId: 'counter', src: 'counter', input: { label: 'lazy' }, onDone: { actions: assign({ result: ({ event }) => event.output as number }) } },
      { id: 'echo', systemId: 'echo', src: 'echo' },
    ],
  });
  const app = createActor(root).start();
  return { app, heard, lazyRef: () => app.system.get('counter') };
}

describe('lazyActor', () => {
  it('loads nothing until it is needed; keeps the events it gets meanwhile and gives them to the logic in order', async () => {
    const { load, resolve } = deferredLoad(counter);
    const { app, heard, lazyRef } = rootWith(lazyActor(load));
    expect(load).not.toHaveBeenCalled();
    expect(isPending(lazyRef().getSnapshot())).toBe(true);

    lazyRef().send({ type: 'add', by: 2 });
    lazyRef().send({ type: 'add', by: 5 });
    expect(load).toHaveBeenCalledTimes(1);
    expect(isPending(lazyRef().getSnapshot())).toBe(true);

    resolve();
    await vi.waitFor(() => expect(isPending(lazyRef().getSnapshot())).toBe(false));
    // Its snapshot is the loaded machine's: its input, and the kept events in order.
    const snapshot = lazyRef().getSnapshot();
    expect(snapshot.context).toEqual({ count: 7, seen: ['+2', '+5'], label: 'lazy' });
    expect(snapshot.matches('counting')).toBe(true);
    // The loaded logic runs in the root's system: its sendTo by systemId reached the sibling.
    expect(heard).toEqual([2, 7]);

    // From then on events are forwarded, and observers see every change.
    const seen: number[] = [];
    lazyRef().subscribe((s: { context: { count: number } }) => seen.push(s.context.count));
    lazyRef().send({ type: 'add', by: 1 });
    expect(seen.at(-1)).toBe(8);
    expect(heard).toEqual([2, 7, 8]);
    expect(load).toHaveBeenCalledTimes(1);
    app.stop();
  });

  it('whenLoaded starts the load for a screen and resolves once the logic runs; an eager actor needs no wait', async () => {
    const { load, resolve } = deferredLoad(counter);
    const { app, lazyRef } = rootWith(lazyActor(load));
    const waiting = whenLoaded(lazyRef());
    expect(waiting).toBeInstanceOf(Promise);
    expect(whenLoaded(lazyRef())).toBe(waiting);
    expect(load).toHaveBeenCalledTimes(1);
    expect(isLoaded(lazyRef())).toBe(false);
    resolve();
    await waiting;
    expect(isPending(lazyRef().getSnapshot())).toBe(false);
    expect(isLoaded(lazyRef())).toBe(true);
    expect(lazyRef().getSnapshot().context.count).toBe(0);
    // Loaded: the same promise, marked settled as React's use reads it (no suspension), no new load.
    expect(whenLoaded(lazyRef())).toBe(waiting);
    expect(waiting).toMatchObject({ status: 'fulfilled' });
    expect(load).toHaveBeenCalledTimes(1);
    // An actor that is not lazy has nothing to wait for.
    expect(whenLoaded(app.system.get('echo'))).toBeUndefined();
    expect(isLoaded(app.system.get('echo'))).toBe(true);
    app.stop();
  });

  it('finishes when its logic finishes: the parent gets the output as from the machine itself', async () => {
    const { app, lazyRef } = rootWith(lazyActor(async () => counter));
    lazyRef().send({ type: 'add', by: 3 });
    lazyRef().send({ type: 'finish' });
    await vi.waitFor(() => expect(app.getSnapshot().context.result).toBe(3));
    app.stop();
  });

  it('stops its logic with the system', async () => {
    const stopped = vi.fn();
    const logic = createMachine({ invoke: { src: fromCallback(() => stopped) } });
    const { app, lazyRef } = rootWith(lazyActor(async () => logic));
    await whenLoaded(lazyRef());
    expect(stopped).not.toHaveBeenCalled();
    app.stop();
    expect(stopped).toHaveBeenCalledTimes(1);
  });

  it('drops its idle events (a logout\'s reset) while its logic has not come, without loading it; once loaded they go through', async () => {
    const { load, resolve } = deferredLoad(counter);
    const { lazyRef } = rootWith(lazyActor(load, { idleEvents: ['finish'] }));
    lazyRef().send({ type: 'finish' });
    expect(load).not.toHaveBeenCalled();

    lazyRef().send({ type: 'add', by: 3 });
    expect(load).toHaveBeenCalledTimes(1);
    resolve();
    await vi.waitFor(() => expect(isPending(lazyRef().getSnapshot())).toBe(false));
    // the dropped 'finish' never reached the logic; the kept 'add' did
    expect(lazyRef().getSnapshot().context.count).toBe(3);
    expect(lazyRef().getSnapshot().matches('counting')).toBe(true);
    const ref = lazyRef();
    ref.send({ type: 'finish' });
    expect(ref.getSnapshot().status).toBe('done');
  });

  it('asks again after a failed load (a chunk that could not be fetched), keeping the events', async () => {
    let attempts = 0;
    const { app, lazyRef } = rootWith(
      lazyActor(async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('offline');
        return counter;
      }),
    );
    lazyRef().send({ type: 'add', by: 4 });
    await vi.waitFor(() => expect(attempts).toBe(1));
    await expect(whenLoaded(lazyRef())).resolves.toBeUndefined();
    expect(attempts).toBe(2);
    expect(lazyRef().getSnapshot().context.count).toBe(4);
    app.stop();
  });
});

describe('lazyActor with loadOnStart (an invoked actor that runs on its input alone)', () => {
  /** A replay: doubles its input and finishes, with no event from anyone. */
  const replay = setup({ types: { input: {} as { n: number }, output: {} as number } }).createMachine({
    context: ({ input }) => ({ n: input.n }),
    initial: 'done',
    states: { done: { type: 'final' } },
    output: ({ context }) => context.n * 2,
  });

  /** A parent that invokes the lazy replay with n = 21 and keeps how it ended. */
  function parentOf(lazy: AnyActorLogic) {
    const parent = setup({ actors: { replay: lazy as typeof replay } }).createMachine({
      context: { output: null as number | null, failed: false },
      invoke: {
        src: 'replay',
        input: { n: 21 },
        onDone: { actions: assign({ output: ({ event }) => event.output }) },
        onError: { actions: assign({ failed: true }) },
      },
    });
    return createActor(parent).start();
  }

  it('loads when started and gives the parent the logic’s output', async () => {
    const { load, resolve } = deferredLoad(replay);
    const parent = parentOf(lazyActor(load, { loadOnStart: true }));
    expect(load).toHaveBeenCalledTimes(1);
    resolve();
    await vi.waitFor(() => expect(parent.getSnapshot().context.output).toBe(42));
  });

  it('fails the invocation when its code cannot come', async () => {
    const parent = parentOf(lazyActor(() => Promise.reject(new Error('offline')), { loadOnStart: true }));
    await vi.waitFor(() => expect(parent.getSnapshot().context.failed).toBe(true));
    expect(parent.getSnapshot().context.output).toBeNull();
  });

  it('without loadOnStart, a started actor loads nothing', () => {
    const load = vi.fn(async () => replay);
    parentOf(lazyActor(load));
    expect(load).not.toHaveBeenCalled();
  });
});

describe('lazyMemberActors (the member actors of the app, loaded after the first screen unless a screen asks)', () => {
  /** A root that starts the member actors (only the counter is looked at) like the app's root. */
  function memberRoot(hold: Promise<unknown>, { onLoad }: { onLoad?: () => void } = {}) {
    const load = vi.fn(async () => {
      onLoad?.();
      return Object.fromEntries(memberActorIds.map((id) => [id, () => (id === 'announcements' ? counter : createMachine({}))])) as unknown as MemberActorFactories;
    });
    const actors = lazyMemberActors(load, () => hold);
    const root = setup({ actors: { counter: actors.announcements as unknown as typeof counter } }).createMachine({
      invoke: { id: 'announcements', systemId: 'announcements', src: 'counter', input: { label: 'member' } },
    });
    const app = createActor(root).start();
    return { app, load, ref: () => app.system.get('announcements') as AnyActorRef };
  }

  it('an event waits for the hold (the first screen painted) before the chunk is fetched, and is delivered after', async () => {
    let release!: () => void;
    let released = false;
    const hold = new Promise<void>((resolve) => (release = () => ((released = true), resolve())));
    // Whether the hold was over each time the chunk was fetched: a fetch before it would say so.
    const releasedAtFetch: boolean[] = [];
    const { app, load, ref } = memberRoot(hold, { onLoad: () => releasedAtFetch.push(released) });
    ref().send({ type: 'add', by: 2 });
    // No wait for time: one turn of the event loop runs every promise reaction a fetch not held
    // back would take (the loading is promises only), and the hold is still on.
    await new Promise((resolve) => setImmediate(resolve));
    expect(load).not.toHaveBeenCalled();
    release();
    await vi.waitFor(() => expect(isLoaded(ref())).toBe(true));
    expect(load).toHaveBeenCalledTimes(1);
    expect(releasedAtFetch).toEqual([true]);
    expect(ref().getSnapshot().context.count).toBe(2);
    app.stop();
  });

  it('a screen asking for one (whenLoaded) fetches at once, hold or not', async () => {
    const { app, load, ref } = memberRoot(new Promise<void>(() => {}));
    await whenLoaded(ref());
    expect(load).toHaveBeenCalledTimes(1);
    expect(isLoaded(ref())).toBe(true);
    app.stop();
  });
});
