import { describe, expect, it } from 'vitest';
import { createCommunity } from '../../server/db/repositories/communities';
import { setOperatorRole } from '../../server/db/repositories/operators/roles';
import type { OperatorRole } from '../../server/db/schema';
import { backends } from './helpers/databases';
import { expectOk, PNG_1X1, useHarness, type TestUser } from './helpers/harness';
import { listOperations, sampleRequest, type Operation } from './helpers/openapiSamples';

/** Every call of the operator API: the operations of openapi.yaml's tag `admin`. */
/** The operator calls that need an account: setting up a server with no operator (adminSetup) needs none (operatorSetup.test.ts). */
const adminCalls = listOperations().filter((o) => o.tags.includes('admin') && o.needsAuth);

/**
 * The one operator call open to members: accepting an invitation is how an account that runs
 * nothing comes to run a community (`x-open-to-members`; checked in operatorInvitations.test.ts).
 */
const OPEN_TO_MEMBERS = ['adminAcceptInvitation'];

/** The operator calls a member who runs nothing is refused. */
const gatedCalls = adminCalls.filter((o) => !OPEN_TO_MEMBERS.includes(o.operationId));

/**
 * The calls about one community or its content: all but the list of one's own communities,
 * creating one (open to any owner, checked in operatorApiAccess.test.ts) and accepting an invitation.
 */
const operatorCalls = gatedCalls.filter((o) => !['adminListCommunities', 'adminCreateCommunity'].includes(o.operationId));

/** Reads for owners only: a viewer is refused them like a write. */
const ownerReads = ['adminListInvitations'];

/** An id no content has. */
const MISSING_ID = 2_147_483_000;

/**
 * Issue 14, "every operator endpoint refuses members and operators of other communities; viewer
 * cannot write", and issue 46, "a member gets 403 FORBIDDEN on every /admin operation before any
 * id is looked up": each call of the tag `admin` of openapi.yaml, with a valid request naming
 * real content of the community (and, for a member, content that does not exist), as a member
 * who runs nothing, as the owner of another community and as a viewer. The list comes from
 * openapi.yaml, so a new call is covered without a new test.
 */
let memberEmail = 'nobody@example.org';

describe.each(backends)('operator API access on $name', (backend) => {
  const h = useHarness(backend);

  const operator = async (role: OperatorRole, communityId = h.community.id): Promise<TestUser> => {
    const user = await h.registerVerified();
    await setOperatorRole(h.db, user.userId, communityId, role);
    return user;
  };

  /** One of each kind of content in the community, made by its owner through the API. */
  async function content() {
    const owner = await operator('owner');
    const member = await h.registerVerified();
    memberEmail = member.email;
    const as = (method: 'GET' | 'POST', url: string, json?: unknown) => h.call({ method, url, token: owner.authToken, ...(json === undefined ? {} : { json }) });
    const base = `/admin/communities/${h.community.id}`;
    const reward = expectOk(await as('POST', `${base}/promos`, { type: 'REDEEM', title: { en: 'Tea' }, options: [{ label: { en: 'Cup' }, pips: 3 }] }));
    const optionId = (reward.options as { optId: number }[])[0].optId;
    expectOk(await as('POST', `/admin/options/${optionId}/codes`, { codes: ['CODE-1'] }));
    const codeId = (expectOk(await as('GET', `/admin/options/${optionId}/codes?page=1&size=10`)).codes as { id: number }[])[0].id;
    const qr = expectOk(await as('POST', `${base}/qr-codes`, { title: { en: 'Gate' }, pips: 2 }));
    const announcement = expectOk(await as('POST', `${base}/announcements`, { title: { en: 'News' }, text: { en: 'Text' } }));
    const questionnaire = expectOk(await as('POST', `${base}/questionnaires`, { payload: { title: 'Poll', steps: [{ parts: [{ id: 'q', type: 'text', label: 'Why?' }] }] }, pips: 1 }));
    const drawsAt = new Date(h.clock.now().getTime() + 7 * 86_400_000).toISOString();
    const draw = expectOk(await as('POST', `${base}/chance-to-win`, { name: { en: 'Draw' }, thresholdPips: 5, drawsAt }));
    const contest = expectOk(
      await as('POST', `${base}/trivia/contests`, { name: { en: 'Quiz' }, startsAt: '2030-01-01T00:00:00Z', endsAt: '2030-01-02T00:00:00Z', pipsPerAnswer: 1, teams: [{ en: 'A' }, { en: 'B' }] }),
    );
    expectOk(await as('POST', `${base}/trivia/questions`, { questions: [{ text: { en: 'Q?' }, answers: [{ text: { en: 'Y' }, correct: true }, { text: { en: 'N' } }] }] }));
    const questionId = (expectOk(await as('GET', `${base}/trivia/questions?page=1&size=10`)).questions as { id: number }[])[0].id;
    const ids: [string, number][] = [
      ['/admin/trivia/questions/', questionId],
      ['/admin/promos/', reward.promo.id],
      ['/admin/options/', optionId],
      ['/admin/codes/', codeId],
      ['/admin/qr-codes/', qr.id],
      ['/admin/announcements/', announcement.id],
      ['/admin/questionnaires/', questionnaire.id],
      ['/admin/chance-to-win/', draw.id],
      ['/admin/trivia/contests/', contest.id],
      ['/admin/members/', member.userId],
      ['/admin/communities/', owner.userId],
    ];
    const auditRows = async () => (await h.db.selectFrom('audit_log').select('id').execute()).length;
    return { ids, auditRows };
  }

  /** Valid bodies where the generated sample is not (nested texts, at least one field, dates in order). */
  const validBodies = (): Record<string, unknown> => {
    const later = (days: number) => new Date(h.clock.now().getTime() + days * 86_400_000).toISOString();
    const question = { text: { en: 'Q' }, answers: [{ text: { en: 'A' }, correct: true }, { text: { en: 'B' } }] };
    return {
      adminCreatePromo: { type: 'EARN', title: { en: 'New' }, pips: 1 },
      adminUpdatePromo: { pips: 2 },
      adminImportCodes: { codes: ['NEW-1'] },
      adminUpdateQrCode: { pips: 3 },
      adminCreateAnnouncement: { title: { en: 'T' }, text: { en: 'X' } },
      adminUpdateAnnouncement: { text: { en: 'Y' } },
      adminCreateChanceToWin: { name: { en: 'D' }, thresholdPips: 1, drawsAt: later(3) },
      adminUpdateChanceToWin: { thresholdPips: 2 },
      adminSetTriviaSettings: { dailyAllowance: 2 },
      adminImportTriviaQuestions: { questions: [question] },
      adminCreateTriviaContest: { name: { en: 'C' }, startsAt: later(1), endsAt: later(2), pipsPerAnswer: 1, teams: [{ en: 'A' }, { en: 'B' }] },
      adminUpdateTriviaContest: { pipsPerAnswer: 2 },
      adminUpdateRewardOption: { pips: 4 },
      adminUpdateQuestionnaire: { pips: 5 },
      adminUpdateCommunity: { name: 'Renamed' },
      adminAddRewardOption: { label: { en: 'Mug' }, pips: 9 },
      adminUpdateTriviaQuestion: { text: { en: 'Q, reworded?' } },
      adminSetPromoImage: { image: PNG_1X1 },
      adminSetOperator: { email: memberEmail, role: 'viewer' },
    };
  };

  /** A valid request of the operation, its path naming the community's content (or, `missing`, content that does not exist). */
  function requestFor(operation: Operation, ids: [string, number][], missing = false) {
    const sample = sampleRequest(operation);
    // The audit of all one's communities names this one (without it, each account reads its own).
    const query = operation.operationId === 'adminAuditAll' ? { ...sample.query, communityId: h.community.id } : sample.query;
    const body = validBodies()[operation.operationId] ?? sample.body;
    const id = missing ? MISSING_ID : ids.find(([prefix]) => operation.path.startsWith(prefix))?.[1];
    const url = operation.path
      .replace('{communityId}', missing ? 'no-such-community' : h.community.id)
      .replace(/\{(id|userId)\}/g, String(id));
    if (url.includes('{')) throw new Error(`no content for ${operation.path}`);
    return { method: operation.method as 'GET' | 'POST' | 'PUT' | 'DELETE', url, query, ...(body === undefined ? {} : { json: body }) };
  }

  it(`covers every operator call of openapi.yaml (${adminCalls.length}): the tag admin is the paths under /admin`, () => {
    expect(adminCalls.length).toBeGreaterThan(40);
    expect(adminCalls.map((o) => o.operationId)).toEqual(
      listOperations()
        .filter((o) => (o.path.startsWith('/admin/') || o.path === '/admin') && o.operationId !== 'adminSetup')
        .map((o) => o.operationId),
    );
  });

  it('leaves out of the gate only adminSetup, which needs no account', () => {
    expect(listOperations().filter((o) => o.tags.includes('admin') && !o.needsAuth).map((o) => o.operationId)).toEqual(['adminSetup']);
  });

  it('names the operator calls open to members in openapi.yaml (x-open-to-members), and only those', () => {
    expect(adminCalls.filter((o) => o.openToMembers).map((o) => o.operationId)).toEqual(OPEN_TO_MEMBERS);
  });

  it('refuses every other operator call to a member who runs nothing with 403 FORBIDDEN, whether its ids exist or not; nothing is written', async () => {
    const { ids, auditRows } = await content();
    const before = await auditRows();
    const member = await h.registerVerified();
    const answers: string[] = [];
    for (const operation of gatedCalls) {
      for (const missing of [false, true]) {
        const response = await h.call({ ...requestFor(operation, ids, missing), token: member.authToken });
        const code = (response.body as { error?: { code?: string } }).error?.code;
        answers.push(`${operation.operationId}${missing ? ' (missing ids)' : ''} ${response.status} ${code}`);
      }
    }
    expect(answers).toHaveLength(gatedCalls.length * 2);
    expect(answers.filter((a) => !a.endsWith(' 403 FORBIDDEN'))).toEqual([]);
    expect(await auditRows()).toBe(before);
  });

  it('refuses every call about a community to the owner of another one (403 on reads; 404 on writes to what is not theirs); nothing is written', async () => {
    const { ids, auditRows } = await content();
    const before = await auditRows();
    const stranger = await operator('owner', (await createCommunity(h.db, 'Elsewhere')).id);
    const answers: string[] = [];
    for (const operation of operatorCalls) {
      const response = await h.call({ ...requestFor(operation, ids), token: stranger.authToken });
      const code = (response.body as { error?: { code?: string } }).error?.code;
      answers.push(`${operation.operationId} ${response.status} ${code}`);
    }
    expect(answers.filter((a) => !/ (403 FORBIDDEN|404 NOT_FOUND)$/.test(a))).toEqual([]);
    expect(await auditRows()).toBe(before);
  });

  it('lets a viewer read every list and refuses every write with FORBIDDEN; nothing is written', async () => {
    const { ids, auditRows } = await content();
    const before = await auditRows();
    const viewer = await operator('viewer');
    const answers: string[] = [];
    for (const operation of operatorCalls) {
      const response = await h.call({ ...requestFor(operation, ids), token: viewer.authToken });
      const code = (response.body as { error?: { code?: string } }).error?.code;
      answers.push(`${operation.method} ${operation.operationId} ${response.status} ${code ?? ''}`.trim());
    }
    const read = (a: string) => a.startsWith('GET ') && !ownerReads.includes(a.split(' ')[1]);
    expect(answers.filter((a) => read(a) && !a.endsWith(' 200'))).toEqual([]);
    expect(answers.filter((a) => !read(a) && !a.endsWith(' 403 FORBIDDEN'))).toEqual([]);
    expect(await auditRows()).toBe(before);
  });
});
