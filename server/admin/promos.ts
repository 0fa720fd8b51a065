import { createEarnPromo, listPromos, questionnairePath } from '../db/repositories/promos';
import { findQuestionnaire } from '../db/repositories/questionnaires';
import type { EarnCompletion, EarnLimit } from '../db/schema';
import { EARN_COMPLETIONS, completionLabel, completionScreen } from '../earning/completion';
import { appPath, englishText, httpUrl, localized, oneOf, requireCommunity, showText, wholeNumber } from './args';
import { UsageError, type AdminCommand } from './context';
import { attachImage, readImageOption } from './images';

const MAX_PIPS = 1_000_000;
const LIMITS: readonly EarnLimit[] = ['once', 'daily', 'unlimited'];

const describeLimit = (limit: EarnLimit) =>
  limit === 'once' ? 'once per member' : limit === 'daily' ? 'once per member per day' : 'no limit';

export const promoCreate: AdminCommand = {
  name: 'promo:create',
  usage: `promo:create --community <id> --title <text> [--title-es <text>] --pips <n>
             [--description <text>] [--description-es <text>] [--url <https://…>]
             [--limit once|daily|unlimited] [--questionnaire <id>] [--redirect </app/path>]
             [--completed-by triviaAnswer|triviaRightAnswer]
             [--image <file.png|jpg|webp> | --image-url <https://…>] [--type EARN]
      Create an earn action. --url opens in a new tab when the member earns; --questionnaire
      links a questionnaire, which the member answers to earn it (--pips defaults to its pips;
      not with --url); --completed-by makes it paid when the member does that in the app
      (triviaAnswer: answering the question of the day; triviaRightAnswer: a right answer),
      within --limit, and leads to its screen; --redirect leads to another screen of the
      app (without --completed-by the member earns it with its Earn button).
      Rewards are made with reward:create.`,
  options: {
    type: { type: 'string' },
    community: { type: 'string' },
    title: { type: 'string' },
    'title-es': { type: 'string' },
    description: { type: 'string' },
    'description-es': { type: 'string' },
    pips: { type: 'string' },
    url: { type: 'string' },
    'image-url': { type: 'string' },
    image: { type: 'string' },
    limit: { type: 'string' },
    questionnaire: { type: 'string' },
    redirect: { type: 'string' },
    'completed-by': { type: 'string' },
  },
  async run(values, ctx) {
    const type = oneOf(values, 'type', ['EARN', 'REDEEM'], 'EARN');
    if (type === 'REDEEM') throw new UsageError('rewards (REDEEM) have options and prices: use reward:create');
    const community = await requireCommunity(ctx.db, values, 'promo:create');
    const title = localized(values, 'title');
    if (title === undefined) throw new UsageError('promo:create needs --title');
    const description = localized(values, 'description', 2000);
    const url = httpUrl(values, 'url');
    const imageUrl = httpUrl(values, 'image-url');
    const image = await readImageOption(values);
    if (image && imageUrl) throw new UsageError('give either --image or --image-url, not both');
    const limit = oneOf(values, 'limit', LIMITS, 'once');
    const completedBy: EarnCompletion | undefined =
      values['completed-by'] === undefined ? undefined : oneOf(values, 'completed-by', EARN_COMPLETIONS, 'triviaAnswer');
    const redirect = appPath(values, 'redirect') ?? (completedBy ? completionScreen[completedBy] : undefined);
    if (completedBy && url) throw new UsageError('an action with --completed-by is earned in the app: leave out --url');
    const questionnaireId = wholeNumber(values, 'questionnaire', 1, 2 ** 31 - 1);
    const questionnaire =
      questionnaireId === undefined ? undefined : await findQuestionnaire(ctx.db, community.id, questionnaireId);
    if (questionnaireId !== undefined && !questionnaire) {
      throw new UsageError(`community ${community.id} has no questionnaire ${questionnaireId} (see questionnaire:list)`);
    }
    if (questionnaire && completedBy) throw new UsageError('a promo with --questionnaire is earned by answering it: leave out --completed-by');
    if (questionnaire && url) {
      throw new UsageError('a promo with --questionnaire is earned by answering it: leave out --url');
    }
    const pips = wholeNumber(values, 'pips', 0, MAX_PIPS) ?? questionnaire?.pips;
    if (pips === undefined) throw new UsageError('promo:create needs --pips <n> (the pips a member earns)');
    if (pips === 0 && !questionnaire && !redirect) {
      throw new UsageError('--pips must be at least 1 (0 only for a promo that leads to a questionnaire or a screen)');
    }

    const id = await createEarnPromo(ctx.db, {
      communityId: community.id,
      title,
      description,
      url,
      imageUrl,
      pips,
      limit,
      questionnaireId: questionnaire?.id,
      redirectToInternalScreen: redirect,
      completedBy: completedBy ?? null,
    });
    ctx.out(`Created earn promo #${id} ${showText(title)} in "${community.name}" (${community.id})`);
    ctx.out(`  pips:  ${pips}, ${describeLimit(limit)}`);
    if (description) ctx.out(`  description: ${showText(description)}`);
    if (url) ctx.out(`  opens: ${url}`);
    if (questionnaire) ctx.out(`  questionnaire: #${questionnaire.id} (${questionnairePath(questionnaire.id)}, ${questionnaire.pips} pips on answering)`);
    if (redirect) ctx.out(`  leads to: ${redirect}`);
    if (completedBy) ctx.out(`  paid on: ${completionLabel[completedBy]}`);
    await attachImage(ctx, id, image);
    return 0;
  },
};

export const promoList: AdminCommand = {
  name: 'promo:list',
  usage: `promo:list --community <id> [--type EARN|REDEEM]
      List a community's promos: earn actions with their pips and limits, rewards with their
      options (details: reward:list).`,
  options: { community: { type: 'string' }, type: { type: 'string' } },
  async run(values, ctx) {
    const community = await requireCommunity(ctx.db, values, 'promo:list');
    const type = values.type === undefined ? undefined : oneOf(values, 'type', ['EARN', 'REDEEM'], 'EARN');
    const promos = await listPromos(ctx.db, community.id, type);
    if (promos.length === 0) {
      ctx.out(`"${community.name}" has no ${type ?? ''}${type ? ' ' : ''}promos yet (create one with promo:create or reward:create).`);
      return 0;
    }
    for (const p of promos) {
      const state = p.active ? '' : '  [inactive]';
      if (p.type === 'REDEEM') {
        const price = p.cheapest === null ? 'no options' : `${p.options} option${p.options === 1 ? '' : 's'} from ${p.cheapest} pips`;
        ctx.out(`#${p.id}  REDEEM  "${englishText(p.title)}"  ${price}${state}`);
        continue;
      }
      const extras = [
        p.url ? `url ${p.url}` : null,
        p.questionnaireId ? `questionnaire ${questionnairePath(p.questionnaireId)}` : null,
        p.redirectToInternalScreen ? `redirect ${p.redirectToInternalScreen}` : null,
        p.completedBy ? `completed by ${p.completedBy}` : null,
        `earned ${p.earned}×`,
      ].filter(Boolean);
      ctx.out(`#${p.id}  EARN    "${englishText(p.title)}"  ${p.pips} pips ${p.limit}  ${extras.join('  ')}${state}`);
    }
    return 0;
  },
};
