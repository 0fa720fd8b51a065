import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { UsageError } from '../../server/admin';
import { DEMO_QUESTIONNAIRE } from '../../server/db/demoContent';
import { adminCli } from './helpers/adminCli';
import { backends } from './helpers/databases';
import type { Harness } from './helpers/harness';

/** The operator CLI on the database: earn promos and questionnaires. */
describe.each(backends)('admin CLI on $name', (backend) => {
  const cli = adminCli(backend);
  const { run, community, file } = cli;
  let h: Harness;
  let dir: string;
  beforeAll(() => {
    ({ h, dir } = cli.current());
  });

  describe('earn promos', () => {
    it('creates an earn promo in two languages and lists it', async () => {
      const c = await community();
      const { code, output } = await run(
        'promo:create', '--community', c, '--title', 'Visit our page', '--title-es', 'Visita nuestra página',
        '--description', 'News', '--pips', '5', '--url', 'https://example.org/news', '--limit', 'daily',
      );
      expect(code).toBe(0);
      const id = Number(/earn promo #(\d+)/.exec(output)?.[1]);
      expect(output).toContain('"Visit our page" / "Visita nuestra página"');
      expect(output).toContain('5, once per member per day');
      const row = await h.db.selectFrom('promos').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        community_id: c,
        type: 'EARN',
        title: { en: 'Visit our page', es: 'Visita nuestra página' },
        description: 'News',
        url: 'https://example.org/news',
        pips: 5,
        earn_limit: 'daily',
        questionnaire_id: null,
      });
      const list = await run('promo:list', '--community', c);
      expect(list.output).toMatch(new RegExp(`#${id}\\s+EARN\\s+"Visit our page"\\s+5 pips daily\\s+url https://example.org/news\\s+earned 0×`));
    });

    it('links a questionnaire (pips default to its own) or a screen of the app', async () => {
      const c = await community();
      const form = file(JSON.stringify(DEMO_QUESTIONNAIRE), 'json');
      const created = await run('questionnaire:create', '--community', c, '--file', form, '--pips', '12');
      const qid = /questionnaire #(\d+)/.exec(created.output)?.[1];
      const linked = await run('promo:create', '--community', c, '--title', 'Survey', '--questionnaire', String(qid));
      expect(linked.output).toContain(`questionnaire: #${qid} (/forms/${qid}, 12 pips on answering)`);
      expect(linked.output).toContain('pips:  12, once per member');
      const trivia = await run('promo:create', '--community', c, '--title', 'Trivia', '--pips', '0', '--redirect', '/trivia/individual', '--limit', 'unlimited');
      expect(trivia.output).toContain('leads to: /trivia/individual');
      const { output } = await run('promo:list', '--community', c, '--type', 'EARN');
      expect(output).toContain(`questionnaire /forms/${qid}`);
      expect(output).toMatch(/"Trivia"\s+0 pips unlimited\s+redirect \/trivia\/individual/);
    });

    it('makes an action paid in the app by --completed-by, leading to its screen', async () => {
      const c = await community();
      const made = await run('promo:create', '--community', c, '--title', 'Play trivia', '--pips', '2', '--limit', 'daily', '--completed-by', 'triviaAnswer');
      expect(made.code).toBe(0);
      expect(made.output).toContain('leads to: /trivia/individual');
      expect(made.output).toContain('paid on: answering the question of the day');
      const id = Number(/earn promo #(\d+)/.exec(made.output)?.[1]);
      const row = await h.db.selectFrom('promos').select(['completed_by', 'redirect_to_internal_screen']).where('id', '=', id).executeTakeFirstOrThrow();
      expect(row).toEqual({ completed_by: 'triviaAnswer', redirect_to_internal_screen: '/trivia/individual' });
      expect((await run('promo:list', '--community', c)).output).toMatch(/"Play trivia"\s+2 pips daily\s+redirect \/trivia\/individual\s+completed by triviaAnswer/);
      await expect(run('promo:create', '--community', c, '--title', 'X', '--pips', '2', '--completed-by', 'scanning')).rejects.toThrow(/--completed-by must be one of/);
      await expect(
        run('promo:create', '--community', c, '--title', 'X', '--pips', '2', '--completed-by', 'triviaAnswer', '--url', 'https://example.org/'),
      ).rejects.toThrow(/leave out --url/);
    });

    it('refuses bad promo input', async () => {
      const c = await community();
      const other = await community();
      const form = file(JSON.stringify(DEMO_QUESTIONNAIRE), 'json');
      const otherForm = /questionnaire #(\d+)/.exec((await run('questionnaire:create', '--community', other, '--file', form, '--pips', '1')).output)![1];
      const ownForm = /questionnaire #(\d+)/.exec((await run('questionnaire:create', '--community', c, '--file', form, '--pips', '1')).output)![1];
      const base = ['promo:create', '--community', c, '--title', 'T'];
      const cases: [string[], RegExp][] = [
        [['promo:create', '--title', 'T', '--pips', '1'], /needs --community/],
        [['promo:create', '--community', 'nope', '--title', 'T', '--pips', '1'], /no community has the id nope/],
        [['promo:create', '--community', c, '--pips', '1'], /needs --title/],
        [['promo:create', '--community', c, '--title-es', 'T', '--pips', '1'], /--title-es needs --title/],
        [[...base], /needs --pips/],
        [[...base, '--pips', 'five'], /--pips must be a whole number/],
        [[...base, '--pips', '0'], /at least 1/],
        [[...base, '--pips', '1', '--limit', 'weekly'], /--limit must be one of once, daily, unlimited/],
        [[...base, '--pips', '1', '--url', 'ftp://example.org'], /--url must be an http or https URL/],
        [[...base, '--pips', '1', '--url', 'example.org'], /--url must be an absolute/],
        [[...base, '--pips', '1', '--redirect', 'trivia'], /--redirect must be a path inside the app/],
        [[...base, '--pips', '1', '--redirect', '//evil.example'], /--redirect must be a path inside the app/],
        [[...base, '--pips', '1', '--type', 'REDEEM'], /use reward:create/],
        [[...base, '--questionnaire', '999999'], /has no questionnaire 999999/],
        [[...base, '--questionnaire', otherForm], new RegExp(`has no questionnaire ${otherForm}`)],
        [[...base, '--questionnaire', ownForm, '--url', 'https://example.org/survey'], /earned by answering it: leave out --url/],
        [[...base, '--pips', '1', '--bogus'], /Unknown option '--bogus'/],
        [['promo:list'], /needs --community/],
        [['promo:list', '--community', c, '--type', 'GIFT'], /--type must be one of EARN, REDEEM/],
      ];
      for (const [argv, message] of cases) await expect(run(...argv), argv.join(' ')).rejects.toThrow(message);
      expect(await h.db.selectFrom('promos').select('id').where('community_id', '=', c).execute()).toEqual([]);
    });
  });

  describe('questionnaires', () => {
    it('creates a questionnaire from JSON and lists it', async () => {
      const c = await community();
      const { code, output } = await run('questionnaire:create', '--community', c, '--file', file(JSON.stringify(DEMO_QUESTIONNAIRE), 'json'), '--pips', '15');
      expect(code).toBe(0);
      const id = Number(/questionnaire #(\d+)/.exec(output)?.[1]);
      expect(output).toContain('"Community survey" / "Encuesta de la comunidad"');
      expect(output).toContain('3 steps, 6 parts (singleChoice, number, multipleChoice, rating, date, text)');
      expect(output).toContain(`link:  http://pips.test/forms/${id}`);
      const row = await h.db.selectFrom('questionnaires').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ community_id: c, pips: 15, active: true, payload: DEMO_QUESTIONNAIRE });
      expect((await run('questionnaire:list', '--community', c)).output).toMatch(
        new RegExp(`#${id}\\s+"Community survey"\\s+15 pips\\s+answered: 0\\s+3 steps, 6 parts .*/forms/${id}`),
      );
    });

    it('lists every problem of an invalid questionnaire and stores nothing', async () => {
      const c = await community();
      const broken = {
        title: '',
        steps: [{ parts: [{ id: 'a', type: 'slider', label: 'A' }, { id: 'b', type: 'singleChoice', label: 'B', options: [] }] }],
      };
      const error = await run('questionnaire:create', '--community', c, '--file', file(JSON.stringify(broken), 'json'), '--pips', '5').catch((e: Error) => e);
      expect(error).toBeInstanceOf(UsageError);
      expect((error as Error).message).toMatch(/is not a valid questionnaire \(3 problems\)/);
      expect((error as Error).message).toContain('  - title: must not be empty');
      expect((error as Error).message).toContain('  - steps[0].parts[0].type: must be one of');
      expect((error as Error).message).toContain('  - steps[0].parts[1].options: must be a list of 2 to 50 options');
      await expect(run('questionnaire:create', '--community', c, '--file', file('{"title":', 'json'), '--pips', '5')).rejects.toThrow(/is not valid JSON/);
      await expect(run('questionnaire:create', '--community', c, '--file', join(dir, 'none.json'), '--pips', '5')).rejects.toThrow(/cannot read/);
      await expect(run('questionnaire:create', '--community', c, '--file', file('{}', 'json'))).rejects.toThrow(/needs --pips/);
      await expect(run('questionnaire:create', '--community', c, '--file', file('{}', 'json'), '--pips', '-1')).rejects.toThrow(/--pips must be a whole number from 0/);
      expect((await run('questionnaire:list', '--community', c)).output).toContain('no questionnaires yet');
    });
  });
});
