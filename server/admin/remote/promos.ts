import { httpUrl, localized, oneOf, requiredText, showText, wholeNumber } from '../args';
import { UsageError } from '../context';
import { readImageOption } from '../images';
import { questionnairePath } from '../../db/repositories/promos';
import type { RemoteCommand, RemoteContext } from './client';
import { adminText, communityPath, printRows, refuseLocalOnly, requiredId, type AdminText } from './shared';

/** Earn promos through a server: a new one, the list, and a promo's image. */

/** A promo as the server answers its creation. */
export interface AdminPromoView {
  id: number;
  communityId: string;
  title: AdminText;
  pips: number;
  earnLimit: string;
}

interface AdminPromoListed {
  id: number;
  title: AdminText;
  pips: number;
  earnLimit: string;
  url: string | null;
  archived: boolean;
}

/** The promos of one type in a community: the live ones, then the archived. */
export async function listedPromos(ctx: RemoteContext, community: string, type: 'EARN' | 'REDEEM'): Promise<AdminPromoListed[]> {
  const path = communityPath(community, '/promos');
  const [live, archived] = await Promise.all([
    ctx.call<{ promos: AdminPromoListed[] }>('GET', `${path}?type=${type}`),
    ctx.call<{ promos: AdminPromoListed[] }>('GET', `${path}?type=${type}&archived=true`),
  ]);
  return [...live.promos, ...archived.promos];
}

/** A questionnaire of the community with its pips, looked up through the server (or a usage error naming questionnaire:list). */
async function questionnaireOf(ctx: RemoteContext, community: string, id: number): Promise<{ id: number; pips: number }> {
  const { questionnaires } = await ctx.call<{ questionnaires: { id: number; pips: number; archived: boolean }[] }>(
    'GET',
    communityPath(community, '/questionnaires'),
  );
  const found = questionnaires.find((q) => q.id === id && !q.archived);
  if (!found) throw new UsageError(`community ${community} has no questionnaire ${id} (see questionnaire:list)`);
  return found;
}

export const promoCreate: RemoteCommand = {
  name: 'promo:create',
  async run(values, ctx) {
    refuseLocalOnly(values, ['image-url', 'redirect'], 'promo:create');
    // The image is read and checked before anything is sent.
    const image = await readImageOption(values);
    if (oneOf(values, 'type', ['EARN', 'REDEEM'], 'EARN') === 'REDEEM') throw new UsageError('rewards (REDEEM) have options and prices: use reward:create');
    const community = requiredText(values, 'community', 'promo:create');
    const title = localized(values, 'title');
    if (title === undefined) throw new UsageError('promo:create needs --title');
    const description = localized(values, 'description', 2000);
    const url = httpUrl(values, 'url');
    const earnLimit = oneOf(values, 'limit', ['once', 'daily', 'unlimited'], 'once');
    const completedBy = values['completed-by'] === undefined ? undefined : oneOf(values, 'completed-by', ['triviaAnswer', 'triviaRightAnswer'], 'triviaAnswer');
    const questionnaireId = wholeNumber(values, 'questionnaire', 1, 2 ** 31 - 1);
    const questionnaire = questionnaireId === undefined ? undefined : await questionnaireOf(ctx, community, questionnaireId);
    if (questionnaire && completedBy) throw new UsageError('a promo with --questionnaire is earned by answering it: leave out --completed-by');
    if (questionnaire && url) throw new UsageError('a promo with --questionnaire is earned by answering it: leave out --url');
    // The pips default to the questionnaire's, as on the database.
    const pips = wholeNumber(values, 'pips', 1, 100_000) ?? questionnaire?.pips;
    if (pips === undefined) throw new UsageError('promo:create needs --pips <n> (the pips a member earns)');
    const { promo } = await ctx.call<{ promo: AdminPromoView }>('POST', communityPath(community, '/promos'), {
      type: 'EARN',
      title: adminText(title),
      ...(description ? { description: adminText(description) } : {}),
      ...(url ? { url } : {}),
      pips,
      earnLimit,
      ...(completedBy ? { completedBy } : {}),
      ...(questionnaire ? { questionnaireId: questionnaire.id } : {}),
    });
    ctx.out(`Created earn promo #${promo.id} ${showText(promo.title)} in ${promo.communityId}, through the server`);
    ctx.out(`  pips:  ${promo.pips}, limit ${promo.earnLimit}`);
    if (questionnaire) ctx.out(`  questionnaire: #${questionnaire.id} (${questionnairePath(questionnaire.id)}, ${questionnaire.pips} pips on answering)`);
    await sendImage(ctx, promo.id, image);
    return 0;
  },
};

export const promoList: RemoteCommand = {
  name: 'promo:list',
  async run(values, ctx) {
    const community = requiredText(values, 'community', 'promo:list');
    const type = oneOf(values, 'type', ['EARN', 'REDEEM'], 'EARN');
    const promos = await listedPromos(ctx, community, type);
    printRows(
      ctx,
      promos,
      `No ${type === 'EARN' ? 'earn actions' : 'rewards'} in ${community} yet.`,
      (p) => `#${p.id} ${showText(p.title)}  ${p.pips} pips ${p.earnLimit}${p.url ? `  ${p.url}` : ''}${p.archived ? '  [archived]' : ''}`,
    );
    return 0;
  },
};

const putImage = (ctx: RemoteContext, promoId: number, bytes: Uint8Array) =>
  ctx.call<{ url: string; width: number; height: number }>('PUT', `/admin/promos/${promoId}/image`, { image: Buffer.from(bytes).toString('base64') });

/** Sets the image of a promo just created (checked beforehand by readImageOption) and says so. */
export async function sendImage(ctx: RemoteContext, promoId: number, bytes: Uint8Array | undefined): Promise<void> {
  if (!bytes) return;
  const image = await putImage(ctx, promoId, bytes);
  ctx.out(`  image: ${image.url} (${image.width}x${image.height})`);
}

export const promoImage: RemoteCommand = {
  name: 'promo:image',
  async run(values, ctx) {
    const promoId = requiredId(values, 'promo', 'promo:image needs --promo <id> (see promo:list)');
    if ((values.image === undefined) === (values.remove !== true)) throw new UsageError('promo:image needs either --image <file> or --remove');
    if (values.remove === true) {
      await ctx.call('DELETE', `/admin/promos/${promoId}/image`);
      ctx.out(`Took the image off promo #${promoId}, through the server.`);
      return 0;
    }
    const bytes = await readImageOption(values);
    const image = await putImage(ctx, promoId, bytes!);
    ctx.out(`Set the image of promo #${promoId}, through the server: ${image.url} (${image.width}x${image.height})`);
    return 0;
  },
};
