import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin, UsageError } from '../../server/admin';
import { createCommunity } from '../../server/db/repositories/communities';
import { triviaSettings } from '../../server/db/repositories/trivia';
import { backends } from './helpers/databases';
import { createHarness, expectOk, type Harness } from './helpers/harness';

/** The operator's trivia commands: questions, the daily allowance, contests and their charts. */
describe.each(backends)('admin CLI trivia on $name', (backend) => {
  let h: Harness;
  let dir: string;
  beforeAll(async () => {
    h = await createHarness(backend);
    dir = mkdtempSync(join(tmpdir(), 'pips-admin-trivia-'));
  });
  afterAll(async () => {
    await h.close();
    rmSync(dir, { recursive: true, force: true });
  });

  let files = 0;
  const file = (content: unknown) => {
    const path = join(dir, `questions-${++files}.json`);
    writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
    return path;
  };
  async function run(...argv: string[]) {
    const lines: string[] = [];
    const code = await runAdmin(argv, { db: h.db, publicUrl: 'http://pips.test', out: (line) => lines.push(line) });
    return { code, output: lines.join('\n') };
  }
  const questions = [
    { text: { en: 'Capital of Spain?', es: '¿Capital de España?' }, answers: [{ text: 'Madrid', correct: true }, { text: { en: 'Paris', es: 'París' } }] },
    { text: '2 + 2?', answers: [{ text: '3' }, { text: '4', correct: true }, { text: '5' }] },
  ];

  it('imports questions of the day that members are then served, in Spanish too', async () => {
    const community = await createCommunity(h.db, 'Trivia club');
    const { code, output } = await run('trivia:import', '--community', community.id, '--file', file(questions));
    expect(code).toBe(0);
    expect(output).toMatch(/Imported 2 questions .* into the question of the day of "Trivia club"/);
    const user = await h.registerVerified({ communityId: community.id });
    const served = expectOk(await h.call({ url: '/mobile/contest/trivia/individual/question', token: user.authToken, headers: { 'accept-language': 'es' } }));
    expect(served.text).toBe('¿Capital de España?');
    expect(served.answers.map((a: { text: string }) => a.text)).toEqual(['Madrid', 'París']);
  });

  it('names every bad entry of a questions file and imports nothing', async () => {
    const community = await createCommunity(h.db, 'Bad file');
    const bad = [
      { text: 'No right answer', answers: [{ text: 'a' }, { text: 'b' }] },
      { text: '', answers: [{ text: 'a', correct: true }, { text: 'b', correct: true }] },
      { text: 'One answer', answers: [{ text: 'a', correct: true }] },
      { text: 'Extra', answers: [{ text: 'a', correct: 'yes' }, { text: 'b', correct: true, colour: 'red' }], hint: 'x' },
    ];
    const error = await run('trivia:import', '--community', community.id, '--file', file(bad)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UsageError);
    const message = (error as Error).message;
    expect(message).toContain('question 1: exactly one answer must be "correct": true (found 0)');
    expect(message).toContain('question 2: text must not be empty');
    expect(message).toContain('question 2: exactly one answer must be "correct": true (found 2)');
    expect(message).toContain('question 3: answers must be a list of 2 to 6 answers');
    expect(message).toContain('question 4: unknown field "hint"');
    expect(message).toContain('question 4, answer 1: correct must be true or false');
    expect(message).toContain('question 4, answer 2: unknown field "colour"');
    await expect(run('trivia:import', '--community', community.id, '--file', file('{not json'))).rejects.toThrow(/is not valid JSON/);
    const count = await h.db.selectFrom('trivia_questions').select('id').where('community_id', '=', community.id).execute();
    expect(count).toEqual([]);
  });

  it('sets the daily allowance and time zone, refusing unknown zones', async () => {
    const community = await createCommunity(h.db, 'Allowance');
    const { output } = await run('trivia:allowance', '--community', community.id, '--daily', '5', '--time-zone', 'America/Mexico_City');
    expect(output).toContain('5 questions a day per member, day in America/Mexico_City');
    expect(await triviaSettings(h.db, community.id)).toEqual({ dailyAllowance: 5, timeZone: 'America/Mexico_City' });
    await expect(run('trivia:allowance', '--community', community.id, '--time-zone', 'Mars/Olympus')).rejects.toThrow(/IANA time zone/);
    await expect(run('trivia:allowance', '--community', community.id, '--daily', '-1')).rejects.toThrow(/--daily must be a whole number/);
  });

  it('creates a contest with teams and questions, lists it and prints its charts', async () => {
    const community = await createCommunity(h.db, 'Contest club');
    const created = await run(
      'contest:create', '--community', community.id, '--name', 'Spring quiz', '--name-es', 'Concurso de primavera',
      '--starts', '2020-01-01', '--ends', '2099-01-01', '--teams', 'Red, Blue', '--teams-es', 'Rojos,Azules', '--pips', '5',
      '--rules', 'Be quick', '--questions', file(questions),
    );
    expect(created.code).toBe(0);
    const id = Number(/contest #(\d+)/.exec(created.output)?.[1]);
    expect(created.output).toContain('teams: "Red" / "Rojos", "Blue" / "Azules"');
    expect(created.output).toContain('questions: 2');
    expect((await run('contest:list', '--community', community.id)).output).toMatch(new RegExp(`#${id}\\s+"Spring quiz".*5 pips/right answer\\s+members: 0\\s+questions: 2`));

    const user = await h.registerVerified({ communityId: community.id, firstName: 'Zoe', lastName: 'Ray' });
    expectOk(await h.call({ method: 'PUT', url: `/mobile/contest/trivia/${id}/join`, token: user.authToken }));
    const question = expectOk(await h.call({ url: `/mobile/contest/trivia/${id}/question`, token: user.authToken }));
    const madrid = question.answers.find((a: { text: string }) => a.text === 'Madrid').id;
    expect(expectOk(await h.call({ method: 'POST', url: `/mobile/contest/trivia/${id}/answer`, token: user.authToken, query: { questionId: question.id, answer: String(madrid) } })).pipsEarned).toBe(5);
    const charts = (await run('contest:charts', '--contest', String(id))).output;
    expect(charts).toContain('team "Red" / "Rojos": 1 right answers, 1 members');
    expect(charts).toContain('#1  Z. R.  1 right, 5 pips');
    expect(charts).not.toContain(user.email);

    await expect(run('contest:create', '--community', community.id, '--name', 'x', '--starts', '2020-01-02', '--ends', '2020-01-01', '--teams', 'a,b', '--pips', '1')).rejects.toThrow('--ends must be after --starts');
    await expect(run('contest:create', '--community', community.id, '--name', 'x', '--starts', '2020-01-01', '--ends', '2020-01-02', '--teams', 'solo', '--pips', '1')).rejects.toThrow(/2 to 20 teams/);
    await expect(run('contest:charts', '--contest', '999999')).rejects.toThrow(/no trivia contest has the id 999999/);
  });
});
