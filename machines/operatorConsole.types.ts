/**
 * Types of the operator console (`/console`, issue 14): the communities the signed-in account
 * runs, one view of one community at a time, and the operator's writes (with a dry-run preview
 * for imports and bulk changes).
 */

/**
 * The console's screens: the week at a glance, earn actions, earn QR codes, rewards,
 * questionnaires, trivia, announcements, Chance to Win contests, members, the audit log, and
 * the community's own settings (name, support contact, archive).
 */
export type ConsoleView = 'dashboard' | 'earn' | 'qr' | 'rewards' | 'questionnaires' | 'trivia' | 'announcements' | 'chanceToWin' | 'members' | 'audit' | 'community';

/** Views of one item, opened from a list (not in the navigation): a member's ledger, an option's codes. */
export type ConsoleItemView = 'member' | 'codes';

export const CONSOLE_VIEWS: readonly ConsoleView[] = ['dashboard', 'earn', 'qr', 'rewards', 'questionnaires', 'trivia', 'announcements', 'chanceToWin', 'members', 'audit', 'community'];

export type ConsoleRole = 'owner' | 'editor' | 'viewer';

export interface ConsoleCommunity {
  communityId: string;
  name: string;
  role: ConsoleRole;
  /** Archived: it takes no new members. */
  archived?: boolean;
}

/** An answer of the operator API as the console's actors give it: expected failures are data. */
export type ConsoleOutput<T = unknown> = { ok: true; value: T } | { ok: false; code: string; detail?: string };

/** The writes the console makes (each one call of the operator API, bound in src/). */
export type ConsoleWriteKind =
  | 'createPromo'
  | 'updatePromo'
  | 'archivePromo'
  | 'restorePromo'
  | 'importCodes'
  | 'adjustPips'
  | 'bulkAdjust'
  | 'createQrCode'
  | 'endQrCode'
  | 'createAnnouncement'
  | 'deleteAnnouncement'
  | 'archiveQuestionnaire'
  | 'restoreQuestionnaire'
  | 'createChanceToWin'
  | 'drawChanceToWin'
  | 'createQuestionnaire'
  | 'setTriviaSettings'
  | 'importTriviaQuestions'
  | 'createTriviaContest'
  | 'voidCode'
  | 'updateQrCode'
  | 'updateRewardOption'
  | 'updateAnnouncement'
  | 'updateChanceToWin'
  | 'updateTriviaContest'
  | 'updateQuestionnaire'
  | 'deletePromo'
  | 'deleteQrCode'
  | 'deleteQuestionnaire'
  | 'deleteChanceToWin'
  | 'deleteTriviaContest'
  | 'updateCommunity'
  | 'addRewardOption'
  | 'updateTriviaQuestion'
  | 'deleteTriviaQuestion'
  | 'deleteRewardOption'
  | 'setPromoImage'
  | 'removePromoImage'
  | 'setOperator'
  | 'removeOperator'
  | 'revokeInvitation'
  | 'suspendMember'
  | 'restoreMember';

export interface ConsoleWrite {
  kind: ConsoleWriteKind;
  /** What the call sends (path parameters and body fields side by side). */
  input: Record<string, unknown>;
  /** true: a dry run whose answer is shown as a preview; nothing changes. */
  preview?: boolean;
}

export interface ConsoleContext {
  communities: ConsoleCommunity[];
  communityId: string | null;
  view: ConsoleView | ConsoleItemView;
  /** The members view's search text, or the id of the item an item view shows. */
  query: string;
  /** What the current view loaded (its shape is the view's, read in src/). */
  data: unknown;
  /** Why the communities or the view could not be loaded. */
  errorCode: string | null;
  /** The write being sent. */
  pending: ConsoleWrite | null;
  /** A dry run's answer, with the write that would apply it. */
  preview: { request: ConsoleWrite; value: unknown } | null;
  /** The last write that failed, and why. */
  writeError: { kind: ConsoleWriteKind; code: string; detail?: string } | null;
  /** The last write that was applied (the view reloads after it). */
  done: { kind: ConsoleWriteKind; value: unknown; input: ConsoleWrite['input'] } | null;
  /** The token of the operator invitation the console was opened to accept (its mailed link). */
  invitation: string | null;
  /** How accepting it went: the community and role now held, or why it was refused. */
  invitationResult: ConsoleOutput<AcceptedInvitation> | null;
  /** The community this operator had open last time (remembered in src/), opened again first. */
  lastCommunityId: string | null;
}

/** An accepted operator invitation: the community and the role the account now holds in it. */
export interface AcceptedInvitation {
  communityId: string;
  name: string;
  role: ConsoleRole;
}

export interface ConsoleInput {
  view?: ConsoleView;
  /** An operator invitation's token (`?invitation=` of the mailed link): accepted before anything loads. */
  invitation?: string;
  /** The community the operator had open last time, as remembered (`rememberCommunity`). */
  lastCommunityId?: string | null;
}

export type ConsoleEvent =
  /** The operator opened another view (a link of the console's navigation). */
  | { type: 'user.openView'; view: ConsoleView }
  /** The operator switched to another community they run. */
  | { type: 'user.selectCommunity'; communityId: string }
  /** The members view's search. */
  | { type: 'user.search'; query: string }
  /** A member's ledger or an option's codes, opened from a list. */
  | { type: 'user.openItem'; view: ConsoleItemView; id: number }
  /** A create, archive, import or adjustment (a dry run when `request.preview`). */
  | { type: 'user.write'; request: ConsoleWrite }
  /** The operator set a preview aside without applying it. */
  | { type: 'user.discardPreview' }
  /** Try the failed load again. */
  | { type: 'user.retry' };
