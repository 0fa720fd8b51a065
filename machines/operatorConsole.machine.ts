import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type {
  AcceptedInvitation,
  ConsoleCommunity,
  ConsoleContext,
  ConsoleEvent,
  ConsoleInput,
  ConsoleItemView,
  ConsoleOutput,
  ConsoleView,
  ConsoleWrite,
} from './operatorConsole.types';

/** What the view loader is asked for. */
export interface ConsoleLoadInput {
  communityId: string;
  view: ConsoleView | ConsoleItemView;
  query: string;
}

/** What the writer is asked for. */
export interface ConsoleWriteInput {
  communityId: string;
  request: ConsoleWrite;
}

/** The communities after one of them was edited: its new name and archived flag (the rest as they were). */
function renamed(communities: ConsoleCommunity[], value: unknown): ConsoleCommunity[] {
  const edited = value as Partial<ConsoleCommunity> | null;
  if (!edited || typeof edited.communityId !== 'string' || typeof edited.name !== 'string') return communities;
  return communities.map((c) => (c.communityId === edited.communityId ? { ...c, name: edited.name!, archived: edited.archived === true } : c));
}

const cleared = { data: null, errorCode: null, preview: null, writeError: null, done: null, invitationResult: null } as const;

/**
 * The operator console (issue 14, `/console`): opened from an operator invitation's link, it first
 * accepts the invitation (issue 46) and keeps how that went until another view or community is
 * opened. It loads the communities the signed-in account runs (none: the account is no operator,
 * and the console says so; the one just joined by invitation comes first, then the one the
 * operator had open last time, remembered through `rememberCommunity`), then one view of one
 * community at a time. A write (create, archive, import, adjust) is sent and, once applied, the view loads
 * again so the list shows it; a dry run's answer is kept as a preview the operator applies or
 * sets aside; a refused write keeps the view and says why. Opening another view, community or
 * search loads that one. The calls are bound in src/ (`acceptInvitation`, `listCommunities`, `loadView`, `write`);
 * expected failures come back as `{ ok: false, code }`.
 */
export const operatorConsoleMachine = setup({
  types: {
    context: {} as ConsoleContext,
    events: {} as ConsoleEvent,
    input: {} as ConsoleInput | undefined,
    tags: {} as 'busy',
  },
  actors: {
    acceptInvitation: fromPromise<ConsoleOutput<AcceptedInvitation>, { token: string }>(async () => ({ ok: false, code: 'NOT_PROVIDED' })),
    listCommunities: fromPromise<ConsoleOutput<ConsoleCommunity[]>, void>(async () => ({ ok: false, code: 'NOT_PROVIDED' })),
    loadView: fromPromise<ConsoleOutput, ConsoleLoadInput>(async () => ({ ok: false, code: 'NOT_PROVIDED' })),
    write: fromPromise<ConsoleOutput, ConsoleWriteInput>(async () => ({ ok: false, code: 'NOT_PROVIDED' })),
  },
  actions: {
    /**
     * The community opened first: the one just joined by invitation, else the one the operator
     * had open last time (when they still run it), else the first of the list.
     */
    assignCommunities: assign(({ context }, params: { communities: ConsoleCommunity[] }) => {
      const joined = context.invitationResult?.ok ? context.invitationResult.value.communityId : null;
      const find = (id: string | null) => (id === null ? undefined : params.communities.find((c) => c.communityId === id));
      const first = find(joined) ?? find(context.lastCommunityId) ?? params.communities[0];
      return { communities: params.communities, communityId: first?.communityId ?? null };
    }),
    /** Keeps the community now open for the operator's next visit (bound in src/). */
    rememberCommunity: (_, _params: { communityId: string }) => {},
    assignInvitationResult: assign((_, params: { result: ConsoleOutput<AcceptedInvitation> }) => ({ invitationResult: params.result })),
    assignError: assign((_, params: { code: string }) => ({ errorCode: params.code })),
    assignView: assign((_, params: { view: ConsoleView }) => ({ view: params.view, query: '', ...cleared })),
    assignCommunity: assign((_, params: { communityId: string }) => ({ communityId: params.communityId, ...cleared })),
    assignQuery: assign((_, params: { query: string }) => ({ query: params.query, ...cleared })),
    assignItem: assign((_, params: { view: ConsoleItemView; id: number }) => ({ view: params.view, query: String(params.id), ...cleared })),
    assignData: assign((_, params: { data: unknown }) => ({ data: params.data, errorCode: null })),
    assignPending: assign((_, params: { request: ConsoleWrite }) => ({ pending: params.request, writeError: null, done: null })),
    assignPreview: assign(({ context }, params: { value: unknown }) => ({
      preview: context.pending ? { request: context.pending, value: params.value } : null,
      pending: null,
    })),
    assignDone: assign(({ context }, params: { value: unknown }) => ({
      done: context.pending ? { kind: context.pending.kind, value: params.value, input: context.pending.input } : null,
      preview: null,
      pending: null,
      communities: context.pending?.kind === 'updateCommunity' ? renamed(context.communities, params.value) : context.communities,
    })),
    assignWriteError: assign(({ context }, params: { code: string; detail?: string }) => ({
      writeError: context.pending ? { kind: context.pending.kind, code: params.code, ...(params.detail ? { detail: params.detail } : {}) } : null,
      pending: null,
    })),
    clearPreview: assign({ preview: null }),
  },
  guards: {
    hasInvitation: ({ context }) => context.invitation !== null,
    failed: (_, params: { output: ConsoleOutput }) => !params.output.ok,
    runsNone: (_, params: { output: ConsoleOutput<ConsoleCommunity[]> }) => params.output.ok && params.output.value.length === 0,
    isPreview: ({ context }) => context.pending?.preview === true,
  },
}).createMachine({
  id: 'operatorConsole',
  initial: 'opening',
  context: ({ input }) => ({
    communities: [],
    communityId: null,
    view: input?.view ?? 'dashboard',
    query: '',
    pending: null,
    invitation: input?.invitation || null,
    lastCommunityId: input?.lastCommunityId ?? null,
    ...cleared,
  }),
  states: {
    opening: {
      always: [{ guard: 'hasInvitation', target: 'acceptingInvitation' }, { target: 'loadingCommunities' }],
    },
    /** The invitation of the mailed link, accepted before the communities load (so they include its one). */
    acceptingInvitation: {
      tags: 'busy',
      invoke: {
        id: 'acceptInvitation',
        src: 'acceptInvitation',
        input: ({ context }) => ({ token: context.invitation ?? '' }),
        onDone: { target: 'loadingCommunities', actions: { type: 'assignInvitationResult', params: ({ event }) => ({ result: event.output }) } },
        onError: { target: 'loadingCommunities', actions: { type: 'assignInvitationResult', params: { result: { ok: false, code: 'UNKNOWN_ERROR' } } } },
      },
    },
    loadingCommunities: {
      tags: 'busy',
      invoke: {
        id: 'listCommunities',
        src: 'listCommunities',
        onDone: [
          {
            guard: { type: 'failed', params: ({ event }) => ({ output: event.output }) },
            target: 'communitiesFailed',
            actions: { type: 'assignError', params: ({ event }) => ({ code: event.output.ok ? '' : event.output.code }) },
          },
          { guard: { type: 'runsNone', params: ({ event }) => ({ output: event.output }) }, target: 'notOperator' },
          {
            target: 'ready',
            actions: [
              { type: 'assignCommunities', params: ({ event }) => ({ communities: event.output.ok ? event.output.value : [] }) },
              { type: 'rememberCommunity', params: ({ context }) => ({ communityId: context.communityId ?? '' }) },
            ],
          },
        ],
        onError: { target: 'communitiesFailed', actions: { type: 'assignError', params: { code: 'UNKNOWN_ERROR' } } },
      },
    },
    communitiesFailed: {
      on: { 'user.retry': 'loadingCommunities' },
    },
    /** The account runs no community. */
    notOperator: {},
    ready: {
      initial: 'loading',
      on: {
        'user.openView': { target: '.loading', actions: { type: 'assignView', params: ({ event }) => ({ view: event.view }) } },
        'user.selectCommunity': {
          target: '.loading',
          actions: [
            { type: 'assignCommunity', params: ({ event }) => ({ communityId: event.communityId }) },
            { type: 'rememberCommunity', params: ({ event }) => ({ communityId: event.communityId }) },
          ],
        },
        'user.search': { target: '.loading', actions: { type: 'assignQuery', params: ({ event }) => ({ query: event.query }) } },
        'user.openItem': { target: '.loading', actions: { type: 'assignItem', params: ({ event }) => ({ view: event.view, id: event.id }) } },
      },
      states: {
        loading: {
          tags: 'busy',
          invoke: {
            id: 'loadView',
            src: 'loadView',
            input: ({ context }) => ({ communityId: context.communityId ?? '', view: context.view, query: context.query }),
            onDone: [
              {
                guard: { type: 'failed', params: ({ event }) => ({ output: event.output }) },
                target: 'loadFailed',
                actions: { type: 'assignError', params: ({ event }) => ({ code: event.output.ok ? '' : event.output.code }) },
              },
              { target: 'shown', actions: { type: 'assignData', params: ({ event }) => ({ data: event.output.ok ? event.output.value : null }) } },
            ],
            onError: { target: 'loadFailed', actions: { type: 'assignError', params: { code: 'UNKNOWN_ERROR' } } },
          },
        },
        loadFailed: {
          on: { 'user.retry': 'loading' },
        },
        shown: {
          on: {
            'user.write': { target: 'writing', actions: { type: 'assignPending', params: ({ event }) => ({ request: event.request }) } },
            'user.discardPreview': { actions: 'clearPreview' },
          },
        },
        writing: {
          tags: 'busy',
          invoke: {
            id: 'write',
            src: 'write',
            input: ({ context, event }) => {
              assertEvent(event, 'user.write');
              return { communityId: context.communityId ?? '', request: event.request };
            },
            onDone: [
              {
                guard: { type: 'failed', params: ({ event }) => ({ output: event.output }) },
                target: 'shown',
                actions: {
                  type: 'assignWriteError',
                  params: ({ event }) => (event.output.ok ? { code: '' } : { code: event.output.code, detail: event.output.detail }),
                },
              },
              { guard: 'isPreview', target: 'shown', actions: { type: 'assignPreview', params: ({ event }) => ({ value: event.output.ok ? event.output.value : null }) } },
              { target: 'loading', actions: { type: 'assignDone', params: ({ event }) => ({ value: event.output.ok ? event.output.value : null }) } },
            ],
            onError: { target: 'shown', actions: { type: 'assignWriteError', params: { code: 'UNKNOWN_ERROR' } } },
          },
        },
      },
    },
  },
});
