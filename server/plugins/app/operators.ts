import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Schema } from '../../api/types';
import { createCommunity, findCommunity, joinLink } from '../../db/repositories/communities';
import { clearPromoImage, imageProblem, setPromoImage } from '../../db/repositories/images';
import { deleteOpenContest, entriesOf, findContest, insertContest, listContests, moveDrawingTo, setCtwActive, updateOpenContest, winnersOf } from '../../db/repositories/chanceToWin';
import { winnersAnnouncement } from '../../contests/announceWinners';
import { commitmentOf, drawProof, newSeed } from '../../contests/draw';
import { drawContest } from '../../contests/runDraws';
import { operatorWinners } from '../../contests/operatorWinners';
import * as trivia from '../../db/repositories/trivia';
import { parseQuestions } from '../../trivia/questions';
import { initials, isTimeZone, leadersFor } from '../../trivia/leaderboard';
import { pushStatusOf } from '../../db/repositories/push';
import { postLedgerEntry, ADJUSTMENT_TITLE } from '../../db/repositories/ledger';
import { deleteAnnouncement, findAnnouncement, listAnnouncements, setAnnouncementActive, updateAnnouncement } from '../../db/repositories/announcements';
import { createEarnQrCode, earnQrLink } from '../../db/repositories/earnQrCodes';
import { createEarnPromo, findPromo } from '../../db/repositories/promos';
import {
  answerCount,
  createQuestionnaire,
  deleteQuestionnaire,
  findQuestionnaire,
  findQuestionnaireForUpdate,
  listQuestionnaires,
  offerCount,
  setQuestionnaireActive,
  updateQuestionnaire,
  type QuestionnaireSummary,
} from '../../db/repositories/questionnaires';
import { parsePayload } from '../../questionnaires/payload';
import { createReward, freeCodeCount } from '../../db/repositories/rewards';
import { afterVoid, duplicatesReport, importCodesInto } from './giftCodes';
import { auditPage, writeAudit } from '../../db/repositories/operators/audit';
import { deleteCode, findCodeForUpdate } from '../../db/repositories/operators/codes';
import { communityForUpdate, memberCount, updateCommunity } from '../../db/repositories/operators/communities';
import { findMember, ledgerPage, memberCard, membersByEmail, searchMembers } from '../../db/repositories/operators/members';
import { deletePromo, findPromoForUpdate, promoImage, promoReferences, promosOfCommunity, updatePromo, type PromoRow } from '../../db/repositories/operators/promos';
import { deleteQrCode, endQrCode, findQrCodeForUpdate, qrCodeCredits, qrCodesOfCommunity, updateQrCode, type QrCodeRow } from '../../db/repositories/operators/qrCodes';
import { communityReport } from '../../db/repositories/operators/report';
import { deleteRewardOption, findOptionForUpdate, insertRewardOption, optionCommunity, optionCount, optionRedemptions, optionsOfReward, updateRewardOption, type RewardOptionRow } from '../../db/repositories/operators/rewardOptions';
import { communitiesOfOperator, operatorsOf, ownerCount, removeOperatorRole, roleIn, setOperatorRole } from '../../db/repositories/operators/roles';
import { deleteTriviaContest, deleteTriviaQuestion, triviaQuestionForUpdate, triviaQuestionsPage, updateTriviaContest, updateTriviaQuestion, type TriviaQuestionRow } from '../../db/repositories/operators/trivia';
import type { CtwContest, Database, LocalizedText, OperatorRole } from '../../db/schema';
import { csvFields, csvLines } from '../../csv';
import { AppError } from '../../errors';
import { clearSupportContact, findSupportContact, setSupportContact, type SupportContactInput } from '../../db/repositories/support';
import { cleanPhone, normalizeEmail } from '../../security/rules';
import { announce, AnnouncementInputError } from './announcements';
import { codePage } from './giftCodeReads';
import { forbidden, RANK, requireRoleIn } from './operatorRoles';
import type { AuthContext } from './sessions';

const promoNotFound = () => new AppError('NOT_FOUND', 404, 'No such promo in a community you run.');
const optionNotFound = () => new AppError('NOT_FOUND', 404, 'No such reward option in a community you run.');
const memberNotFound = () => new AppError('NOT_FOUND', 404, 'No such member in a community you run.');
/** An operator's debit below zero, said to the operator (not the member's "You do not have enough pips"). */
const memberHasOnly = (pips: number) => new AppError('INSUFFICIENT_PIPS', 400, `The member has only ${pips} pip${pips === 1 ? '' : 's'}: a debit cannot take them below zero.`);

/** A stored text as the operator API shows it: always `{ en, es? }`. */
const adminText = (text: LocalizedText): Schema<'AdminText'> => (typeof text === 'string' ? { en: text } : text);

const promoView = (row: PromoRow): Schema<'AdminPromo'> => ({
  id: row.id,
  communityId: row.community_id,
  type: row.type,
  title: adminText(row.title),
  description: row.description === null ? null : adminText(row.description),
  url: row.url,
  pips: row.pips,
  earnLimit: row.earn_limit,
  archived: !row.active,
  createdAt: new Date(row.created_at).toISOString(),
  image: row.image_url === null ? null : { url: row.image_url, width: row.image_width ?? 0, height: row.image_height ?? 0 },
});

/** A questionnaire as the operator API lists it: the title and step count read from its payload. */
const questionnaireView = (row: QuestionnaireSummary): Schema<'AdminQuestionnaire'> => {
  const payload = (row.payload ?? {}) as { title?: LocalizedText; steps?: unknown[] };
  return {
    id: row.id,
    title: adminText(payload.title ?? ''),
    pips: row.pips,
    steps: Array.isArray(payload.steps) ? payload.steps.length : 0,
    answers: row.answers,
    archived: !row.active,
  };
};

const triviaQuestionView = (row: TriviaQuestionRow): Schema<'AdminTriviaQuestionStored'> => ({
  id: row.id,
  contestId: row.contest_id,
  text: adminText(row.text),
  answers: row.answers.map((a) => ({ id: a.id, text: adminText(a.text), correct: a.correct })),
  archived: !row.active,
  served: row.served,
  answered: row.answered,
  createdAt: new Date(row.created_at).toISOString(),
});

/** What the audit log keeps of a support contact (all of it: the operator's own published details). */
type SupportInput = Schema<'AdminSupportContact'>;

const optionView = (row: RewardOptionRow): Schema<'AdminRewardOption'> => ({
  optId: row.id,
  label: adminText(row.label),
  pips: row.pips,
  codesTotal: row.codesTotal,
  codesLeft: row.codesLeft,
  stock: stockState(row.codesLeft, row.codesTotal),
  limit: row.limit,
});

type BulkRow = Schema<'AdminBulkAdjustResult'>['rows'][number];

/** A reward option with fewer free codes than this is low on stock in the report. */
export const LOW_STOCK = 5;

/** How an option stands on codes (the console's badge): none loaded, all handed out, low, or enough. */
export const stockState = (left: number, total: number): Schema<'AdminStockState'> =>
  total === 0 ? 'none' : left === 0 ? 'out' : left < LOW_STOCK ? 'low' : 'ok';

/** At most this many lines in one bulk adjustment. */
export const MAX_BULK_ROWS = 5000;

/**
 * The lines of a bulk adjustment's CSV: the header names email, delta and reason (any order and
 * case); blank lines are skipped; each row keeps its line number. Bad deltas and missing reasons
 * are marked here, the members and balances by the caller.
 */
export function parseBulkCsv(csv: string): BulkRow[] {
  const lines = csvLines(csv);
  const first = lines.findIndex((line) => line.trim() !== '');
  const header = first < 0 ? [] : csvFields(lines[first]).map((field) => field.trim().toLowerCase());
  const column = { email: header.indexOf('email'), delta: header.indexOf('delta'), reason: header.indexOf('reason') };
  if (column.email < 0 || column.delta < 0 || column.reason < 0) {
    throw new AppError('VALIDATION_ERROR', 400, 'csv: the first line must name the columns email, delta and reason');
  }
  const rows: BulkRow[] = [];
  lines.forEach((line, index) => {
    if (index <= first || line.trim() === '') return;
    const fields = csvFields(line);
    const email = (fields[column.email] ?? '').trim().toLowerCase();
    const rawDelta = (fields[column.delta] ?? '').trim();
    const reason = (fields[column.reason] ?? '').trim();
    const delta = /^[+-]?\d{1,8}$/.test(rawDelta) ? Number(rawDelta) : null;
    const goodDelta = delta !== null && delta !== 0 && Math.abs(delta) <= 10_000_000;
    rows.push({
      line: index + 1,
      email,
      delta: goodDelta ? delta : null,
      reason,
      userId: null,
      availableBefore: null,
      availableAfter: null,
      problem: !goodDelta ? 'BAD_DELTA' : reason === '' || reason.length > 500 ? 'NO_REASON' : null,
    });
  });
  if (rows.length === 0) throw new AppError('VALIDATION_ERROR', 400, 'csv: no adjustment below the header');
  if (rows.length > MAX_BULK_ROWS) throw new AppError('VALIDATION_ERROR', 400, `csv: at most ${MAX_BULK_ROWS} lines at a time`);
  return rows;
}

/** The fields of a promo a change touched, before or after it (what the audit log keeps). */
/** A reward holds at most this many options (as when it is created). */
const MAX_OPTIONS = 20;

const auditView = (rows: Awaited<ReturnType<typeof auditPage>>): Schema<'AdminAuditPage'> => ({
  entries: rows.map((row) => ({
    id: row.id,
    communityId: row.communityId,
    operator: row.operator,
    action: row.action,
    entity: row.entity,
    entityId: row.entityId,
    before: row.before,
    after: row.after,
    at: new Date(row.at).toISOString(),
  })),
});

/** A support contact as it is stored: the e-mail normalized, the phone cleaned, the texts trimmed. */
function supportInput(input: SupportInput): SupportContactInput {
  const phone = input.phone ? cleanPhone(input.phone) : null;
  if (input.phone && !phone) throw new AppError('VALIDATION_ERROR', 400, 'support.phone: up to 32 of 0-9 + ( ) . - and spaces');
  const en = input.text?.en?.trim();
  const es = input.text?.es?.trim();
  return {
    email: normalizeEmail(input.email),
    url: input.url ?? null,
    phone: phone || null,
    text: en || es ? { ...(en && { en }), ...(es && { es }) } : null,
  };
}

async function communityView(db: Kysely<Database>, communityId: string, role: OperatorRole, publicUrl: string): Promise<Schema<'AdminCommunityDetail'>> {
  const row = (await findCommunity(db, communityId))!;
  const contact = await findSupportContact(db, communityId);
  return {
    communityId: row.id,
    name: row.name,
    role,
    archived: !row.active,
    members: await memberCount(db, communityId),
    support: contact ? { email: contact.email, url: contact.url, phone: contact.phone, text: contact.text } : null,
    joinLink: joinLink(publicUrl, row.id),
  };
}

/** What the audit log calls an edit: `<entity>.archive` or `.restore` when it only (un)archives, else `.update`. */
const editAction = (entity: string, change: { archived?: boolean }) =>
  Object.keys(change).length === 1 && change.archived !== undefined ? `${entity}.${change.archived ? 'archive' : 'restore'}` : `${entity}.update`;

/** The fields a change touched, as a view shows them before or after it (what the audit log keeps). */
const touched = <T extends object>(view: T, keys: readonly string[]) => Object.fromEntries(keys.map((key) => [key, view[key as keyof T]]));

/**
 * The operator API's rules (issue 14): an operator's role per community decides what they may
 * read (viewer and up) and write (editor and up); a member who runs no community, or an operator
 * of another community, is refused; every write and its audit row share one transaction.
 */
export interface OperatorService {
  communities(auth: AuthContext): Promise<Schema<'AdminCommunityList'>>;
  promos(auth: AuthContext, communityId: string, type: 'EARN' | 'REDEEM', archived: boolean): Promise<Schema<'AdminPromoList'>>;
  createPromo(auth: AuthContext, communityId: string, input: Schema<'AdminPromoNew'>): Promise<Schema<'AdminPromoCreated'>>;
  rewardOptions(auth: AuthContext, promoId: number): Promise<Schema<'AdminRewardOptionList'>>;
  importCodes(auth: AuthContext, optionId: number, codes: string[], dryRun: boolean): Promise<Schema<'AdminCodeImportResult'>>;
  updatePromo(auth: AuthContext, id: number, change: Schema<'AdminPromoChange'>): Promise<Schema<'AdminPromo'>>;
  setArchived(auth: AuthContext, id: number, archived: boolean): Promise<Schema<'AdminPromo'>>;
  deletePromo(auth: AuthContext, id: number): Promise<Schema<'AdminDeleted'>>;
  deleteQrCode(auth: AuthContext, id: number): Promise<Schema<'AdminDeleted'>>;
  members(auth: AuthContext, communityId: string, q: string | undefined, page: number, size: number): Promise<Schema<'AdminMemberPage'>>;
  member(auth: AuthContext, userId: number, page: number, size: number): Promise<Schema<'AdminMemberLedger'>>;
  adjust(auth: AuthContext, userId: number, delta: number, reason: string): Promise<Schema<'AdminAdjustResult'>>;
  bulkAdjust(auth: AuthContext, communityId: string, csv: string, dryRun: boolean): Promise<Schema<'AdminBulkAdjustResult'>>;
  audit(auth: AuthContext, communityId: string, page: number, size: number): Promise<Schema<'AdminAuditPage'>>;
  report(auth: AuthContext, communityId: string, days: number): Promise<Schema<'AdminReport'>>;
  qrCodes(auth: AuthContext, communityId: string): Promise<Schema<'AdminQrCodeList'>>;
  createQrCode(auth: AuthContext, communityId: string, input: Schema<'AdminQrCodeNew'>): Promise<Schema<'AdminQrCode'>>;
  endQrCode(auth: AuthContext, id: number): Promise<Schema<'AdminQrCode'>>;
  announcements(auth: AuthContext, communityId: string): Promise<Schema<'AdminAnnouncementList'>>;
  createAnnouncement(auth: AuthContext, communityId: string, input: Schema<'AdminAnnouncementNew'>): Promise<Schema<'AdminAnnouncement'>>;
  deleteAnnouncement(auth: AuthContext, id: number): Promise<Schema<'AdminDeleted'>>;
  questionnaires(auth: AuthContext, communityId: string): Promise<Schema<'AdminQuestionnaireList'>>;
  setQuestionnaireArchived(auth: AuthContext, id: number, archived: boolean): Promise<Schema<'AdminQuestionnaire'>>;
  createQuestionnaire(auth: AuthContext, communityId: string, input: Schema<'AdminQuestionnaireNew'>): Promise<Schema<'AdminQuestionnaire'>>;
  codes(auth: AuthContext, optionId: number, status: 'free' | 'handedOut' | undefined, page: number, size: number): Promise<Schema<'AdminCodePage'>>;
  voidCode(auth: AuthContext, codeId: number): Promise<Schema<'AdminCodeVoided'>>;
  duplicateCodes(auth: AuthContext, communityId: string): Promise<Schema<'AdminCodeDuplicates'>>;
  updateQrCode(auth: AuthContext, id: number, change: Schema<'AdminQrCodeChange'>): Promise<Schema<'AdminQrCode'>>;
  updateRewardOption(auth: AuthContext, id: number, change: Schema<'AdminRewardOptionChange'>): Promise<Schema<'AdminRewardOption'>>;
  updateAnnouncement(auth: AuthContext, id: number, change: Schema<'AdminAnnouncementChange'>): Promise<Schema<'AdminAnnouncement'>>;
  updateChanceToWin(auth: AuthContext, id: number, change: Schema<'AdminCtwChange'>): Promise<Schema<'AdminCtwContest'>>;
  deleteChanceToWin(auth: AuthContext, id: number): Promise<Schema<'AdminDeleted'>>;
  deleteQuestionnaire(auth: AuthContext, id: number): Promise<Schema<'AdminDeleted'>>;
  updateQuestionnaire(auth: AuthContext, id: number, change: Schema<'AdminQuestionnaireChange'>): Promise<Schema<'AdminQuestionnaire'>>;
  updateTriviaContest(auth: AuthContext, id: number, change: Schema<'AdminTriviaContestChange'>): Promise<Schema<'AdminTriviaContest'>>;
  deleteTriviaContest(auth: AuthContext, id: number): Promise<Schema<'AdminDeleted'>>;
  chanceToWin(auth: AuthContext, communityId: string): Promise<Schema<'AdminCtwContestList'>>;
  createChanceToWin(auth: AuthContext, communityId: string, input: Schema<'AdminCtwNew'>): Promise<Schema<'AdminCtwContest'>>;
  drawChanceToWin(auth: AuthContext, id: number): Promise<Schema<'AdminCtwContest'>>;
  trivia(auth: AuthContext, communityId: string): Promise<Schema<'AdminTrivia'>>;
  setTriviaSettings(auth: AuthContext, communityId: string, change: Schema<'AdminTriviaSettingsChange'>): Promise<Schema<'AdminTrivia'>>;
  importTriviaQuestions(auth: AuthContext, communityId: string, input: Schema<'AdminTriviaQuestionImport'>): Promise<Schema<'AdminTriviaQuestionsAdded'>>;
  createTriviaContest(auth: AuthContext, communityId: string, input: Schema<'AdminTriviaContestNew'>): Promise<Schema<'AdminTriviaContest'>>;
  community(auth: AuthContext, communityId: string): Promise<Schema<'AdminCommunityDetail'>>;
  updateCommunity(auth: AuthContext, communityId: string, change: Schema<'AdminCommunityChange'>): Promise<Schema<'AdminCommunityDetail'>>;
  auditAll(auth: AuthContext, communityId: string | undefined, page: number, size: number): Promise<Schema<'AdminAuditPage'>>;
  addRewardOption(auth: AuthContext, promoId: number, input: Schema<'AdminRewardOptionNew'>): Promise<Schema<'AdminRewardOption'>>;
  triviaQuestions(auth: AuthContext, communityId: string, contestId: number | null, archived: boolean, page: number, size: number): Promise<Schema<'AdminTriviaQuestionPage'>>;
  updateTriviaQuestion(auth: AuthContext, id: number, change: Schema<'AdminTriviaQuestionChange'>): Promise<Schema<'AdminTriviaQuestionStored'>>;
  deleteTriviaQuestion(auth: AuthContext, id: number): Promise<Schema<'AdminDeleted'>>;
  setPromoImage(auth: AuthContext, promoId: number, base64: string): Promise<Schema<'AdminImage'>>;
  removePromoImage(auth: AuthContext, promoId: number): Promise<Schema<'AdminDeleted'>>;
  operators(auth: AuthContext, communityId: string): Promise<Schema<'AdminOperatorList'>>;
  removeOperator(auth: AuthContext, communityId: string, userId: number): Promise<Schema<'AdminDeleted'>>;
  createCommunity(auth: AuthContext, name: string): Promise<Schema<'AdminCommunityCreated'>>;
  deleteRewardOption(auth: AuthContext, id: number): Promise<Schema<'AdminDeleted'>>;
  pushStatus(auth: AuthContext, communityId: string): Promise<Schema<'AdminPushStatus'>>;
  triviaCharts(auth: AuthContext, contestId: number): Promise<Schema<'AdminTriviaCharts'>>;
}

export function createOperatorService(deps: { db: Kysely<Database>; now: () => Date; publicUrl: string }): OperatorService {
  const { db } = deps;

  const qrView = (row: QrCodeRow): Schema<'AdminQrCode'> => {
    const at = deps.now().getTime();
    const time = (value: Date | string | null) => (value === null ? null : new Date(value));
    const [from, until] = [time(row.valid_from), time(row.valid_until)];
    return {
      id: row.id,
      communityId: row.community_id,
      title: adminText(row.title),
      pips: row.pips,
      earnLimit: row.earn_limit,
      validFrom: from?.toISOString() ?? null,
      validUntil: until?.toISOString() ?? null,
      cap: row.total_cap,
      claims: row.claims_count,
      live: (from === null || from.getTime() <= at) && (until === null || until.getTime() > at) && (row.total_cap === null || row.claims_count < row.total_cap),
      link: earnQrLink(deps.publicUrl, row.code),
    };
  };
  type AnnouncementRow = Awaited<ReturnType<typeof listAnnouncements>>[number];
  const announcementView = (row: AnnouncementRow): Schema<'AdminAnnouncement'> => ({
    id: row.id,
    communityId: row.community_id,
    title: row.title,
    text: row.text,
    url: row.url,
    sendDate: new Date(row.send_date).toISOString(),
    read: row.read ?? 0,
    deleted: row.deleted ?? 0,
    pushed: row.pushed ?? 0,
    archived: !row.active,
  });
  const contestNotFound = () => new AppError('NOT_FOUND', 404, 'No such Chance to Win contest in a community you run.');

  /** Contests as the operator API shows them: entries and winners (name and e-mail while the account exists) once drawn. */
  async function contestViews(contests: CtwContest[], trx: Kysely<Database> = db): Promise<Schema<'AdminCtwContest'>[]> {
    const drawn = contests.filter((c) => c.status === 'drawn').map((c) => c.id);
    const [entries, winners] = await Promise.all([entriesOf(trx, drawn), winnersOf(trx, drawn).then((rows) => operatorWinners(trx, rows))]);
    return contests.map((c) => ({
      id: c.id,
      communityId: c.community_id,
      name: adminText(c.name),
      prize: c.prize === null ? null : adminText(c.prize),
      thresholdPips: c.threshold_pips,
      startsAt: new Date(c.starts_at).toISOString(),
      drawsAt: new Date(c.draws_at).toISOString(),
      numberOfWinners: c.number_of_winners,
      status: c.status === 'drawn' ? 'drawn' : 'open',
      archived: !c.active,
      commitment: c.commitment,
      entries: c.status === 'drawn' ? (entries.get(c.id) ?? []).length : null,
      winners: winners.get(c.id) ?? [],
      proof: drawProof(c, entries.get(c.id)),
    }));
  }
  /** A community's trivia as the operator API shows it (read inside `trx` after a write). */
  async function triviaView(communityId: string, trx: Kysely<Database> = db): Promise<Schema<'AdminTrivia'>> {
    const settings = await trivia.triviaSettings(trx, communityId);
    const contests = await trivia.listContests(trx, communityId);
    return {
      ...settings,
      questions: await trivia.countQuestions(trx, communityId, null),
      contests: await Promise.all(contests.map((c) => triviaContestView(c, trx))),
    };
  }
  async function triviaContestView(
    c: Awaited<ReturnType<typeof trivia.listContests>>[number],
    trx: Kysely<Database> = db,
  ): Promise<Schema<'AdminTriviaContest'>> {
    return {
      id: c.id,
      name: adminText(c.name),
      rules: c.rules === null ? null : adminText(c.rules),
      startsAt: new Date(c.starts_at).toISOString(),
      endsAt: new Date(c.ends_at).toISOString(),
      pipsPerAnswer: c.pips_per_answer,
      joinPips: c.join_pips,
      teams: (await trivia.teamsOfContest(trx, c.id)).map((team) => adminText(team.name)),
      members: c.members,
      questions: c.questions,
      archived: !c.active,
    };
  }
  const announcementNotFound = () => new AppError('NOT_FOUND', 404, 'No such announcement in a community you run.');
  const qrNotFound = () => new AppError('NOT_FOUND', 404, 'No such QR code in a community you run.');

  /** The caller's role in the community when it is at least `least`; 404 for an unknown community. */
  const requireRole = (auth: AuthContext, communityId: string, least: OperatorRole) => requireRoleIn(db, auth.userId, communityId, least);

  /** Whether the caller may write in the community (to tell 404 from 403 without a leak: both are "not yours"). */
  async function mayWrite(auth: AuthContext, communityId: string, trx: Kysely<Database> = db, notFound?: () => AppError): Promise<void> {
    // Inside a write's transaction, its own connection (PGlite has only one).
    const role = await roleIn(trx, auth.userId, communityId);
    // Content of a community the caller does not run answers as if it did not exist (`notFound`).
    if (role === undefined) throw notFound?.() ?? new AppError('NOT_FOUND', 404, 'Not found in a community you run.');
    if (RANK[role] < RANK.editor) throw forbidden();
  }

  const questionNotFound = () => new AppError('NOT_FOUND', 404, 'No such trivia question in a community you run.');

  return {
    async communities(auth) {
      const rows = await communitiesOfOperator(db, auth.userId);
      return { communities: rows.map((row) => ({ communityId: row.communityId, name: row.name, role: row.role, archived: !row.active })) };
    },

    async promos(auth, communityId, type, archived) {
      await requireRole(auth, communityId, 'viewer');
      const rows = await promosOfCommunity(db, communityId, type, archived);
      return { promos: rows.map(promoView) };
    },

    async createPromo(auth, communityId, input) {
      await requireRole(auth, communityId, 'editor');
      return db.transaction().execute(async (trx) => {
        await mayWrite(auth, communityId, trx);
        let id: number;
        if (input.type === 'EARN') {
          id = await createEarnPromo(trx, {
            communityId,
            title: input.title,
            description: input.description ?? null,
            url: input.url ?? null,
            pips: input.pips,
            limit: input.earnLimit ?? 'once',
          });
        } else {
          ({ id } = await createReward(trx, {
            communityId,
            title: input.title,
            description: input.description ?? null,
            terms: input.terms ?? null,
            url: input.url ?? null,
            options: input.options,
          }));
        }
        const promo = promoView((await findPromoForUpdate(trx, id))!);
        const options = input.type === 'REDEEM' ? (await optionsOfReward(trx, id)).map(optionView) : [];
        await writeAudit(trx, {
          operatorId: auth.userId,
          communityId,
          action: 'promo.create',
          entity: 'promo',
          entityId: id,
          before: null,
          after: { ...promo, options: options.map(({ optId, label, pips }) => ({ optId, label, pips })) },
        });
        return { promo, options };
      });
    },

    async rewardOptions(auth, promoId) {
      const promo = await findPromo(db, promoId);
      if (!promo || promo.type !== 'REDEEM') throw promoNotFound();
      await requireRole(auth, promo.community_id, 'viewer').catch(() => {
        throw promoNotFound();
      });
      return { options: (await optionsOfReward(db, promoId)).map(optionView) };
    },

    async importCodes(auth, optionId, codes, dryRun) {
      return db.transaction().execute(async (trx) => {
        const option = await findOptionForUpdate(trx, optionId);
        if (!option) throw optionNotFound();
        await mayWrite(auth, option.communityId, trx, optionNotFound);
        const { codesBefore: before, ...result } = await importCodesInto(trx, optionId, option.communityId, codes, dryRun);
        const { imported, skipped, codesLeft } = result;
        if (dryRun || imported === 0) return result;
        await writeAudit(trx, {
          operatorId: auth.userId,
          communityId: option.communityId,
          action: 'codes.import',
          entity: 'option',
          entityId: optionId,
          // Counts only: the codes are the members' gift cards.
          before: { codesLeft: before },
          after: { codesLeft, imported, skipped: skipped.length },
        });
        return { dryRun, imported, skipped, codesLeft };
      });
    },

    async codes(auth, optionId, status, page, size) {
      const communityId = await optionCommunity(db, optionId);
      if (!communityId) throw optionNotFound();
      const role = await requireRole(auth, communityId, 'viewer').catch((error: AppError) => {
        throw error.code === 'FORBIDDEN' ? optionNotFound() : error;
      });
      return codePage(db, { operatorId: auth.userId, communityId, role, optionId, status, page, size });
    },

    async duplicateCodes(auth, communityId) {
      return duplicatesReport(db, communityId, await requireRole(auth, communityId, 'viewer'));
    },

    async voidCode(auth, codeId) {
      const codeNotFound = () => new AppError('NOT_FOUND', 404, 'No such gift-card code in a community you run.');
      return db.transaction().execute(async (trx) => {
        const row = await findCodeForUpdate(trx, codeId);
        if (!row) throw codeNotFound();
        await mayWrite(auth, row.communityId, trx, codeNotFound);
        if (row.redemptionId !== null) throw new AppError('IN_USE', 409, 'The code was handed out to a member already: it cannot be voided.');
        const before = await freeCodeCount(trx, row.optionId);
        await deleteCode(trx, codeId);
        await afterVoid(trx, row.code, row.duplicate);
        const codesLeft = await freeCodeCount(trx, row.optionId);
        await writeAudit(trx, {
          operatorId: auth.userId,
          communityId: row.communityId,
          action: 'codes.void',
          entity: 'option',
          entityId: row.optionId,
          // The code's id only, never the code itself.
          before: { codesLeft: before },
          after: { codesLeft, voidedCodeId: codeId },
        });
        return { voided: true, codesLeft };
      });
    },

    async updatePromo(auth, id, change) {
      return db.transaction().execute(async (trx) => {
        const row = await findPromoForUpdate(trx, id);
        if (!row) throw promoNotFound();
        await mayWrite(auth, row.community_id, trx, promoNotFound);
        if (change.pips !== undefined && row.type !== 'EARN') {
          throw new AppError('VALIDATION_ERROR', 400, "pips: a reward's prices live on its options");
        }
        const updated = await updatePromo(trx, id, change);
        const keys = Object.keys(change);
        await writeAudit(trx, {
          operatorId: auth.userId,
          communityId: row.community_id,
          action: 'promo.update',
          entity: 'promo',
          entityId: id,
          before: touched(promoView(row), keys),
          after: touched(promoView(updated), keys),
        });
        return promoView(updated);
      });
    },

    async setArchived(auth, id, archived) {
      return db.transaction().execute(async (trx) => {
        const row = await findPromoForUpdate(trx, id);
        if (!row) throw promoNotFound();
        await mayWrite(auth, row.community_id, trx, promoNotFound);
        if (row.active === !archived) return promoView(row);
        const updated = await updatePromo(trx, id, { active: !archived });
        await writeAudit(trx, {
          operatorId: auth.userId,
          communityId: row.community_id,
          action: archived ? 'promo.archive' : 'promo.restore',
          entity: 'promo',
          entityId: id,
          before: { archived: !row.active },
          after: { archived: !updated.active },
        });
        return promoView(updated);
      });
    },

    async deletePromo(auth, id) {
      return db.transaction().execute(async (trx) => {
        const row = await findPromoForUpdate(trx, id);
        if (!row) throw promoNotFound();
        await mayWrite(auth, row.community_id, trx, promoNotFound);
        const refs = await promoReferences(trx, row);
        if (refs.earned + refs.redemptions + refs.codes > 0) {
          const what = [
            refs.earned && `earned ${refs.earned} time(s)`,
            refs.redemptions && `redeemed ${refs.redemptions} time(s)`,
            refs.codes && `${refs.codes} gift-card code(s) loaded`,
          ].filter(Boolean);
          throw new AppError('IN_USE', 409, `The promo is in use (${what.join(', ')}): archive it instead.`);
        }
        await deletePromo(trx, id);
        await writeAudit(trx, { operatorId: auth.userId, communityId: row.community_id, action: 'promo.delete', entity: 'promo', entityId: id, before: promoView(row), after: null });
        return { deleted: true };
      });
    },

    async deleteQrCode(auth, id) {
      return db.transaction().execute(async (trx) => {
        const row = await findQrCodeForUpdate(trx, id);
        if (!row) throw qrNotFound();
        await mayWrite(auth, row.community_id, trx, qrNotFound);
        const credits = Math.max(row.claims_count, await qrCodeCredits(trx, id));
        if (credits > 0) throw new AppError('IN_USE', 409, `The QR code credited ${credits} scan(s): end it instead.`);
        await deleteQrCode(trx, id);
        const { link: _link, ...kept } = qrView(row);
        await writeAudit(trx, { operatorId: auth.userId, communityId: row.community_id, action: 'qr.delete', entity: 'qr', entityId: id, before: kept, after: null });
        return { deleted: true };
      });
    },

    async members(auth, communityId, q, page, size) {
      await requireRole(auth, communityId, 'viewer');
      const { members, total } = await searchMembers(db, communityId, q, size, (page - 1) * size);
      return {
        total,
        members: members.map((m) => ({
          userId: m.id,
          email: m.email ?? '',
          firstName: m.first_name,
          lastName: m.last_name,
          verified: m.is_verified,
          availablePips: m.available_pips,
          totalEarnedPips: m.total_earned_pips,
          totalUsedPips: m.total_used_pips,
          joinedAt: new Date(m.created_at).toISOString(),
        })),
      };
    },

    async member(auth, userId, page, size) {
      const card = await memberCard(db, userId);
      if (!card) throw memberNotFound();
      await requireRole(auth, card.community_id, 'viewer').catch(() => {
        throw memberNotFound();
      });
      const rows = await ledgerPage(db, userId, size, (page - 1) * size);
      return {
        member: {
          userId: card.id,
          email: card.email ?? '',
          firstName: card.first_name,
          lastName: card.last_name,
          verified: card.is_verified,
          availablePips: card.available_pips,
          totalEarnedPips: card.total_earned_pips,
          totalUsedPips: card.total_used_pips,
          joinedAt: new Date(card.created_at).toISOString(),
        },
        entries: rows.map((row) => ({
          id: row.id,
          delta: row.delta,
          kind: row.kind,
          title: adminText(row.title),
          reason: row.reason,
          at: new Date(row.created_at).toISOString(),
        })),
        total: card.ledger_rows,
      };
    },

    async adjust(auth, userId, delta, reason) {
      const member = await findMember(db, userId);
      if (!member) throw memberNotFound();
      await mayWrite(auth, member.community_id, db, memberNotFound);
      return db.transaction().execute(async (trx) => {
        const trimmed = reason.trim();
        const posted = await postLedgerEntry(
          trx,
          { userId, delta, kind: 'adjustment', sourceId: null, title: ADJUSTMENT_TITLE, reason: trimmed },
          deps.now(),
        );
        await writeAudit(trx, {
          operatorId: auth.userId,
          communityId: member.community_id,
          action: 'member.adjust',
          entity: 'member',
          entityId: userId,
          before: { availablePips: posted.availablePips - delta },
          after: { availablePips: posted.availablePips, delta, reason: trimmed, entryId: posted.entryId },
        });
        return { userId, availablePips: posted.availablePips, entryId: posted.entryId };
      }).catch(async (error: unknown) => {
        // Rolled back: the balance it had, read again, for the operator.
        if (!(error instanceof AppError && error.code === 'INSUFFICIENT_PIPS')) throw error;
        throw memberHasOnly((await findMember(db, userId))?.available_pips ?? member.available_pips);
      });
    },

    async bulkAdjust(auth, communityId, csv, dryRun) {
      await requireRole(auth, communityId, 'editor');
      const rows = parseBulkCsv(csv);
      return db.transaction().execute(async (trx) => {
        await mayWrite(auth, communityId, trx);
        // The balances each line starts from: the member's, after the lines before it.
        const members = new Map((await membersByEmail(trx, communityId, [...new Set(rows.map((r) => r.email))])).map((m) => [m.email, m]));
        const running = new Map<number, number>();
        for (const row of rows) {
          const member = members.get(row.email);
          if (!member) {
            row.problem ??= 'NO_SUCH_MEMBER';
            continue;
          }
          row.userId = member.id;
          if (row.delta === null || row.problem) continue;
          row.availableBefore = running.get(member.id) ?? member.available_pips;
          row.availableAfter = row.availableBefore + row.delta;
          if (row.availableAfter < 0) row.problem = 'INSUFFICIENT_PIPS';
          else running.set(member.id, row.availableAfter);
        }
        if (dryRun || rows.some((row) => row.problem !== null)) return { dryRun, applied: 0, rows };
        const now = deps.now();
        for (const row of rows) {
          await postLedgerEntry(trx, { userId: row.userId!, delta: row.delta!, kind: 'adjustment', sourceId: null, title: ADJUSTMENT_TITLE, reason: row.reason }, now);
        }
        await writeAudit(trx, {
          operatorId: auth.userId,
          communityId,
          action: 'members.bulkAdjust',
          entity: 'community',
          entityId: communityId,
          before: null,
          after: { lines: rows.length, adjustments: rows.map((row) => ({ userId: row.userId, delta: row.delta, reason: row.reason })) },
        });
        return { dryRun, applied: rows.length, rows };
      });
    },

    async report(auth, communityId, days) {
      await requireRole(auth, communityId, 'viewer');
      const to = deps.now();
      const from = new Date(to.getTime() - days * 86_400_000);
      const data = await communityReport(db, communityId, from);
      return {
        from: from.toISOString(),
        to: to.toISOString(),
        days,
        members: { total: Number(data.members.total), joined: Number(data.members.joined) },
        pips: { earned: Number(data.pips.earned), redeemed: Number(data.pips.redeemed), adjusted: Number(data.pips.adjusted) },
        earnings: data.earnings.map((row) => ({
          day: row.day,
          kind: row.kind,
          sourceId: row.source_id,
          title: adminText(row.title),
          count: Number(row.count),
          pips: Number(row.pips),
        })),
        redemptions: data.redemptions.map((row) => ({
          promoId: row.promo_id,
          optId: row.option_id,
          title: adminText(row.title),
          label: adminText(row.label),
          count: Number(row.count),
          pips: Number(row.pips),
        })),
        stock: data.stock.map((row) => ({
          promoId: row.promo_id,
          optId: row.option_id,
          title: adminText(row.title),
          label: adminText(row.label),
          codesLeft: Number(row.left),
          codesTotal: Number(row.total),
          low: Number(row.left) < LOW_STOCK,
          stock: stockState(Number(row.left), Number(row.total)),
        })),
      };
    },

    async qrCodes(auth, communityId) {
      await requireRole(auth, communityId, 'viewer');
      return { qrCodes: (await qrCodesOfCommunity(db, communityId)).map(qrView) };
    },

    async createQrCode(auth, communityId, input) {
      await requireRole(auth, communityId, 'editor');
      const validFrom = input.validFrom === undefined ? null : new Date(input.validFrom);
      const validUntil = input.validUntil === undefined ? null : new Date(input.validUntil);
      if (validFrom && validUntil && validUntil <= validFrom) {
        throw new AppError('VALIDATION_ERROR', 400, 'validUntil: must be after validFrom');
      }
      if (validUntil && validUntil <= deps.now()) throw new AppError('VALIDATION_ERROR', 400, 'validUntil: the validity has already ended (choose a moment in the future)');
      return db.transaction().execute(async (trx) => {
        await mayWrite(auth, communityId, trx);
        const { id } = await createEarnQrCode(trx, {
          communityId,
          title: input.title,
          pips: input.pips,
          limit: input.earnLimit ?? 'once',
          validFrom,
          validUntil,
          totalCap: input.cap ?? null,
        });
        const view = qrView((await findQrCodeForUpdate(trx, id))!);
        const { link: _link, ...kept } = view;
        await writeAudit(trx, { operatorId: auth.userId, communityId, action: 'qr.create', entity: 'qr', entityId: id, before: null, after: kept });
        return view;
      });
    },

    async updateQrCode(auth, id, change) {
      return db.transaction().execute(async (trx) => {
        const row = await findQrCodeForUpdate(trx, id);
        if (!row) throw qrNotFound();
        await mayWrite(auth, row.community_id, trx, qrNotFound);
        const validUntil = change.validUntil === undefined ? undefined : change.validUntil === null ? null : new Date(change.validUntil);
        if (validUntil && row.valid_from !== null && validUntil <= new Date(row.valid_from)) {
          throw new AppError('VALIDATION_ERROR', 400, 'validUntil: must be after the code starts');
        }
        const updated = await updateQrCode(trx, id, { title: change.title, pips: change.pips, earnLimit: change.earnLimit, validUntil, cap: change.cap });
        const keys = Object.keys(change);
        await writeAudit(trx, {
          operatorId: auth.userId,
          communityId: row.community_id,
          action: 'qr.update',
          entity: 'qr',
          entityId: id,
          before: touched(qrView(row), keys),
          after: touched(qrView(updated), keys),
        });
        return qrView(updated);
      });
    },

    async updateRewardOption(auth, id, change) {
      return db.transaction().execute(async (trx) => {
        const option = await findOptionForUpdate(trx, id);
        if (!option) throw optionNotFound();
        await mayWrite(auth, option.communityId, trx, optionNotFound);
        const find = async () => optionView((await optionsOfReward(trx, option.promoId)).find((o) => o.id === id)!);
        const before = await find();
        await updateRewardOption(trx, id, change);
        const after = await find();
        const keys = Object.keys(change);
        await writeAudit(trx, { operatorId: auth.userId, communityId: option.communityId, action: 'option.update', entity: 'option', entityId: id, before: touched(before, keys), after: touched(after, keys) });
        return after;
      });
    },

    async updateAnnouncement(auth, id, change) {
      return db.transaction().execute(async (trx) => {
        const row = await findAnnouncement(trx, id);
        if (!row) throw announcementNotFound();
        await mayWrite(auth, row.community_id, trx, announcementNotFound);
        const find = async () => announcementView((await listAnnouncements(trx, row.community_id)).find((a) => a.id === id)!);
        const before = await find();
        const { archived, ...edits } = change;
        await updateAnnouncement(trx, id, edits);
        if (archived !== undefined) await setAnnouncementActive(trx, id, !archived);
        const view = await find();
        const keys = Object.keys(change);
        await writeAudit(trx, {
          operatorId: auth.userId,
          communityId: row.community_id,
          action: editAction('announcement', change),
          entity: 'announcement',
          entityId: id,
          before: touched(before, keys),
          after: touched(view, keys),
        });
        return view;
      });
    },

    async updateChanceToWin(auth, id, change) {
      return db.transaction().execute(async (trx) => {
        const found = await findContest(trx, id);
        if (!found) throw contestNotFound();
        await mayWrite(auth, found.community_id, trx, contestNotFound);
        const { archived, ...edits } = change;
        const keys = Object.keys(change);
        const onlyArchiving = keys.length === 1 && archived !== undefined;
        if (found.status === 'drawn' && !onlyArchiving) throw new AppError('ALREADY_DRAWN', 409, `Contest ${id} was drawn already: it stays as drawn (it can only be archived).`);
        if (found.status !== 'drawn' && archived === true) {
          throw new AppError('VALIDATION_ERROR', 400, `archived: contest ${id} has not been drawn; delete it instead (nobody has entered until the drawing)`);
        }
        const drawsAt = edits.drawsAt === undefined ? undefined : new Date(edits.drawsAt);
        if (drawsAt && drawsAt <= deps.now()) throw new AppError('VALIDATION_ERROR', 400, 'drawsAt: must be in the future');
        if (drawsAt && drawsAt <= new Date(found.starts_at)) throw new AppError('VALIDATION_ERROR', 400, 'drawsAt: must be after startsAt');
        let updated: CtwContest | undefined = found;
        if (onlyArchiving) await setCtwActive(trx, id, !archived);
        else updated = await updateOpenContest(trx, id, { ...edits, drawsAt });
        if (!updated) throw new AppError('ALREADY_DRAWN', 409, `Contest ${id} was drawn meanwhile.`);
        const [before] = await contestViews([found], trx);
        const [view] = await contestViews([(await findContest(trx, id))!], trx);
        await writeAudit(trx, {
          operatorId: auth.userId,
          communityId: found.community_id,
          action: editAction('ctw', change),
          entity: 'ctw',
          entityId: id,
          before: touched(before, keys),
          after: touched(view, keys),
        });
        return view;
      });
    },

    async deleteChanceToWin(auth, id) {
      return db.transaction().execute(async (trx) => {
        const found = await findContest(trx, id);
        if (!found) throw contestNotFound();
        await mayWrite(auth, found.community_id, trx, contestNotFound);
        if (found.status === 'drawn') throw new AppError('ALREADY_DRAWN', 409, `Contest ${id} was drawn: it stays as the record of its draw.`);
        const [before] = await contestViews([found], trx);
        const { winners: _w, entries: _e, ...kept } = before;
        await deleteOpenContest(trx, id);
        await writeAudit(trx, { operatorId: auth.userId, communityId: found.community_id, action: 'ctw.delete', entity: 'ctw', entityId: id, before: kept, after: null });
        return { deleted: true };
      });
    },

    async updateQuestionnaire(auth, id, change) {
      const notFound = () => new AppError('NOT_FOUND', 404, 'No such questionnaire in a community you run.');
      return db.transaction().execute(async (trx) => {
        const row = await findQuestionnaireForUpdate(trx, id);
        if (!row) throw notFound();
        await mayWrite(auth, row.community_id, trx, notFound);
        let payload: unknown;
        if (change.payload !== undefined) {
          const parsed = parsePayload(change.payload);
          if (!parsed.ok) throw new AppError('VALIDATION_ERROR', 400, `payload: ${parsed.errors.join('; ')}`);
          const answers = await answerCount(trx, id);
          if (answers > 0) throw new AppError('IN_USE', 409, `Members answered it ${answers} time(s): its questions stay; create a new questionnaire instead.`);
          payload = parsed.payload;
        }
        const before = questionnaireView((await listQuestionnaires(trx, row.community_id, id))[0]);
        await updateQuestionnaire(trx, id, { payload, pips: change.pips });
        const after = questionnaireView((await listQuestionnaires(trx, row.community_id, id))[0]);
        await writeAudit(trx, { operatorId: auth.userId, communityId: row.community_id, action: 'questionnaire.update', entity: 'questionnaire', entityId: id, before, after });
        return after;
      });
    },

    async deleteQuestionnaire(auth, id) {
      const notFound = () => new AppError('NOT_FOUND', 404, 'No such questionnaire in a community you run.');
      return db.transaction().execute(async (trx) => {
        const row = await findQuestionnaireForUpdate(trx, id);
        if (!row) throw notFound();
        await mayWrite(auth, row.community_id, trx, notFound);
        const answers = await answerCount(trx, id);
        const offers = await offerCount(trx, id);
        const what = [answers > 0 ? `answered ${answers} time(s)` : '', offers > 0 ? `offered by ${offers} earn action(s)` : ''].filter(Boolean);
        if (what.length > 0) throw new AppError('IN_USE', 409, `The questionnaire is in use (${what.join(', ')}): archive it instead.`);
        await deleteQuestionnaire(trx, id);
        const title = ((row.payload ?? {}) as { title?: LocalizedText }).title ?? '';
        await writeAudit(trx, { operatorId: auth.userId, communityId: row.community_id, action: 'questionnaire.delete', entity: 'questionnaire', entityId: id, before: { title: adminText(title), pips: row.pips }, after: null });
        return { deleted: true };
      });
    },

    async updateTriviaContest(auth, id, change) {
      const notFound = () => new AppError('NOT_FOUND', 404, 'No such trivia contest in a community you run.');
      return db.transaction().execute(async (trx) => {
        const found = await trivia.findContest(trx, id);
        if (!found) throw notFound();
        await mayWrite(auth, found.community_id, trx, notFound);
        const startsAt = change.startsAt === undefined ? new Date(found.starts_at) : new Date(change.startsAt);
        const endsAt = change.endsAt === undefined ? new Date(found.ends_at) : new Date(change.endsAt);
        if (endsAt <= startsAt) throw new AppError('VALIDATION_ERROR', 400, 'endsAt: must be after startsAt');
        const view = async () => triviaContestView((await trivia.listContests(trx, found.community_id)).find((c) => c.id === id)!, trx);
        const before = await view();
        await updateTriviaContest(trx, id, {
          name: change.name,
          rules: change.rules,
          startsAt: change.startsAt === undefined ? undefined : startsAt,
          endsAt: change.endsAt === undefined ? undefined : endsAt,
          pipsPerAnswer: change.pipsPerAnswer,
          joinPips: change.joinPips,
          active: change.archived === undefined ? undefined : !change.archived,
        });
        const after = await view();
        const keys = Object.keys(change);
        await writeAudit(trx, {
          operatorId: auth.userId,
          communityId: found.community_id,
          action: editAction('trivia.contest', change),
          entity: 'triviaContest',
          entityId: id,
          before: touched(before, keys),
          after: touched(after, keys),
        });
        return after;
      });
    },

    async deleteTriviaContest(auth, id) {
      const notFound = () => new AppError('NOT_FOUND', 404, 'No such trivia contest in a community you run.');
      return db.transaction().execute(async (trx) => {
        const found = await trivia.findContest(trx, id);
        if (!found) throw notFound();
        await mayWrite(auth, found.community_id, trx, notFound);
        const before = await triviaContestView((await trivia.listContests(trx, found.community_id)).find((c) => c.id === id)!, trx);
        if (before.members > 0) throw new AppError('IN_USE', 409, `${before.members} member(s) joined the contest: it stays.`);
        // Its teams and questions go with it (ON DELETE CASCADE).
        await deleteTriviaContest(trx, id);
        await writeAudit(trx, { operatorId: auth.userId, communityId: found.community_id, action: 'trivia.contest.delete', entity: 'triviaContest', entityId: id, before, after: null });
        return { deleted: true };
      });
    },

    async endQrCode(auth, id) {
      return db.transaction().execute(async (trx) => {
        const row = await findQrCodeForUpdate(trx, id);
        if (!row) throw qrNotFound();
        await mayWrite(auth, row.community_id, trx, qrNotFound);
        const now = deps.now();
        if (row.valid_until !== null && new Date(row.valid_until) <= now) return qrView(row);
        const ended = await endQrCode(trx, id, now);
        await writeAudit(trx, {
          operatorId: auth.userId,
          communityId: row.community_id,
          action: 'qr.end',
          entity: 'qr',
          entityId: id,
          before: { validUntil: qrView(row).validUntil },
          after: { validUntil: qrView(ended).validUntil },
        });
        return qrView(ended);
      });
    },

    async announcements(auth, communityId) {
      await requireRole(auth, communityId, 'viewer');
      return { announcements: (await listAnnouncements(db, communityId)).map(announcementView) };
    },

    async createAnnouncement(auth, communityId, input) {
      await requireRole(auth, communityId, 'editor');
      return db.transaction().execute(async (trx) => {
        await mayWrite(auth, communityId, trx);
        const { id, queuedPushes } = await announce(trx, { communityId, title: input.title, text: input.text, url: input.url ?? null, push: input.push === true }, deps.now()).catch(
          (error: unknown) => {
            throw error instanceof AnnouncementInputError ? new AppError('VALIDATION_ERROR', 400, error.message) : error;
          },
        );
        const view = announcementView((await listAnnouncements(trx, communityId)).find((row) => row.id === id)!);
        await writeAudit(trx, {
          operatorId: auth.userId,
          communityId,
          action: 'announcement.create',
          entity: 'announcement',
          entityId: id,
          before: null,
          after: { title: view.title, text: view.text, url: view.url, queuedPushes },
        });
        return view;
      });
    },

    async deleteAnnouncement(auth, id) {
      return db.transaction().execute(async (trx) => {
        const row = await findAnnouncement(trx, id);
        if (!row) throw announcementNotFound();
        await mayWrite(auth, row.community_id, trx, announcementNotFound);
        await deleteAnnouncement(trx, id);
        await writeAudit(trx, {
          operatorId: auth.userId,
          communityId: row.community_id,
          action: 'announcement.delete',
          entity: 'announcement',
          entityId: id,
          before: { title: row.title, text: row.text, url: row.url },
          after: null,
        });
        return { deleted: true };
      });
    },

    async questionnaires(auth, communityId) {
      await requireRole(auth, communityId, 'viewer');
      return { questionnaires: (await listQuestionnaires(db, communityId)).reverse().map(questionnaireView) };
    },

    async createQuestionnaire(auth, communityId, input) {
      await requireRole(auth, communityId, 'editor');
      const parsed = parsePayload(input.payload);
      if (!parsed.ok) throw new AppError('VALIDATION_ERROR', 400, `payload: ${parsed.errors.join('; ')}`);
      return db.transaction().execute(async (trx) => {
        await mayWrite(auth, communityId, trx);
        const id = await createQuestionnaire(trx, { communityId, payload: parsed.payload, pips: input.pips });
        const view = questionnaireView((await listQuestionnaires(trx, communityId, id))[0]);
        await writeAudit(trx, { operatorId: auth.userId, communityId, action: 'questionnaire.create', entity: 'questionnaire', entityId: id, before: null, after: view });
        return view;
      });
    },

    async setQuestionnaireArchived(auth, id, archived) {
      const notFound = () => new AppError('NOT_FOUND', 404, 'No such questionnaire in a community you run.');
      return db.transaction().execute(async (trx) => {
        const row = await findQuestionnaireForUpdate(trx, id);
        if (!row) throw notFound();
        await mayWrite(auth, row.community_id, trx, notFound);
        if (row.active === archived) {
          await setQuestionnaireActive(trx, id, !archived);
          await writeAudit(trx, {
            operatorId: auth.userId,
            communityId: row.community_id,
            action: archived ? 'questionnaire.archive' : 'questionnaire.restore',
            entity: 'questionnaire',
            entityId: id,
            before: { archived: !row.active },
            after: { archived },
          });
        }
        return questionnaireView((await findQuestionnaire(trx, row.community_id, id))!);
      });
    },

    async chanceToWin(auth, communityId) {
      await requireRole(auth, communityId, 'viewer');
      const contests = await listContests(db, communityId);
      // the next drawing first, then the past ones, most recent first
      const open = contests.filter((c) => c.status !== 'drawn').sort((a, b) => new Date(a.draws_at).getTime() - new Date(b.draws_at).getTime());
      const done = contests.filter((c) => c.status === 'drawn').sort((a, b) => new Date(b.draws_at).getTime() - new Date(a.draws_at).getTime());
      return { contests: await contestViews([...open, ...done]) };
    },

    async createChanceToWin(auth, communityId, input) {
      await requireRole(auth, communityId, 'editor');
      const now = deps.now();
      const startsAt = input.startsAt === undefined ? now : new Date(input.startsAt);
      const drawsAt = new Date(input.drawsAt);
      if (drawsAt <= now) throw new AppError('VALIDATION_ERROR', 400, 'drawsAt: must be in the future');
      if (drawsAt <= startsAt) throw new AppError('VALIDATION_ERROR', 400, 'drawsAt: must be after startsAt');
      return db.transaction().execute(async (trx) => {
        await mayWrite(auth, communityId, trx);
        const seed = newSeed();
        const contest = await insertContest(trx, {
          communityId,
          name: input.name,
          prize: input.prize ?? null,
          thresholdPips: input.thresholdPips,
          startsAt,
          drawsAt,
          numberOfWinners: input.numberOfWinners ?? 1,
          seed,
          commitment: commitmentOf(seed),
        });
        const [view] = await contestViews([contest], trx);
        const { winners: _w, entries: _e, ...kept } = view;
        await writeAudit(trx, { operatorId: auth.userId, communityId, action: 'ctw.create', entity: 'ctw', entityId: contest.id, before: null, after: kept });
        return view;
      });
    },

    async drawChanceToWin(auth, id) {
      const now = deps.now();
      // Close the window now (the draw itself is its own transaction, as the server's timer runs it).
      const contest = await db.transaction().execute(async (trx) => {
        const found = await findContest(trx, id);
        if (!found) throw contestNotFound();
        await mayWrite(auth, found.community_id, trx, contestNotFound);
        if (found.status === 'drawn') throw new AppError('ALREADY_DRAWN', 409, `Contest ${id} was drawn already.`);
        if (new Date(found.starts_at) > now) throw new AppError('VALIDATION_ERROR', 400, `Contest ${id} has not started: nobody can have qualified yet.`);
        await moveDrawingTo(trx, id, now);
        return found;
      });
      const draw = await drawContest(db, id, now);
      if (!draw) throw new AppError('ALREADY_DRAWN', 409, `Contest ${id} was drawn by someone else meanwhile.`);
      await announce(db, winnersAnnouncement(draw), now);
      const [view] = await contestViews([(await findContest(db, id))!]);
      await writeAudit(db, {
        operatorId: auth.userId,
        communityId: contest.community_id,
        action: 'ctw.draw',
        entity: 'ctw',
        entityId: id,
        before: { drawsAt: new Date(contest.draws_at).toISOString(), status: 'open' },
        after: { drawsAt: view.drawsAt, status: 'drawn', entries: view.entries, winners: view.winners.length },
      });
      return view;
    },

    async trivia(auth, communityId) {
      await requireRole(auth, communityId, 'viewer');
      return triviaView(communityId);
    },

    async setTriviaSettings(auth, communityId, change) {
      await requireRole(auth, communityId, 'editor');
      if (change.timeZone !== undefined && !isTimeZone(change.timeZone)) {
        throw new AppError('VALIDATION_ERROR', 400, `timeZone: not an IANA time zone such as Europe/Madrid (got "${change.timeZone}")`);
      }
      return db.transaction().execute(async (trx) => {
        await mayWrite(auth, communityId, trx);
        const before = await trivia.triviaSettings(trx, communityId);
        const after = await trivia.setTriviaSettings(trx, communityId, { dailyAllowance: change.dailyAllowance, timeZone: change.timeZone });
        await writeAudit(trx, { operatorId: auth.userId, communityId, action: 'trivia.settings', entity: 'trivia', entityId: communityId, before, after });
        return triviaView(communityId, trx);
      });
    },

    async importTriviaQuestions(auth, communityId, input) {
      await requireRole(auth, communityId, 'editor');
      const parsed = parseQuestions(input.questions);
      if (!parsed.ok) throw new AppError('VALIDATION_ERROR', 400, parsed.errors.join('; '));
      return db.transaction().execute(async (trx) => {
        await mayWrite(auth, communityId, trx);
        const contestId = input.contestId ?? null;
        if (contestId !== null) {
          const contest = await trivia.findContest(trx, contestId);
          if (!contest || contest.community_id !== communityId) throw new AppError('NOT_FOUND', 404, 'No such trivia contest in this community.');
        }
        const ids = await trivia.createQuestions(trx, communityId, contestId, parsed.questions);
        const total = await trivia.countQuestions(trx, communityId, contestId);
        await writeAudit(trx, {
          operatorId: auth.userId,
          communityId,
          action: 'trivia.questions',
          entity: contestId === null ? 'trivia' : 'triviaContest',
          entityId: contestId === null ? communityId : contestId,
          before: null,
          after: { added: ids.length, total },
        });
        return { added: ids.length, total };
      });
    },

    async createTriviaContest(auth, communityId, input) {
      await requireRole(auth, communityId, 'editor');
      const startsAt = new Date(input.startsAt);
      const endsAt = new Date(input.endsAt);
      if (endsAt <= startsAt) throw new AppError('VALIDATION_ERROR', 400, 'endsAt: must be after startsAt');
      return db.transaction().execute(async (trx) => {
        await mayWrite(auth, communityId, trx);
        const { id } = await trivia.createContest(trx, {
          communityId,
          name: input.name,
          rules: input.rules ?? null,
          startsAt,
          endsAt,
          pipsPerAnswer: input.pipsPerAnswer,
          joinPips: input.joinPips ?? 0,
          teams: input.teams,
        });
        const view = await triviaContestView((await trivia.listContests(trx, communityId)).find((c) => c.id === id)!, trx);
        await writeAudit(trx, { operatorId: auth.userId, communityId, action: 'trivia.contest.create', entity: 'triviaContest', entityId: id, before: null, after: view });
        return view;
      });
    },

    async audit(auth, communityId, page, size) {
      await requireRole(auth, communityId, 'viewer');
      return auditView(await auditPage(db, [communityId], size, (page - 1) * size));
    },

    async auditAll(auth, communityId, page, size) {
      if (communityId !== undefined) return this.audit(auth, communityId, page, size);
      const ids = (await communitiesOfOperator(db, auth.userId)).map((row) => row.communityId);
      return auditView(await auditPage(db, ids, size, (page - 1) * size));
    },

    async community(auth, communityId) {
      const role = await requireRole(auth, communityId, 'viewer');
      return communityView(db, communityId, role, deps.publicUrl);
    },

    async updateCommunity(auth, communityId, change) {
      const role = await requireRole(auth, communityId, 'owner');
      return db.transaction().execute(async (trx) => {
        const row = await communityForUpdate(trx, communityId);
        if (!row) throw new AppError('COMMUNITY_NOT_FOUND', 404, 'Community not found.');
        if (RANK[(await roleIn(trx, auth.userId, communityId)) ?? 'viewer'] < RANK.owner) throw forbidden();
        const before = await communityView(trx, communityId, role, deps.publicUrl);
        await updateCommunity(trx, communityId, { name: change.name?.trim(), active: change.archived === undefined ? undefined : !change.archived });
        if (change.support === null) await clearSupportContact(trx, communityId);
        else if (change.support !== undefined) await setSupportContact(trx, communityId, supportInput(change.support));
        const after = await communityView(trx, communityId, role, deps.publicUrl);
        const keys = Object.keys(change);
        await writeAudit(trx, {
          operatorId: auth.userId,
          communityId,
          action: editAction('community', change),
          entity: 'community',
          entityId: communityId,
          before: touched(before, keys),
          after: touched(after, keys),
        });
        return after;
      });
    },

    async addRewardOption(auth, promoId, input) {
      return db.transaction().execute(async (trx) => {
        const promo = await findPromoForUpdate(trx, promoId);
        if (!promo || promo.type !== 'REDEEM') throw promoNotFound();
        await mayWrite(auth, promo.community_id, trx, promoNotFound);
        if ((await optionCount(trx, promoId)) >= MAX_OPTIONS) throw new AppError('IN_USE', 409, `The reward has ${MAX_OPTIONS} options already: edit one instead.`);
        const id = await insertRewardOption(trx, promoId, input);
        const view = optionView((await optionsOfReward(trx, promoId)).find((o) => o.id === id)!);
        await writeAudit(trx, {
          operatorId: auth.userId,
          communityId: promo.community_id,
          action: 'option.create',
          entity: 'option',
          entityId: id,
          before: null,
          after: { promoId, label: view.label, pips: view.pips },
        });
        return view;
      });
    },

    async triviaQuestions(auth, communityId, contestId, archived, page, size) {
      await requireRole(auth, communityId, 'viewer');
      if (contestId !== null) {
        const contest = await trivia.findContest(db, contestId);
        if (!contest || contest.community_id !== communityId) throw new AppError('NOT_FOUND', 404, 'No such trivia contest in this community.');
      }
      const { total, questions } = await triviaQuestionsPage(db, communityId, contestId, archived, size, (page - 1) * size);
      return { total, questions: questions.map(triviaQuestionView) };
    },

    async updateTriviaQuestion(auth, id, change) {
      return db.transaction().execute(async (trx) => {
        const row = await triviaQuestionForUpdate(trx, id);
        if (!row) throw questionNotFound();
        await mayWrite(auth, row.community_id, trx, questionNotFound);
        let answers: { text: LocalizedText; correct: boolean }[] | undefined;
        if (change.text !== undefined || change.answers !== undefined) {
          const parsed = parseQuestions([{ text: change.text ?? row.text, answers: change.answers ?? row.answers.map(({ text, correct }) => ({ text, correct })) }]);
          if (!parsed.ok) throw new AppError('VALIDATION_ERROR', 400, parsed.errors.map((error) => error.replace(/^question 1: /, '')).join('; '));
          if (change.answers !== undefined) {
            if (row.served > 0) throw new AppError('IN_USE', 409, `Members were served it ${row.served} time(s): its answers stay (its text can change; archive it and add a new one to change the answers).`);
            answers = parsed.questions[0].answers;
          }
        }
        await updateTriviaQuestion(trx, id, { text: change.text, answers, active: change.archived === undefined ? undefined : !change.archived });
        const after = triviaQuestionView((await triviaQuestionForUpdate(trx, id))!);
        const keys = Object.keys(change);
        await writeAudit(trx, {
          operatorId: auth.userId,
          communityId: row.community_id,
          action: editAction('trivia.question', change),
          entity: 'triviaQuestion',
          entityId: id,
          before: touched(triviaQuestionView(row), keys),
          after: touched(after, keys),
        });
        return after;
      });
    },

    async setPromoImage(auth, promoId, base64) {
      return db.transaction().execute(async (trx) => {
        const row = await findPromoForUpdate(trx, promoId);
        if (!row) throw promoNotFound();
        await mayWrite(auth, row.community_id, trx, promoNotFound);
        // The file is looked at once the caller may change this promo.
        const bytes = new Uint8Array(Buffer.from(base64, 'base64'));
        const problem = imageProblem(bytes);
        if (problem) throw new AppError('VALIDATION_ERROR', 400, `image: ${problem}`);
        const before = await promoImage(trx, promoId);
        const image = await setPromoImage(trx, promoId, bytes);
        const after = { url: image.path, width: image.width, height: image.height };
        await writeAudit(trx, { operatorId: auth.userId, communityId: row.community_id, action: 'promo.image', entity: 'promo', entityId: promoId, before, after });
        return after;
      });
    },

    async removePromoImage(auth, promoId) {
      return db.transaction().execute(async (trx) => {
        const row = await findPromoForUpdate(trx, promoId);
        if (!row) throw promoNotFound();
        await mayWrite(auth, row.community_id, trx, promoNotFound);
        const before = await promoImage(trx, promoId);
        await clearPromoImage(trx, promoId);
        await writeAudit(trx, { operatorId: auth.userId, communityId: row.community_id, action: 'promo.image', entity: 'promo', entityId: promoId, before, after: { url: null } });
        return { deleted: true };
      });
    },

    async operators(auth, communityId) {
      await requireRole(auth, communityId, 'viewer');
      return { operators: await operatorsOf(db, communityId) };
    },

    async removeOperator(auth, communityId, userId) {
      await requireRole(auth, communityId, 'owner');
      return db.transaction().execute(async (trx) => {
        if ((await roleIn(trx, auth.userId, communityId)) !== 'owner') throw forbidden();
        const found = (await operatorsOf(trx, communityId)).find((o) => o.userId === userId);
        if (!found) throw new AppError('NOT_FOUND', 404, 'Not an operator of this community.');
        if (found.role === 'owner' && (await ownerCount(trx, communityId)) <= 1) throw new AppError('IN_USE', 409, 'The last owner cannot step down: make another owner first.');
        await removeOperatorRole(trx, userId, communityId);
        await writeAudit(trx, { operatorId: auth.userId, communityId, action: 'operator.remove', entity: 'operator', entityId: userId, before: found, after: null });
        return { deleted: true };
      });
    },

    async createCommunity(auth, name) {
      const owns = (await communitiesOfOperator(db, auth.userId)).some((c) => c.role === 'owner');
      if (!owns) throw new AppError('FORBIDDEN', 403, 'Only an owner of a community creates another (the first one comes from the CLI, community:create).');
      return db.transaction().execute(async (trx) => {
        const community = await createCommunity(trx, name.trim());
        await setOperatorRole(trx, auth.userId, community.id, 'owner');
        await writeAudit(trx, { operatorId: auth.userId, communityId: community.id, action: 'community.create', entity: 'community', entityId: community.id, before: null, after: { name: community.name } });
        return { communityId: community.id, name: community.name, joinLink: joinLink(deps.publicUrl, community.id) };
      });
    },

    async deleteRewardOption(auth, id) {
      return db.transaction().execute(async (trx) => {
        const option = await findOptionForUpdate(trx, id);
        if (!option) throw optionNotFound();
        await mayWrite(auth, option.communityId, trx, optionNotFound);
        const options = await optionsOfReward(trx, option.promoId);
        const row = options.find((o) => o.id === id)!;
        const redeemed = await optionRedemptions(trx, id);
        const what = [redeemed > 0 && `redeemed ${redeemed} time(s)`, row.codesTotal > 0 && `${row.codesTotal} gift-card code(s) loaded`].filter(Boolean);
        if (what.length > 0) throw new AppError('IN_USE', 409, `The option is in use (${what.join(', ')}): archive the reward instead.`);
        if (options.length === 1) throw new AppError('IN_USE', 409, "It is the reward's only option: add another first, or delete the reward.");
        await deleteRewardOption(trx, id);
        await writeAudit(trx, { operatorId: auth.userId, communityId: option.communityId, action: 'option.delete', entity: 'option', entityId: id, before: { promoId: option.promoId, label: adminText(row.label), pips: row.pips }, after: null });
        return { deleted: true };
      });
    },

    async pushStatus(auth, communityId) {
      await requireRole(auth, communityId, 'viewer');
      const status = await pushStatusOf(db, communityId);
      return {
        subscriptions: status.subscriptions,
        members: status.members,
        queue: status.queue.map((row) => ({ state: row.state, count: row.count })),
        failures: status.failures.map((row) => ({
          announcementId: row.announcement_id,
          userId: row.user_id,
          attempts: row.attempts,
          error: row.last_error,
          at: new Date(row.updated_at).toISOString(),
        })),
      };
    },

    async triviaCharts(auth, contestId) {
      const notFound = () => new AppError('NOT_FOUND', 404, 'No such trivia contest in a community you run.');
      const contest = await trivia.findContest(db, contestId);
      if (!contest) throw notFound();
      await requireRole(auth, contest.community_id, 'viewer').catch(() => {
        throw notFound();
      });
      const [teams, all] = await Promise.all([trivia.teamsOfContest(db, contestId), trivia.standings(db, contestId)]);
      return {
        teams: teams.map((team) => {
          const members = all.filter((s) => s.teamId === team.id);
          return { name: adminText(team.name), rightAnswers: members.reduce((n, s) => n + s.correctAnswers, 0), members: members.length };
        }),
        leaders: leadersFor(all, -1)
          .slice(0, 10)
          .map((l) => ({ rank: l.rank, name: l.displayName ?? initials(l.firstName, l.lastName), correctAnswers: l.correctAnswers, totalPips: l.totalPips })),
      };
    },

    async deleteTriviaQuestion(auth, id) {
      return db.transaction().execute(async (trx) => {
        const row = await triviaQuestionForUpdate(trx, id);
        if (!row) throw questionNotFound();
        await mayWrite(auth, row.community_id, trx, questionNotFound);
        if (row.served > 0) throw new AppError('IN_USE', 409, `Members were served it ${row.served} time(s): archive it instead.`);
        await deleteTriviaQuestion(trx, id);
        await writeAudit(trx, { operatorId: auth.userId, communityId: row.community_id, action: 'trivia.question.delete', entity: 'triviaQuestion', entityId: id, before: triviaQuestionView(row), after: null });
        return { deleted: true };
      });
    },
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
