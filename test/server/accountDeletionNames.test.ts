import { describe, expect, it } from 'vitest';
import { runAdmin } from '../../server/admin';
import { playerName } from '../../server/contests/playerNames';
import { findContest } from '../../server/db/repositories/chanceToWin';
import { setOperatorRole } from '../../server/db/repositories/operators/roles';
import { backends } from './helpers/databases';
import { expectOk, uniqueEmail, useHarness, type TestUser } from './helpers/harness';

/**
 * Deleting an account (issue 46) removes the member's name and e-mail from everything shown later
 * to the community or to operators: the operator API, the CLI and the audit log say
 * "deleted member #id" where they named the account, and its e-mail is erased from the audit's
 * values; members keep seeing the winner's fictional player name.
 */
describe.each(backends)('names after an account deletion on $name', (backend) => {
  const h = useHarness(backend, { drawIntervalSeconds: 0 });

  const as = (user: TestUser) => ({
    get: (url: string, query?: Record<string, string | number>) => h.call({ url, query, token: user.authToken }),
    post: (url: string, json?: unknown) => h.call({ method: 'POST', url, token: user.authToken, ...(json === undefined ? {} : { json }) }),
  });
  async function cli(...argv: string[]) {
    const lines: string[] = [];
    await runAdmin(argv, { db: h.db, publicUrl: 'http://pips.test', out: (line) => lines.push(line) });
    return lines.join('\n');
  }

  it('shows a deleted winner, operator and redeemer as "deleted member #id" to operators, with no name or e-mail anywhere', async () => {
    const community = h.community.id;
    const owner = await h.registerVerified();
    await setOperatorRole(h.db, owner.userId, community, 'owner');
    const alexandra = await h.registerVerified({ firstName: 'Alexandra', lastName: 'Mbeki', email: uniqueEmail('alexandra') });
    const other = await h.registerVerified({ firstName: 'Otto', lastName: 'Nilsson' });
    const label = `deleted member #${alexandra.userId}`;

    // The owner invites her as an editor (the audit keeps her e-mail), she accepts from the mailed
    // link, and she writes: a contest.
    expectOk(await as(owner).post(`/admin/communities/${community}/operators`, { email: alexandra.email, role: 'editor' }));
    const invitation = h.mailer.sent.findLast((mail) => mail.to === alexandra.email)!.text.match(/invitation=([A-Za-z0-9_-]+)/)![1];
    expectOk(await as(alexandra).post('/admin/invitations/accept', { token: invitation }));
    const inAWeek = new Date(h.clock.now().getTime() + 7 * 86_400_000).toISOString();
    const contest = expectOk(await as(alexandra).post(`/admin/communities/${community}/chance-to-win`, { name: { en: 'Spring draw' }, thresholdPips: 5, drawsAt: inAWeek }));
    // She redeems a gift-card code and qualifies for the contest, which she wins.
    const reward = expectOk(
      await as(owner).post(`/admin/communities/${community}/promos`, { type: 'REDEEM', title: { en: 'Tea' }, options: [{ label: { en: 'Cup' }, pips: 3 }] }),
    );
    const optId = (reward.options as { optId: number }[])[0].optId;
    expectOk(await as(owner).post(`/admin/options/${optId}/codes`, { codes: ['T1', 'T2'] }));
    expectOk(await as(owner).post(`/admin/members/${alexandra.userId}/adjust`, { delta: 10, reason: 'Welcome' }));
    expectOk(await h.call({ method: 'POST', url: '/mobile/redeem', token: alexandra.authToken, form: { pid: reward.promo.id, optId, amount: 1, idempotencyKey: 'deleted-redeem-0001' } }));
    const drawn = expectOk(await as(owner).post(`/admin/chance-to-win/${contest.id}/draw`));

    // Before: operators see who she is.
    expect(drawn.winners).toEqual([{ position: 1, name: 'Alexandra M.', userId: alexandra.userId, email: alexandra.email, entryId: expect.any(Number) }]);

    expectOk(await h.deleteAccount(alexandra));

    const reads = {
      contests: expectOk(await as(owner).get(`/admin/communities/${community}/chance-to-win`)),
      audit: expectOk(await as(owner).get(`/admin/communities/${community}/audit`, { page: 1, size: 50 })),
      allAudit: expectOk(await as(owner).get('/admin/audit', { page: 1, size: 50 })),
      operators: expectOk(await as(owner).get(`/admin/communities/${community}/operators`)),
      codes: expectOk(await as(owner).get(`/admin/options/${optId}/codes`, { page: 1, size: 10 })),
      members: expectOk(await as(owner).get(`/admin/communities/${community}/members`, { page: 1, size: 50 })),
      report: expectOk(await as(owner).get(`/admin/communities/${community}/report`, { days: 7 })),
      push: expectOk(await as(owner).get(`/admin/communities/${community}/push`)),
      cliWinners: await cli('ctw:winners', '--id', String(contest.id)),
      cliAudit: await cli('audit:list', '--community', community),
    };
    // Where they named her, they say "deleted member #id".
    const [winner] = reads.contests.contests.find((c: { id: number }) => c.id === contest.id).winners;
    expect(winner).toEqual({ position: 1, name: label, userId: alexandra.userId, email: null, entryId: drawn.winners[0].entryId });
    const entries = reads.audit.entries as { action: string; operator: string; before: unknown; after: unknown }[];
    expect(entries.find((e) => e.action === 'ctw.create')?.operator).toBe(label);
    expect(entries.find((e) => e.action === 'invitation.create')).toMatchObject({ before: null, after: { email: label, role: 'editor' } });
    expect(reads.operators.operators).toContainEqual({ userId: alexandra.userId, email: label, role: 'editor' });
    expect(reads.codes.codes.find((c: { status: string }) => c.status === 'handedOut')).toMatchObject({ userId: alexandra.userId, email: label });
    expect(reads.cliWinners).toContain(`1. ${label} (user ${alexandra.userId}`);
    expect(reads.cliAudit).toContain(label);
    // Her name and e-mail are nowhere, in any of them, nor kept in the audit log.
    for (const [what, read] of Object.entries(reads)) {
      const text = typeof read === 'string' ? read : JSON.stringify(read);
      expect(text, what).not.toContain(alexandra.email);
      expect(text, what).not.toMatch(/Alexandra|Mbeki/);
    }
    expect(JSON.stringify(await h.db.selectFrom('audit_log').selectAll().execute())).not.toContain(alexandra.email);

    // Members still see the winner under her fictional player name, the same as before.
    const row = (await findContest(h.db, contest.id))!;
    const [past] = expectOk(await h.call({ url: '/mobile/contest/chancetowin/archive', token: other.authToken, headers: { 'accept-language': 'es' } })).challenges;
    expect(past.winners).toEqual([{ name: playerName(row, alexandra.userId, 'es'), entryId: winner.entryId, isYou: false }]);
  });
});
