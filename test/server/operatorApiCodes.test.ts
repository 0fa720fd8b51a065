import { describe, expect, it } from 'vitest';
import { createCommunity } from '../../server/db/repositories/communities';
import { backends } from './helpers/databases';
import { expectFailure, expectOk, useHarness } from './helpers/harness';
import { operatorApiTools } from './helpers/operatorApi';

/**
 * A reward's options and gift-card codes in the operator API: imports (a dry run first), lists,
 * voids, a new option.
 */
describe.each(backends)('operator API on $name', (backend) => {
  const h = useHarness(backend);
  const { operator, earnPromo, as } = operatorApiTools(h);

  it('imports gift-card codes: a dry run changes nothing and names every skipped code; the import is all or nothing', async () => {
    const editor = await operator('editor');
    const created = expectOk(
      await as(editor).post(`/admin/communities/${h.community.id}/promos`, { type: 'REDEEM', title: { en: 'Gift card' }, options: [{ label: { en: '10 €' }, pips: 10 }] }),
    );
    const codes = `/admin/options/${created.options[0].optId}/codes`;
    expect(expectOk(await as(editor).post(codes, { codes: ['AAA-1'] }))).toEqual({ dryRun: false, imported: 1, skipped: [], codesLeft: 1 });

    const list = [' BBB-2 ', 'CCC-3', 'BBB-2', '   ', 'AAA-1'];
    const dry = expectOk(await as(editor).post(codes, { codes: list, dryRun: true }));
    expect(dry).toEqual({
      dryRun: true,
      imported: 2,
      skipped: [
        { line: 3, code: 'BBB-2', reason: 'REPEATED', loadedFor: null },
        { line: 4, code: '   ', reason: 'BLANK', loadedFor: null },
        // Loaded already, and where (a code is unique across the database: issue 46).
        { line: 5, code: 'AAA-1', reason: 'ALREADY_LOADED', loadedFor: { promoId: created.promo.id, optId: created.options[0].optId, reward: { en: 'Gift card' }, option: { en: '10 €' } } },
      ],
      codesLeft: 1,
    });
    expect(await h.db.selectFrom('gift_card_codes').select('code').orderBy('code').execute()).toEqual([{ code: 'AAA-1' }]);

    const done = expectOk(await as(editor).post(codes, { codes: list }));
    expect(done).toEqual({ ...dry, dryRun: false, codesLeft: 3 });
    expect((await h.db.selectFrom('gift_card_codes').select('code').orderBy('code').execute()).map((r) => r.code)).toEqual(['AAA-1', 'BBB-2', 'CCC-3']);
    // The member can now redeem it.
    const member = await h.registerVerified();
    expect(expectOk(await h.call({ url: '/mobile/promos/get', query: { type: 'REDEEM' }, token: member.authToken })).promos[0].available).toBe(true);

    // The audit log keeps the counts, never the codes.
    const entries = expectOk(await as(editor).get(`/admin/communities/${h.community.id}/audit`, { page: 1, size: 10 })).entries;
    expect(entries[0]).toMatchObject({ action: 'codes.import', entity: 'option', before: { codesLeft: 1 }, after: { codesLeft: 3, imported: 2, skipped: 3 } });
    expect(JSON.stringify(entries)).not.toContain('BBB-2');

    // Refused: a viewer, an unknown option, control characters, an empty list.
    expectFailure(await as(await operator('viewer')).post(codes, { codes: ['DDD-4'] }), 403, 'FORBIDDEN');
    expectFailure(await as(editor).post('/admin/options/999999/codes', { codes: ['DDD-4'] }), 404, 'NOT_FOUND');
    expectFailure(await as(editor).post(codes, { codes: ['EEE\u00005'] }), 400, 'VALIDATION_ERROR');
    expectFailure(await as(editor).post(codes, { codes: [] }), 400, 'VALIDATION_ERROR');
    expect(await h.db.selectFrom('gift_card_codes').select('id').execute()).toHaveLength(3);
  });

  it('lists an option\'s codes with who got each one, and voids a free code (never one handed out)', async () => {
    const editor = await operator('editor');
    const viewer = await operator('viewer');
    const stranger = await operator('owner', (await createCommunity(h.db, 'Elsewhere')).id);
    const member = await h.registerVerified();
    const reward = expectOk(
      await as(editor).post(`/admin/communities/${h.community.id}/promos`, { type: 'REDEEM', title: { en: 'Tea' }, options: [{ label: { en: 'Cup' }, pips: 3 }] }),
    );
    const optId = (reward.options as { optId: number }[])[0].optId;
    expectOk(await as(editor).post(`/admin/options/${optId}/codes`, { codes: ['T1', 'T2', 'T3'] }));
    expectOk(await as(editor).post(`/admin/members/${member.userId}/adjust`, { delta: 10, reason: 'Welcome' }));
    expectOk(await h.call({ method: 'POST', url: '/mobile/redeem', token: member.authToken, form: { pid: reward.promo.id, optId, amount: 1, idempotencyKey: 'codes-redeem-0001' } }));

    // Whole for an editor (a viewer's are masked: giftCodeRoles.test.ts).
    const page = expectOk(await as(editor).get(`/admin/options/${optId}/codes`, { page: 1, size: 10 }));
    expect(page.total).toBe(3);
    const handedOut = page.codes.find((c: { status: string }) => c.status === 'handedOut');
    expect(handedOut).toMatchObject({ code: 'T1', userId: member.userId, email: member.email });
    expect(Date.parse(handedOut.handedOutAt)).toBeGreaterThan(0);
    const free = expectOk(await as(editor).get(`/admin/options/${optId}/codes`, { page: 1, size: 10, status: 'free' }));
    expect(free.codes.map((c: { code: string }) => c.code)).toEqual(['T3', 'T2']);
    expectFailure(await as(stranger).get(`/admin/options/${optId}/codes`, { page: 1, size: 10 }), 404, 'NOT_FOUND');

    const t2 = free.codes.find((c: { code: string }) => c.code === 'T2').id;
    expectFailure(await as(viewer).post(`/admin/codes/${t2}/void`), 403, 'FORBIDDEN');
    expectFailure(await as(stranger).post(`/admin/codes/${t2}/void`), 404, 'NOT_FOUND');
    expectFailure(await as(editor).post(`/admin/codes/${handedOut.id}/void`), 409, 'IN_USE');
    expect(expectOk(await as(editor).post(`/admin/codes/${t2}/void`))).toEqual({ voided: true, codesLeft: 1 });
    expectFailure(await as(editor).post(`/admin/codes/${t2}/void`), 404, 'NOT_FOUND');
    // The member's code is untouched; the audit keeps the counts, not the code.
    expect(expectOk(await as(editor).get(`/admin/options/${optId}/codes`, { page: 1, size: 10 })).codes.map((c: { code: string }) => c.code)).toEqual(['T3', 'T1']);
    const entry = expectOk(await as(editor).get(`/admin/communities/${h.community.id}/audit`, { page: 1, size: 10 })).entries.find((e: { action: string }) => e.action === 'codes.void');
    expect(entry).toMatchObject({ action: 'codes.void', before: { codesLeft: 2 }, after: { codesLeft: 1, voidedCodeId: t2 } });
    expect(JSON.stringify(entry)).not.toContain('"T2"');
  });

  it('adds an option to an existing reward: members can redeem it once it has codes; at most 20 options', async () => {
    const editor = await operator('editor');
    const viewer = await operator('viewer');
    const reward = expectOk(
      await as(editor).post(`/admin/communities/${h.community.id}/promos`, { type: 'REDEEM', title: { en: 'Gift card' }, options: [{ label: { en: '$5' }, pips: 50 }] }),
    );
    const id = reward.promo.id;
    expectFailure(await as(viewer).post(`/admin/promos/${id}/options`, { label: { en: '$10' }, pips: 100 }), 403, 'FORBIDDEN');
    expectFailure(await as(editor).post(`/admin/promos/${id}/options`, { label: { en: '$10' }, pips: 0 }), 400, 'VALIDATION_ERROR');
    const earn = await earnPromo();
    expectFailure(await as(editor).post(`/admin/promos/${earn}/options`, { label: { en: '$10' }, pips: 100 }), 404, 'NOT_FOUND');
    const added = expectOk(await as(editor).post(`/admin/promos/${id}/options`, { label: { en: '$10', es: '10 $' }, pips: 100 }));
    expect(added).toMatchObject({ label: { en: '$10', es: '10 $' }, pips: 100, codesTotal: 0, codesLeft: 0 });
    expect(expectOk(await as(viewer).get(`/admin/promos/${id}/options`)).options.map((o: { pips: number }) => o.pips)).toEqual([50, 100]);
    for (let n = 3; n <= 20; n += 1) expectOk(await as(editor).post(`/admin/promos/${id}/options`, { label: { en: `#${n}` }, pips: n }));
    expectFailure(await as(editor).post(`/admin/promos/${id}/options`, { label: { en: 'One too many' }, pips: 1 }), 409, 'IN_USE');
    // An option nothing refers to is deleted; one with codes is not, nor a reward's last option.
    const [first, second] = expectOk(await as(viewer).get(`/admin/promos/${id}/options`)).options as { optId: number }[];
    expectOk(await as(editor).post(`/admin/options/${first.optId}/codes`, { codes: ['GIFT-1'] }));
    expectFailure(await as(viewer).call('DELETE', `/admin/options/${second.optId}`), 403, 'FORBIDDEN');
    expectFailure(await as(editor).call('DELETE', `/admin/options/${first.optId}`), 409, 'IN_USE');
    expect(expectOk(await as(editor).call('DELETE', `/admin/options/${second.optId}`))).toEqual({ deleted: true });
    const single = expectOk(await as(editor).post(`/admin/communities/${h.community.id}/promos`, { type: 'REDEEM', title: { en: 'Solo' }, options: [{ label: { en: 'Only' }, pips: 5 }] }));
    expectFailure(await as(editor).call('DELETE', `/admin/options/${single.options[0].optId}`), 409, 'IN_USE');
    const audit = expectOk(await as(editor).get(`/admin/communities/${h.community.id}/audit`, { page: 1, size: 50 })).entries;
    expect(audit.filter((e: { action: string }) => e.action === 'option.create')).toHaveLength(19);
    expect(audit.filter((e: { action: string }) => e.action === 'option.delete')).toHaveLength(1);
  });
});
