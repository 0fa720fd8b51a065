import fp from 'fastify-plugin';
import { announcementOperations, type AnnouncementOperations } from './announcements';
import { auditOperations, type AuditOperations } from './audit';
import { chanceToWinOperations, type ChanceToWinOperations } from './chanceToWin';
import { communityOperations, type CommunityOperations } from './communities';
import { operatorContext, type OperatorDeps } from './context';
import { memberOperations, type MemberOperations } from './members';
import { promoOperations, type PromoOperations } from './promos';
import { qrCodeOperations, type QrCodeOperations } from './qrCodes';
import { questionnaireOperations, type QuestionnaireOperations } from './questionnaires';
import { reportOperations, type ReportOperations } from './report';
import { rewardOperations, type RewardOperations } from './rewards';
import { roleOperations, type RoleOperations } from './roles';
import { triviaOperations, type TriviaOperations } from './trivia';
import { triviaQuestionOperations, type TriviaQuestionOperations } from './triviaQuestions';

export { MAX_BULK_ROWS, parseBulkCsv } from './members';
export { LOW_STOCK, stockState } from './rewards';

/**
 * The operator API's rules (issue 14): an operator's role per community decides what they may
 * read (viewer and up) and write (editor and up); a member who runs no community, or an operator
 * of another community, is refused; every write and its audit row share one transaction. One
 * part per resource, in this folder.
 */
export interface OperatorService
  extends CommunityOperations,
    RoleOperations,
    PromoOperations,
    RewardOperations,
    QrCodeOperations,
    MemberOperations,
    ReportOperations,
    AuditOperations,
    AnnouncementOperations,
    QuestionnaireOperations,
    ChanceToWinOperations,
    TriviaOperations,
    TriviaQuestionOperations {}

export function createOperatorService(deps: OperatorDeps): OperatorService {
  const ctx = operatorContext(deps);
  return {
    ...communityOperations(ctx),
    ...roleOperations(ctx),
    ...promoOperations(ctx),
    ...rewardOperations(ctx),
    ...qrCodeOperations(ctx),
    ...memberOperations(ctx),
    ...reportOperations(ctx),
    ...auditOperations(ctx),
    ...announcementOperations(ctx),
    ...questionnaireOperations(ctx),
    ...chanceToWinOperations(ctx),
    ...triviaOperations(ctx),
    ...triviaQuestionOperations(ctx),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    operators: OperatorService;
  }
}

export default fp(
  async (app) => {
    app.decorate('operators', createOperatorService({ db: app.db, now: app.now, publicUrl: app.config.publicUrl }));
  },
  { name: 'operators', dependencies: ['db', 'core'] },
);
