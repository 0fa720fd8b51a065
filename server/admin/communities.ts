import { createCommunity, findCommunity, joinLink, listCommunities } from '../db/repositories/communities';
import { findUserByEmail } from '../db/repositories/users';
import { isValidEmail, normalizeEmail } from '../security/rules';
import { communityOption, requireCommunity, requiredText, text, warnIfLocalLinks } from './args';
import { updateCommunity } from '../db/repositories/operators/communities';
import { UsageError, type AdminCommand, type OptionValues } from './context';
import { writeQrImages } from './qrImage';

export { joinLink };

export const communityCreate: AdminCommand = {
  name: 'community:create',
  usage: `community:create --name <name>
      Create a community; prints its id and join link.`,
  options: { name: { type: 'string' } },
  async run(values, ctx) {
    const name = requiredText(values, 'name', 'community:create', 100);
    const community = await createCommunity(ctx.db, name);
    ctx.out(`Created community "${community.name}"`);
    ctx.out(`  id:        ${community.id}`);
    ctx.out(`  join link: ${joinLink(ctx.publicUrl, community.id)}`);
    return 0;
  },
};

export const communityList: AdminCommand = {
  name: 'community:list',
  usage: `community:list
      List communities with their member counts.`,
  options: {},
  async run(_values, ctx) {
    const communities = await listCommunities(ctx.db);
    if (communities.length === 0) {
      ctx.out('No communities yet. Create one with: npm run admin -- community:create --name "My community"');
      return 0;
    }
    for (const c of communities) {
      ctx.out(`${c.id}  "${c.name}"  members: ${c.members}  ${c.active ? `join: ${joinLink(ctx.publicUrl, c.id)}` : 'archived (takes no new members)'}`);
    }
    return 0;
  },
};

export const communityQr: AdminCommand = {
  name: 'community:qr',
  usage: `community:qr --community <id> --out <dir>
      Write the community's QR code (<id>.svg and <id>.png) to <dir>, with an A4 page and an A2
      poster (<id>-a4.svg, <id>-poster.svg) that give the community's name and how to join, in
      English and Spanish; it encodes the join link, so a phone's camera opens the app there.
      (--id <id> names it too.)`,
  options: { community: { type: 'string' }, id: { type: 'string' }, out: { type: 'string' } },
  async run(values, ctx) {
    const id = communityOption(values, 'community:qr');
    if (typeof values.out !== 'string') throw new UsageError('community:qr needs --community <communityId> --out <dir>');
    const community = id.length <= 64 ? await findCommunity(ctx.db, id) : undefined;
    if (!community) throw new UsageError(`no community has the id ${id} (see community:list)`);
    const link = joinLink(ctx.publicUrl, community.id);
    const { svgPath, pngPath, a4Path, posterPath } = await writeQrImages(link, values.out, community.id, { kind: 'join', community: community.name });
    ctx.out(`QR code of "${community.name}" (${community.id})`);
    ctx.out(`  link:   ${link}`);
    ctx.out(`  svg:    ${svgPath}`);
    ctx.out(`  png:    ${pngPath}`);
    ctx.out(`  a4:     ${a4Path} (a poster with the community's name and how to join)`);
    ctx.out(`  poster: ${posterPath} (A2)`);
    warnIfLocalLinks(ctx);
    return 0;
  },
};

export const userShow: AdminCommand = {
  name: 'user:show',
  usage: `user:show --email <email>
      Show an account and its pips (never its password or tokens).`,
  options: { email: { type: 'string' } },
  async run(values, ctx) {
    if (typeof values.email !== 'string') throw new UsageError('user:show needs --email <email>');
    const email = normalizeEmail(values.email);
    if (!isValidEmail(email)) throw new UsageError(`not a valid e-mail address: ${values.email}`);
    const user = await findUserByEmail(ctx.db, email);
    if (!user) {
      ctx.out(`No account uses ${email}.`);
      return 1;
    }
    ctx.out(`User ${user.id}`);
    ctx.out(`  email:      ${user.email}`);
    ctx.out(`  name:       ${user.first_name} ${user.last_name}`);
    ctx.out(`  phone:      ${user.phone || '-'}`);
    ctx.out(`  born:       ${user.day_of_birth ?? '-'}${user.guardian_consent_at ? ' (guardian consent given)' : ''}`);
    ctx.out(`  community:  ${user.community_id} "${user.community_name}"`);
    ctx.out(`  verified:   ${user.is_verified ? 'yes' : 'no'}`);
    ctx.out(`  pips:       ${user.available_pips} available, ${user.total_earned_pips} earned, ${user.total_used_pips} used`);
    ctx.out(`  registered: ${user.created_at.toISOString()}`);
    return 0;
  },
};

export const communityEdit: AdminCommand = {
  name: 'community:edit',
  usage: `community:edit --community <id> [--name <name>] [--archive | --restore]
      Rename a community, or archive it (nobody new can join it; its members keep their
      accounts, pips and history) and restore it.`,
  options: { community: { type: 'string' }, name: { type: 'string' }, archive: { type: 'boolean' }, restore: { type: 'boolean' } },
  async run(values, ctx) {
    const change = communityChange(values);
    const community = await requireCommunity(ctx.db, values, 'community:edit');
    await ctx.db.transaction().execute((trx) => updateCommunity(trx, community.id, { name: change.name, active: change.archived === undefined ? undefined : !change.archived }));
    const after = (await findCommunity(ctx.db, community.id))!;
    ctx.out(`Community ${after.id}: "${after.name}"${after.active ? '' : ' (archived: takes no new members)'}`);
    return 0;
  },
};

/** What community:edit changes (checked before anything is read or sent). */
export function communityChange(values: OptionValues): { name?: string; archived?: boolean } {
  if (values.archive === true && values.restore === true) throw new UsageError('community:edit takes --archive or --restore, not both');
  const name = text(values, 'name', 100);
  const archived = values.archive === true ? true : values.restore === true ? false : undefined;
  if (name === undefined && archived === undefined) throw new UsageError('community:edit needs --name, --archive or --restore');
  return { ...(name !== undefined ? { name } : {}), ...(archived !== undefined ? { archived } : {}) };
}
