import { communityOption, requiredText } from '../args';
import { communityChange } from '../communities';
import { UsageError } from '../context';
import { writeQrImages } from '../qrImage';
import { runCommunities } from '../runCommunities';
import { supportContact } from '../support';
import type { RemoteCommand } from './client';
import { communityPath, printRows } from './shared';

/** Communities through a server: the ones the operator runs, a new one, its name, support contact and QR code. */

interface AdminCommunityView {
  communityId: string;
  name: string;
  role: string;
  archived: boolean;
  members?: number;
  support?: { email: string; url: string | null; phone: string | null; text: { en?: string; es?: string } | null } | null;
}

export const communityList: RemoteCommand = {
  name: 'community:list',
  async run(_values, ctx) {
    const communities = await runCommunities<AdminCommunityView>(ctx);
    printRows(
      ctx,
      communities,
      'This account runs no community (an owner adds it with operator:add).',
      (c) => `${c.communityId}  "${c.name}"  your role: ${c.role}${c.archived ? '  archived (takes no new members)' : ''}`,
    );
    return 0;
  },
};

export const communityCreate: RemoteCommand = {
  name: 'community:create',
  async run(values, ctx) {
    const name = requiredText(values, 'name', 'community:create', 100);
    const created = await ctx.call<{ communityId: string; name: string; joinLink: string }>('POST', '/admin/communities', { name });
    ctx.out(`Created community "${created.name}", through the server (you are its owner)`);
    ctx.out(`  id:        ${created.communityId}`);
    ctx.out(`  join link: ${created.joinLink}`);
    return 0;
  },
};

export const communityEdit: RemoteCommand = {
  name: 'community:edit',
  async run(values, ctx) {
    const change = communityChange(values);
    const community = requiredText(values, 'community', 'community:edit');
    const after = await ctx.call<AdminCommunityView>('PUT', communityPath(community), change);
    ctx.out(`Community ${after.communityId}: "${after.name}"${after.archived ? ' (archived: takes no new members)' : ''}, through the server`);
    return 0;
  },
};

export const communitySupport: RemoteCommand = {
  name: 'community:support',
  async run(values, ctx) {
    const community = requiredText(values, 'community', 'community:support');
    const path = communityPath(community);
    const contact = supportContact(values);
    const after = contact === undefined ? await ctx.call<AdminCommunityView>('GET', path) : await ctx.call<AdminCommunityView>('PUT', path, { support: contact });
    const shown = after.support;
    if (!shown) {
      ctx.out(`"${after.name}" (${after.communityId}) has no support contact${contact === null ? ' now' : ''}, through the server`);
      return 0;
    }
    ctx.out(`Support contact of "${after.name}" (${after.communityId}), through the server`);
    ctx.out(`  email:   ${shown.email}`);
    ctx.out(`  link:    ${shown.url ?? '-'}`);
    ctx.out(`  phone:   ${shown.phone ?? '-'}`);
    ctx.out(`  text en: ${shown.text?.en === undefined ? '-' : JSON.stringify(shown.text.en)}`);
    ctx.out(`  text es: ${shown.text?.es === undefined ? '-' : JSON.stringify(shown.text.es)}`);
    return 0;
  },
};

export const communityQr: RemoteCommand = {
  name: 'community:qr',
  async run(values, ctx) {
    const id = communityOption(values, 'community:qr');
    if (typeof values.out !== 'string') throw new UsageError('community:qr needs --community <communityId> --out <dir>');
    const community = await ctx.call<AdminCommunityView & { joinLink: string }>('GET', communityPath(id));
    const { svgPath, pngPath, a4Path, posterPath } = await writeQrImages(community.joinLink, values.out, community.communityId, { kind: 'join', community: community.name });
    ctx.out(`QR code of "${community.name}" (${community.communityId}), through the server`);
    ctx.out(`  link:   ${community.joinLink}`);
    ctx.out(`  svg:    ${svgPath}`);
    ctx.out(`  png:    ${pngPath}`);
    ctx.out(`  a4:     ${a4Path} (a poster with the community's name and how to join)`);
    ctx.out(`  poster: ${posterPath} (A2)`);
    return 0;
  },
};
