import { useCallback, useEffect } from 'react';
import { useSelector } from './useSelector';
import type { ActorRefFrom } from 'xstate';
import { selectUnreadCount } from '../../machines/announcements.selectors';
import type { cachedResourceMachine } from '../../machines/cachedResource.machine';
import {
  selectResourceData,
  selectResourceError,
  selectResourceFromCache,
  selectResourceStatus,
} from '../../machines/cachedResource.selectors';
import type { ResourceStatus } from '../../machines/cachedResource.types';
import { selectIsOffline, selectPendingQueues } from '../../machines/connectivitySync.selectors';
import type { PendingQueues } from '../../machines/connectivitySync.types';
import { resourceChildId } from '../../machines/resources.machine';
import type { SessionSnapshot } from '../../machines/session.selectors';
import { selectSubmitError, selectSubmitted, selectSubmitting, selectSubmitValue } from '../../machines/submission.selectors';
import type { verificationMachine } from '../../machines/verification.machine';
import { memberOf, type AccountRequestId, type AppActorId, type AppActors } from '../../machines/app.root';
import { keyForWrite } from '../data/idempotencyKeys';
import type { ResourceData, ResourceKey } from '../data/resourceFetchers';
import { AppActor } from './AppActor';
import { isLoaded, isPending, whenLoaded } from './lazyActor';

/** The app-wide actors by `systemId`, as screens read them: the root's list (machines/app.root.ts `AppActors`). */
export type SystemActors = { [Id in AppActorId]: ActorRefFrom<AppActors[Id]> };

/**
 * One app-wide actor of the system, by its `systemId`. A member actor whose code has not been
 * loaded yet (src/actors/lazyActor.ts) starts loading here, and the component suspends until it has
 * come (the nearest Suspense boundary shows its fallback): screens never see it half there.
 */
export function useSystemActor<K extends keyof SystemActors>(id: K): SystemActors[K] {
  const app = AppActor.useActorRef();
  const actor = app.system.get(id) as SystemActors[K] | undefined;
  if (!actor) throw new Error(`the app system has no actor "${id}"`);
  // Suspends by throwing the load's promise, not with `use`: React replays a render suspended by
  // `use` from where it stopped once the promise settles, and the replay, finding the actor loaded,
  // would make fewer calls than the attempt (React #467); a thrown promise makes React start the
  // component over (Suspense takes a thrown thenable). A loaded actor costs nothing.
  if (!isLoaded(actor)) throw whenLoaded(actor);
  return actor;
}

/**
 * An app-wide actor without waiting for a lazy one's logic (src/actors/lazyActor.ts): until it has
 * come the actor's snapshot is a `PendingSnapshot` (`isPending`), and events sent to it are kept.
 * For a component that has something to show before (Home's push invitation).
 */
export function useSystemActorNow<K extends keyof SystemActors>(id: K): SystemActors[K] {
  const app = AppActor.useActorRef();
  const actor = app.system.get(id) as SystemActors[K] | undefined;
  if (!actor) throw new Error(`the app system has no actor "${id}"`);
  return actor;
}

/** One fact of the session, re-rendering when it changes. */
export function useSession<T>(selector: (snapshot: SessionSnapshot) => T): T {
  return useSelector(useSystemActor('session'), selector);
}

/** The verified member (null when nobody is): the session is the one source of who is signed in. */
export const useMember = (): number | null => useSession(memberOf);

/** The e-mail verification the session runs while the member is unverified, if it does now. */
export function useVerification(): ActorRefFrom<typeof verificationMachine> | undefined {
  return useSession((s) => s.children.verification as ActorRefFrom<typeof verificationMachine> | undefined);
}

/** The flag the connectivity sync keeps. */
export const useIsOffline = (): boolean => useSelector(useSystemActor('connectivitySync'), selectIsOffline);

/** What the member has waiting in the offline queues (kept current across tabs). */
export const usePendingQueues = (): PendingQueues => useSelector(useSystemActor('connectivitySync'), selectPendingQueues);

/** `now` for relative times, refreshed every 60 s by the clock actor. */
export const useNow = (): number => useSelector(useSystemActor('clock'), (s) => s.context.now);

/** What a view reads of a cached resource. */
export interface ResourceView<T> {
  /**
   * idle: the local copy is being read (a few ms, show nothing); loading: nothing to show (no
   * copy, or only one in another language, shown if the network fails), the network is asked; succeeded: `data` is shown (from cache while `fromCache`); failed: nothing
   * held and the network failed (`error` holds the code).
   */
  status: ResourceStatus;
  data: T | undefined;
  /** The data is the stored copy: the network has not answered yet, or failed (see `error`). */
  fromCache: boolean;
  /** The last network failure's code (NETWORK_ERROR, a server code); undefined after a success. */
  error?: string;
  /** Fetch again (a retry button). */
  reload(): void;
}

type CachedResourceActor = ActorRefFrom<typeof cachedResourceMachine>;

/**
 * A cached resource for the verified member in the current language: the view opens
 * it (the resources actor loads it, or refreshes it when it is already held) and reads its
 * load's snapshot. Views of the same resource share one load.
 */
export function useResource<K extends ResourceKey>(key: K, id?: number): ResourceView<ResourceData[K]> {
  const resources = useSystemActor('resources');
  useEffect(() => {
    resources.send({ type: 'resource.open', resource: id === undefined ? { key } : { key, id } });
  }, [resources, key, id]);
  const child = useSelector(resources, (s) => s.children[resourceChildId({ key, id })] as CachedResourceActor | undefined);
  const status = useSelector(child, (s) => (s ? selectResourceStatus(s) : 'idle'));
  const data = useSelector(child, (s) => (s ? selectResourceData(s) : undefined)) as ResourceData[K] | undefined;
  const fromCache = useSelector(child, (s) => (s ? selectResourceFromCache(s) : false));
  const error = useSelector(child, (s) => (s ? selectResourceError(s) : null)) ?? undefined;
  const reload = useCallback(() => child?.send({ type: 'resource.reload' }), [child]);
  return { status, data, fromCache, error, reload };
}

/**
 * Tells the service worker actor while a form holds input not sent yet, so a new version never
 * reloads the page under it.
 */
export function useUnsentInput(id: string, dirty: boolean): void {
  const serviceWorker = useSystemActor('serviceWorker');
  useEffect(() => {
    serviceWorker.send(dirty ? { type: 'input.dirty', id } : { type: 'input.clean', id });
  }, [serviceWorker, id, dirty]);
  useEffect(() => () => serviceWorker.send({ type: 'input.clean', id }), [serviceWorker, id]);
}

/**
 * The idempotency key for the member's next attempt of a write (`earn:<pid>`,
 * `redeem:<pid>:<optId>`): the key of an attempt whose answer was lost, else a fresh one.
 */
export function useKeyForWrite(): (name: string) => string {
  const member = useMember();
  return useCallback((name: string) => keyForWrite(member, name), [member]);
}

/** The account requests (a `submission` actor each). */
export type SubmissionId = AccountRequestId;

/**
 * One account request for its screen: `submit(input)` sends it; `busy`, `error` (the code of the
 * last failure) and `done` follow it. Leaving the screen forgets the last answer.
 */
export function useSubmission<Input>(id: SubmissionId) {
  const actor = useSystemActor(id);
  useEffect(() => () => actor.send({ type: 'user.reset' }), [actor]);
  const busy = useSelector(actor, selectSubmitting);
  const error = useSelector(actor, selectSubmitError);
  const done = useSelector(actor, selectSubmitted);
  const value = useSelector(actor, selectSubmitValue);
  const submit = useCallback((input: Input) => actor.send({ type: 'user.submit', input }), [actor]);
  return { busy, error, done, value, submit };
}

/**
 * The bell's number: the member's unread announcements over every page; 0 until the announcements
 * actor has come (the bell does not hurry the member actors' chunk: see `lazyMemberActors`).
 */
export const useUnreadAnnouncements = (): number =>
  useSelector(useSystemActorNow('announcements'), (snapshot) => (isPending(snapshot) ? 0 : selectUnreadCount(snapshot)));
