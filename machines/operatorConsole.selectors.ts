import type { SnapshotFrom } from 'xstate';
import type { operatorConsoleMachine } from './operatorConsole.machine';
import type { ConsoleCommunity } from './operatorConsole.types';

export type ConsoleSnapshot = SnapshotFrom<typeof operatorConsoleMachine>;

/** What the console shows as a whole. */
export type ConsolePhase = 'accepting' | 'starting' | 'failed' | 'notOperator' | 'loading' | 'loadFailed' | 'shown';

export const selectConsolePhase = (s: ConsoleSnapshot): ConsolePhase => {
  if (s.matches('acceptingInvitation')) return 'accepting';
  if (s.matches('loadingCommunities') || s.matches('opening')) return 'starting';
  if (s.matches('communitiesFailed')) return 'failed';
  if (s.matches('notOperator')) return 'notOperator';
  if (s.matches({ ready: 'loading' })) return 'loading';
  if (s.matches({ ready: 'loadFailed' })) return 'loadFailed';
  return 'shown';
};
/** A write is on its way (the forms' buttons wait). */
export const selectWriting = (s: ConsoleSnapshot) => s.matches({ ready: 'writing' });
export const selectConsoleView = (s: ConsoleSnapshot) => s.context.view;
export const selectConsoleQuery = (s: ConsoleSnapshot) => s.context.query;
export const selectConsoleData = (s: ConsoleSnapshot) => s.context.data;
export const selectConsoleError = (s: ConsoleSnapshot) => s.context.errorCode;
export const selectCommunities = (s: ConsoleSnapshot) => s.context.communities;
/** The community shown, with the operator's role in it. */
export const selectCommunity = (s: ConsoleSnapshot): ConsoleCommunity | null =>
  s.context.communities.find((c) => c.communityId === s.context.communityId) ?? null;
/** Owners and editors write; viewers only read. */
export const selectCanWrite = (s: ConsoleSnapshot) => {
  const role = selectCommunity(s)?.role;
  return role === 'owner' || role === 'editor';
};
export const selectPreview = (s: ConsoleSnapshot) => s.context.preview;
export const selectWriteError = (s: ConsoleSnapshot) => s.context.writeError;
export const selectDone = (s: ConsoleSnapshot) => s.context.done;
/** How accepting the invitation of the console's link went (null: none, or another view opened since). */
export const selectInvitationResult = (s: ConsoleSnapshot) => s.context.invitationResult;
