import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { RefusedError, UsageError } from '../../server/admin';
import { adminCli } from './helpers/adminCli';
import { backends } from './helpers/databases';
import type { Harness } from './helpers/harness';

/** The operator CLI on the database: rewards, their options and gift-card codes. */
describe.each(backends)('admin CLI on $name', (backend) => {
  const cli = adminCli(backend);
  const { run, community, file } = cli;
  let h: Harness;
  let dir: string;
  beforeAll(() => {
    ({ h, dir } = cli.current());
  });

  describe('rewards and gift-card codes', () => {
    async function createReward(c: string) {
      const { output } = await run(
        'reward:create', '--community', c, '--title', 'Coffee voucher', '--title-es', 'Vale de café',
        '--terms', 'One per visit', '--url', 'https://example.org/coffee',
        '--option', 'Small coffee|Café pequeño=20', '--option', 'Large coffee=35',
      );
      const optionIds = [...output.matchAll(/option #(\d+):/g)].map((m) => Number(m[1]));
      return { output, id: Number(/reward #(\d+)/.exec(output)?.[1]), optionIds };
    }

    it('creates a reward with options and prices', async () => {
      const c = await community();
      const { output, id, optionIds } = await createReward(c);
      expect(output).toContain('"Coffee voucher" / "Vale de café"');
      expect(output).toContain(`option #${optionIds[0]}: "Small coffee" / "Café pequeño" for 20 pips`);
      expect(output).toContain(`option #${optionIds[1]}: "Large coffee" for 35 pips`);
      const promo = await h.db.selectFrom('promos').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(promo).toMatchObject({ type: 'REDEEM', terms: 'One per visit', url: 'https://example.org/coffee', pips: 0 });
      const options = await h.db.selectFrom('promo_options').select(['label', 'pips']).where('promo_id', '=', id).orderBy('id').execute();
      expect(options).toEqual([
        { label: { en: 'Small coffee', es: 'Café pequeño' }, pips: 20 },
        { label: 'Large coffee', pips: 35 },
      ]);
      const list = await run('reward:list', '--community', c);
      expect(list.output).toContain(`#${id}  "Coffee voucher"`);
      expect(list.output).toMatch(new RegExp(`option #${optionIds[0]}\\s+"Small coffee"\\s+20 pips\\s+codes left: 0 of 0`));
      expect((await run('promo:list', '--community', c, '--type', 'REDEEM')).output).toMatch(/REDEEM\s+"Coffee voucher"\s+2 options from 20 pips/);
    });

    it('imports codes from a list or a CSV, skipping blanks and duplicates', async () => {
      const c = await community();
      const { optionIds } = await createReward(c);
      const list = file(' A-1 \nA-2\n\nA-1\nA-3\r\n"A-4"\n');
      const first = await run('giftcards:import', '--option', String(optionIds[0]), '--file', list);
      expect(first.code).toBe(0);
      expect(first.output).toMatch(/Imported 4 codes into option #\d+ "Small coffee" of reward #\d+ "Coffee voucher"/);
      expect(first.output).toContain('skipped: 1');
      expect(first.output).toContain('repeated in the file (imported once): A-1 (2 times)');
      expect(first.output).toContain('codes left for this option: 4');

      const csv = file('\uFEFFbrand,code,value\nacme,A-3,5\nacme, B-1 ,5\nacme,"B,2",5\nacme,B-1,5\n', 'csv');
      // A dry run names what it would skip and changes nothing.
      const dry = await run('giftcards:import', '--option', String(optionIds[0]), '--file', csv, '--dry-run');
      expect(dry.output).toMatch(/^Dry run: would import 2 codes into option #\d+ "Small coffee".*; nothing was changed$/m);
      expect(dry.output).toContain('already loaded (skipped): A-3');
      expect(dry.output).toContain('repeated in the file (imported once): B-1 (2 times)');
      expect(await h.db.selectFrom('gift_card_codes').select('code').where('option_id', '=', optionIds[0]).execute()).toHaveLength(4);
      const second = await run('giftcards:import', '--option', String(optionIds[0]), '--file', csv);
      expect(second.output).toContain('already loaded (skipped): A-3');
      expect(second.output).toContain('Imported 2 codes');
      expect(second.output).toContain('skipped: 2');
      const codes = await h.db.selectFrom('gift_card_codes').select('code').where('option_id', '=', optionIds[0]).orderBy('code').execute();
      expect(codes.map((r) => r.code)).toEqual(['A-1', 'A-2', 'A-3', 'A-4', 'B,2', 'B-1']);

      const header = file('code\nC-1\nC-2\n', 'csv');
      expect((await run('giftcards:import', '--option', String(optionIds[1]), '--file', header)).output).toContain('Imported 2 codes');
      const again = await run('giftcards:import', '--option', String(optionIds[1]), '--file', header);
      expect(again.output).toContain('Imported 0 codes');
      expect(again.output).toContain('skipped: 2');
      expect((await run('reward:list', '--community', c)).output).toMatch(/"Large coffee"\s+35 pips\s+codes left: 2 of 2/);
    });

    it('refuses bad reward and import input', async () => {
      const c = await community();
      const { optionIds } = await createReward(c);
      const base = ['reward:create', '--community', c, '--title', 'R'];
      const cases: [string[], RegExp][] = [
        [[...base], /at least one --option/],
        [[...base, '--option', 'Coffee'], /looks like "label=price"/],
        [[...base, '--option', 'Coffee=0'], /price of an option must be a whole number of pips from 1/],
        [[...base, '--option', 'Coffee=cheap'], /price of an option/],
        [[...base, '--option', '=5'], /looks like "label=price"/],
        [[...base, '--option', 'Coffee|=5'], /looks like "label=price"/],
        [[...base, '--option', 'a|b|c=5'], /looks like "label=price"/],
        [[...base, '--option', 'A=5', '--image-url', 'nope'], /--image-url must be an absolute/],
        [['reward:create', '--community', c, '--option', 'A=5'], /needs --title/],
        [['reward:list', '--community', 'nope'], /no community has the id nope/],
        [['giftcards:import', '--file', 'x.csv'], /needs --option/],
        [['giftcards:import', '--option', '999999', '--file', file('X-1')], /no reward option has the id 999999/],
        [['giftcards:import', '--option', 'abc', '--file', file('X-1')], /--option must be a whole number/],
        [['giftcards:import', '--option', String(optionIds[0])], /needs --file/],
        [['giftcards:import', '--option', String(optionIds[0]), '--file', join(dir, 'missing.csv')], /cannot read/],
        [['giftcards:import', '--option', String(optionIds[0]), '--file', file('\n \n')], /holds no codes/],
        [['giftcards:import', '--option', String(optionIds[0]), '--file', file('brand,value\na,1\n', 'csv')], /none is named "code"/],
        [['giftcards:import', '--option', String(optionIds[0]), '--file', file('x'.repeat(501))], /longer than 500/],
      ];
      for (const [argv, message] of cases) await expect(run(...argv), argv.join(' ')).rejects.toThrow(message);
      expect(await h.db.selectFrom('gift_card_codes').select('id').where('option_id', 'in', optionIds).execute()).toEqual([]);
    });
  });

  it('reward:add-option adds an option to an existing reward; at most 20; an earn action is no reward', async () => {
    const id = await community();
    const created = await run('reward:create', '--community', id, '--title', 'Coffee', '--option', 'Small=10');
    const rewardId = /reward #(\d+)/.exec(created.output)![1];
    await expect(run('reward:add-option', '--reward', rewardId)).rejects.toThrow(UsageError);
    await expect(run('reward:add-option', '--reward', rewardId, '--option', 'Large=0')).rejects.toThrow(UsageError);
    const added = await run('reward:add-option', '--reward', rewardId, '--option', 'Large|Grande=25');
    expect(added.code).toBe(0);
    expect(added.output).toMatch(/Added option #\d+ "Large" \/ "Grande" for 25 pips to reward #\d+ \(no codes yet\)/);
    expect((await run('reward:list', '--community', id)).output).toMatch(/option #\d+ {2}"Large" {2}25 pips {2}codes left: 0 of 0/);
    for (let n = 3; n <= 20; n += 1) await run('reward:add-option', '--reward', rewardId, '--option', `Size ${n}=${n}`);
    await expect(run('reward:add-option', '--reward', rewardId, '--option', 'One more=1')).rejects.toThrow(RefusedError);
    const earn = await run('promo:create', '--community', id, '--title', 'Walk', '--pips', '2');
    const earnId = /#(\d+)/.exec(earn.output)![1];
    await expect(run('reward:add-option', '--reward', earnId, '--option', 'X=1')).rejects.toThrow(UsageError);
  });
});
