import '../data/dataTestKit';
import { useEffect, useState, type ReactNode } from 'react';
import { configure, render } from '@testing-library/react';
import { vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { AppInput } from '../../../machines/app.types';
import { App } from '../../../src/App';
import { AppActor, createAppSystem, type AppRoot } from '../../../src/actors/AppActor';
import { createAppLogic, type AppLogic, type AppLogicDeps } from '../../../src/actors/appLogic';
import { readStoredCredentials } from '../../../src/data/credentials';
import { activateLocale } from '../../../src/i18n/i18n';
import { preloadFirstScreen } from '../../../src/routing/screens';

// A screen is a lazily loaded chunk behind the session's restore, and a busy 2-core machine runs
// several test files at once: more than the defaults (1 s per query, 5 s per test).
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

export interface RenderAppOptions extends Omit<AppLogicDeps, 'navigate'> {
  /** Where the app opens (path and query). */
  path?: string;
  /** The language the app starts in. */
  language?: 'en' | 'es';
}

/**
 * The whole app as `main.tsx` starts it (providers, shell, guarded routes, toasts) with its real
 * actor system (`createAppLogic`: real machines and bindings, the API client on the stubbed
 * fetch, Dexie on fake-indexeddb, localStorage), at `path` in a memory router whose `navigate`
 * the bindings use too. `location.history` records every navigation.
 */
export async function renderApp({ path = '/', language = 'en', ...deps }: RenderAppOptions = {}) {
  await activateLocale(language);
  // The member actors' chunk, imported once here as the browser holds it in its cache: the app
  // still loads it on demand, but the first import's transform does not land inside a test.
  await import('../../../src/actors/memberFeatures');
  // The first screen's chunk likewise, as main.tsx starts fetching it before the first render: its
  // first transform, on a busy machine, took more than a query's 5 s.
  await preloadFirstScreen(new URL(path, 'http://pips.test').pathname, readStoredCredentials());
  // And the toasts' container, which the app loads after the first screen: a test that waits for
  // a toast otherwise waits for that chunk's first transform too (a CI run under load once spent
  // a whole query's 5 s on it, and the earn screen's 'You earned 5 pips.' was not found in time).
  await import('../../../src/components/Toasts');
  const location = memoryLocation({ path, record: true });
  const system = startedSystem(createAppLogic({ navigate: location.navigate, ...deps }), { language });
  const view = render(
    <Router hook={location.hook}>
      <App system={system} />
      <StopsOnUnmount root={system.root} />
    </Router>,
  );
  return { ...view, location };
}

export type { AppRoot };

/** The app's actor system from `logic`, started as `main.tsx` starts it: before the first render. */
export function startedSystem(logic: AppLogic, input: AppInput) {
  const system = createAppSystem(logic, input);
  system.root.start();
  return system;
}

/** Stops the app's root when the rendered app is unmounted (testing-library's cleanup). */
export function StopsOnUnmount({ root }: { root: AppRoot }) {
  useEffect(
    () => () => {
      root.stop();
    },
    [root],
  );
  return null;
}

/**
 * For hooks and bindings without the screens: the app's actor system in its React context
 * (`AppActor.Provider`, as the App mounts it). `root()` is the running root actor, whose
 * `system` holds every app-wide actor.
 */
export function appContext(logic: AppLogic = createAppLogic(), input: AppInput = { language: 'en' }) {
  let root: AppRoot | undefined;
  function Probe() {
    root = AppActor.useActorRef();
    return null;
  }
  // One system per rendered wrapper, started before it renders as main.tsx does, stopped on unmount.
  function Started({ children }: { children: ReactNode }) {
    const [system] = useState(() => startedSystem(logic, input));
    return (
      <AppActor.Provider value={system.root}>
        <StopsOnUnmount root={system.root} />
        <Probe />
        {children}
      </AppActor.Provider>
    );
  }
  return {
    wrapper: Started,
    root: (): AppRoot => {
      if (!root) throw new Error('the app context is not rendered');
      return root;
    },
  };
}
