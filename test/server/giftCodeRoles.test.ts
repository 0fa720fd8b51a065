import { describe, expect, it } from 'vitest';
import { setOperatorRole } from '../../server/db/repositories/operators/roles';
import type { OperatorRole } from '../../server/db/schema';
import { maskCode } from '../../server/plugins/app/giftCodeReads';
import { backends } from './helpers/databases';
import { expectOk, useHarness, type TestUser } from './helpers/harness';

describe('maskCode', () => {
  it('keeps the last 4 characters after six dots; 4 characters or fewer are all dots', () => {
    expect(maskCode('GIFT-0001-ABCD')).toBe('••••••ABCD');
    expect(maskCode('12345')).toBe('••••••2345');
    expect(maskCode('ABCD')).toBe('••••••');
    expect(maskCode('X')).toBe('••••••');
    // Characters, not UTF-16 units: an astral character counts once.
    expect(maskCode('card-𝒜𝒝𝒞𝒟')).toBe('••••••𝒜𝒝𝒞𝒟');
  });
});

/**
 * Gift-card codes by role (issue 46): a viewer reads an option's codes masked to their last 4
 * characters and leaves no audit row; owners and editors read them whole, each such read audited
 * (who, the option, how many codes, when) without the codes. The member's own code stays whole.
 */
describe.each(backends)('gift-card codes by role on $name', (backend) => {
  const h = useHarness(backend);

  const operator = async (role: OperatorRole): Promise<TestUser> => {
    const user = await h.registerVerified();
    await setOperatorRole(h.db, user.userId, h.community.id, role);
    return user;
  };
  const get = (user: TestUser, url: string, query: Record<string, string | number>) => h.call({ url, query, token: user.authToken });
  const auditRows = () => h.db.selectFrom('audit_log').select(['operator_id', 'action', 'entity', 'entity_id', 'after', 'created_at']).where('action', '=', 'codes.read').orderBy('id').execute();

  async function rewardWithCodes(editor: TestUser, codes: string[]) {
    const reward = expectOk(
      await h.call({ method: 'POST', url: `/admin/communities/${h.community.id}/promos`, token: editor.authToken, json: { type: 'REDEEM', title: { en: 'Tea' }, options: [{ label: { en: 'Cup' }, pips: 3 }] } }),
    );
    const optId = (reward.options as { optId: number }[])[0].optId;
    expectOk(await h.call({ method: 'POST', url: `/admin/options/${optId}/codes`, token: editor.authToken, json: { codes } }));
    return { promoId: reward.promo.id as number, optId };
  }

  it('a viewer reads the codes masked, unaudited; a member still gets their own code whole', async () => {
    const editor = await operator('editor');
    const viewer = await operator('viewer');
    const member = await h.registerVerified();
    const { promoId, optId } = await rewardWithCodes(editor, ['GIFT-0001-ABCD', 'ABCD', 'GIFT-0002-WXYZ']);
    expectOk(await h.call({ method: 'POST', url: `/admin/members/${member.userId}/adjust`, token: editor.authToken, json: { delta: 10, reason: 'Welcome' } }));
    const redeemed = expectOk(
      await h.call({ method: 'POST', url: '/mobile/redeem', token: member.authToken, form: { pid: promoId, optId, amount: 1, idempotencyKey: 'role-codes-redeem-1' } }),
    );
    const before = (await auditRows()).length;

    const response = await get(viewer, `/admin/options/${optId}/codes`, { page: 1, size: 10 });
    const page = expectOk(response);
    expect(page.masked).toBe(true);
    expect(page.total).toBe(3);
    expect(page.codes.map((c: { code: string; status: string }) => [c.code, c.status])).toEqual([
      ['••••••WXYZ', 'free'],
      ['••••••', 'free'],
      ['••••••ABCD', 'handedOut'],
    ]);
    // Nothing of a code but its last 4 characters travels to the viewer.
    expect(response.text).not.toMatch(/GIFT-000|"ABCD"/);
    expect((await auditRows()).length).toBe(before);

    // The member's own redemption shows their code whole, as before.
    const own = expectOk(await h.call({ method: 'POST', url: '/mobile/transaction', token: member.authToken, form: { id: redeemed.transactionId } }));
    expect(own.code).toBe('GIFT-0001-ABCD');
  });

  it('owners and editors read the codes whole, each read leaving one audit row with the count, never the codes', async () => {
    const owner = await operator('owner');
    const editor = await operator('editor');
    const { optId } = await rewardWithCodes(editor, ['C-0001', 'C-0002', 'C-0003']);

    const whole = expectOk(await get(owner, `/admin/options/${optId}/codes`, { page: 1, size: 10 }));
    expect(whole.masked).toBe(false);
    expect(whole.codes.map((c: { code: string }) => c.code)).toEqual(['C-0003', 'C-0002', 'C-0001']);
    const free = expectOk(await get(editor, `/admin/options/${optId}/codes`, { page: 1, size: 2, status: 'free' }));
    expect(free.codes.map((c: { code: string }) => c.code)).toEqual(['C-0003', 'C-0002']);
    // A page past the end gives no code, and so leaves no row.
    expect(expectOk(await get(editor, `/admin/options/${optId}/codes`, { page: 9, size: 10 })).codes).toEqual([]);

    const rows = await auditRows();
    expect(rows.map((r) => [r.operator_id, r.entity, r.entity_id, r.after])).toEqual([
      [owner.userId, 'option', String(optId), { codes: 3, status: 'all', page: 1 }],
      [editor.userId, 'option', String(optId), { codes: 2, status: 'free', page: 1 }],
    ]);
    for (const row of rows) expect(Math.abs(new Date(row.created_at).getTime() - Date.now())).toBeLessThan(60_000);
    // The community's audit log shows them to its operators, by whom, without a code.
    const entries = expectOk(await get(owner, `/admin/communities/${h.community.id}/audit`, { page: 1, size: 10 })).entries;
    expect(entries.filter((e: { action: string }) => e.action === 'codes.read').map((e: { operator: string }) => e.operator)).toEqual([editor.email, owner.email]);
    expect(JSON.stringify(entries)).not.toContain('C-000');
  });
});
