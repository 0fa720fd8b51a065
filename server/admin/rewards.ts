import { readFile, stat } from 'node:fs/promises';
import { createReward, findRewardOption, freeCodeCount, importGiftCardCodes, listRewards } from '../db/repositories/rewards';
import { placesOfCodes } from '../db/repositories/giftCodes';
import { limitOption, limitSuffix, showLimit } from './giftCodes';
import type { LocalizedText } from '../db/schema';
import type { RedemptionLimit } from '../db/repositories/rewards';
import { englishText, httpUrl, localized, requireCommunity, requiredText, showText, text, wholeNumber } from './args';
import { findPromoForUpdate } from '../db/repositories/operators/promos';
import { insertRewardOption, optionCount } from '../db/repositories/operators/rewardOptions';
import { csvFields, csvLines } from '../csv';
import { RefusedError, UsageError, type AdminCommand, type OptionValues } from './context';
import { attachImage, readImageOption } from './images';

const MAX_PRICE = 1_000_000;
/** A reward holds at most this many options (the operator API's limit too). */
export const MAX_OPTIONS = 20;
const MAX_CODE_LENGTH = 500;
const MAX_FILE_BYTES = 20 * 1024 * 1024;

/** `label=price` or `English|Español=price`, e.g. "Small coffee|Café pequeño=20". */
export function parseOption(raw: string): { label: LocalizedText; pips: number } {
  const at = raw.lastIndexOf('=');
  const shape = 'an --option looks like "label=price" or "English label|Spanish label=price"';
  if (at < 0) throw new UsageError(`${shape} (got "${raw}")`);
  const price = raw.slice(at + 1).trim();
  if (!/^\d{1,7}$/.test(price) || Number(price) < 1 || Number(price) > MAX_PRICE) {
    throw new UsageError(`the price of an option must be a whole number of pips from 1 to ${MAX_PRICE} (got "${raw}")`);
  }
  const [en, es, ...extra] = raw.slice(0, at).split('|').map((part) => part.trim());
  if (!en || es === '' || extra.length > 0) throw new UsageError(`${shape} (got "${raw}")`);
  if (en.length > 100 || (es?.length ?? 0) > 100) throw new UsageError(`an option label must be at most 100 characters (got "${raw}")`);
  return { label: es === undefined ? en : { en, es }, pips: Number(price) };
}

export const rewardCreate: AdminCommand = {
  name: 'reward:create',
  usage: `reward:create --community <id> --title <text> [--title-es <text>]
             --option "<label>=<price>" [--option ...]
             [--description <text>] [--description-es <text>] [--terms <text>] [--terms-es <text>]
             [--url <https://…>] [--image <file.png|jpg|webp> | --image-url <https://…>]
             [--limit <n | n/day | n/week | n/month>]
      Create a reward members redeem pips for. Each --option is one choice with its price in
      pips; give its label in both languages as "Small coffee|Café pequeño=20". --limit caps
      how often one member may redeem each option (see reward:limit). Load its gift-card codes
      with giftcards:import.`,
  options: {
    community: { type: 'string' },
    title: { type: 'string' },
    'title-es': { type: 'string' },
    description: { type: 'string' },
    'description-es': { type: 'string' },
    terms: { type: 'string' },
    'terms-es': { type: 'string' },
    url: { type: 'string' },
    'image-url': { type: 'string' },
    image: { type: 'string' },
    option: { type: 'string', multiple: true },
    limit: { type: 'string' },
  },
  async run(values, ctx) {
    const community = await requireCommunity(ctx.db, values, 'reward:create');
    const limit = limitOption(values);
    const title = localized(values, 'title');
    if (title === undefined) throw new UsageError('reward:create needs --title');
    const description = localized(values, 'description', 2000);
    const terms = localized(values, 'terms', 5000);
    const url = httpUrl(values, 'url');
    const imageUrl = httpUrl(values, 'image-url');
    const image = await readImageOption(values);
    if (image && imageUrl) throw new UsageError('give either --image or --image-url, not both');
    const rawOptions = Array.isArray(values.option) ? values.option.map(String) : [];
    if (rawOptions.length === 0) throw new UsageError('reward:create needs at least one --option "<label>=<price>"');
    if (rawOptions.length > MAX_OPTIONS) throw new UsageError(`a reward has at most ${MAX_OPTIONS} options`);
    const options = rawOptions.map(parseOption).map((option) => ({ ...option, limit }));

    const reward = await createReward(ctx.db, { communityId: community.id, title, description, terms, url, imageUrl, options });
    ctx.out(`Created reward #${reward.id} ${showText(title)} in "${community.name}" (${community.id})`);
    options.forEach((option, i) => ctx.out(`  option #${reward.optionIds[i]}: ${showText(option.label)} for ${option.pips} pips${limitSuffix(limit)} (no codes yet)`));
    await attachImage(ctx, reward.id, image);
    ctx.out(`Load codes with: npm run admin -- giftcards:import --option ${reward.optionIds[0]} --file codes.csv`);
    return 0;
  },
};

export const rewardList: AdminCommand = {
  name: 'reward:list',
  usage: `reward:list --community <id>
      List a community's rewards: options, prices and gift-card codes left.`,
  options: { community: { type: 'string' } },
  async run(values, ctx) {
    const community = await requireCommunity(ctx.db, values, 'reward:list');
    const rewards = await listRewards(ctx.db, community.id);
    if (rewards.length === 0) {
      ctx.out(`"${community.name}" has no rewards yet (create one with reward:create).`);
      return 0;
    }
    for (const reward of rewards) {
      ctx.out(`#${reward.id}  "${englishText(reward.title)}"${reward.active ? '' : '  [inactive]'}`);
      for (const o of reward.options) {
        ctx.out(`    option #${o.id}  "${englishText(o.label)}"  ${o.pips} pips${o.limit ? `  ${showLimit(o.limit)}` : ''}  codes left: ${o.codesLeft} of ${o.codesTotal}`);
      }
    }
    return 0;
  },
};

const unquote = (value: string) => (/^".*"$/.test(value) ? value.slice(1, -1).replaceAll('""', '"').trim() : value);

/**
 * The codes in a file: one code per line, or a CSV whose header has a `code` column (a lone
 * `code` header line is skipped too). Blank lines are ignored; codes are trimmed.
 */
export function parseCodeFile(content: string): string[] {
  const lines = csvLines(content);
  const first = lines.findIndex((line) => line.trim() !== '');
  if (first < 0) return [];
  const header = csvFields(lines[first]).map((field) => field.trim().toLowerCase());
  const column = header.indexOf('code');
  if (column < 0) {
    if (header.length > 1) {
      throw new UsageError('the file has several columns but none is named "code": give one code per line, or a CSV with a code column');
    }
    return lines.map((line) => unquote(line.trim())).filter((code) => code !== '');
  }
  return lines
    .slice(first + 1)
    .filter((line) => line.trim() !== '')
    .map((line) => (csvFields(line)[column] ?? '').trim())
    .filter((code) => code !== '');
}

export const giftcardsImport: AdminCommand = {
  name: 'giftcards:import',
  usage: `giftcards:import --option <optionId> --file <codes.csv> [--dry-run]
      Load gift-card codes into a reward option: one code per line, or a CSV with a "code"
      column. Codes are trimmed; blanks, repeats and codes already loaded anywhere (a code is
      unique across the whole database) are skipped, and the skipped ones are named with where
      they are loaded; the others are loaded. --dry-run says what would be imported and skipped,
      and changes nothing.`,
  options: { option: { type: 'string' }, file: { type: 'string' }, 'dry-run': { type: 'boolean' } },
  async run(values, ctx) {
    const optionId = wholeNumber(values, 'option', 1, 2 ** 31 - 1);
    if (optionId === undefined) throw new UsageError('giftcards:import needs --option <optionId> (see reward:list)');
    const file = requiredText(values, 'file', 'giftcards:import', 4096);
    const option = await findRewardOption(ctx.db, optionId);
    if (!option || option.promoType !== 'REDEEM') throw new UsageError(`no reward option has the id ${optionId} (see reward:list)`);

    let content: string;
    try {
      const info = await stat(file);
      if (info.size > MAX_FILE_BYTES) throw new UsageError(`${file} is larger than ${MAX_FILE_BYTES / 1024 / 1024} MB`);
      content = await readFile(file, 'utf8');
    } catch (error) {
      if (error instanceof UsageError) throw error;
      throw new UsageError(`cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
    }
    const codes = parseCodeFile(content);
    if (codes.length === 0) throw new UsageError(`${file} holds no codes`);
    const tooLong = codes.find((code) => code.length > MAX_CODE_LENGTH);
    if (tooLong !== undefined) throw new UsageError(`a code is longer than ${MAX_CODE_LENGTH} characters: "${tooLong.slice(0, 40)}…"`);

    // What will be skipped, by name: repeats within the file, and codes the option already holds.
    const given = codes.map((code) => code.trim()).filter((code) => code !== '');
    const counts = new Map<string, number>();
    for (const code of given) counts.set(code, (counts.get(code) ?? 0) + 1);
    const repeated = [...counts].filter(([, n]) => n > 1).map(([code, n]) => `${code} (${n} times)`);
    const loaded = await placesOfCodes(ctx.db, [...counts.keys()]);
    const target = `option #${option.id} "${englishText(option.label)}" of reward #${option.promoId} "${englishText(option.rewardTitle)}"`;
    const named = (list: string[]) => (list.length > 20 ? `${list.slice(0, 20).join(', ')} and ${list.length - 20} more` : list.join(', '));
    const where = (code: string) => {
      const place = loaded.get(code)!;
      return place.communityId === option.communityId
        ? `${code} (for "${englishText(place.rewardTitle)} · ${englishText(place.optionLabel)}", option #${place.optionId})`
        : `${code} (in another community)`;
    };
    const reportSkipped = () => {
      if (repeated.length) ctx.out(`  repeated in the file (imported once): ${named(repeated)}`);
      if (loaded.size) ctx.out(`  already loaded (skipped): ${named([...loaded.keys()].map(where))}`);
    };

    if (values['dry-run'] === true) {
      const wouldImport = counts.size - loaded.size;
      ctx.out(`Dry run: would import ${wouldImport} code${wouldImport === 1 ? '' : 's'} into ${target}; nothing was changed`);
      reportSkipped();
      ctx.out(`  codes left for this option now: ${await freeCodeCount(ctx.db, option.id)}`);
      return 0;
    }
    const { imported, skipped, alreadyLoaded } = await importGiftCardCodes(ctx.db, option.id, codes);
    const left = await freeCodeCount(ctx.db, option.id);
    ctx.out(`Imported ${imported} code${imported === 1 ? '' : 's'} into ${target}`);
    ctx.out(`  skipped: ${skipped} (repeated in the file or already loaded)`);
    reportSkipped();
    const raced = alreadyLoaded.filter((code) => !loaded.has(code));
    if (raced.length) ctx.out(`  loaded meanwhile by another import (skipped): ${named(raced)}`);
    ctx.out(`  codes left for this option: ${left}`);
    return 0;
  },
};

/** reward:add-option's --reward and --option, checked (on the database and through a server alike). */
export function rewardOptionArgs(values: OptionValues): { rewardId: number; option: { label: LocalizedText; pips: number; limit: RedemptionLimit | null } } {
  const rewardId = wholeNumber(values, 'reward', 1, 2 ** 31 - 1);
  if (rewardId === undefined) throw new UsageError('reward:add-option needs --reward <reward id> (see reward:list)');
  const raw = text(values, 'option', 300);
  if (raw === undefined) throw new UsageError('reward:add-option needs --option "<label>=<price>"');
  return { rewardId, option: { ...parseOption(raw), limit: limitOption(values) ?? null } };
}

export const rewardAddOption: AdminCommand = {
  name: 'reward:add-option',
  usage: `reward:add-option --reward <id> --option "<label>=<price>" [--limit <n | n/day | n/week | n/month>]
      Add an option (what the member gets, and its price in pips) to an existing reward, e.g.
      --option "$20 card|Tarjeta de 20 $=200"; --limit as in reward:limit; load its codes next
      with giftcards:import.`,
  options: { reward: { type: 'string' }, option: { type: 'string' }, limit: { type: 'string' } },
  async run(values, ctx) {
    const { rewardId, option } = rewardOptionArgs(values);
    const id = await ctx.db.transaction().execute(async (trx) => {
      const promo = await findPromoForUpdate(trx, rewardId);
      if (!promo || promo.type !== 'REDEEM') throw new UsageError(`no reward has the id ${rewardId} (see reward:list)`);
      if ((await optionCount(trx, rewardId)) >= MAX_OPTIONS) throw new RefusedError(`reward #${rewardId} has ${MAX_OPTIONS} options already`);
      return insertRewardOption(trx, rewardId, option);
    });
    ctx.out(`Added option #${id} ${showText(option.label)} for ${option.pips} pips${limitSuffix(option.limit)} to reward #${rewardId} (no codes yet)`);
    ctx.out(`Load codes with: npm run admin -- giftcards:import --option ${id} --file codes.csv`);
    return 0;
  },
};
