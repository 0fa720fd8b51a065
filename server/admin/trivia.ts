import type { Kysely } from 'kysely';
import * as repo from '../db/repositories/trivia';
import type { Database, LocalizedText } from '../db/schema';
import { initials, isTimeZone, leadersFor } from '../trivia/leaderboard';
import { parseQuestions } from '../trivia/questions';

export { parseQuestions };
import { englishText, isoMoment, localized, readJsonFile, requireCommunity, requiredText, showText, text, wholeNumber } from './args';
import { UsageError, type AdminCommand } from './context';

async function readQuestionsFile(file: string): Promise<repo.QuestionInput[]> {
  const json = await readJsonFile(file);
  const parsed = parseQuestions(json);
  if (!parsed.ok) {
    const count = parsed.errors.length;
    throw new UsageError(`${file} has ${count} problem${count === 1 ? '' : 's'}:\n${parsed.errors.map((e) => `  - ${e}`).join('\n')}`);
  }
  return parsed.questions;
}

async function requireContest(db: Kysely<Database>, values: Record<string, unknown>, command: string) {
  const id = wholeNumber(values as never, 'contest', 1, 2_000_000_000);
  if (id === undefined) throw new UsageError(`${command} needs --contest <id> (see contest:list)`);
  const contest = await repo.findContest(db, id);
  if (!contest) throw new UsageError(`no trivia contest has the id ${id} (see contest:list)`);
  return contest;
}

export const triviaImport: AdminCommand = {
  name: 'trivia:import',
  usage: `trivia:import --community <id> --file <questions.json> [--contest <id>]
      Add questions from JSON: [{ "text": "..." | { "en", "es" }, "answers": [{ "text": ..., "correct": true }, ...] }],
      2 to 6 answers each, exactly one right. Without --contest they join the community's
      question of the day; with it, the contest's questions. Every bad entry is named.`,
  options: { community: { type: 'string' }, file: { type: 'string' }, contest: { type: 'string' } },
  async run(values, ctx) {
    const community = await requireCommunity(ctx.db, values, 'trivia:import');
    const file = requiredText(values, 'file', 'trivia:import', 4096);
    const contest = values.contest === undefined ? undefined : await requireContest(ctx.db, values, 'trivia:import');
    if (contest && contest.community_id !== community.id) throw new UsageError(`contest #${contest.id} belongs to another community`);
    const questions = await readQuestionsFile(file);
    const ids = await ctx.db.transaction().execute((trx) => repo.createQuestions(trx, community.id, contest?.id ?? null, questions));
    const where = contest ? `contest #${contest.id} ${showText(contest.name)}` : 'the question of the day';
    ctx.out(`Imported ${ids.length} question${ids.length === 1 ? '' : 's'} (#${ids[0]}-#${ids[ids.length - 1]}) into ${where} of "${community.name}"`);
    ctx.out(`  now ${await repo.countQuestions(ctx.db, community.id, contest?.id ?? null)} in all`);
    return 0;
  },
};

export const triviaAllowance: AdminCommand = {
  name: 'trivia:allowance',
  usage: `trivia:allowance --community <id> [--daily <n>] [--time-zone <Area/City>]
      How many questions of the day a member may get each day (default 3), and the time zone
      of the community's day (default UTC). Without options, prints the current settings.`,
  options: { community: { type: 'string' }, daily: { type: 'string' }, 'time-zone': { type: 'string' } },
  async run(values, ctx) {
    const community = await requireCommunity(ctx.db, values, 'trivia:allowance');
    const daily = wholeNumber(values, 'daily', 0, 1000);
    const timeZone = text(values, 'time-zone', 64);
    if (timeZone !== undefined && !isTimeZone(timeZone)) throw new UsageError(`--time-zone must be an IANA time zone such as Europe/Madrid (got "${timeZone}")`);
    const settings =
      daily === undefined && timeZone === undefined
        ? await repo.triviaSettings(ctx.db, community.id)
        : await repo.setTriviaSettings(ctx.db, community.id, { dailyAllowance: daily, timeZone });
    ctx.out(`"${community.name}": ${settings.dailyAllowance} question${settings.dailyAllowance === 1 ? '' : 's'} a day per member, day in ${settings.timeZone}`);
    ctx.out(`  ${await repo.countQuestions(ctx.db, community.id, null)} questions in the pool`);
    return 0;
  },
};

export const contestCreate: AdminCommand = {
  name: 'contest:create',
  usage: `contest:create --community <id> --name "..." [--name-es "..."] --starts <iso> --ends <iso>
                 --teams "Red,Blue" [--teams-es "Rojos,Azules"] --pips <n> [--join-pips <n>]
                 [--rules "..."] [--rules-es "..."] [--questions <questions.json>]
      A team contest: members join a team (team sizes kept within one of each other), answer
      its questions between --starts and --ends, and earn --pips per right answer.`,
  options: {
    community: { type: 'string' },
    name: { type: 'string' },
    'name-es': { type: 'string' },
    rules: { type: 'string' },
    'rules-es': { type: 'string' },
    starts: { type: 'string' },
    ends: { type: 'string' },
    teams: { type: 'string' },
    'teams-es': { type: 'string' },
    pips: { type: 'string' },
    'join-pips': { type: 'string' },
    questions: { type: 'string' },
  },
  async run(values, ctx) {
    const community = await requireCommunity(ctx.db, values, 'contest:create');
    const name = localized(values, 'name', 120);
    if (name === undefined) throw new UsageError('contest:create needs --name');
    const rules = localized(values, 'rules', 2000);
    const startsAt = isoMoment(values, 'starts');
    const endsAt = isoMoment(values, 'ends');
    if (!startsAt || !endsAt) throw new UsageError('contest:create needs --starts and --ends (ISO dates or date-times)');
    if (endsAt <= startsAt) throw new UsageError('--ends must be after --starts');
    const pips = wholeNumber(values, 'pips', 0, 1_000_000);
    if (pips === undefined) throw new UsageError('contest:create needs --pips <n> (pips per right answer)');
    const joinPips = wholeNumber(values, 'join-pips', 0, 1_000_000) ?? 0;
    const split = (name: string) => (text(values, name, 1000) ?? '').split(',').map((t) => t.trim()).filter((t) => t !== '');
    const teamsEn = split('teams');
    const teamsEs = split('teams-es');
    if (teamsEn.length < 2 || teamsEn.length > 20) throw new UsageError('--teams must name 2 to 20 teams, separated by commas');
    if (teamsEs.length > 0 && teamsEs.length !== teamsEn.length) throw new UsageError(`--teams-es must name as many teams as --teams (${teamsEn.length})`);
    const teams: LocalizedText[] = teamsEn.map((en, i) => (teamsEs[i] ? { en, es: teamsEs[i] } : en));
    const file = text(values, 'questions', 4096);
    const questions = file ? await readQuestionsFile(file) : [];
    const created = await ctx.db.transaction().execute(async (trx) => {
      const contest = await repo.createContest(trx, { communityId: community.id, name, rules, startsAt, endsAt, pipsPerAnswer: pips, joinPips, teams });
      if (questions.length > 0) await repo.createQuestions(trx, community.id, contest.id, questions);
      return contest;
    });
    ctx.out(`Created trivia contest #${created.id} ${showText(name)} in "${community.name}" (${community.id})`);
    ctx.out(`  from ${startsAt.toISOString()} to ${endsAt.toISOString()}, ${pips} pips per right answer${joinPips ? `, ${joinPips} for joining` : ''}`);
    ctx.out(`  teams: ${teams.map(showText).join(', ')}`);
    ctx.out(`  questions: ${questions.length}${questions.length === 0 ? ` (add some with trivia:import --community ${community.id} --contest ${created.id} --file ...)` : ''}`);
    return 0;
  },
};

export const contestList: AdminCommand = {
  name: 'contest:list',
  usage: `contest:list --community <id>
      List a community's trivia contests with their dates, members and questions.`,
  options: { community: { type: 'string' } },
  async run(values, ctx) {
    const community = await requireCommunity(ctx.db, values, 'contest:list');
    const contests = await repo.listContests(ctx.db, community.id);
    if (contests.length === 0) {
      ctx.out(`"${community.name}" has no trivia contests yet (create one with contest:create).`);
      return 0;
    }
    for (const c of contests) {
      ctx.out(
        `#${c.id}  "${englishText(c.name)}"  ${new Date(c.starts_at).toISOString()} → ${new Date(c.ends_at).toISOString()}  ${c.pips_per_answer} pips/right answer  members: ${c.members}  questions: ${c.questions}`,
      );
    }
    return 0;
  },
};

export const contestCharts: AdminCommand = {
  name: 'contest:charts',
  usage: `contest:charts --contest <id>
      The contest's team scoreboard and its top members (names as members see them).`,
  options: { contest: { type: 'string' } },
  async run(values, ctx) {
    const contest = await requireContest(ctx.db, values, 'contest:charts');
    const teams = await repo.teamsOfContest(ctx.db, contest.id);
    const all = await repo.standings(ctx.db, contest.id);
    ctx.out(`Contest #${contest.id} ${showText(contest.name)}: ${all.length} member${all.length === 1 ? '' : 's'}`);
    for (const team of teams) {
      const members = all.filter((s) => s.teamId === team.id);
      ctx.out(`  team ${showText(team.name)}: ${members.reduce((n, s) => n + s.correctAnswers, 0)} right answers, ${members.length} members`);
    }
    for (const leader of leadersFor(all, -1).slice(0, 10)) {
      ctx.out(`  #${leader.rank}  ${leader.displayName ?? initials(leader.firstName, leader.lastName)}  ${leader.correctAnswers} right, ${leader.totalPips} pips`);
    }
    return 0;
  },
};
