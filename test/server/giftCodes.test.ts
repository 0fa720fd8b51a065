import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { runAdmin } from '../../server/admin';
import { createCommunity } from '../../server/db/repositories/communities';
import { setOperatorRole } from '../../server/db/repositories/operators/roles';
import type { OperatorRole } from '../../server/db/schema';
import { createRedeemPromo, givePips } from './helpers/catalog';
import { backends } from './helpers/databases';
import { expectOk, useHarness, type TestUser } from './helpers/harness';

/**
 * Issue 46: a gift-card code is a real card, unique across the whole database. An import refuses,
 * and names, a code loaded anywhere already (the dry run and the answer alike); the database's
 * unique index decides between two imports racing with one new code.
 */
describe.each(backends)('gift-card codes are unique on $name', (backend) => {
  const h = useHarness(backend);

  const operator = async (role: OperatorRole, communityId = h.community.id): Promise<TestUser> => {
    const user = await h.registerVerified();
    await setOperatorRole(h.db, user.userId, communityId, role);
    return user;
  };
  const importCodes = (who: TestUser, optionId: number, codes: string[], dryRun = false) =>
    h.call({ method: 'POST', url: `/admin/options/${optionId}/codes`, token: who.authToken, json: { codes, dryRun } });
  const redeem = (user: TestUser, pid: number, optId: number) =>
    h.call({ method: 'POST', url: '/mobile/redeem', token: user.authToken, form: { pid, optId, amount: 1 } });
  const codeOf = async (user: TestUser, transactionId: number) =>
    expectOk(await h.call({ method: 'POST', url: '/mobile/transaction', token: user.authToken, form: { id: transactionId } })).code as string;
  const storedCopies = async (code: string) =>
    Number((await sql<{ n: string }>`select count(*) as n from gift_card_codes where code = ${code}`.execute(h.db)).rows[0].n);

  it('refuses a code loaded in another option or community, naming where in this community, in the dry run and the import', async () => {
    const owner = await operator('owner');
    const first = await createRedeemPromo(h.db, { communityId: h.community.id, title: { en: 'Books', es: 'Libros' }, options: [{ label: { en: '$5 card' }, pips: 10 }] });
    const second = await createRedeemPromo(h.db, { communityId: h.community.id, title: 'Coffee', options: [{ label: 'Small', pips: 10 }] });
    const elsewhere = await createCommunity(h.db, 'Elsewhere');
    await createRedeemPromo(h.db, { communityId: elsewhere.id, title: 'Their secret reward', options: [{ pips: 5, codes: ['RR-GIFT-0002'] }] });

    expect(expectOk(await importCodes(owner, first.optionIds[0], ['RR-GIFT-0001', 'RR-GIFT-0003']))).toMatchObject({ imported: 2, skipped: [] });

    const given = ['RR-GIFT-0001', 'NEW-0001', 'RR-GIFT-0002', ' ', 'NEW-0001', 'RR-GIFT-0003'];
    const skipped = [
      { line: 1, code: 'RR-GIFT-0001', reason: 'ALREADY_LOADED', loadedFor: { promoId: first.id, optId: first.optionIds[0], reward: { en: 'Books', es: 'Libros' }, option: { en: '$5 card' } } },
      // Another community's code: loaded already, and nothing of that community said.
      { line: 3, code: 'RR-GIFT-0002', reason: 'ALREADY_LOADED', loadedFor: null },
      { line: 4, code: ' ', reason: 'BLANK', loadedFor: null },
      { line: 5, code: 'NEW-0001', reason: 'REPEATED', loadedFor: null },
      { line: 6, code: 'RR-GIFT-0003', reason: 'ALREADY_LOADED', loadedFor: expect.objectContaining({ optId: first.optionIds[0] }) },
    ];
    expect(expectOk(await importCodes(owner, second.optionIds[0], given, true))).toEqual({ dryRun: true, imported: 1, skipped, codesLeft: 0 });
    expect(JSON.stringify(expectOk(await importCodes(owner, second.optionIds[0], given, true)))).not.toContain('secret');

    // The import loads the others and names the same refusals.
    expect(expectOk(await importCodes(owner, second.optionIds[0], given))).toEqual({ dryRun: false, imported: 1, skipped, codesLeft: 1 });
    for (const code of ['RR-GIFT-0001', 'RR-GIFT-0002', 'RR-GIFT-0003', 'NEW-0001']) expect(await storedCopies(code)).toBe(1);

    // Two members of the two options get two different cards.
    const [ana, bea] = [await h.registerVerified(), await h.registerVerified()];
    await givePips(h, ana.userId, 10);
    await givePips(h, bea.userId, 10);
    const a = expectOk(await redeem(ana, first.id, first.optionIds[0]));
    const b = expectOk(await redeem(bea, second.id, second.optionIds[0]));
    expect(await codeOf(ana, a.transactionId)).toBe('RR-GIFT-0001');
    expect(await codeOf(bea, b.transactionId)).toBe('NEW-0001');
  });

  it('the database itself refuses a second copy of a code, in any option', async () => {
    const first = await createRedeemPromo(h.db, { communityId: h.community.id, options: [{ pips: 10, codes: ['ONLY-ONCE'] }] });
    const second = await createRedeemPromo(h.db, { communityId: h.community.id, options: [{ pips: 10 }] });
    await expect(sql`insert into gift_card_codes (option_id, code) values (${second.optionIds[0]}, 'ONLY-ONCE')`.execute(h.db)).rejects.toMatchObject({
      code: '23505',
    });
    expect(await storedCopies('ONLY-ONCE')).toBe(1);
    expect(first.optionIds).toHaveLength(1);
  });

  it('two imports of one new code at once: one loads it, the other names it as loaded, neither fails', async () => {
    const owner = await operator('editor');
    const first = await createRedeemPromo(h.db, { communityId: h.community.id, options: [{ pips: 10 }] });
    const second = await createRedeemPromo(h.db, { communityId: h.community.id, options: [{ pips: 10 }] });

    const answers = await Promise.all([
      importCodes(owner, first.optionIds[0], ['RACE-CODE', 'A-1']),
      importCodes(owner, second.optionIds[0], ['RACE-CODE', 'B-1']),
    ]);

    const results = answers.map((answer) => expectOk(answer));
    expect(results.map((r) => r.imported).sort()).toEqual([1, 2]);
    const loser = results.find((r) => r.imported === 1);
    expect(loser.skipped).toEqual([expect.objectContaining({ line: 1, code: 'RACE-CODE', reason: 'ALREADY_LOADED' })]);
    expect(await storedCopies('RACE-CODE')).toBe(1);
  });

  it("the CLI's dry run and import name a code loaded elsewhere", async () => {
    const first = await createRedeemPromo(h.db, { communityId: h.community.id, title: 'Books', options: [{ label: '$5 card', pips: 10, codes: ['CLI-1'] }] });
    const second = await createRedeemPromo(h.db, { communityId: h.community.id, options: [{ pips: 10 }] });
    const { writeFile, mkdtemp } = await import('node:fs/promises');
    const dir = await mkdtemp('/tmp/pips-codes-');
    await writeFile(`${dir}/codes.csv`, 'CLI-1\nCLI-2\n');
    const lines: string[] = [];
    const ctx = { db: h.db, publicUrl: 'http://localhost', out: (line: string) => lines.push(line) };

    expect(await runAdmin(['giftcards:import', '--option', String(second.optionIds[0]), '--file', `${dir}/codes.csv`, '--dry-run'], ctx)).toBe(0);
    expect(lines.join('\n')).toContain(`already loaded (skipped): CLI-1 (for "Books · $5 card", option #${first.optionIds[0]})`);
    expect(lines[0]).toContain('would import 1 code');
    lines.length = 0;
    expect(await runAdmin(['giftcards:import', '--option', String(second.optionIds[0]), '--file', `${dir}/codes.csv`], ctx)).toBe(0);
    expect(lines[0]).toContain('Imported 1 code');
    expect(await storedCopies('CLI-1')).toBe(1);
  });
});
