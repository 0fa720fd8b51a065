import { describe, expect, it } from 'vitest';
import { createCommunity } from '../../../../server/db/repositories/communities';
import { setSupportContact } from '../../../../server/db/repositories/support';
import { backends } from '../../helpers/databases';
import { expectFailure, expectOk, useHarness, type TestUser } from '../../helpers/harness';

describe.each(backends)('community support contact on $name', (backend) => {
  const h = useHarness(backend);

  const support = (user: TestUser, language?: string) =>
    h.call({ url: '/mobile/community/support', token: user.authToken, headers: language ? { 'accept-language': language } : {} });

  it('answers the contact of the member\'s own community, its text in the member\'s language', async () => {
    const other = await createCommunity(h.db, 'Other place');
    await setSupportContact(h.db, h.community.id, {
      email: 'help@demo.example',
      url: 'https://demo.example/help',
      phone: '+1 555 0100',
      text: { en: 'Write to us', es: 'Escríbenos' },
    });
    await setSupportContact(h.db, other.id, { email: 'other@other.example', url: null, phone: null, text: { en: 'Not yours' } });
    const member = await h.registerVerified();

    expect(expectOk(await support(member))).toEqual({
      communityId: h.community.id,
      communityName: h.community.name,
      contact: { email: 'help@demo.example', url: 'https://demo.example/help', phone: '+1 555 0100', text: 'Write to us' },
    });
    expect(expectOk(await support(member, 'es-MX,es;q=0.9,en;q=0.5')).contact).toMatchObject({ text: 'Escríbenos' });
  });

  it('falls back to the other language, and answers null fields the operator left out', async () => {
    await setSupportContact(h.db, h.community.id, { email: 'help@demo.example', url: null, phone: null, text: { es: 'Solo en español' } });
    const member = await h.registerVerified();
    expect(expectOk(await support(member, 'en')).contact).toEqual({ email: 'help@demo.example', url: null, phone: null, text: 'Solo en español' });
    await setSupportContact(h.db, h.community.id, { email: 'help@demo.example', url: null, phone: null, text: null });
    expect(expectOk(await support(member, 'es')).contact).toEqual({ email: 'help@demo.example', url: null, phone: null, text: null });
  });

  it('answers the community\'s name and a null contact when the operator set none', async () => {
    const member = await h.registerVerified();
    expect(expectOk(await support(member))).toEqual({ communityId: h.community.id, communityName: h.community.name, contact: null });
  });

  it('with a token, is for verified members only, whatever communityId says', async () => {
    const unverified = await h.register();
    expectFailure(await support(unverified), 403, 'ACCOUNT_NOT_VERIFIED');
    expectFailure(
      await h.call({ url: `/mobile/community/support?communityId=${h.community.id}`, token: unverified.authToken }),
      403,
      'ACCOUNT_NOT_VERIFIED',
    );
    expectFailure(await h.call({ url: `/mobile/community/support?communityId=${h.community.id}`, token: 'not-a-token' }), 401, 'UNAUTHORIZED');
    expectFailure(await h.call({ url: '/mobile/community/support' }), 401, 'UNAUTHORIZED');
  });

  it('answers a visitor the contact of the community they name, in their language', async () => {
    const other = await createCommunity(h.db, 'Other place');
    await setSupportContact(h.db, other.id, { email: 'other@other.example', url: null, phone: null, text: { en: 'Ask us', es: 'Pregúntanos' } });
    const visit = (communityId: string, language = 'en') =>
      h.call({ url: `/mobile/community/support?communityId=${communityId}`, headers: { 'accept-language': language } });

    expect(expectOk(await visit(other.id, 'es'))).toEqual({
      communityId: other.id,
      communityName: 'Other place',
      contact: { email: 'other@other.example', url: null, phone: null, text: 'Pregúntanos' },
    });
    expect(expectOk(await visit(h.community.id))).toEqual({ communityId: h.community.id, communityName: h.community.name, contact: null });
    expectFailure(await visit('no-such-community'), 404, 'COMMUNITY_NOT_FOUND');
    expectFailure(await visit('bad id!'), 400, 'VALIDATION_ERROR');
  });

  it('gives a member their own community even when communityId names another', async () => {
    const other = await createCommunity(h.db, 'Other place');
    await setSupportContact(h.db, other.id, { email: 'other@other.example', url: null, phone: null, text: null });
    const member = await h.registerVerified();
    const answer = expectOk(await h.call({ url: `/mobile/community/support?communityId=${other.id}`, token: member.authToken }));
    expect(answer.communityId).toBe(h.community.id);
    expect(answer.contact).toBeNull();
  });

  it('refuses a plain-http link in the database itself', async () => {
    await expect(
      setSupportContact(h.db, h.community.id, { email: 'help@demo.example', url: 'http://demo.example', phone: null, text: null }),
    ).rejects.toThrow();
  });
});
