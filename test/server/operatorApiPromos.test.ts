import { describe, expect, it } from 'vitest';
import { createCommunity } from '../../server/db/repositories/communities';
import { backends } from './helpers/databases';
import { expectFailure, expectOk, PNG_1X1, useHarness, type TestUser } from './helpers/harness';
import { operatorApiTools } from './helpers/operatorApi';

/**
 * Earn actions, rewards and earn QR codes in the operator API: created, edited, archived, deleted,
 * with images; members see every change at once, and each write is audited.
 */
describe.each(backends)('operator API on $name', (backend) => {
  const h = useHarness(backend);
  const { operator, earnPromo, as, memberPromoTitles } = operatorApiTools(h);

  it('edits a promo: members see the change at once, the audit log keeps before and after', async () => {
    const pid = await earnPromo();
    const editor = await operator('editor');
    const member = await h.registerVerified();
    expect(await memberPromoTitles(member)).toEqual(['Visit us']);

    const edited = expectOk(await as(editor).put(`/admin/promos/${pid}`, { title: { en: 'Visit our page', es: 'Visita nuestra página' }, pips: 8 }));
    expect(edited).toMatchObject({ id: pid, title: { en: 'Visit our page', es: 'Visita nuestra página' }, pips: 8, archived: false });
    expect(await memberPromoTitles(member)).toEqual(['Visit our page']);

    const [entry] = expectOk(await as(editor).get(`/admin/communities/${h.community.id}/audit`, { page: 1, size: 10 })).entries;
    expect(entry).toMatchObject({
      operator: editor.email,
      action: 'promo.update',
      entity: 'promo',
      entityId: String(pid),
      before: { title: { en: 'Visit us', es: 'Visítanos' }, pips: 5 },
      after: { title: { en: 'Visit our page', es: 'Visita nuestra página' }, pips: 8 },
    });
    // A reward's price is not the promo's to change; bad input changes nothing.
    expectFailure(await as(editor).put(`/admin/promos/${pid}`, {}), 400, 'VALIDATION_ERROR');
    expectFailure(await as(editor).put(`/admin/promos/${pid}`, { url: 'http://plain.example' }), 400, 'VALIDATION_ERROR');
    expectFailure(await as(editor).put(`/admin/promos/${pid}`, { title: { en: '   ' } }), 400, 'VALIDATION_ERROR');
    expect(await h.db.selectFrom('audit_log').select('id').execute()).toHaveLength(1);
  });

  it('archives a promo out of every member call at once, and restores it', async () => {
    const pid = await earnPromo();
    const owner = await operator('owner');
    const member = await h.registerVerified();

    expect(expectOk(await as(owner).post(`/admin/promos/${pid}/archive`))).toMatchObject({ id: pid, archived: true });
    expect(await memberPromoTitles(member)).toEqual([]);
    expectFailure(await h.call({ method: 'POST', url: '/mobile/earn', token: member.authToken, form: { pid } }), 404, 'NOT_FOUND');
    expect(expectOk(await as(owner).get(`/admin/communities/${h.community.id}/promos`, { type: 'EARN', archived: 'true' })).promos).toHaveLength(1);
    expect(expectOk(await as(owner).get(`/admin/communities/${h.community.id}/promos`, { type: 'EARN' })).promos).toHaveLength(0);
    // Archiving twice is harmless and writes no second row.
    expectOk(await as(owner).post(`/admin/promos/${pid}/archive`));

    expect(expectOk(await as(owner).post(`/admin/promos/${pid}/restore`))).toMatchObject({ archived: false });
    expect(await memberPromoTitles(member)).toEqual(['Visit us']);
    const actions = expectOk(await as(owner).get(`/admin/communities/${h.community.id}/audit`, { page: 1, size: 10 })).entries.map(
      (e: { action: string }) => e.action,
    );
    expect(actions).toEqual(['promo.restore', 'promo.archive']);
  });

  it('creates an earn action and a reward with its options: live for members at once, audited', async () => {
    const editor = await operator('editor');
    const member = await h.registerVerified();
    const promos = `/admin/communities/${h.community.id}/promos`;

    const earn = expectOk(
      await as(editor).post(promos, { type: 'EARN', title: { en: 'Run with us', es: 'Corre con nosotros' }, pips: 7, url: 'https://example.org/run', earnLimit: 'daily' }),
    );
    expect(earn).toMatchObject({ promo: { type: 'EARN', title: { en: 'Run with us', es: 'Corre con nosotros' }, pips: 7, earnLimit: 'daily', archived: false }, options: [] });
    expect(await memberPromoTitles(member)).toEqual(['Run with us']);

    const reward = expectOk(
      await as(editor).post(promos, {
        type: 'REDEEM',
        title: { en: 'Cinema ticket' },
        terms: { en: 'One per visit' },
        options: [
          { label: { en: 'Two tickets' }, pips: 180 },
          { label: { en: 'One ticket', es: 'Una entrada' }, pips: 100 },
        ],
      }),
    );
    expect(reward.promo).toMatchObject({ type: 'REDEEM', title: { en: 'Cinema ticket' }, pips: 0 });
    expect(reward.options.map((o: { label: unknown; pips: number; codesLeft: number; stock: string }) => [o.label, o.pips, o.codesLeft, o.stock])).toEqual([
      [{ en: 'One ticket', es: 'Una entrada' }, 100, 0, 'none'],
      [{ en: 'Two tickets' }, 180, 0, 'none'],
    ]);
    const rewards = expectOk(await h.call({ url: '/mobile/promos/get', query: { type: 'REDEEM' }, token: member.authToken })).promos;
    expect(rewards).toMatchObject([{ id: reward.promo.id, title: 'Cinema ticket', available: false }]);
    const listed = expectOk(await as(editor).get(`/admin/promos/${reward.promo.id}/options`)).options;
    expect(listed).toEqual(reward.options);

    const actions = expectOk(await as(editor).get(`/admin/communities/${h.community.id}/audit`, { page: 1, size: 10 })).entries;
    expect(actions.map((e: { action: string; entityId: string }) => [e.action, e.entityId])).toEqual([
      ['promo.create', String(reward.promo.id)],
      ['promo.create', String(earn.promo.id)],
    ]);
    expect(actions[0].after).toMatchObject({ title: { en: 'Cinema ticket' }, options: [{ pips: 100 }, { pips: 180 }] });

    // Bad input creates nothing; a viewer, another community's operator and a member may not.
    const before = await h.db.selectFrom('promos').select('id').execute();
    expectFailure(await as(editor).post(promos, { type: 'EARN', title: { en: 'No pips' } }), 400, 'VALIDATION_ERROR');
    expectFailure(await as(editor).post(promos, { type: 'REDEEM', title: { en: 'No options' }, options: [] }), 400, 'VALIDATION_ERROR');
    expectFailure(await as(editor).post(promos, { type: 'EARN', title: { en: 'Mixed' }, pips: 5, options: [{ label: { en: 'x' }, pips: 1 }] }), 400, 'VALIDATION_ERROR');
    expectFailure(await as(editor).post(promos, { type: 'EARN', title: { en: 'Plain link' }, pips: 5, url: 'http://example.org' }), 400, 'VALIDATION_ERROR');
    expectFailure(await as(await operator('viewer')).post(promos, { type: 'EARN', title: { en: 'Viewer' }, pips: 5 }), 403, 'FORBIDDEN');
    const stranger = await operator('owner', (await createCommunity(h.db, 'Elsewhere')).id);
    expectFailure(await as(stranger).post(promos, { type: 'EARN', title: { en: 'Stranger' }, pips: 5 }), 403, 'FORBIDDEN');
    expectFailure(await as(member).post(promos, { type: 'EARN', title: { en: 'Member' }, pips: 5 }), 403, 'FORBIDDEN');
    expectFailure(await as(stranger).get(`/admin/promos/${reward.promo.id}/options`), 404, 'NOT_FOUND');
    expectFailure(await as(editor).get(`/admin/promos/${earn.promo.id}/options`), 404, 'NOT_FOUND');
    expect(await h.db.selectFrom('promos').select('id').execute()).toEqual(before);
  });

  it('creates an earn QR code whose link credits when scanned, and ends it: scans answer QR_CODE_EXPIRED from then on', async () => {
    const editor = await operator('editor');
    const viewer = await operator('viewer');
    const [first, second] = [await h.registerVerified(), await h.registerVerified()];
    const scan = async (member: TestUser, link: string) => {
      const { token } = expectOk(await h.call({ method: 'POST', url: '/api/tokenize', form: { tokenType: 'qrParams', qrParam: link }, token: member.authToken }));
      return h.call({ method: 'POST', url: '/mobile/earn/qr/post', query: { qrToken: token }, token: member.authToken });
    };
    const codes = `/admin/communities/${h.community.id}/qr-codes`;

    const qr = expectOk(await as(editor).post(codes, { title: { en: 'Front desk', es: 'Recepción' }, pips: 4, earnLimit: 'daily', cap: 100 }));
    expect(qr).toMatchObject({ title: { en: 'Front desk', es: 'Recepción' }, pips: 4, earnLimit: 'daily', cap: 100, claims: 0, live: true, validUntil: null });
    expect(qr.link).toMatch(new RegExp(`^${h.config.publicUrl}/earn\\?qr=[A-Za-z0-9_-]{22}$`));
    expect(expectOk(await scan(first, qr.link))).toMatchObject({ pipsEarned: 4 });
    expect(expectOk(await as(viewer).get(codes)).qrCodes).toEqual([{ ...qr, claims: 1 }]);

    const ended = expectOk(await as(editor).post(`/admin/qr-codes/${qr.id}/end`));
    expect(ended).toMatchObject({ id: qr.id, live: false, claims: 1 });
    expect(Date.parse(ended.validUntil)).toBeLessThanOrEqual(h.clock.now().getTime());
    expectFailure(await scan(second, qr.link), 400, 'QR_CODE_EXPIRED');
    // Ending twice is harmless and writes no second row.
    expectOk(await as(editor).post(`/admin/qr-codes/${qr.id}/end`));
    const actions = expectOk(await as(viewer).get(`/admin/communities/${h.community.id}/audit`, { page: 1, size: 10 })).entries.map((e: { action: string }) => e.action);
    expect(actions).toEqual(['qr.end', 'qr.create']);

    // Refused: a viewer writes, an end before the start, an unknown code.
    expectFailure(await as(viewer).post(codes, { title: { en: 'Viewer' }, pips: 1 }), 403, 'FORBIDDEN');
    expectFailure(await as(viewer).post(`/admin/qr-codes/${qr.id}/end`), 403, 'FORBIDDEN');
    expectFailure(await as(editor).post(codes, { title: { en: 'Backwards' }, pips: 1, validFrom: '2030-01-02T00:00:00Z', validUntil: '2030-01-01T00:00:00Z' }), 400, 'VALIDATION_ERROR');
    expectFailure(await as(editor).post('/admin/qr-codes/999999/end'), 404, 'NOT_FOUND');
    expect(await h.db.selectFrom('earn_qr_codes').select('id').execute()).toHaveLength(1);
  });

  it('deletes a promo or a QR code nothing refers to, and refuses with IN_USE otherwise', async () => {
    const editor = await operator('editor');
    const member = await h.registerVerified();
    const promos = `/admin/communities/${h.community.id}/promos`;
    const unused = await earnPromo();
    const earned = await earnPromo();
    expectOk(await h.call({ method: 'POST', url: '/mobile/earn', token: member.authToken, form: { pid: earned } }));
    const bare = expectOk(await as(editor).post(promos, { type: 'REDEEM', title: { en: 'Bare' }, options: [{ label: { en: 'One' }, pips: 1 }] }));
    const stocked = expectOk(await as(editor).post(promos, { type: 'REDEEM', title: { en: 'Stocked' }, options: [{ label: { en: 'One' }, pips: 1 }] }));
    expectOk(await as(editor).post(`/admin/options/${stocked.options[0].optId}/codes`, { codes: ['ST-1'] }));

    expectFailure(await as(await operator('viewer')).call('DELETE', `/admin/promos/${unused}`), 403, 'FORBIDDEN');
    expect(expectOk(await as(editor).call('DELETE', `/admin/promos/${unused}`))).toEqual({ deleted: true });
    expect(expectOk(await as(editor).call('DELETE', `/admin/promos/${bare.promo.id}`))).toEqual({ deleted: true });
    expect(await h.db.selectFrom('promo_options').select('id').where('promo_id', '=', bare.promo.id).execute()).toEqual([]);
    expect(expectFailure(await as(editor).call('DELETE', `/admin/promos/${earned}`), 409, 'IN_USE').error.message).toContain('earned 1 time(s)');
    expect(expectFailure(await as(editor).call('DELETE', `/admin/promos/${stocked.promo.id}`), 409, 'IN_USE').error.message).toContain('1 gift-card code(s)');
    expectFailure(await as(editor).call('DELETE', `/admin/promos/${unused}`), 404, 'NOT_FOUND');
    expect(await memberPromoTitles(member)).toEqual(['Visit us']);

    const codes = `/admin/communities/${h.community.id}/qr-codes`;
    const fresh = expectOk(await as(editor).post(codes, { title: { en: 'Fresh' }, pips: 1 }));
    const scanned = expectOk(await as(editor).post(codes, { title: { en: 'Scanned' }, pips: 1 }));
    const { token } = expectOk(await h.call({ method: 'POST', url: '/api/tokenize', form: { tokenType: 'qrParams', qrParam: scanned.link }, token: member.authToken }));
    expectOk(await h.call({ method: 'POST', url: '/mobile/earn/qr/post', query: { qrToken: token }, token: member.authToken }));
    expect(expectOk(await as(editor).call('DELETE', `/admin/qr-codes/${fresh.id}`))).toEqual({ deleted: true });
    expectFailure(await as(editor).call('DELETE', `/admin/qr-codes/${scanned.id}`), 409, 'IN_USE');
    expect((await h.db.selectFrom('earn_qr_codes').select('id').execute()).map((r) => r.id)).toEqual([scanned.id]);

    const actions = expectOk(await as(editor).get(`/admin/communities/${h.community.id}/audit`, { page: 1, size: 20 })).entries.map((e: { action: string }) => e.action);
    expect(actions.filter((a: string) => a.endsWith('.delete'))).toEqual(['qr.delete', 'promo.delete', 'promo.delete']);
  });

  it('edits a QR code (same printed link) and a reward option\'s label and price; scans and redemptions follow at once; audited', async () => {
    const editor = await operator('editor');
    const viewer = await operator('viewer');
    const member = await h.registerVerified();
    const qr = expectOk(await as(editor).post(`/admin/communities/${h.community.id}/qr-codes`, { title: { en: 'Gate' }, pips: 4 }));
    expectFailure(await as(viewer).put(`/admin/qr-codes/${qr.id}`, { pips: 9 }), 403, 'FORBIDDEN');
    expectFailure(await as(editor).put(`/admin/qr-codes/${qr.id}`, {}), 400, 'VALIDATION_ERROR');
    const edited = expectOk(await as(editor).put(`/admin/qr-codes/${qr.id}`, { title: { en: 'Main gate', es: 'Puerta principal' }, pips: 9, cap: 5 }));
    expect(edited).toMatchObject({ id: qr.id, title: { en: 'Main gate', es: 'Puerta principal' }, pips: 9, cap: 5, link: qr.link, live: true });
    expect(expectOk(await as(editor).put(`/admin/qr-codes/${qr.id}`, { cap: null }))).toMatchObject({ cap: null });
    expectFailure(await as(editor).put('/admin/qr-codes/999999', { pips: 2 }), 404, 'NOT_FOUND');

    const reward = expectOk(
      await as(editor).post(`/admin/communities/${h.community.id}/promos`, { type: 'REDEEM', title: { en: 'Tea' }, options: [{ label: { en: 'Cup' }, pips: 30 }] }),
    );
    const optId = (reward.options as { optId: number }[])[0].optId;
    expectOk(await as(editor).post(`/admin/options/${optId}/codes`, { codes: ['T1'] }));
    expectFailure(await as(viewer).put(`/admin/options/${optId}`, { pips: 3 }), 403, 'FORBIDDEN');
    expect(expectOk(await as(editor).put(`/admin/options/${optId}`, { label: { en: 'Mug', es: 'Taza' }, pips: 3 }))).toMatchObject({ optId, label: { en: 'Mug', es: 'Taza' }, pips: 3, codesLeft: 1 });
    // The new price is what a member pays now.
    expectOk(await as(editor).post(`/admin/members/${member.userId}/adjust`, { delta: 5, reason: 'Welcome' }));
    const redeemed = expectOk(
      await h.call({ method: 'POST', url: '/mobile/redeem', token: member.authToken, form: { pid: reward.promo.id, optId, amount: 1, idempotencyKey: 'option-edit-0001' } }),
    );
    expect(redeemed.availablePips).toBe(2);
    const actions = expectOk(await as(editor).get(`/admin/communities/${h.community.id}/audit`, { page: 1, size: 50 })).entries.map((e: { action: string }) => e.action);
    expect(actions.filter((a: string) => a.endsWith('.update')).sort()).toEqual(['option.update', 'qr.update', 'qr.update']);
  });

  it('sets and takes off a promo image (checked like the CLI\'s), which members see at once; audited', async () => {
    const editor = await operator('editor');
    const member = await h.registerVerified();
    const pid = await earnPromo();
    expectFailure(await as(editor).put(`/admin/promos/${pid}/image`, { image: Buffer.from('not an image at all').toString('base64') }), 400, 'VALIDATION_ERROR');
    const image = expectOk(await as(editor).put(`/admin/promos/${pid}/image`, { image: PNG_1X1 }));
    expect(image).toMatchObject({ url: expect.stringMatching(/^\/images\/[0-9a-f]{64}\.png$/), width: 1, height: 1 });
    const promo = () => h.call({ url: '/mobile/promos/get', query: { type: 'EARN' }, token: member.authToken }).then((r) => (expectOk(r).promos as { id: number; imageUrl?: string | null }[]).find((p) => p.id === pid));
    expect((await promo())?.imageUrl).toContain(image.url);
    const served = await h.call({ url: image.url });
    expect(served.status).toBe(200);
    expect(expectOk(await as(editor).call('DELETE', `/admin/promos/${pid}/image`))).toEqual({ deleted: true });
    expect((await promo())?.imageUrl ?? null).toBeNull();
    const actions = expectOk(await as(editor).get('/admin/audit', { page: 1, size: 10 })).entries.map((e: { action: string }) => e.action);
    expect(actions).toEqual(['promo.image', 'promo.image']);
  });
});
