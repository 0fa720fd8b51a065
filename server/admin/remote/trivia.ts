import { isoMoment, localized, readJsonFile, requiredText, showText, text, wholeNumber } from '../args';
import { UsageError } from '../context';
import type { RemoteCommand } from './client';
import { adminText, communityPath, counted, printRows, requiredId, type AdminText } from './shared';

/** Trivia through a server: questions, the daily allowance, and contests with their charts. */

/** The entries of a questions file (an array, or `{ "questions": [...] }`), sent as they are: the server checks them. */
async function questionsOfFile(file: string): Promise<unknown> {
  const json = (await readJsonFile(file)) as unknown;
  return Array.isArray(json) ? json : (json as { questions?: unknown } | null)?.questions;
}

export const triviaImport: RemoteCommand = {
  name: 'trivia:import',
  async run(values, ctx) {
    const community = requiredText(values, 'community', 'trivia:import');
    const file = requiredText(values, 'file', 'trivia:import', 4096);
    const contestId = wholeNumber(values, 'contest', 1, 2_000_000_000);
    const questions = await questionsOfFile(file);
    const added = await ctx.call<{ added: number; total: number }>('POST', communityPath(community, '/trivia/questions'), {
      questions,
      ...(contestId ? { contestId } : {}),
    });
    ctx.out(`Imported ${counted(added.added, 'question')} into ${contestId ? `contest #${contestId}` : 'the question of the day'} of ${community}, through the server`);
    ctx.out(`  now ${added.total} in all`);
    return 0;
  },
};

export const triviaAllowance: RemoteCommand = {
  name: 'trivia:allowance',
  async run(values, ctx) {
    const community = requiredText(values, 'community', 'trivia:allowance');
    const daily = wholeNumber(values, 'daily', 0, 1000);
    const timeZone = text(values, 'time-zone', 64);
    const path = communityPath(community, '/trivia');
    const trivia =
      daily === undefined && timeZone === undefined
        ? await ctx.call<{ dailyAllowance: number; timeZone: string; questions: number }>('GET', path)
        : await ctx.call<{ dailyAllowance: number; timeZone: string; questions: number }>('PUT', path, {
            ...(daily !== undefined ? { dailyAllowance: daily } : {}),
            ...(timeZone !== undefined ? { timeZone } : {}),
          });
    ctx.out(`${community}: ${counted(trivia.dailyAllowance, 'question')} a day per member, day in ${trivia.timeZone} (through the server)`);
    ctx.out(`  ${trivia.questions} questions in the pool`);
    return 0;
  },
};

export const contestCreate: RemoteCommand = {
  name: 'contest:create',
  async run(values, ctx) {
    const community = requiredText(values, 'community', 'contest:create');
    const name = localized(values, 'name', 120);
    if (name === undefined) throw new UsageError('contest:create needs --name');
    const rules = localized(values, 'rules', 2000);
    const startsAt = isoMoment(values, 'starts');
    const endsAt = isoMoment(values, 'ends');
    if (!startsAt || !endsAt) throw new UsageError('contest:create needs --starts and --ends (ISO dates or date-times)');
    const pips = wholeNumber(values, 'pips', 0, 1_000_000);
    if (pips === undefined) throw new UsageError('contest:create needs --pips <n> (pips per right answer)');
    const joinPips = wholeNumber(values, 'join-pips', 0, 1_000_000);
    const split = (option: string) => (text(values, option, 1000) ?? '').split(',').map((t) => t.trim()).filter((t) => t !== '');
    const teamsEn = split('teams');
    const teamsEs = split('teams-es');
    if (teamsEs.length > 0 && teamsEs.length !== teamsEn.length) throw new UsageError(`--teams-es must name as many teams as --teams (${teamsEn.length})`);
    const questionsFile = text(values, 'questions', 4096);
    const questions = questionsFile === undefined ? undefined : await questionsOfFile(questionsFile);
    const contest = await ctx.call<{ id: number; name: AdminText; teams: { en: string }[]; questions: number }>('POST', communityPath(community, '/trivia/contests'), {
      name: adminText(name),
      ...(rules ? { rules: adminText(rules) } : {}),
      startsAt: startsAt.toISOString(),
      endsAt: endsAt.toISOString(),
      pipsPerAnswer: pips,
      ...(joinPips !== undefined ? { joinPips } : {}),
      teams: teamsEn.map((en, i) => (teamsEs[i] ? { en, es: teamsEs[i] } : { en })),
      ...(questions !== undefined ? { questions } : {}),
    });
    ctx.out(`Created trivia contest #${contest.id} ${showText(contest.name)} in ${community}, through the server`);
    ctx.out(`  teams: ${contest.teams.map((t) => t.en).join(', ')}`);
    ctx.out(
      `  questions: ${contest.questions}${contest.questions === 0 ? ` (add some with trivia:import --community ${community} --contest ${contest.id} --file ...)` : ''}`,
    );
    return 0;
  },
};

export const contestList: RemoteCommand = {
  name: 'contest:list',
  async run(values, ctx) {
    const community = requiredText(values, 'community', 'contest:list');
    const { contests } = await ctx.call<{ contests: { id: number; name: AdminText; startsAt: string; endsAt: string; pipsPerAnswer: number; members: number; questions: number }[] }>(
      'GET',
      communityPath(community, '/trivia'),
    );
    printRows(
      ctx,
      contests,
      `${community} has no trivia contests yet (create one with contest:create).`,
      (c) => `#${c.id}  ${showText(c.name)}  ${c.startsAt} → ${c.endsAt}  ${c.pipsPerAnswer} pips/right answer  members: ${c.members}  questions: ${c.questions}`,
    );
    return 0;
  },
};

export const contestCharts: RemoteCommand = {
  name: 'contest:charts',
  async run(values, ctx) {
    const id = requiredId(values, 'contest', 'contest:charts needs --contest <id> (see contest:list)');
    const charts = await ctx.call<{
      teams: { name: AdminText; rightAnswers: number; members: number }[];
      leaders: { rank: number; name: string; correctAnswers: number; totalPips: number }[];
    }>('GET', `/admin/trivia/contests/${id}/charts`);
    const members = charts.teams.reduce((n, t) => n + t.members, 0);
    ctx.out(`Contest #${id}: ${counted(members, 'member')} (through the server)`);
    for (const team of charts.teams) ctx.out(`  team ${showText(team.name)}: ${team.rightAnswers} right answers, ${team.members} members`);
    for (const leader of charts.leaders) ctx.out(`  #${leader.rank}  ${leader.name}  ${leader.correctAnswers} right, ${leader.totalPips} pips`);
    return 0;
  },
};
