import { assign, enqueueActions, setup } from 'xstate';
import { cachedResourceMachine } from './cachedResource.machine';
import type { ResourceScope } from './cachedResource.types';
import type { ResourceKey, ResourceParams, ResourceRef, ResourcesContext, ResourcesEvent } from './resources.types';
import { chanceToWinActor } from './system';

/** Loads that need no member: shown to anybody. */
export const PUBLIC_RESOURCES: readonly ResourceKey[] = ['manifest', 'authProviders', 'guestSupport'];

/** What changes when pips move: the balances, the activity, My Rewards and the earn promos' availability. */
export const PIPS_RESOURCES: readonly ResourceKey[] = ['dashboard', 'activity', 'giftCards', 'earnPromos'];

/** The child actor id of a load: `resource:dashboard`, `resource:transaction:42`. */
export const resourceChildId = (ref: ResourceRef): string => (ref.id === undefined ? `resource:${ref.key}` : `resource:${ref.key}:${ref.id}`);

const sameRef = (a: ResourceRef, b: ResourceRef) => a.key === b.key && a.id === b.id;

/** The dashboard's `totalEarnedPips` a load shows, for the member and language of these resources (else undefined). */
const earnedPipsShown = (context: Pick<ResourcesContext, 'userId' | 'language'>, shown: ShownParams): number | undefined => {
  if (shown.scope.key !== 'dashboard' || shown.scope.userId !== context.userId || shown.scope.language !== context.language) return undefined;
  const pips = (shown.data as { totalEarnedPips?: unknown } | null | undefined)?.totalEarnedPips;
  return typeof pips === 'number' ? pips : undefined;
};

type ShownParams = { scope: ResourceScope; data: unknown };
const shownParams = ({ event }: { event: ResourcesEvent }): ShownParams =>
  event.type === 'resource.shown' ? { scope: event.scope, data: event.data } : { scope: { key: '', userId: null, language: '' }, data: undefined };

/** Whether a load may run for this member: public ones always, the others for a signed-in member. */
export const mayRun = (ref: ResourceRef, userId: number | null): boolean => userId !== null || PUBLIC_RESOURCES.includes(ref.key);

const scopeOf = (ref: ResourceRef, context: Pick<ResourcesContext, 'userId' | 'language'>): ResourceScope => ({
  key: ref.key,
  ...(ref.id === undefined ? {} : { id: ref.id }),
  userId: PUBLIC_RESOURCES.includes(ref.key) ? null : context.userId,
  language: context.language,
});

/**
 * The resources of the app: every cached load (the stored copy first, then the network;
 * loading only while nothing is held; the copy kept when the network fails) runs as a
 * `cachedResource` child, `resource:<key>` (or `resource:<key>:<id>`), for the member the session
 * says is verified and the current language. Views open loads and read the children; a new member
 * or language starts the open loads over for that scope; a member's loads never run for
 * nobody. Pips moving reloads the balances, activity, rewards and earn promos, and tells the
 * Chance to Win actor (its earned pips may have risen); so does a dashboard that shows more pips
 * earned than its last copy in this scope (each load tells what it shows: `resource.shown`).
 */
export const resourcesMachine = setup({
  types: {
    context: {} as ResourcesContext,
    events: {} as ResourcesEvent,
    input: {} as { language?: string } | undefined,
  },
  actors: {
    /** One cached load (its effects are bound by the app). */
    cachedResource: cachedResourceMachine,
  },
  actions: {
    /** Starts the load as a child, or asks the running child to refresh; remembers it as open. */
    openResource: enqueueActions(({ context, enqueue }, { resource }: ResourceParams) => {
      const known = context.open.some((ref) => sameRef(ref, resource));
      const running = known && mayRun(resource, context.userId);
      if (running) {
        enqueue.sendTo(resourceChildId(resource), { type: 'resource.open' });
        return;
      }
      if (!known) enqueue.assign({ open: [...context.open, resource] });
      if (mayRun(resource, context.userId)) {
        enqueue.spawnChild('cachedResource', { id: resourceChildId(resource), input: scopeOf(resource, context) });
      }
    }),
    /** Every running load of this key fetches again. */
    reloadKey: enqueueActions(({ context, enqueue }, params: { keys: readonly ResourceKey[] }) => {
      for (const ref of context.open) {
        if (params.keys.includes(ref.key) && mayRun(ref, context.userId)) enqueue.sendTo(resourceChildId(ref), { type: 'resource.reload' });
      }
    }),
    /** Every running load fetches again. */
    reloadAll: enqueueActions(({ context, enqueue }) => {
      for (const ref of context.open) {
        if (mayRun(ref, context.userId)) enqueue.sendTo(resourceChildId(ref), { type: 'resource.reload' });
      }
    }),
    /**
     * Another member or language: every running load stops (nothing it answers can land in the
     * new scope), the member's own loads are forgotten when nobody is signed in any more, and the
     * open loads start again for the new scope.
     */
    changeScope: enqueueActions(({ context, enqueue }, params: { userId: number | null; language: string }) => {
      for (const ref of context.open) {
        if (mayRun(ref, context.userId)) enqueue.stopChild(resourceChildId(ref));
      }
      const next = { userId: params.userId, language: params.language };
      const open = params.userId === null ? context.open.filter((ref) => PUBLIC_RESOURCES.includes(ref.key)) : context.open;
      // The new scope's dashboard starts the pips earned over: its first copy is a start, not a rise.
      enqueue.assign({ ...next, open, earnedPips: null });
      for (const ref of open) {
        if (mayRun(ref, next.userId)) enqueue.spawnChild('cachedResource', { id: resourceChildId(ref), input: scopeOf(ref, next) });
      }
    }),
    assignLanguage: assign((_, params: { language: string }) => ({ language: params.language })),
    /** Keeps the pips earned the dashboard shows. */
    assignEarnedPips: assign(({ context }, params: ShownParams) => ({ earnedPips: earnedPipsShown(context, params) ?? context.earnedPips })),
    /**
     * The Chance to Win contest reloads 500 ms after pips move; a system without
     * that actor (a resources actor on its own) has nobody to tell.
     */
    tellChanceToWin: enqueueActions(({ enqueue, system }) => {
      const chanceToWin = chanceToWinActor({ system });
      if (chanceToWin) enqueue.sendTo(chanceToWin, { type: 'pips.changed' });
    }),
  },
  guards: {
    isNewScope: ({ context }, params: { userId: number | null; language: string }) =>
      context.userId !== params.userId || context.language !== params.language,
    /** The member's dashboard shows its pips earned. */
    showsEarnedPips: ({ context }, params: ShownParams) => earnedPipsShown(context, params) !== undefined,
    /** ...more of them than the last copy in this scope did (pips earned elsewhere: another device, the operator). */
    showsMoreEarnedPips: ({ context }, params: ShownParams) => {
      const pips = earnedPipsShown(context, params);
      return pips !== undefined && context.earnedPips !== null && pips > context.earnedPips;
    },
  },
}).createMachine({
  id: 'resources',
  context: ({ input }) => ({ userId: null, language: input?.language ?? 'en', open: [], earnedPips: null }),
  on: {
    'scope.changed': {
      guard: { type: 'isNewScope', params: ({ event }) => ({ userId: event.userId, language: event.language }) },
      actions: { type: 'changeScope', params: ({ event }) => ({ userId: event.userId, language: event.language }) },
    },
    'resource.open': { actions: { type: 'openResource', params: ({ event }) => ({ resource: event.resource }) } },
    'resource.reload': { actions: { type: 'reloadKey', params: ({ event }) => ({ keys: [event.key] }) } },
    'pips.changed': { actions: [{ type: 'reloadKey', params: { keys: PIPS_RESOURCES } }, 'tellChanceToWin'] },
    'content.refresh': { actions: 'reloadAll' },
    'resource.shown': [
      {
        guard: { type: 'showsMoreEarnedPips', params: shownParams },
        actions: [{ type: 'assignEarnedPips', params: shownParams }, 'tellChanceToWin'],
      },
      { guard: { type: 'showsEarnedPips', params: shownParams }, actions: { type: 'assignEarnedPips', params: shownParams } },
    ],
  },
});
