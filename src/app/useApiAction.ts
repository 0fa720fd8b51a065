import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Runs a screen's API-backed action (a submit): `pending` while it runs, aborted when the screen
 * goes away. `run` resolves with the action's result, or null when it was aborted, so a screen
 * never reacts to an answer that arrives after the user left.
 */
export function useApiAction<Input, Result>(action: (input: Input, signal: AbortSignal) => Promise<Result>) {
  const [pending, setPending] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const latest = useRef(action);
  useEffect(() => {
    latest.current = action;
  });
  useEffect(() => () => controller.current?.abort(), []);

  const run = useCallback(async (input: Input): Promise<Result | null> => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setPending(true);
    try {
      const result = await latest.current(input, current.signal);
      return current.signal.aborted ? null : result;
    } finally {
      if (controller.current === current) {
        controller.current = null;
        setPending(false);
      }
    }
  }, []);

  return { run, pending };
}
