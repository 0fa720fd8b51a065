import { fromPromise } from 'xstate';
import { operatorConsoleMachine, type ConsoleLoadInput, type ConsoleWriteInput } from '../../../machines/operatorConsole.machine';
import type { AcceptedInvitation, ConsoleCommunity, ConsoleOutput } from '../../../machines/operatorConsole.types';
import type { Api, ApiResult } from '../../api/client';
import type { components } from '../../api/schema';
import { storeConsoleCommunity } from '../../data/consoleCommunity';

type Schemas = components['schemas'];
export type AdminPromo = Schemas['AdminPromo'];
export type AdminRewardOption = Schemas['AdminRewardOption'];
export type AdminStockState = Schemas['AdminStockState'];
export type AdminReport = Schemas['AdminReport'];
export type AdminMemberPage = Schemas['AdminMemberPage'];
export type AdminAuditPage = Schemas['AdminAuditPage'];
export type AdminCodeImportResult = Schemas['AdminCodeImportResult'];
export type AdminPromoCreated = Schemas['AdminPromoCreated'];
export type AdminText = Schemas['AdminText'];
export type AdminQrCode = Schemas['AdminQrCode'];
export type AdminBulkAdjustResult = Schemas['AdminBulkAdjustResult'];
export type AdminQrCodeList = Schemas['AdminQrCodeList'];
export type AdminAnnouncementList = Schemas['AdminAnnouncementList'];
export type AdminAnnouncementText = Schemas['AdminAnnouncementText'];
export type AdminQuestionnaireList = Schemas['AdminQuestionnaireList'];

export type AdminCtwContest = Schemas['AdminCtwContest'];
export type AdminTrivia = Schemas['AdminTrivia'];
export type AdminMemberLedger = Schemas['AdminMemberLedger'];
export type AdminCodePage = Schemas['AdminCodePage'];
export type AdminCtwContestList = Schemas['AdminCtwContestList'];
export type AdminCommunityDetail = Schemas['AdminCommunityDetail'];
export type AdminTriviaQuestionStored = Schemas['AdminTriviaQuestionStored'];
export type AdminInvitation = Schemas['AdminInvitation'];

/** The trivia view: the settings and contests, and the pool's questions (live and archived). */
export interface TriviaData {
  trivia: AdminTrivia;
  questions: AdminTriviaQuestionStored[];
  /** All the pool's questions, when more than the page shown. */
  total: number;
}

/** The settings view: the community, its operators and (for an owner) the invitations pending. */
export interface CommunityData {
  community: AdminCommunityDetail;
  operators: Schemas['AdminOperator'][];
  invitations: AdminInvitation[];
}

/** How many pool questions the trivia view lists (newest first). */
export const QUESTION_PAGE_SIZE = 200;

/** The dashboard: the week's report and the Chance to Win contests (the draws coming). */
export interface DashboardData {
  report: AdminReport;
  contests: AdminCtwContest[];
}

/** The earn view: every earn action, live and archived. */
export interface EarnData {
  promos: AdminPromo[];
}

/** The rewards view: every reward with its options and their codes. */
export interface RewardsData {
  rewards: { promo: AdminPromo; options: AdminRewardOption[] }[];
  /** Codes stored more than once (before codes were unique): to resolve by voiding free copies. */
  duplicates: Schemas['AdminCodeDuplicates']['groups'];
}

/** How many members a search shows at once. */
export const MEMBER_PAGE_SIZE = 50;
/** How many audit entries the log shows. */
export const AUDIT_PAGE_SIZE = 100;
/** How many ledger rows a member's page shows. */
export const LEDGER_PAGE_SIZE = 100;
/** How many codes an option's page shows. */
export const CODES_PAGE_SIZE = 200;

/** What a failure adds to its code: the server's words for bad input, the member's balance for a debit below zero. */
const failureDetail = (code: string, message: string): { detail?: string } => {
  if (code === 'VALIDATION_ERROR') return { detail: message };
  const balance = code === 'INSUFFICIENT_PIPS' ? /has only (\d+) pip/.exec(message) : null;
  return balance ? { detail: balance[1] } : {};
};

const output = <T>(result: ApiResult<T>): ConsoleOutput<T> =>
  result.success ? { ok: true, value: result.data } : { ok: false, code: result.error, ...failureDetail(result.error, result.message) };

/** Live and archived promos of one type, newest first. */
async function allPromos(api: Api, communityId: string, type: 'EARN' | 'REDEEM', signal: AbortSignal): Promise<ConsoleOutput<AdminPromo[]>> {
  const [live, archived] = await Promise.all([
    api.adminListPromos({ communityId, type, archived: 'false' }, { signal }),
    api.adminListPromos({ communityId, type, archived: 'true' }, { signal }),
  ]);
  if (!live.success) return output(live);
  if (!archived.success) return output(archived);
  const promos = [...live.data.promos, ...archived.data.promos].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
  return { ok: true, value: promos };
}

/** What one view shows, from the operator API. */
export async function loadView(api: Api, { communityId, view, query }: ConsoleLoadInput, signal: AbortSignal): Promise<ConsoleOutput> {
  switch (view) {
    case 'dashboard': {
      const [report, contests] = await Promise.all([
        api.adminReport({ communityId, days: 7 }, { signal }),
        api.adminListChanceToWin({ communityId }, { signal }),
      ]);
      if (!report.success) return output(report);
      if (!contests.success) return output(contests);
      return { ok: true, value: { report: report.data, contests: contests.data.contests } satisfies DashboardData };
    }
    case 'chanceToWin':
      return output(await api.adminListChanceToWin({ communityId }, { signal }));
    case 'trivia': {
      const [trivia, live, archived] = await Promise.all([
        api.adminTrivia({ communityId }, { signal }),
        api.adminListTriviaQuestions({ communityId, page: 1, size: QUESTION_PAGE_SIZE }, { signal }),
        api.adminListTriviaQuestions({ communityId, archived: 'true', page: 1, size: QUESTION_PAGE_SIZE }, { signal }),
      ]);
      if (!trivia.success) return output(trivia);
      if (!live.success) return output(live);
      if (!archived.success) return output(archived);
      const questions = [...live.data.questions, ...archived.data.questions];
      return { ok: true, value: { trivia: trivia.data, questions, total: live.data.total + archived.data.total } satisfies TriviaData };
    }
    case 'community': {
      const [community, operators] = await Promise.all([api.adminShowCommunity({ communityId }, { signal }), api.adminListOperators({ communityId }, { signal })]);
      if (!community.success) return output(community);
      if (!operators.success) return output(operators);
      // Only owners see (and withdraw) the invitations; the others are refused them.
      const invitations = community.data.role === 'owner' ? await api.adminListInvitations({ communityId }, { signal }) : null;
      if (invitations && !invitations.success) return output(invitations);
      const value: CommunityData = { community: community.data, operators: operators.data.operators, invitations: invitations?.data.invitations ?? [] };
      return { ok: true, value };
    }
    case 'earn': {
      const promos = await allPromos(api, communityId, 'EARN', signal);
      return promos.ok ? { ok: true, value: { promos: promos.value } satisfies EarnData } : promos;
    }
    case 'rewards': {
      const promos = await allPromos(api, communityId, 'REDEEM', signal);
      if (!promos.ok) return promos;
      const [options, duplicates] = await Promise.all([
        Promise.all(promos.value.map((promo) => api.adminListRewardOptions({ id: promo.id }, { signal }))),
        api.adminListDuplicateCodes({ communityId }, { signal }),
      ]);
      const failed = options.find((result) => !result.success);
      if (failed && !failed.success) return output(failed);
      if (!duplicates.success) return output(duplicates);
      const rewards = promos.value.map((promo, i) => {
        const result = options[i];
        return { promo, options: result.success ? result.data.options : [] };
      });
      return { ok: true, value: { rewards, duplicates: duplicates.data.groups } satisfies RewardsData };
    }
    case 'qr':
      return output(await api.adminListQrCodes({ communityId }, { signal }));
    case 'questionnaires':
      return output(await api.adminListQuestionnaires({ communityId }, { signal }));
    case 'announcements':
      return output(await api.adminListAnnouncements({ communityId }, { signal }));
    case 'members':
      return output(await api.adminListMembers({ communityId, q: query || undefined, page: 1, size: MEMBER_PAGE_SIZE }, { signal }));
    case 'audit':
      return output(await api.adminAudit({ communityId, page: 1, size: AUDIT_PAGE_SIZE }, { signal }));
    case 'member':
      return output(await api.adminShowMember({ userId: Number(query), page: 1, size: LEDGER_PAGE_SIZE }, { signal }));
    case 'codes':
      return output(await api.adminListCodes({ id: Number(query), page: 1, size: CODES_PAGE_SIZE }, { signal }));
  }
}

/** One write of the console: one call of the operator API. */
export async function write(api: Api, { communityId, request }: ConsoleWriteInput, signal: AbortSignal): Promise<ConsoleOutput> {
  const input = request.input as never;
  switch (request.kind) {
    case 'createPromo':
      return output(await api.adminCreatePromo({ communityId, ...(request.input as object) } as never, { signal }));
    case 'updatePromo':
      return output(await api.adminUpdatePromo(input, { signal }));
    case 'archivePromo':
      return output(await api.adminArchivePromo(input, { signal }));
    case 'restorePromo':
      return output(await api.adminRestorePromo(input, { signal }));
    case 'importCodes':
      return output(await api.adminImportCodes({ ...(request.input as object), dryRun: request.preview === true } as never, { signal }));
    case 'adjustPips':
      return output(await api.adminAdjustPips(input, { signal }));
    case 'suspendMember':
      return output(await api.adminSuspendMember(input, { signal }));
    case 'restoreMember':
      return output(await api.adminRestoreMember(input, { signal }));
    case 'createQrCode':
      return output(await api.adminCreateQrCode({ communityId, ...(request.input as object) } as never, { signal }));
    case 'endQrCode':
      return output(await api.adminEndQrCode(input, { signal }));
    case 'createAnnouncement':
      return output(await api.adminCreateAnnouncement({ communityId, ...(request.input as object) } as never, { signal }));
    case 'deleteAnnouncement':
      return output(await api.adminDeleteAnnouncement(input, { signal }));
    case 'archiveQuestionnaire':
      return output(await api.adminArchiveQuestionnaire(input, { signal }));
    case 'restoreQuestionnaire':
      return output(await api.adminRestoreQuestionnaire(input, { signal }));
    case 'updateQrCode':
      return output(await api.adminUpdateQrCode(input, { signal }));
    case 'updateRewardOption':
      return output(await api.adminUpdateRewardOption(input, { signal }));
    case 'updateAnnouncement':
      return output(await api.adminUpdateAnnouncement(input, { signal }));
    case 'updateChanceToWin':
      return output(await api.adminUpdateChanceToWin(input, { signal }));
    case 'updateQuestionnaire':
      return output(await api.adminUpdateQuestionnaire(input, { signal }));
    case 'updateTriviaContest':
      return output(await api.adminUpdateTriviaContest(input, { signal }));
    case 'deletePromo':
      return output(await api.adminDeletePromo(input, { signal }));
    case 'deleteQrCode':
      return output(await api.adminDeleteQrCode(input, { signal }));
    case 'deleteQuestionnaire':
      return output(await api.adminDeleteQuestionnaire(input, { signal }));
    case 'deleteChanceToWin':
      return output(await api.adminDeleteChanceToWin(input, { signal }));
    case 'deleteTriviaContest':
      return output(await api.adminDeleteTriviaContest(input, { signal }));
    case 'voidCode':
      return output(await api.adminVoidCode(input, { signal }));
    case 'createChanceToWin':
      return output(await api.adminCreateChanceToWin({ communityId, ...(request.input as object) } as never, { signal }));
    case 'drawChanceToWin':
      return output(await api.adminDrawChanceToWin(input, { signal }));
    case 'createQuestionnaire':
      return output(await api.adminCreateQuestionnaire({ communityId, ...(request.input as object) } as never, { signal }));
    case 'setTriviaSettings':
      return output(await api.adminSetTriviaSettings({ communityId, ...(request.input as object) } as never, { signal }));
    case 'importTriviaQuestions':
      return output(await api.adminImportTriviaQuestions({ communityId, ...(request.input as object) } as never, { signal }));
    case 'createTriviaContest':
      return output(await api.adminCreateTriviaContest({ communityId, ...(request.input as object) } as never, { signal }));
    case 'updateCommunity':
      return output(await api.adminUpdateCommunity({ communityId, ...(request.input as object) } as never, { signal }));
    case 'addRewardOption':
      return output(await api.adminAddRewardOption(input, { signal }));
    case 'updateTriviaQuestion':
      return output(await api.adminUpdateTriviaQuestion(input, { signal }));
    case 'setPromoImage':
      return output(await api.adminSetPromoImage(input, { signal }));
    case 'removePromoImage':
      return output(await api.adminRemovePromoImage(input, { signal }));
    case 'setOperator':
      return output(await api.adminSetOperator({ communityId, ...(request.input as object) } as never, { signal }));
    case 'removeOperator':
      return output(await api.adminRemoveOperator({ communityId, ...(request.input as object) } as never, { signal }));
    case 'revokeInvitation':
      return output(await api.adminRevokeInvitation({ communityId, ...(request.input as object) } as never, { signal }));
    case 'deleteRewardOption':
      return output(await api.adminDeleteRewardOption(input, { signal }));
    case 'deleteTriviaQuestion':
      return output(await api.adminDeleteTriviaQuestion(input, { signal }));
    case 'bulkAdjust':
      return output(await api.adminBulkAdjust({ communityId, ...(request.input as object), dryRun: request.preview === true } as never, { signal }));
  }
}

/** The console machine bound to the operator API of the app's system. */
export const operatorConsoleLogic = (api: Api) =>
  operatorConsoleMachine.provide({
    actors: {
      acceptInvitation: fromPromise<ConsoleOutput<AcceptedInvitation>, { token: string }>(async ({ input, signal }) =>
        output(await api.adminAcceptInvitation({ token: input.token }, { signal })),
      ),
      listCommunities: fromPromise<ConsoleOutput<ConsoleCommunity[]>, void>(async ({ signal }) => {
        const result = await api.adminListCommunities(undefined, { signal });
        if (result.success) return { ok: true, value: result.data.communities };
        // The operator API refuses an account that runs no community (403 FORBIDDEN): none to show.
        return result.error === 'FORBIDDEN' ? { ok: true, value: [] } : { ok: false, code: result.error };
      }),
      loadView: fromPromise<ConsoleOutput, ConsoleLoadInput>(({ input, signal }) => loadView(api, input, signal)),
      write: fromPromise<ConsoleOutput, ConsoleWriteInput>(({ input, signal }) => write(api, input, signal)),
    },
    actions: {
      rememberCommunity: (_, { communityId }) => storeConsoleCommunity(communityId),
    },
  });
