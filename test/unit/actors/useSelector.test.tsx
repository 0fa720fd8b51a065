import { Component, Suspense, use, type ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { assign, createActor, fromPromise, setup, type AnyActorRef } from 'xstate';
import { useSelector } from '../../../src/actors/useSelector';

/** A counter, and a field whose text lives in the actor (as a form's answers do). */
const counterMachine = setup({
  types: {
    context: {} as { count: number; text: string; other: number },
    events: {} as { type: 'inc' } | { type: 'other' } | { type: 'type'; text: string },
  },
}).createMachine({
  context: { count: 1, text: '', other: 0 },
  on: {
    inc: { actions: assign({ count: ({ context }) => context.count + 1 }) },
    other: { actions: assign({ other: ({ context }) => context.other + 1 }) },
    type: { actions: assign({ text: ({ event }) => event.text }) },
  },
});

const never = new Promise<never>(() => {});

/** Shows the count; at 2 it waits for data that never comes (a Suspense boundary above it). */
function Count({ actor, renders }: { actor: AnyActorRef; renders?: { n: number } }) {
  const count = useSelector(actor, (s) => s.context.count as number);
  if (renders) renders.n++;
  if (count === 2) use(never);
  return <p>count {count}</p>;
}

afterEach(cleanup);

describe('useSelector (src/actors/useSelector.ts)', () => {
  it('renders the selection, and again only when the selection changes', async () => {
    const actor = createActor(counterMachine).start();
    const renders = { n: 0 };
    function Text() {
      const text = useSelector(actor, (s) => s.context.text);
      renders.n++;
      return <p>text [{text}]</p>;
    }
    render(<Text />);
    expect(screen.getByText('text []')).toBeTruthy();
    const before = renders.n;
    await act(async () => actor.send({ type: 'other' }));
    expect(renders.n).toBe(before);
    await act(async () => actor.send({ type: 'type', text: 'hello' }));
    expect(screen.getByText('text [hello]')).toBeTruthy();
    expect(renders.n).toBe(before + 1);
  });

  it('keeps the same object while an equal one is selected (compare)', async () => {
    const actor = createActor(counterMachine).start();
    const seen: object[] = [];
    function Pair() {
      const pair = useSelector(
        actor,
        (s) => ({ count: s.context.count }),
        (a, b) => a.count === b.count,
      );
      seen.push(pair);
      return <p>pair {pair.count}</p>;
    }
    const { rerender } = render(<Pair />);
    rerender(<Pair />);
    expect(seen.length).toBe(2);
    expect(seen[1]).toBe(seen[0]);
  });

  it('applies a change the member did not cause as a transition: the screen stays while the next one suspends', async () => {
    // A synchronous update (useSyncExternalStore's, which @xstate/react uses) would replace the
    // count by the fallback; a transition keeps the count on screen while the next render waits.
    const actor = createActor(counterMachine).start();
    render(
      <Suspense fallback={<p>loading</p>}>
        <Count actor={actor} />
      </Suspense>,
    );
    expect(screen.getByText('count 1')).toBeTruthy();
    await act(async () => {
      await Promise.resolve();
      actor.send({ type: 'inc' });
    });
    expect(screen.getByText('count 1')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
  });

  it("applies a change made in the member's own event at once, with the event's priority", async () => {
    const actor = createActor(counterMachine).start();
    render(
      <>
        <button onClick={() => actor.send({ type: 'inc' })}>more</button>
        <Suspense fallback={<p>loading</p>}>
          <Count actor={actor} />
        </Suspense>
      </>,
    );
    // happy-dom sets no window.event: the test sets it as a browser does while a click is handled.
    const click = new MouseEvent('click', { bubbles: true });
    Object.defineProperty(window, 'event', { configurable: true, get: () => click });
    try {
      await act(async () => {
        screen.getByText('more').dispatchEvent(click);
      });
    } finally {
      Reflect.deleteProperty(window, 'event');
    }
    // An urgent update that suspends shows the fallback (no transition holds the old screen).
    expect(screen.getByText('loading')).toBeTruthy();
  });

  it('keeps a controlled field whose text lives in the actor in step with each keystroke', async () => {
    const actor = createActor(counterMachine).start();
    function Field() {
      const text = useSelector(actor, (s) => s.context.text);
      return <input aria-label="answer" value={text} onChange={(e) => actor.send({ type: 'type', text: e.target.value })} />;
    }
    render(<Field />);
    const input = screen.getByLabelText<HTMLInputElement>('answer');
    for (const text of ['a', 'ab', 'abc']) {
      const event = new Event('input', { bubbles: true });
      Object.defineProperty(window, 'event', { configurable: true, get: () => event });
      try {
        act(() => {
          fireEvent.change(input, { target: { value: text } });
        });
      } finally {
        Reflect.deleteProperty(window, 'event');
      }
      expect(input.value).toBe(text);
    }
    expect(actor.getSnapshot().context.text).toBe('abc');
  });

  it('sees a change made between its render and its subscription', async () => {
    const actor = createActor(counterMachine).start();
    function Early() {
      const count = useSelector(actor, (s) => s.context.count);
      return <p>early {count}</p>;
    }
    function Sender() {
      // Changes the actor while the tree renders, before Early's effect subscribes.
      if (actor.getSnapshot().context.count === 1) actor.send({ type: 'inc' });
      return null;
    }
    await act(async () => {
      render(
        <>
          <Early />
          <Sender />
        </>,
      );
    });
    expect(screen.getByText('early 2')).toBeTruthy();
  });

  it('follows another actor given in place of the first', async () => {
    const first = createActor(counterMachine).start();
    const second = createActor(counterMachine).start();
    second.send({ type: 'inc' });
    second.send({ type: 'inc' });
    function Shown({ actor }: { actor: AnyActorRef }) {
      return <p>shown {useSelector(actor, (s) => s.context.count as number)}</p>;
    }
    const { rerender } = render(<Shown actor={first} />);
    expect(screen.getByText('shown 1')).toBeTruthy();
    rerender(<Shown actor={second} />);
    expect(screen.getByText('shown 3')).toBeTruthy();
    await act(async () => second.send({ type: 'inc' }));
    expect(screen.getByText('shown 4')).toBeTruthy();
    await act(async () => first.send({ type: 'inc' }));
    expect(screen.getByText('shown 4')).toBeTruthy();
  });

  it('selects from undefined when there is no actor yet', () => {
    function Maybe() {
      return <p>{useSelector(undefined, (s) => (s === undefined ? 'none' : 'some'))}</p>;
    }
    render(<Maybe />);
    expect(screen.getByText('none')).toBeTruthy();
  });

  it("throws an actor's error to the nearest error boundary", async () => {
    const failing = createActor(fromPromise(() => Promise.reject(new Error('the actor failed'))));
    failing.subscribe({ error: () => {} });
    failing.start();
    class Boundary extends Component<{ children: ReactNode }, { error: string | null }> {
      state = { error: null as string | null };
      static getDerivedStateFromError(error: Error) {
        return { error: error.message };
      }
      render() {
        return this.state.error ? <p>caught: {this.state.error}</p> : this.props.children;
      }
    }
    function Status() {
      return <p>status {useSelector(failing, (s) => s.status)}</p>;
    }
    const quiet = console.error;
    console.error = () => {};
    try {
      render(
        <Boundary>
          <Status />
        </Boundary>,
      );
      expect(screen.getByText('status active')).toBeTruthy();
      await act(async () => {
        await new Promise((resolve) => setTimeout(resolve, 0));
      });
      expect(screen.getByText('caught: the actor failed')).toBeTruthy();
    } finally {
      console.error = quiet;
    }
  });
});
