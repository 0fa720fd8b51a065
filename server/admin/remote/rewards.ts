import { readFile } from 'node:fs/promises';
import type { LocalizedText } from '../../db/schema';
import { httpUrl, localized, requiredText, showText } from '../args';
import { UsageError } from '../context';
import { limitOption, limitSuffix } from '../giftCodes';
import { parseCodeFile, parseOption, rewardOptionArgs } from '../rewards';
import type { RemoteCommand } from './client';
import { readImageOption } from '../images';
import { listedPromos, sendImage, type AdminPromoView } from './promos';
import { adminText, communityPath, refuseLocalOnly, requiredId, type AdminText } from './shared';

/** Rewards through a server: a new one, the list with each option's codes, one more option, and codes to hand out. */

interface AdminOptionView {
  optId: number;
  label: AdminText;
  pips: number;
  limit?: { count: number; period: 'ever' | 'day' | 'week' | 'month' } | null;
  codesLeft: number;
}

export const rewardCreate: RemoteCommand = {
  name: 'reward:create',
  async run(values, ctx) {
    refuseLocalOnly(values, ['image-url'], 'reward:create');
    // The image is read and checked before anything is sent.
    const image = await readImageOption(values);
    const community = requiredText(values, 'community', 'reward:create');
    const title = localized(values, 'title');
    if (title === undefined) throw new UsageError('reward:create needs --title');
    const description = localized(values, 'description', 2000);
    const terms = localized(values, 'terms', 5000);
    const url = httpUrl(values, 'url');
    const rawOptions = Array.isArray(values.option) ? values.option.map(String) : [];
    if (rawOptions.length === 0) throw new UsageError('reward:create needs at least one --option "<label>=<price>"');
    const limit = limitOption(values);
    const options = rawOptions.map(parseOption).map((option) => ({ label: adminText(option.label), pips: option.pips, ...(limit ? { limit } : {}) }));
    const created = await ctx.call<{ promo: AdminPromoView; options: AdminOptionView[] }>('POST', communityPath(community, '/promos'), {
      type: 'REDEEM',
      title: adminText(title),
      ...(description ? { description: adminText(description) } : {}),
      ...(terms ? { terms: adminText(terms) } : {}),
      ...(url ? { url } : {}),
      options,
    });
    ctx.out(`Created reward #${created.promo.id} ${showText(created.promo.title)} in ${created.promo.communityId}, through the server`);
    for (const option of created.options) ctx.out(`  option #${option.optId}: ${showText(option.label)} for ${option.pips} pips (no codes yet)`);
    await sendImage(ctx, created.promo.id, image);
    return 0;
  },
};

export const rewardList: RemoteCommand = {
  name: 'reward:list',
  async run(values, ctx) {
    const community = requiredText(values, 'community', 'reward:list');
    const rewards = await listedPromos(ctx, community, 'REDEEM');
    if (rewards.length === 0) ctx.out(`No rewards in ${community} yet.`);
    for (const reward of rewards) {
      ctx.out(`#${reward.id} ${showText(reward.title)}${reward.archived ? '  [archived]' : ''}`);
      const { options } = await ctx.call<{ options: (AdminOptionView & { codesTotal: number })[] }>('GET', `/admin/promos/${reward.id}/options`);
      for (const o of options) ctx.out(`    option #${o.optId} ${showText(o.label)}  ${o.pips} pips  codes ${o.codesLeft} left of ${o.codesTotal}`);
    }
    return 0;
  },
};

export const rewardAddOption: RemoteCommand = {
  name: 'reward:add-option',
  async run(values, ctx) {
    const { rewardId, option } = rewardOptionArgs(values);
    const added = await ctx.call<AdminOptionView>('POST', `/admin/promos/${rewardId}/options`, { label: adminText(option.label), pips: option.pips, limit: option.limit });
    ctx.out(`Added option #${added.optId} ${showText(added.label)} for ${added.pips} pips${limitSuffix(added.limit)} to reward #${rewardId}, through the server (no codes yet)`);
    ctx.out(`Load codes with: npm run admin -- giftcards:import --option ${added.optId} --file codes.csv`);
    return 0;
  },
};

const SKIP_REASONS: Record<string, string> = { BLANK: 'blank', REPEATED: 'repeated in the file', ALREADY_LOADED: 'already loaded' };

export const giftcardsImport: RemoteCommand = {
  name: 'giftcards:import',
  async run(values, ctx) {
    const optionId = requiredId(values, 'option', 'giftcards:import needs --option <optionId> (see reward:list)');
    const file = requiredText(values, 'file', 'giftcards:import', 4096);
    let content: string;
    try {
      content = await readFile(file, 'utf8');
    } catch (error) {
      throw new UsageError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
    }
    const codes = parseCodeFile(content);
    if (codes.length === 0) throw new UsageError(`${file} holds no codes`);
    if (codes.length > 10_000) throw new UsageError(`${file} holds ${codes.length} codes: through the server, at most 10000 at a time (split the file)`);
    const dryRun = values['dry-run'] === true;
    const result = await ctx.call<{ imported: number; skipped: { line: number; code: string; reason: string; loadedFor: { reward: LocalizedText; option: LocalizedText } | null }[]; codesLeft: number }>(
      'POST',
      `/admin/options/${optionId}/codes`,
      { codes, dryRun },
    );
    ctx.out(`${dryRun ? 'Would import' : 'Imported'} ${result.imported} code(s) into option #${optionId}, through the server; ${result.codesLeft} free now`);
    for (const skipped of result.skipped) {
      const where = skipped.loadedFor ? ` for ${showText(skipped.loadedFor.reward)} · ${showText(skipped.loadedFor.option)}` : '';
      ctx.out(`  skipped ${JSON.stringify(skipped.code)}: ${SKIP_REASONS[skipped.reason] ?? skipped.reason}${where} (code #${skipped.line})`);
    }
    return 0;
  },
};
