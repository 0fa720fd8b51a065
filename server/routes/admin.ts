import type { FastifyInstance } from 'fastify';
import { ok } from '../envelope';
import type { Handlers } from './handlers';
import { requestMailLanguage } from './language';

/** The operator API (tag `admin`, issue 14): every call for a verified account, its role checked by the operators service. */
export function adminHandlers(app: FastifyInstance): Handlers {
  return {
    async adminListCommunities(request) {
      return ok(await app.operators.communities(await app.requireVerified(request)));
    },
    async adminListPromos(request) {
      const auth = await app.requireVerified(request);
      const { type, archived } = request.query;
      return ok(await app.operators.promos(auth, request.params.communityId, type, archived === 'true'));
    },
    async adminCreatePromo(request) {
      return ok(await app.operators.createPromo(await app.requireVerified(request), request.params.communityId, request.body));
    },
    async adminListRewardOptions(request) {
      return ok(await app.operators.rewardOptions(await app.requireVerified(request), request.params.id));
    },
    async adminImportCodes(request) {
      const auth = await app.requireVerified(request);
      return ok(await app.operators.importCodes(auth, request.params.id, request.body.codes, request.body.dryRun === true));
    },
    async adminUpdatePromo(request) {
      return ok(await app.operators.updatePromo(await app.requireVerified(request), request.params.id, request.body));
    },
    async adminDeletePromo(request) {
      return ok(await app.operators.deletePromo(await app.requireVerified(request), request.params.id));
    },
    async adminDeleteQrCode(request) {
      return ok(await app.operators.deleteQrCode(await app.requireVerified(request), request.params.id));
    },
    async adminArchivePromo(request) {
      return ok(await app.operators.setArchived(await app.requireVerified(request), request.params.id, true));
    },
    async adminRestorePromo(request) {
      return ok(await app.operators.setArchived(await app.requireVerified(request), request.params.id, false));
    },
    async adminListMembers(request) {
      const auth = await app.requireVerified(request);
      const { q, page, size } = request.query;
      return ok(await app.operators.members(auth, request.params.communityId, q, page, size));
    },
    async adminShowMember(request) {
      const auth = await app.requireVerified(request);
      const { page, size } = request.query;
      return ok(await app.operators.member(auth, request.params.userId, page, size));
    },
    async adminAdjustPips(request) {
      const auth = await app.requireVerified(request);
      return ok(await app.operators.adjust(auth, request.params.userId, request.body.delta, request.body.reason));
    },
    async adminSuspendMember(request) {
      const auth = await app.requireVerified(request);
      return ok(await app.operators.suspend(auth, request.params.userId, request.body.reason));
    },
    async adminRestoreMember(request) {
      const auth = await app.requireVerified(request);
      return ok(await app.operators.suspend(auth, request.params.userId, null));
    },
    async adminBulkAdjust(request) {
      const auth = await app.requireVerified(request);
      return ok(await app.operators.bulkAdjust(auth, request.params.communityId, request.body.csv, request.body.dryRun === true));
    },
    async adminReport(request) {
      const auth = await app.requireVerified(request);
      return ok(await app.operators.report(auth, request.params.communityId, request.query.days ?? 7));
    },
    async adminListQrCodes(request) {
      return ok(await app.operators.qrCodes(await app.requireVerified(request), request.params.communityId));
    },
    async adminCreateQrCode(request) {
      return ok(await app.operators.createQrCode(await app.requireVerified(request), request.params.communityId, request.body));
    },
    async adminCreateQuestionnaire(request) {
      return ok(await app.operators.createQuestionnaire(await app.requireVerified(request), request.params.communityId, request.body));
    },
    async adminListCodes(request) {
      const { page, size, status } = request.query;
      return ok(await app.operators.codes(await app.requireVerified(request), request.params.id, status, page, size));
    },
    async adminListDuplicateCodes(request) {
      return ok(await app.operators.duplicateCodes(await app.requireVerified(request), request.params.communityId));
    },
    async adminVoidCode(request) {
      return ok(await app.operators.voidCode(await app.requireVerified(request), request.params.id));
    },
    async adminUpdateQrCode(request) {
      return ok(await app.operators.updateQrCode(await app.requireVerified(request), request.params.id, request.body));
    },
    async adminUpdateRewardOption(request) {
      return ok(await app.operators.updateRewardOption(await app.requireVerified(request), request.params.id, request.body));
    },
    async adminUpdateAnnouncement(request) {
      return ok(await app.operators.updateAnnouncement(await app.requireVerified(request), request.params.id, request.body));
    },
    async adminUpdateChanceToWin(request) {
      return ok(await app.operators.updateChanceToWin(await app.requireVerified(request), request.params.id, request.body));
    },
    async adminDeleteChanceToWin(request) {
      return ok(await app.operators.deleteChanceToWin(await app.requireVerified(request), request.params.id));
    },
    async adminUpdateQuestionnaire(request) {
      return ok(await app.operators.updateQuestionnaire(await app.requireVerified(request), request.params.id, request.body));
    },
    async adminDeleteQuestionnaire(request) {
      return ok(await app.operators.deleteQuestionnaire(await app.requireVerified(request), request.params.id));
    },
    async adminUpdateTriviaContest(request) {
      return ok(await app.operators.updateTriviaContest(await app.requireVerified(request), request.params.id, request.body));
    },
    async adminDeleteTriviaContest(request) {
      return ok(await app.operators.deleteTriviaContest(await app.requireVerified(request), request.params.id));
    },
    async adminTrivia(request) {
      return ok(await app.operators.trivia(await app.requireVerified(request), request.params.communityId));
    },
    async adminSetTriviaSettings(request) {
      return ok(await app.operators.setTriviaSettings(await app.requireVerified(request), request.params.communityId, request.body));
    },
    async adminImportTriviaQuestions(request) {
      return ok(await app.operators.importTriviaQuestions(await app.requireVerified(request), request.params.communityId, request.body));
    },
    async adminCreateTriviaContest(request) {
      return ok(await app.operators.createTriviaContest(await app.requireVerified(request), request.params.communityId, request.body));
    },
    async adminListChanceToWin(request) {
      return ok(await app.operators.chanceToWin(await app.requireVerified(request), request.params.communityId));
    },
    async adminCreateChanceToWin(request) {
      return ok(await app.operators.createChanceToWin(await app.requireVerified(request), request.params.communityId, request.body));
    },
    async adminDrawChanceToWin(request) {
      return ok(await app.operators.drawChanceToWin(await app.requireVerified(request), request.params.id));
    },
    async adminEndQrCode(request) {
      return ok(await app.operators.endQrCode(await app.requireVerified(request), request.params.id));
    },
    async adminListAnnouncements(request) {
      return ok(await app.operators.announcements(await app.requireVerified(request), request.params.communityId));
    },
    async adminCreateAnnouncement(request) {
      return ok(await app.operators.createAnnouncement(await app.requireVerified(request), request.params.communityId, request.body));
    },
    async adminDeleteAnnouncement(request) {
      return ok(await app.operators.deleteAnnouncement(await app.requireVerified(request), request.params.id));
    },
    async adminListQuestionnaires(request) {
      return ok(await app.operators.questionnaires(await app.requireVerified(request), request.params.communityId));
    },
    async adminArchiveQuestionnaire(request) {
      return ok(await app.operators.setQuestionnaireArchived(await app.requireVerified(request), request.params.id, true));
    },
    async adminRestoreQuestionnaire(request) {
      return ok(await app.operators.setQuestionnaireArchived(await app.requireVerified(request), request.params.id, false));
    },
    async adminShowCommunity(request) {
      return ok(await app.operators.community(await app.requireVerified(request), request.params.communityId));
    },
    async adminUpdateCommunity(request) {
      return ok(await app.operators.updateCommunity(await app.requireVerified(request), request.params.communityId, request.body));
    },
    async adminAuditAll(request) {
      const { communityId, page, size } = request.query;
      return ok(await app.operators.auditAll(await app.requireVerified(request), communityId, page, size));
    },
    async adminAddRewardOption(request) {
      return ok(await app.operators.addRewardOption(await app.requireVerified(request), request.params.id, request.body));
    },
    async adminListTriviaQuestions(request) {
      const { contestId, archived, page, size } = request.query;
      return ok(await app.operators.triviaQuestions(await app.requireVerified(request), request.params.communityId, contestId ?? null, archived === 'true', page, size));
    },
    async adminUpdateTriviaQuestion(request) {
      return ok(await app.operators.updateTriviaQuestion(await app.requireVerified(request), request.params.id, request.body));
    },
    async adminDeleteTriviaQuestion(request) {
      return ok(await app.operators.deleteTriviaQuestion(await app.requireVerified(request), request.params.id));
    },
    async adminSetPromoImage(request) {
      return ok(await app.operators.setPromoImage(await app.requireVerified(request), request.params.id, request.body.image));
    },
    async adminRemovePromoImage(request) {
      return ok(await app.operators.removePromoImage(await app.requireVerified(request), request.params.id));
    },
    async adminListOperators(request) {
      return ok(await app.operators.operators(await app.requireVerified(request), request.params.communityId));
    },
    async adminSetOperator(request) {
      const auth = await app.requireVerified(request);
      return ok(await app.operatorInvitations.invite(auth, request.params.communityId, request.body, requestMailLanguage(request)));
    },
    async adminListInvitations(request) {
      return ok(await app.operatorInvitations.pending(await app.requireVerified(request), request.params.communityId));
    },
    async adminRevokeInvitation(request) {
      return ok(await app.operatorInvitations.revoke(await app.requireVerified(request), request.params.communityId, request.params.id));
    },
    async adminSetup(request) {
      return ok(await app.operatorSetup.setup(request.body));
    },
    async adminAcceptInvitation(request) {
      return ok(await app.operatorInvitations.accept(await app.requireVerified(request), request.body.token));
    },
    async adminRemoveOperator(request) {
      return ok(await app.operators.removeOperator(await app.requireVerified(request), request.params.communityId, request.params.userId));
    },
    async adminCreateCommunity(request) {
      return ok(await app.operators.createCommunity(await app.requireVerified(request), request.body.name));
    },
    async adminDeleteRewardOption(request) {
      return ok(await app.operators.deleteRewardOption(await app.requireVerified(request), request.params.id));
    },
    async adminPushStatus(request) {
      return ok(await app.operators.pushStatus(await app.requireVerified(request), request.params.communityId));
    },
    async adminTriviaCharts(request) {
      return ok(await app.operators.triviaCharts(await app.requireVerified(request), request.params.id));
    },
    async adminAudit(request) {
      const auth = await app.requireVerified(request);
      const { page, size } = request.query;
      return ok(await app.operators.audit(auth, request.params.communityId, page, size));
    },
  };
}
