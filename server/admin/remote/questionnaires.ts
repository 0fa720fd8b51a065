import { readJsonFile, requiredText, showText, wholeNumber } from '../args';
import { UsageError } from '../context';
import type { RemoteCommand } from './client';
import { communityPath, counted, printRows, type AdminText } from './shared';

/** Questionnaires through a server: a new one from a JSON file, and the list. */

export const questionnaireCreate: RemoteCommand = {
  name: 'questionnaire:create',
  async run(values, ctx) {
    const community = requiredText(values, 'community', 'questionnaire:create');
    const file = requiredText(values, 'file', 'questionnaire:create', 4096);
    const pips = wholeNumber(values, 'pips', 0, 1_000_000);
    if (pips === undefined) throw new UsageError('questionnaire:create needs --pips <n> (0 for none)');
    const payload = await readJsonFile(file);
    const created = await ctx.call<{ id: number; title: AdminText; steps: number }>('POST', communityPath(community, '/questionnaires'), { payload, pips });
    ctx.out(`Created questionnaire #${created.id} ${showText(created.title)} in ${community}, through the server`);
    ctx.out(`  ${counted(created.steps, 'step')}, ${pips} pips on answering, once per member`);
    return 0;
  },
};

export const questionnaireList: RemoteCommand = {
  name: 'questionnaire:list',
  async run(values, ctx) {
    const community = requiredText(values, 'community', 'questionnaire:list');
    const { questionnaires } = await ctx.call<{ questionnaires: { id: number; title: AdminText; pips: number; steps: number; answers: number; archived: boolean }[] }>(
      'GET',
      communityPath(community, '/questionnaires'),
    );
    printRows(
      ctx,
      questionnaires,
      `${community} has no questionnaires yet (create one with questionnaire:create).`,
      (q) => `#${q.id}  ${showText(q.title)}  ${q.pips} pips  answered: ${q.answers}  ${q.steps} step(s)${q.archived ? '  [archived]' : ''}`,
    );
    return 0;
  },
};
