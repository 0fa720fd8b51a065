import { questionnairePath } from '../db/repositories/promos';
import { createQuestionnaire, listQuestionnaires } from '../db/repositories/questionnaires';
import type { LocalizedText } from '../db/schema';
import { parsePayload, partsOf, type QuestionnairePayload } from '../questionnaires/payload';
import { englishText, readJsonFile, requireCommunity, requiredText, showText, wholeNumber } from './args';
import { UsageError, type AdminCommand } from './context';

const MAX_PIPS = 1_000_000;

/** "3 steps, 6 parts (singleChoice, text, …)". */
function describePayload(payload: QuestionnairePayload): string {
  const parts = partsOf(payload);
  const types = [...new Set(parts.map((part) => part.type))].join(', ');
  return `${payload.steps.length} step${payload.steps.length === 1 ? '' : 's'}, ${parts.length} part${parts.length === 1 ? '' : 's'} (${types})`;
}

export const questionnaireCreate: AdminCommand = {
  name: 'questionnaire:create',
  usage: `questionnaire:create --community <id> --file <form.json> --pips <n>
      Create a questionnaire from a QuestionnairePayload (openapi.yaml): { title, description?,
      steps: [{ title?, parts: [{ id, type, label, ... }] }] }, part types singleChoice,
      multipleChoice, text, number, rating, date; any text may be "..." or { "en", "es" }.
      A member earns --pips once, on answering. Every problem of the file is listed.`,
  options: { community: { type: 'string' }, file: { type: 'string' }, pips: { type: 'string' } },
  async run(values, ctx) {
    const community = await requireCommunity(ctx.db, values, 'questionnaire:create');
    const file = requiredText(values, 'file', 'questionnaire:create', 4096);
    const pips = wholeNumber(values, 'pips', 0, MAX_PIPS);
    if (pips === undefined) throw new UsageError('questionnaire:create needs --pips <n> (0 for none)');

    const json = await readJsonFile(file);
    const parsed = parsePayload(json);
    if (!parsed.ok) {
      const count = parsed.errors.length;
      throw new UsageError(
        `${file} is not a valid questionnaire (${count} problem${count === 1 ? '' : 's'}):\n${parsed.errors.map((e) => `  - ${e}`).join('\n')}`,
      );
    }

    const id = await createQuestionnaire(ctx.db, { communityId: community.id, payload: parsed.payload, pips });
    ctx.out(`Created questionnaire #${id} ${showText(parsed.payload.title)} in "${community.name}" (${community.id})`);
    ctx.out(`  ${describePayload(parsed.payload)}`);
    ctx.out(`  pips:  ${pips} on answering, once per member`);
    ctx.out(`  link:  ${ctx.publicUrl}${questionnairePath(id)}`);
    ctx.out(`Offer it as an earn action with: npm run admin -- promo:create --community ${community.id} --questionnaire ${id} --title "..."`);
    return 0;
  },
};

export const questionnaireList: AdminCommand = {
  name: 'questionnaire:list',
  usage: `questionnaire:list --community <id>
      List a community's questionnaires with their pips and how many members answered.`,
  options: { community: { type: 'string' } },
  async run(values, ctx) {
    const community = await requireCommunity(ctx.db, values, 'questionnaire:list');
    const questionnaires = await listQuestionnaires(ctx.db, community.id);
    if (questionnaires.length === 0) {
      ctx.out(`"${community.name}" has no questionnaires yet (create one with questionnaire:create).`);
      return 0;
    }
    for (const q of questionnaires) {
      const parsed = parsePayload(q.payload);
      const title = parsed.ok ? englishText(parsed.payload.title as LocalizedText) : '(invalid payload)';
      const shape = parsed.ok ? describePayload(parsed.payload) : parsed.errors[0];
      ctx.out(`#${q.id}  "${title}"  ${q.pips} pips  answered: ${q.answers}  ${shape}  ${questionnairePath(q.id)}${q.active ? '' : '  [inactive]'}`);
    }
    return 0;
  },
};
