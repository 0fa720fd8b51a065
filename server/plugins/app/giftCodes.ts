import type { Kysely, Transaction } from 'kysely';
import type { Schema } from '../../api/types';
import { duplicateCopies, placesOfCodes, releaseLoneCopy, type CodePlace } from '../../db/repositories/giftCodes';
import { freeCodeCount, importGiftCardCodes } from '../../db/repositories/rewards';
import type { Database, LocalizedText, OperatorRole } from '../../db/schema';

/**
 * Gift-card codes for operators (issue 46): a code is a real card, unique across the whole
 * database. An import skips, and names, every code loaded anywhere already; the codes stored twice
 * before that (migration 061) are reported and resolved by voiding their free copies.
 */

type SkippedCode = Schema<'AdminCodeImportResult'>['skipped'][number];
type CodeImportResult = Schema<'AdminCodeImportResult'>;

const adminText = (text: LocalizedText): Schema<'AdminText'> => (typeof text === 'string' ? { en: text } : text);

/** Where a code is, as an operator of `communityId` may see it: named in that community, else nothing. */
const placeIn = (place: Pick<CodePlace, 'promoId' | 'optionId' | 'rewardTitle' | 'optionLabel' | 'communityId'>, communityId: string) =>
  place.communityId === communityId
    ? { promoId: place.promoId, optId: place.optionId, reward: adminText(place.rewardTitle), option: adminText(place.optionLabel) }
    : null;

/**
 * What an import of `given` codes would do: the trimmed codes to load, and each skipped one with
 * its place in the list, its reason (blank, repeated in the list, loaded already anywhere) and,
 * when it is loaded in the option's own community, where (another community is never named).
 */
export function planCodeImport(
  given: readonly string[],
  loaded: ReadonlyMap<string, CodePlace>,
  communityId: string,
): { load: string[]; skipped: SkippedCode[] } {
  const load: string[] = [];
  const skipped: SkippedCode[] = [];
  const seen = new Set<string>();
  given.forEach((raw, index) => {
    const line = index + 1;
    const code = raw.trim();
    const place = loaded.get(code);
    if (code === '') skipped.push({ line, code: raw, reason: 'BLANK', loadedFor: null });
    else if (seen.has(code)) skipped.push({ line, code, reason: 'REPEATED', loadedFor: null });
    else if (place) skipped.push({ line, code, reason: 'ALREADY_LOADED', loadedFor: placeIn(place, communityId) });
    else load.push(code);
    seen.add(code);
  });
  return { load, skipped };
}

/**
 * Plans and (unless `dryRun`) loads an import into an option of `communityId`, in the caller's
 * transaction. A batch loads its good codes and skips the others, named: the console's preview
 * (the dry run) shows the skipped lines before anything is loaded. A code another import loads at
 * the same moment is decided by the unique index: it is skipped here as loaded already.
 */
export async function importCodesInto(
  trx: Transaction<Database>,
  optionId: number,
  communityId: string,
  codes: readonly string[],
  dryRun: boolean,
): Promise<CodeImportResult & { codesBefore: number }> {
  const trimmed = [...new Set(codes.map((code) => code.trim()).filter((code) => code !== ''))];
  const { load, skipped } = planCodeImport(codes, await placesOfCodes(trx, trimmed), communityId);
  const before = await freeCodeCount(trx, optionId);
  if (dryRun || load.length === 0) return { dryRun, imported: load.length, skipped, codesLeft: before, codesBefore: before };
  const { imported, alreadyLoaded } = await importGiftCardCodes(trx, optionId, load);
  // Lost a race with another import: named like any code loaded already (where is not known here).
  const raced = new Set(alreadyLoaded);
  codes.forEach((raw, index) => {
    if (raced.has(raw.trim()) && !skipped.some((s) => s.line === index + 1)) skipped.push({ line: index + 1, code: raw.trim(), reason: 'ALREADY_LOADED', loadedFor: null });
  });
  skipped.sort((a, b) => a.line - b.line);
  return { dryRun, imported, skipped, codesLeft: await freeCodeCount(trx, optionId), codesBefore: before };
}

/**
 * A code as a role may read it: whole for owners and editors, its last 4 characters for viewers.
 * The one place the duplicates report shows a code (to follow the code listings' masking).
 */
export function codeForRole(code: string, role: OperatorRole): string {
  if (role !== 'viewer') return code;
  return code.length <= 4 ? '•'.repeat(code.length) : `${'•'.repeat(Math.min(code.length - 4, 8))}${code.slice(-4)}`;
}

/**
 * The codes stored more than once with a copy in `communityId`: each copy free or handed out
 * (when, to whom), with its reward and option when it is in this community. Copies elsewhere are
 * shown as "another community" only.
 */
export async function duplicatesReport(db: Kysely<Database>, communityId: string, role: OperatorRole): Promise<Schema<'AdminCodeDuplicates'>> {
  const copies = await duplicateCopies(db, [communityId]);
  const groups: Schema<'AdminCodeDuplicates'>['groups'] = [];
  for (const copy of copies) {
    const here = copy.communityId === communityId;
    const view = {
      codeId: here ? copy.id : null,
      status: copy.redemptionId === null ? ('free' as const) : ('handedOut' as const),
      place: placeIn(copy, communityId),
      handedOutAt: copy.handedOutAt === null ? null : new Date(copy.handedOutAt).toISOString(),
      userId: here ? copy.userId : null,
      email: here ? copy.email : null,
    };
    const last = groups.at(-1);
    if (last && last.code === copy.code) last.copies.push(view);
    else groups.push({ code: copy.code, copies: [view] });
  }
  return { groups: groups.map((group) => ({ ...group, code: codeForRole(group.code, role) })) };
}

/** After a copy of `code` is voided: a lone copy left is an ordinary code again. */
export const afterVoid = (trx: Transaction<Database>, code: string, duplicate: boolean) => (duplicate ? releaseLoneCopy(trx, code) : Promise.resolve(false));
