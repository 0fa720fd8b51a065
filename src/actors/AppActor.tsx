import { createContext, useContext, type ReactNode } from 'react';
import { createActor, type Actor } from 'xstate';
import type { AppInput } from '../../machines/app.types';
import type { SystemApi } from './api';
import type { AppLogic } from './appLogic';

/** The app's root actor: its `system` holds every app-wide actor. */
export type AppRoot = Actor<AppLogic>;

/** The app's actor system as `<App>` is given it: the root, and the API its actors call with. */
export interface AppSystem {
  root: AppRoot;
  /** For the actors a lazily loaded screen starts itself (`useSystemApi`). */
  systemApi: SystemApi;
}

/**
 * The app's actor system from its logic (`createAppLogic()`, or the same bound to fakes in tests),
 * created, not started: `main.tsx` starts it in a task of its own before the first render, so
 * XState's start of the root and its ~35 children does not share a task with React's first
 * commit and its effects.
 */
export function createAppSystem(logic: AppLogic, input?: AppInput): AppSystem {
  return { root: createActor(logic, { input }), systemApi: logic.systemApi };
}

const RootContext = createContext<AppRoot | null>(null);

/**
 * The app's actor system for React: `<AppActor.Provider value={system.root}>` gives the running
 * root to the screens, which reach the app-wide actors through the hooks of `./hooks`. Whoever
 * created the root starts and stops it (`main.tsx`: never stopped; the tests: on unmount).
 */
export const AppActor = {
  Provider({ value, children }: { value: AppRoot; children?: ReactNode }) {
    return <RootContext.Provider value={value}>{children}</RootContext.Provider>;
  },
  useActorRef(): AppRoot {
    const root = useContext(RootContext);
    if (!root) throw new Error('no AppActor.Provider above this component');
    return root;
  },
};
