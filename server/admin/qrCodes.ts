import { findCommunity } from '../db/repositories/communities';
import { createEarnQrCode, earnQrLink, findEarnQrCodeById, listEarnQrCodes } from '../db/repositories/earnQrCodes';
import type { LocalizedText } from '../db/schema';
import { englishText, isoMoment, localized, oneOf, requireCommunity, showText, text, warnIfLocalLinks, wholeNumber } from './args';
import { RefusedError, UsageError, type AdminCommand, type OptionValues } from './context';
import { writeQrImages, type WrittenQr } from './qrImage';
import type { QrCaption } from './qrSheet';

const MAX_PIPS = 1_000_000;
export const DEFAULT_OUT = 'qr-codes';
const DAY_MS = 86_400_000;

/** The printed files' name: the title in lower-case words, then the code's number ("welcome-desk-12"). */
export const qrFileName = (title: LocalizedText, id: number) => {
  const words = englishText(title)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return words ? `${words}-${id}` : `qr-${id}`;
};

/** Writes the images, or refuses (exit 1) with the reason: a file where the folder should be, no permission. */
export async function writeOrRefuse(link: string, out: string, name: string, what: string, caption?: QrCaption): Promise<WrittenQr> {
  try {
    return await writeQrImages(link, out, name, caption);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'EEXIST' || (error as NodeJS.ErrnoException).code === 'ENOTDIR'
      ? `${out} is a file, not a folder`
      : (error as Error).message;
    throw new RefusedError(`cannot write the QR images to ${out}: ${reason}; ${what}`);
  }
}

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

/** The options of qr:create, checked (on the database and through the server alike). */
export function qrCreateInput(values: OptionValues) {
  const title = localized(values, 'title');
  if (title === undefined) throw new UsageError('qr:create needs --title (what members see when they scan it)');
  const pips = wholeNumber(values, 'pips', 1, MAX_PIPS);
  if (pips === undefined) throw new UsageError('qr:create needs --pips <n> (the pips a scan earns)');
  const limit = oneOf(values, 'limit', ['once', 'daily'] as const, 'once');
  const validFrom = isoMoment(values, 'valid-from') ?? null;
  const validDays = wholeNumber(values, 'valid-days', 1, 3650);
  if (validDays !== undefined && values['valid-until'] !== undefined) throw new UsageError('give --valid-until or --valid-days, not both');
  const validUntil =
    validDays !== undefined ? new Date((validFrom ?? new Date()).getTime() + validDays * DAY_MS) : (isoMoment(values, 'valid-until') ?? null);
  if (validFrom && validUntil && validUntil <= validFrom) throw new UsageError('--valid-until must be after --valid-from');
  const totalCap = wholeNumber(values, 'cap', 1, 100_000_000) ?? null;
  const out = text(values, 'out', 4096) ?? DEFAULT_OUT;
  return { title, pips, limit, validFrom, validUntil, totalCap, out };
}

export const qrCreate: AdminCommand = {
  name: 'qr:create',
  usage: `qr:create --community <id> --title <text> [--title-es <text>] --pips <n>
             [--limit once|daily] [--valid-from <ISO>] [--valid-until <ISO> | --valid-days <n>] [--cap <n>] [--out <dir>]
      Create an earn QR code: each member earns its pips once (or once a day), within the
      window (--valid-days: that many days from --valid-from, or from now), until --cap scans
      in all have credited. Prints its link <PUBLIC_URL>/earn?qr=<code> and writes the
      printable <title>-<n>.svg and .png to <dir> (default ./${DEFAULT_OUT}); when they cannot
      be written, no code is created.`,
  options: {
    community: { type: 'string' },
    title: { type: 'string' },
    'title-es': { type: 'string' },
    pips: { type: 'string' },
    limit: { type: 'string' },
    'valid-from': { type: 'string' },
    'valid-until': { type: 'string' },
    'valid-days': { type: 'string' },
    cap: { type: 'string' },
    out: { type: 'string' },
  },
  async run(values, ctx) {
    const community = await requireCommunity(ctx.db, values, 'qr:create');
    const { title, pips, limit, validFrom, validUntil, totalCap, out } = qrCreateInput(values);

    // The code and its printed images together: images that cannot be written leave no live code.
    const { qr, link, svgPath, pngPath, a4Path, posterPath } = await ctx.db.transaction().execute(async (trx) => {
      const created = await createEarnQrCode(trx, { communityId: community.id, title, pips, limit, validFrom, validUntil, totalCap });
      const createdLink = earnQrLink(ctx.publicUrl, created.code);
      const caption = { community: community.name, title, pips, limit, validUntil };
      const written = await writeOrRefuse(createdLink, out, qrFileName(title, created.id), 'no code was created', caption);
      return { qr: created, link: createdLink, ...written };
    });
    ctx.out(`Created earn QR code #${qr.id} ${showText(title)} in "${community.name}" (${community.id})`);
    ctx.out(`  pips:   ${pips}, ${limit === 'once' ? 'once per member' : 'once per member per day'}${totalCap ? `, at most ${totalCap} scans in all` : ''}`);
    ctx.out(`  valid:  ${describeWindow({ validFrom, validUntil })}`);
    ctx.out(`  code:   ${qr.code}`);
    ctx.out(`  link:   ${link}`);
    ctx.out(`  svg:    ${svgPath}`);
    ctx.out(`  png:    ${pngPath}`);
    ctx.out(`  a4:     ${a4Path} (captioned page)`);
    ctx.out(`  poster: ${posterPath} (A2)`);
    warnIfLocalLinks(ctx);
    return 0;
  },
};

export const qrPrint: AdminCommand = {
  name: 'qr:print',
  usage: `qr:print --id <n> [--out <dir>]
      Write the printable SVG and PNG of an existing earn QR code again (<title>-<n>), e.g.
      after PUBLIC_URL changed or the files were lost.`,
  options: { id: { type: 'string' }, out: { type: 'string' } },
  async run(values, ctx) {
    const id = wholeNumber(values, 'id', 1, 2_147_483_647);
    if (id === undefined) throw new UsageError('qr:print needs --id <n> (see qr:list)');
    const qr = await findEarnQrCodeById(ctx.db, id);
    if (!qr) throw new UsageError(`no earn QR code has the id ${id} (see qr:list)`);
    const out = text(values, 'out', 4096) ?? DEFAULT_OUT;
    const link = earnQrLink(ctx.publicUrl, qr.code);
    const community = await findCommunity(ctx.db, qr.community_id);
    const caption = {
      community: community?.name ?? qr.community_id,
      title: qr.title,
      pips: qr.pips,
      limit: qr.earn_limit,
      validUntil: qr.valid_until === null ? null : new Date(qr.valid_until),
    };
    const { svgPath, pngPath, a4Path, posterPath } = await writeOrRefuse(link, out, qrFileName(qr.title, qr.id), 'nothing was written', caption);
    ctx.out(`Earn QR code #${qr.id} ${showText(qr.title)}`);
    ctx.out(`  link:   ${link}`);
    ctx.out(`  svg:    ${svgPath}`);
    ctx.out(`  png:    ${pngPath}`);
    ctx.out(`  a4:     ${a4Path} (captioned page)`);
    ctx.out(`  poster: ${posterPath} (A2)`);
    warnIfLocalLinks(ctx);
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
