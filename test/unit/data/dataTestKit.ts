// Dexie reads IndexedDB from the global scope: fake-indexeddb must be there before it loads.
import 'fake-indexeddb/auto';
import { cleanup } from '@testing-library/react';
import { notifications, notificationsStore } from '@mantine/notifications';
import Dexie from 'dexie';
import { vi } from 'vitest';
import { createActor, waitFor, type ActorRefFrom } from 'xstate';
import { memberActorIds, memberOf } from '../../../machines/app.root';
import { whenLoaded } from '../../../src/actors/lazyActor';
import type { cachedResourceMachine } from '../../../machines/cachedResource.machine';
import { resourceChildId, type resourcesMachine } from '../../../machines/resources.machine';
import type { ResourceKey } from '../../../machines/resources.types';
import type { AppInput } from '../../../machines/app.types';
import type { SessionSnapshot } from '../../../machines/session.selectors';
import { createAppLogic, type AppLogicDeps } from '../../../src/actors/appLogic';
import { modalNotices } from '../../../src/actors/toast';
import { closeDatabases } from '../../../src/data/databases';
import { closeTriviaDatabase } from '../../../src/data/triviaCache';
import { activateLocale } from '../../../src/i18n/i18n';

// Toasts and screens speak English unless a test switches.
await activateLocale('en');

/** The signed-in, verified member most tests run as. */
export const MEMBER = 7;

/** What a login stores for `userId`, as a tab finds it at app start. */
export function storedCredentials(userId = MEMBER, { verified = true, authToken = `auth-token-${userId}-0123456789` } = {}) {
  return { authToken, refreshToken: `refresh-token-${userId}`, userId: String(userId), email: `member${userId}@example.org`, isVerified: String(verified) };
}

/**
 * Signs a member in as the app finds it at start: the credentials a login stored in
 * localStorage (the session restores from them). Returns what was stored.
 */
export function signIn(userId = MEMBER, options: { verified?: boolean; authToken?: string } = {}) {
  const stored = storedCredentials(userId, options);
  for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
  return stored;
}

const started = new Set<{ stop(): void }>();

/**
 * The app's actor system, bound as the app binds it (createAppLogic: real machines, the API
 * client, Dexie on fake-indexeddb, localStorage) but without React; `deps` gives the seams
 * (navigate, fetch, the connectivity sync's network and locks). Stopped by `resetData`.
 */
export function startApp(deps: AppLogicDeps = {}, input: AppInput = { language: 'en' }) {
  const app = createActor(createAppLogic(deps), { input });
  started.add(app);
  app.start();
  return app;
}

export type AppActorRef = ReturnType<typeof startApp>;

/** The session's snapshot, typed. */
export const sessionOf = (app: { system: AppActorRef['system'] }) => app.system.get('session')!.getSnapshot() as SessionSnapshot;

/**
 * The member actors (machines/app.root.ts) once their code has come: the app loads it on demand
 * (src/actors/lazyActor.ts), and a test reads their snapshots only after.
 */
export async function memberActorsLoaded(app: AppActorRef) {
  await Promise.all(memberActorIds.map((id) => whenLoaded(app.system.get(id)!)));
}

/**
 * Waits until the app root has heard from the session that `userId` is the verified member (null:
 * nobody), and the member actors have loaded.
 */
export async function waitForMember(app: AppActorRef, userId: number | null) {
  await waitFor(app, (s) => s.context.member === userId && memberOf(sessionOf(app)) === userId);
  await memberActorsLoaded(app);
}

/** The load of `key` (and `id`) the resources actor runs, once it runs. */
export async function loadOf(app: AppActorRef, key: ResourceKey, id?: number) {
  const resources = app.system.get('resources') as ActorRefFrom<typeof resourcesMachine>;
  const childId = resourceChildId({ key, id });
  await waitFor(resources, (s) => s.children[childId] !== undefined);
  return resources.getSnapshot().children[childId] as ActorRefFrom<typeof cachedResourceMachine>;
}

/** Waits until the load of `key` is in `state` (loading, succeeded, failed...); its snapshot. */
export async function waitForLoad(app: AppActorRef, key: ResourceKey, state: 'loading' | 'refreshing' | 'succeeded' | 'failed', id?: number) {
  // Loading and refreshing are tags: the first load's network call runs while the store is read.
  return waitFor(await loadOf(app, key, id), (s) => (state === 'loading' || state === 'refreshing' ? s.hasTag(state) : s.matches(state)));
}

/**
 * The window's online/offline events and the page's visibility, as the connectivity sync binding
 * takes them (`connectivity: { network, isOnline, page }`), fired by the test.
 */
export function fakeNetwork(startOnline: boolean) {
  const network = new EventTarget();
  const page = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
  let online = startOnline;
  return {
    deps: {
      network: network as unknown as Window,
      isOnline: () => online,
      page: page as unknown as Document,
    },
    go(status: 'online' | 'offline') {
      online = status === 'online';
      network.dispatchEvent(new Event(status));
    },
    /** The member comes back to the page. */
    show: () => page.dispatchEvent(new Event('visibilitychange')),
  };
}

/**
 * A toast's message as it reads in the language active now: a fixed string, or the element that
 * writes its text at each render (`showToast` with `() => i18n._(…)`).
 */
export function toastText(message: unknown): string {
  if (typeof message === 'string') return message;
  const text = (message as { props?: { text?: unknown } } | null)?.props?.text;
  if (typeof text !== 'function') throw new Error(`not a toast text: ${String(message)}`);
  return String((text as () => unknown)());
}

/** The toasts raised so far (shown or waiting for the container), as `kind: message`. */
export function toastsRaised(): string[] {
  const { notifications: shown, queue } = notificationsStore.getState();
  return [...shown, ...queue].map((toast) => `${String((toast as { 'data-kind'?: string })['data-kind'])}: ${toastText(toast.message)}`);
}

/**
 * Back to a blank device: unmounts React trees and stops the systems (their actors end with
 * them), deletes the local databases, empties the storages and the toasts, restores stubs.
 */
export async function resetData(): Promise<void> {
  cleanup();
  for (const app of started) app.stop();
  started.clear();
  notifications.clean();
  modalNotices.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
  closeDatabases();
  closeTriviaDatabase();
  await Promise.all(['earn', 'redeem', 'forms', 'user', 'offlineEarn', 'offlineForms', 'trivia', 'community'].map((name) => Dexie.delete(name)));
  // Handles a stopped actor's last query opened meanwhile are not the next test's.
  closeDatabases();
  closeTriviaDatabase();
  localStorage.clear();
  sessionStorage.clear();
  await activateLocale('en');
}
