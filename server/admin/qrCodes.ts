import { createEarnQrCode, earnQrLink, listEarnQrCodes } from '../db/repositories/earnQrCodes';
import { englishText, isoMoment, localized, oneOf, requireCommunity, showText, text, wholeNumber } from './args';
import { UsageError, type AdminCommand } from './context';
import { writeQrImages } from './qrImage';

const MAX_PIPS = 1_000_000;
const DEFAULT_OUT = 'qr-codes';

interface Window {
  validFrom: Date | null;
  validUntil: Date | null;
}

/** "always", "from …", "until …" or "… to …", and whether it is open now. */
function describeWindow({ validFrom, validUntil }: Window, now = new Date()): string {
  const range =
    validFrom && validUntil
      ? `${validFrom.toISOString()} to ${validUntil.toISOString()}`
      : validFrom
        ? `from ${validFrom.toISOString()}`
        : validUntil
          ? `until ${validUntil.toISOString()}`
          : 'always';
  const state = validFrom && now < validFrom ? ' (not valid yet)' : validUntil && now >= validUntil ? ' (expired)' : '';
  return range + state;
}

export const qrCreate: AdminCommand = {
  name: 'qr:create',
  usage: `qr:create --community <id> --title <text> [--title-es <text>] --pips <n>
             [--limit once|daily] [--valid-from <ISO>] [--valid-until <ISO>] [--cap <n>] [--out <dir>]
      Create an earn QR code: each member earns its pips once (or once a day), within the
      window, until --cap scans in all have credited. Prints its link
      <PUBLIC_URL>/earn?qr=<code> and writes the printable <code>.svg and <code>.png to
      <dir> (default ./${DEFAULT_OUT}).`,
  options: {
    community: { type: 'string' },
    title: { type: 'string' },
    'title-es': { type: 'string' },
    pips: { type: 'string' },
    limit: { type: 'string' },
    'valid-from': { type: 'string' },
    'valid-until': { type: 'string' },
    cap: { type: 'string' },
    out: { type: 'string' },
  },
  async run(values, ctx) {
    const community = await requireCommunity(ctx.db, values, 'qr:create');
    const title = localized(values, 'title');
    if (title === undefined) throw new UsageError('qr:create needs --title (what members see when they scan it)');
    const pips = wholeNumber(values, 'pips', 1, MAX_PIPS);
    if (pips === undefined) throw new UsageError('qr:create needs --pips <n> (the pips a scan earns)');
    const limit = oneOf(values, 'limit', ['once', 'daily'] as const, 'once');
    const validFrom = isoMoment(values, 'valid-from') ?? null;
    const validUntil = isoMoment(values, 'valid-until') ?? null;
    if (validFrom && validUntil && validUntil <= validFrom) throw new UsageError('--valid-until must be after --valid-from');
    const totalCap = wholeNumber(values, 'cap', 1, 100_000_000) ?? null;
    const out = text(values, 'out', 4096) ?? DEFAULT_OUT;

    const qr = await createEarnQrCode(ctx.db, { communityId: community.id, title, pips, limit, validFrom, validUntil, totalCap });
    const link = earnQrLink(ctx.publicUrl, qr.code);
    const { svgPath, pngPath } = await writeQrImages(link, out, qr.code);
    ctx.out(`Created earn QR code #${qr.id} ${showText(title)} in "${community.name}" (${community.id})`);
    ctx.out(`  pips:   ${pips}, ${limit === 'once' ? 'once per member' : 'once per member per day'}${totalCap ? `, at most ${totalCap} scans in all` : ''}`);
    ctx.out(`  valid:  ${describeWindow({ validFrom, validUntil })}`);
    ctx.out(`  code:   ${qr.code}`);
    ctx.out(`  link:   ${link}`);
    ctx.out(`  svg:    ${svgPath}`);
    ctx.out(`  png:    ${pngPath}`);
    return 0;
  },
};

export const qrList: AdminCommand = {
  name: 'qr:list',
  usage: `qr:list --community <id>
      List a community's earn QR codes: pips, limit, claims against the cap, window and link.`,
  options: { community: { type: 'string' } },
  async run(values, ctx) {
    const community = await requireCommunity(ctx.db, values, 'qr:list');
    const codes = await listEarnQrCodes(ctx.db, community.id);
    if (codes.length === 0) {
      ctx.out(`"${community.name}" has no earn QR codes yet (create one with qr:create).`);
      return 0;
    }
    for (const qr of codes) {
      ctx.out(
        `#${qr.id}  "${englishText(qr.title)}"  ${qr.pips} pips ${qr.limit}  claims: ${qr.claims}${qr.totalCap ? ` of ${qr.totalCap}` : ' (no cap)'}  valid: ${describeWindow(qr)}`,
      );
      ctx.out(`    ${earnQrLink(ctx.publicUrl, qr.code)}`);
    }
    return 0;
  },
};
