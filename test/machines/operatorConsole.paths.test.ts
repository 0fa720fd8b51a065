import { operatorConsoleMachine } from '../../machines/operatorConsole.machine';
import {
  selectCanWrite,
  selectCommunity,
  selectConsoleData,
  selectConsoleError,
  selectConsolePhase,
  selectConsoleQuery,
  selectConsoleView,
  selectDone,
  selectInvitationResult,
  selectPreview,
  selectWriteError,
  selectWriting,
  type ConsolePhase,
} from '../../machines/operatorConsole.selectors';
import type { AcceptedInvitation, ConsoleCommunity, ConsoleEvent, ConsoleInput, ConsoleItemView, ConsoleOutput, ConsoleView, ConsoleWrite } from '../../machines/operatorConsole.types';
import { describeMachinePaths, type PathEvent } from './describePathCoverage';
import type { ActorOutputFixtures, EventFixtures, SerializeState } from './pathCoverage';
import { action, actorStarted, actorStopped, type Effect } from './recording';

const owner: ConsoleCommunity = { communityId: 'c1', name: 'Harbour Club', role: 'owner' };
const viewer: ConsoleCommunity = { communityId: 'c2', name: 'Hill Club', role: 'viewer' };
const archive: ConsoleWrite = { kind: 'archivePromo', input: { id: 5 } };
const importPreview: ConsoleWrite = { kind: 'importCodes', input: { id: 3, codes: ['A-1'] }, preview: true };

const events = {
  'user.openView': [{ type: 'user.openView', view: 'earn' }],
  'user.selectCommunity': [{ type: 'user.selectCommunity', communityId: 'c2' }],
  'user.search': [{ type: 'user.search', query: 'ana' }],
  'user.openItem': [{ type: 'user.openItem', view: 'member', id: 7 }],
  'user.write': [
    { type: 'user.write', request: archive },
    { type: 'user.write', request: importPreview },
  ],
  'user.discardPreview': [{ type: 'user.discardPreview' }],
  'user.retry': [{ type: 'user.retry' }],
} satisfies EventFixtures<ConsoleEvent>;

const outputs = {
  acceptInvitation: [{ ok: true, value: { communityId: 'c2', name: 'Hill Club', role: 'viewer' } }, { ok: false, code: 'INVALID_TOKEN' }],
  listCommunities: [{ ok: true, value: [owner, viewer] }, { ok: true, value: [] }, { ok: false, code: 'UNAUTHORIZED' }],
  loadView: [{ ok: true, value: { promos: ['Walk'] } }, { ok: false, code: 'FORBIDDEN' }],
  write: [{ ok: true, value: { imported: 1 } }, { ok: false, code: 'VALIDATION_ERROR', detail: 'question 2: exactly one answer must be right' }, { ok: false, code: 'FORBIDDEN' }],
} satisfies ActorOutputFixtures<typeof operatorConsoleMachine>;

/** Graph key: the state and what decides what comes next (not the loaded data or notices). */
const serializeState: SerializeState = (s) =>
  JSON.stringify({
    value: s.value,
    view: s.context.view,
    community: s.context.communityId,
    query: s.context.query,
    preview: s.context.preview !== null,
    dryRun: s.context.pending?.preview === true,
  });

/** Opened at /admin, or from an operator invitation's link. */
const inputs = {
  'the operator opens the console': undefined,
  "the operator opens an invitation's link": { invitation: 'invitation-token' },
  'the operator comes back, Hill Club open last time': { lastCommunityId: 'c2' },
} satisfies Record<string, ConsoleInput | undefined>;

/** A write in the operator's words. */
const writeNames: Record<string, string> = { archivePromo: 'archives a promo', importCodes: 'previews importing codes' };

/**
 * The rules (the machine's doc comment): opened from an invitation's link, the console first
 * accepts it, and says how that went until another view, community or search is opened; the
 * community joined is the one shown first, else the one the operator had open last time (when
 * they still run it), else the first; the community opened is remembered. Then it loads the communities the account
 * runs; none means the account is no operator, a failure offers a retry. Then it loads the view
 * of the first community (the dashboard unless started on another view). A write is sent with the
 * community; once applied, the view loads again and the write is reported done; a dry run's
 * answer becomes a preview (applied by a write, or set aside); a refused write keeps the view and
 * says why. Another view, community or search loads that (abandoning a load or write under way)
 * and forgets the notices and the preview.
 */
function consoleRules(input: ConsoleInput | undefined) {
  let phase: ConsolePhase | 'writing' = input?.invitation ? 'accepting' : 'starting';
  let invitationResult: ConsoleOutput<AcceptedInvitation> | null = null;
  let communities: ConsoleCommunity[] = [];
  let communityId: string | null = null;
  let view: ConsoleView | ConsoleItemView = 'dashboard';
  let query = '';
  let data: unknown = null;
  let errorCode: string | null = null;
  let pending: ConsoleWrite | null = null;
  let preview: { request: ConsoleWrite; value: unknown } | null = null;
  let writeError: { kind: string; code: string; detail?: string } | null = null;
  let done: { kind: string; value: unknown; input: unknown } | null = null;

  const load = (): Effect[] => {
    phase = 'loading';
    return [actorStarted('loadView', { communityId: communityId ?? '', view, query })];
  };
  const reload = (change: () => void, effects: Effect[] = []): Effect[] => {
    if (phase === 'accepting' || phase === 'starting' || phase === 'failed' || phase === 'notOperator') throw new Error('no view before the communities');
    const abandoned = phase === 'loading' ? [actorStopped('loadView')] : phase === 'writing' ? [actorStopped('write')] : [];
    change();
    data = null;
    errorCode = null;
    preview = null;
    writeError = null;
    done = null;
    pending = null;
    invitationResult = null;
    return [...effects, ...abandoned, ...load()];
  };

  return {
    started: input?.invitation ? [actorStarted('acceptInvitation', { token: input.invitation })] : [actorStarted('listCommunities')],
    on(event: PathEvent<ConsoleEvent>): Effect[] {
      switch (event.type) {
        case 'xstate.done.actor.acceptInvitation':
          phase = 'starting';
          invitationResult = event.output as ConsoleOutput<AcceptedInvitation>;
          return [actorStarted('listCommunities')];
        case 'xstate.error.actor.acceptInvitation':
          phase = 'starting';
          invitationResult = { ok: false, code: 'UNKNOWN_ERROR' };
          return [actorStarted('listCommunities')];
        case 'xstate.done.actor.listCommunities': {
          const output = event.output as ConsoleOutput<ConsoleCommunity[]>;
          if (!output.ok) {
            phase = 'failed';
            errorCode = output.code;
            return [];
          }
          if (output.value.length === 0) {
            phase = 'notOperator';
            return [];
          }
          communities = output.value;
          const joined = invitationResult?.ok ? invitationResult.value.communityId : null;
          const find = (id: string | null | undefined) => output.value.find((c) => c.communityId === id);
          communityId = (find(joined) ?? find(input?.lastCommunityId) ?? output.value[0]).communityId;
          return [action('rememberCommunity', { communityId }), ...load()];
        }
        case 'xstate.error.actor.listCommunities':
          phase = 'failed';
          errorCode = 'UNKNOWN_ERROR';
          return [];
        case 'user.retry':
          if (phase === 'failed') {
            phase = 'starting';
            return [actorStarted('listCommunities')];
          }
          if (phase === 'loadFailed') return load();
          throw new Error('nothing to retry');
        case 'user.openView':
          return reload(() => {
            view = event.view;
            query = '';
          });
        case 'user.selectCommunity':
          return reload(
            () => {
              communityId = event.communityId;
            },
            [action('rememberCommunity', { communityId: event.communityId })],
          );
        case 'user.search':
          return reload(() => {
            query = event.query;
          });
        case 'user.openItem':
          return reload(() => {
            view = event.view;
            query = String(event.id);
          });
        case 'xstate.done.actor.loadView': {
          const output = event.output as ConsoleOutput;
          if (output.ok) {
            phase = 'shown';
            data = output.value;
            errorCode = null;
          } else {
            phase = 'loadFailed';
            errorCode = output.code;
          }
          return [];
        }
        case 'xstate.error.actor.loadView':
          phase = 'loadFailed';
          errorCode = 'UNKNOWN_ERROR';
          return [];
        case 'user.write':
          if (phase !== 'shown') throw new Error('writes only from a shown view');
          phase = 'writing';
          pending = event.request;
          writeError = null;
          done = null;
          return [actorStarted('write', { communityId: communityId ?? '', request: event.request })];
        case 'user.discardPreview':
          if (phase !== 'shown') throw new Error('no preview to discard here');
          preview = null;
          return [];
        case 'xstate.done.actor.write': {
          const output = event.output as ConsoleOutput;
          const request = pending!;
          pending = null;
          if (!output.ok) {
            phase = 'shown';
            // the server's detail (which entries of a file are wrong) is kept when it sent one
            writeError = { kind: request.kind, code: output.code, ...(output.detail ? { detail: output.detail } : {}) };
            return [];
          }
          if (request.preview) {
            phase = 'shown';
            preview = { request, value: output.value };
            return [];
          }
          done = { kind: request.kind, value: output.value, input: request.input };
          preview = null;
          return load();
        }
        case 'xstate.error.actor.write':
          phase = 'shown';
          writeError = { kind: pending!.kind, code: 'UNKNOWN_ERROR' };
          pending = null;
          return [];
        default:
          throw new Error(`the rules have no ${event.type}`);
      }
    },
    meaning: () => {
      const community = communities.find((c) => c.communityId === communityId) ?? null;
      return {
        phase: phase === 'writing' ? 'shown' : phase,
        writing: phase === 'writing',
        view,
        query,
        data,
        error: errorCode,
        community,
        canWrite: community?.role === 'owner' || community?.role === 'editor',
        preview,
        writeError,
        done,
        invitation: invitationResult,
      };
    },
  };
}

describeMachinePaths({
  name: 'operatorConsole',
  machine: operatorConsoleMachine,
  events,
  outputs,
  inputs,
  serializeState,
  meaning: (s) => ({
    phase: selectConsolePhase(s),
    writing: selectWriting(s),
    view: selectConsoleView(s),
    query: selectConsoleQuery(s),
    data: selectConsoleData(s),
    error: selectConsoleError(s),
    community: selectCommunity(s),
    canWrite: selectCanWrite(s),
    preview: selectPreview(s),
    writeError: selectWriteError(s),
    done: selectDone(s),
    invitation: selectInvitationResult(s),
  }),
  oracle: consoleRules,
  words: {
    events: {
      'user.openView': (e) => `the operator opens the ${e.view} view`,
      'user.selectCommunity': (e) => `picks ${[owner, viewer].find((c) => c.communityId === e.communityId)?.name ?? e.communityId}`,
      'user.search': (e) => `searches "${e.query}"`,
      'user.openItem': (e) => `opens ${e.view} ${e.id}`,
      'user.write': (e) => `the operator ${writeNames[e.request.kind] ?? e.request.kind}`,
      'user.discardPreview': 'sets the preview aside',
      'user.retry': 'retries',
      'xstate.done.actor.acceptInvitation': (e) => {
        const output = e.output as ConsoleOutput<AcceptedInvitation>;
        return output.ok ? `the invitation to ${output.value.name} is accepted` : `the invitation is refused (${output.code})`;
      },
      'xstate.error.actor.acceptInvitation': 'accepting the invitation breaks',
      'xstate.done.actor.listCommunities': (e) => {
        const output = e.output as ConsoleOutput<ConsoleCommunity[]>;
        if (!output.ok) return `the communities are refused (${output.code})`;
        return output.value.length ? `the account runs ${output.value.map((c) => c.name).join(' and ')}` : 'the account runs no community';
      },
      'xstate.error.actor.listCommunities': 'listing the communities breaks',
      'xstate.done.actor.loadView': (e) => {
        const output = e.output as ConsoleOutput;
        return output.ok ? 'the view loads' : `the view is refused (${output.code})`;
      },
      'xstate.error.actor.loadView': 'loading the view breaks',
      'xstate.done.actor.write': (e) => {
        const output = e.output as ConsoleOutput;
        return output.ok ? 'the server takes it' : `the server refuses it (${output.code})`;
      },
      'xstate.error.actor.write': 'the write breaks',
    },
    outcome: (m) => {
      const invitation = m.invitation ? (m.invitation.ok ? ', saying the invitation was accepted' : `, saying the invitation failed (${m.invitation.code})`) : '';
      const where = `${m.community?.name ?? 'the community'}'s ${m.view} view${m.query ? ` for "${m.query}"` : ''}`;
      switch (m.phase) {
        case 'accepting':
          return 'the console accepts the invitation';
        case 'starting':
          return `the console lists the communities${invitation}`;
        case 'failed':
          return `the console says the communities failed (${m.error}) and offers a retry${invitation}`;
        case 'notOperator':
          return `the console says the account is no operator${invitation}`;
        case 'loading':
          return `${where} is loading${m.done ? ', the write reported done' : ''}${invitation}`;
        case 'loadFailed':
          return `${where} says it failed (${m.error}) and offers a retry${invitation}`;
        default: {
          const notes = [
            m.writing ? 'a write on its way' : null,
            m.preview ? 'a preview to apply' : null,
            m.writeError ? `the write refused (${m.writeError.code}${m.writeError.detail ? `: ${m.writeError.detail}` : ''})` : null,
            m.done ? 'the write reported done' : null,
          ].filter((note) => note !== null);
          return `${where} shows${m.canWrite ? '' : ', read-only'}${notes.length ? `, ${notes.join(', ')}` : ''}${invitation}`;
        }
      }
    },
  },
});
