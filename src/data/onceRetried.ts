/**
 * `load` run once and its promise kept for every later call; a load that fails is forgotten, so
 * the next call asks again (a chunk that could not come while offline).
 */
export function onceRetried<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () =>
    (loaded ??= load().catch((error: unknown) => {
      loaded = undefined;
      throw error;
    }));
}
