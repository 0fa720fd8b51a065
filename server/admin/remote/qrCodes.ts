import { requiredText, showText, text } from '../args';
import { RefusedError } from '../context';
import { DEFAULT_OUT, qrCreateInput, qrFileName, writeOrRefuse } from '../qrCodes';
import type { RemoteCommand, RemoteContext } from './client';
import { adminText, communityPath, operatorCommunities, printRows, requiredId, type AdminText } from './shared';

/** Earn QR codes through a server: a new one with its printed images, the list, and the images again. */

interface AdminQrView {
  id: number;
  title: AdminText;
  pips: number;
  earnLimit: string;
  validFrom: string | null;
  validUntil: string | null;
  cap: number | null;
  claims: number;
  live: boolean;
  link: string;
}

/** Where the images of a code were written. */
function printWritten(ctx: RemoteContext, written: Awaited<ReturnType<typeof writeOrRefuse>>) {
  ctx.out(`  svg:    ${written.svgPath}`);
  ctx.out(`  png:    ${written.pngPath}`);
  ctx.out(`  a4:     ${written.a4Path} (captioned page)`);
  ctx.out(`  poster: ${written.posterPath} (A2)`);
}

export const qrCreate: RemoteCommand = {
  name: 'qr:create',
  async run(values, ctx) {
    const community = requiredText(values, 'community', 'qr:create');
    const input = qrCreateInput(values);
    const qr = await ctx.call<AdminQrView>('POST', communityPath(community, '/qr-codes'), {
      title: adminText(input.title),
      pips: input.pips,
      earnLimit: input.limit,
      ...(input.validFrom ? { validFrom: input.validFrom.toISOString() } : {}),
      ...(input.validUntil ? { validUntil: input.validUntil.toISOString() } : {}),
      ...(input.totalCap ? { cap: input.totalCap } : {}),
    });
    // The printed images belong with the code: when they cannot be written, the code goes again.
    const communities = await operatorCommunities<{ communityId: string; name: string }>(ctx);
    const caption = {
      community: communities.find((c) => c.communityId === community)?.name ?? community,
      title: input.title,
      pips: input.pips,
      limit: input.limit,
      validUntil: input.validUntil,
    };
    let written;
    try {
      written = await writeOrRefuse(qr.link, input.out, qrFileName(input.title, qr.id), 'the code was deleted again', caption);
    } catch (error) {
      await ctx.call('DELETE', `/admin/qr-codes/${qr.id}`);
      throw error;
    }
    ctx.out(`Created earn QR code #${qr.id} ${showText(qr.title)} in ${community}, through the server`);
    ctx.out(`  pips:   ${qr.pips}, limit ${qr.earnLimit}${qr.cap ? `, at most ${qr.cap} scans in all` : ''}`);
    ctx.out(`  valid:  ${qr.validFrom ?? 'now'} to ${qr.validUntil ?? 'no end'}`);
    ctx.out(`  link:   ${qr.link}`);
    printWritten(ctx, written);
    return 0;
  },
};

export const qrList: RemoteCommand = {
  name: 'qr:list',
  async run(values, ctx) {
    const community = requiredText(values, 'community', 'qr:list');
    const { qrCodes } = await ctx.call<{ qrCodes: AdminQrView[] }>('GET', communityPath(community, '/qr-codes'));
    printRows(
      ctx,
      qrCodes,
      `No earn QR codes in ${community} yet.`,
      (qr) => `#${qr.id} ${showText(qr.title)}  ${qr.pips} pips ${qr.earnLimit}  claims ${qr.claims}${qr.cap ? `/${qr.cap}` : ''}  ${qr.live ? 'live' : 'not live'}  ${qr.link}`,
    );
    return 0;
  },
};

export const qrPrint: RemoteCommand = {
  name: 'qr:print',
  async run(values, ctx) {
    const id = requiredId(values, 'id', 'qr:print needs --id <n> (see qr:list)');
    const out = text(values, 'out', 4096) ?? DEFAULT_OUT;
    for (const community of await operatorCommunities<{ communityId: string; name: string }>(ctx)) {
      const { qrCodes } = await ctx.call<{ qrCodes: AdminQrView[] }>('GET', communityPath(community.communityId, '/qr-codes'));
      const qr = qrCodes.find((code) => code.id === id);
      if (!qr) continue;
      const caption = {
        community: community.name,
        title: qr.title,
        pips: qr.pips,
        limit: qr.earnLimit === 'daily' ? ('daily' as const) : ('once' as const),
        validUntil: qr.validUntil ? new Date(qr.validUntil) : null,
      };
      const written = await writeOrRefuse(qr.link, out, qrFileName(qr.title, qr.id), 'nothing was written', caption);
      ctx.out(`Earn QR code #${qr.id} ${showText(qr.title)}, through the server`);
      ctx.out(`  link:   ${qr.link}`);
      printWritten(ctx, written);
      return 0;
    }
    throw new RefusedError(`no earn QR code #${id} in a community you run (see qr:list)`);
  },
};
