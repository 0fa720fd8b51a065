import { describe, expect, it } from 'vitest';
import { setOperatorRole } from '../../server/db/repositories/operators/roles';
import type { OperatorRole } from '../../server/db/schema';
import { backends } from './helpers/databases';
import { expectFailure, expectOk, uniqueEmail, useHarness, type TestUser } from './helpers/harness';

/**
 * Operator roles by invitation (issue 46): an owner's invitation answers the same whether or not
 * an account uses the address, and mails it a link; the invitee accepts signed in with that
 * address, and only then holds the role. Withdrawn, expired, used or another account's: refused.
 */
describe.each(backends)('operator invitations on $name', (backend) => {
  const h = useHarness(backend);
  const base = () => `/admin/communities/${h.community.id}`;

  const operator = async (role: OperatorRole): Promise<TestUser> => {
    const user = await h.registerVerified();
    await setOperatorRole(h.db, user.userId, h.community.id, role);
    return user;
  };
  const invite = (who: TestUser, email: string, role: OperatorRole, language?: string) =>
    h.call({ method: 'POST', url: `${base()}/operators`, token: who.authToken, json: { email, role }, ...(language ? { headers: { 'accept-language': language } } : {}) });
  const accept = (who: TestUser, token: string) => h.call({ method: 'POST', url: '/admin/invitations/accept', token: who.authToken, json: { token } });
  const pending = (who: TestUser) => h.call({ url: `${base()}/invitations`, token: who.authToken });
  /** The communities an account runs: none for a member, whom the operator API refuses (403) until they accept. */
  const communitiesOf = async (who: TestUser) => {
    const response = await h.call({ url: '/admin/communities', token: who.authToken });
    if (response.status === 403 && response.body?.error?.code === 'FORBIDDEN') return [];
    return expectOk(response).communities;
  };
  /** The token of the newest invitation mailed to `email`, from its link. */
  const mailedToken = (email: string): string => {
    const link = /http:\/\/pips\.test\/console\?invitation=([A-Za-z0-9_-]+)/;
    const mail = h.mailer.sent.findLast((m) => m.to === email && link.test(m.text));
    if (!mail) throw new Error(`no invitation mail to ${email}`);
    return link.exec(mail.text)![1];
  };
  /** Signed in again (after the clock moved past the auth token's life). */
  const again = async (user: TestUser): Promise<TestUser> => ({ ...user, authToken: expectOk(await h.login(user.email, user.password)).authToken });
  const actions = async () => (await h.db.selectFrom('audit_log').select(['action', 'operator_id', 'entity', 'before', 'after']).orderBy('id').execute());

  it('answers the same, and mails the same, whether or not an account uses the address; only owners invite', async () => {
    const owner = await operator('owner');
    const editor = await operator('editor');
    const known = await h.registerVerified();
    const unknown = uniqueEmail('nobody');
    expectFailure(await invite(editor, known.email, 'viewer'), 403, 'FORBIDDEN');
    expectFailure(await invite(await operator('viewer'), known.email, 'viewer'), 403, 'FORBIDDEN');

    const answers = [await invite(owner, known.email.toUpperCase(), 'viewer'), await invite(owner, unknown, 'viewer')];
    const [toKnown, toUnknown] = answers.map(expectOk);
    expect(toUnknown).toMatchObject({ email: unknown, role: 'viewer' });
    expect(toKnown).toEqual({ id: expect.any(Number), email: known.email, role: 'viewer', invitedBy: owner.email, createdAt: expect.any(String), expiresAt: expect.any(String) });
    expect(Date.parse(toKnown.expiresAt) - Date.parse(toKnown.createdAt)).toBe(7 * 86_400_000);
    // Status and body alike, but for the address, the id and the times.
    const shape = (response: (typeof answers)[number], email: string) =>
      `${response.status} ${response.text.replace(email, '<email>').replace(/"id":\d+/, '"id":0').replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, '<time>')}`;
    expect(shape(answers[0], known.email)).toBe(shape(answers[1], unknown));

    // The same mail to both: a link into the console, and how to get an account first.
    const mails = [h.mailer.lastTo(known.email)!, h.mailer.lastTo(unknown)!];
    expect(mails.map((m) => m.subject)).toEqual([`Invitation to run ${h.community.name} on pips`, `Invitation to run ${h.community.name} on pips`]);
    expect(mails[0].text.replace(mailedToken(known.email), 'T')).toBe(mails[1].text.replace(mailedToken(unknown), 'T'));
    expect(mails[0].text).toContain('If you have no pips account with this address yet, sign up with it first');
    // The role waits for the invitee.
    expect(await communitiesOf(known)).toEqual([]);
    // The audit log keeps the address and the role, nothing about an account.
    const created = (await actions()).filter((a) => a.action === 'invitation.create');
    expect(created.map((a) => [a.operator_id, a.entity, Object.keys(a.after as object).sort()])).toEqual([
      [owner.userId, 'invitation', ['email', 'expiresAt', 'role']],
      [owner.userId, 'invitation', ['email', 'expiresAt', 'role']],
    ]);

    // In the inviter's language.
    expectOk(await invite(owner, unknown, 'editor', 'es-419,es;q=0.9'));
    expect(h.mailer.lastTo(unknown)!.subject).toBe(`Invitación para gestionar ${h.community.name} en pips`);
    expect(h.mailer.lastTo(unknown)!.text).toContain('como editor (crea y cambia el contenido)');
  });

  it('the invitee accepts signed in with the invited address and holds the role then; another account is refused', async () => {
    const owner = await operator('owner');
    const invitee = await h.registerVerified();
    const other = await h.registerVerified();
    expectOk(await invite(owner, invitee.email, 'editor'));
    const token = mailedToken(invitee.email);

    expectFailure(await accept(other, token), 403, 'FORBIDDEN');
    expect(await communitiesOf(other)).toEqual([]);
    const unverified = await h.register();
    expectFailure(await accept(unverified, token), 403, 'ACCOUNT_NOT_VERIFIED');
    expectFailure(await accept(invitee, 'no-such-invitation'), 400, 'INVALID_TOKEN');

    expect(expectOk(await accept(invitee, token))).toEqual({ communityId: h.community.id, name: h.community.name, role: 'editor' });
    expect(await communitiesOf(invitee)).toEqual([{ communityId: h.community.id, name: h.community.name, role: 'editor', archived: false }]);
    // Used up: the link works once, and the invitation is no longer pending.
    expectFailure(await accept(invitee, token), 400, 'INVALID_TOKEN');
    expect(expectOk(await pending(owner)).invitations).toEqual([]);
    const accepted = (await actions()).find((a) => a.action === 'invitation.accept');
    expect(accepted).toMatchObject({ operator_id: invitee.userId, entity: 'operator', before: null, after: { email: invitee.email, role: 'editor' } });

    // An address with no account yet: the same link works once an account signs up with it.
    const later = uniqueEmail('later');
    expectOk(await invite(owner, later, 'viewer'));
    const newcomer = await h.registerVerified({ email: later });
    expect(expectOk(await accept(newcomer, mailedToken(later))).role).toBe('viewer');
    expect((await communitiesOf(newcomer))[0]).toMatchObject({ communityId: h.community.id, role: 'viewer' });
  });

  it('lists pending invitations to owners, who withdraw them; withdrawn, replaced and expired ones are refused', async () => {
    const owner = await operator('owner');
    const editor = await operator('editor');
    const [first, second, third] = [await h.registerVerified(), await h.registerVerified(), await h.registerVerified()];
    const one = expectOk(await invite(owner, first.email, 'viewer'));
    const two = expectOk(await invite(owner, second.email, 'editor'));
    expect(expectOk(await pending(owner)).invitations).toEqual([two, one]);
    expectFailure(await pending(editor), 403, 'FORBIDDEN');

    const withdraw = (who: TestUser, id: number) => h.call({ method: 'DELETE', url: `${base()}/invitations/${id}`, token: who.authToken });
    expectFailure(await withdraw(editor, one.id), 403, 'FORBIDDEN');
    expect(expectOk(await withdraw(owner, one.id))).toEqual({ deleted: true });
    expectFailure(await withdraw(owner, one.id), 404, 'NOT_FOUND');
    expectFailure(await accept(first, mailedToken(first.email)), 400, 'INVALID_TOKEN');
    expect(await communitiesOf(first)).toEqual([]);
    const revoked = (await actions()).find((a) => a.action === 'invitation.revoke');
    expect(revoked).toMatchObject({ operator_id: owner.userId, before: { email: first.email, role: 'viewer' }, after: null });

    // A newer invitation of the same address replaces the older one.
    expectOk(await invite(owner, third.email, 'viewer'));
    const replaced = mailedToken(third.email);
    const newer = expectOk(await invite(owner, third.email, 'editor'));
    expect(expectOk(await pending(owner)).invitations).toEqual([newer, two]);
    expectFailure(await accept(third, replaced), 400, 'INVALID_TOKEN');

    // Seven days on, the others have expired.
    h.clock.advance(7 * 86_400 + 1);
    const [ownerNow, secondNow, thirdNow] = [await again(owner), await again(second), await again(third)];
    expect(expectOk(await pending(ownerNow)).invitations).toEqual([]);
    expectFailure(await accept(secondNow, mailedToken(second.email)), 400, 'INVALID_TOKEN');
    expectFailure(await accept(thirdNow, mailedToken(third.email)), 400, 'INVALID_TOKEN');
    expectFailure(await withdraw(ownerNow, two.id), 404, 'NOT_FOUND');
    expect(await communitiesOf(secondNow)).toEqual([]);
  });

  it('the last owner never steps down, by invitation or by accepting one', async () => {
    const owner = await operator('owner');
    const other = await operator('owner');
    // With two owners, one may be invited to a lower role.
    expectOk(await invite(owner, owner.email, 'editor'));
    const token = mailedToken(owner.email);
    // The other owner leaves: the one left cannot step down by accepting, nor be invited to.
    expect(expectOk(await h.call({ method: 'DELETE', url: `${base()}/operators/${other.userId}`, token: owner.authToken }))).toEqual({ deleted: true });
    expectFailure(await accept(owner, token), 409, 'IN_USE');
    expectFailure(await invite(owner, owner.email, 'viewer'), 409, 'IN_USE');
    expect((await communitiesOf(owner))[0].role).toBe('owner');
    expect((await actions()).map((a) => a.action)).toEqual(['invitation.create', 'operator.remove']);
  });

  it('a mail that cannot be sent leaves no invitation, and says to try again', async () => {
    const owner = await operator('owner');
    h.mailer.failWith(new Error('SMTP down'));
    expectFailure(await invite(owner, uniqueEmail('unsent'), 'viewer'), 503, 'SERVICE_UNAVAILABLE');
    h.mailer.failWith(null);
    expect(expectOk(await pending(owner)).invitations).toEqual([]);
  });
});
