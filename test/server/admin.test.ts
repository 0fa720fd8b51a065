import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jsQR from 'jsqr';
// @ts-expect-error pngjs (qrcode's PNG writer) ships no type declarations
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RefusedError, runAdmin, UsageError } from '../../server/admin';
import { DEMO_QUESTIONNAIRE } from '../../server/db/demoContent';
import { createCommunity } from '../../server/db/repositories/communities';
import { backends } from './helpers/databases';
import { createHarness, type Harness } from './helpers/harness';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const readPng = (file: string) => (PNG as any).sync.read(readFileSync(file)) as { width: number; height: number; data: Buffer };

describe.each(backends)('admin CLI on $name', (backend) => {
  let h: Harness;
  let dir: string;
  beforeAll(async () => {
    h = await createHarness(backend);
    dir = mkdtempSync(join(tmpdir(), 'pips-admin-'));
  });
  afterAll(async () => {
    await h.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A community of its own, so listings hold only what the test made. */
  const community = async () => (await createCommunity(h.db, 'Admin test')).id;
  let files = 0;
  /** A file in the test's temporary folder. */
  const file = (content: string, ext = 'txt') => {
    const path = join(dir, `file-${++files}.${ext}`);
    writeFileSync(path, content);
    return path;
  };

  async function run(...argv: string[]) {
    const lines: string[] = [];
    const code = await runAdmin(argv, { db: h.db, publicUrl: 'http://pips.test', out: (line) => lines.push(line) });
    return { code, output: lines.join('\n') };
  }

  it('creates a community and prints its id and join link', async () => {
    const { code, output } = await run('community:create', '--name', '  Riverside Club ');
    expect(code).toBe(0);
    const id = /id:\s+(\S+)/.exec(output)?.[1];
    expect(id).toMatch(/^c-[a-z0-9]{8}$/);
    expect(output).toContain(`http://pips.test/community-scan?communityId=${id}`);
    expect(output).toContain('"Riverside Club"');
    const lookup = await h.call({ url: `/web/community/${id}` });
    expect(lookup.body.data).toEqual({ communityId: id, name: 'Riverside Club' });
  });

  it('lists communities with member counts', async () => {
    await h.register();
    const { code, output } = await run('community:list');
    expect(code).toBe(0);
    expect(output).toContain(h.community.id);
    expect(output).toMatch(new RegExp(`${h.community.id}\\s+"Demo Community"\\s+members: 1`));
  });

  it('shows a user without secrets', async () => {
    const user = await h.register({ firstName: 'Lia', lastName: 'Moss' });
    const { code, output } = await run('user:show', '--email', user.email.toUpperCase());
    expect(code).toBe(0);
    expect(output).toContain(`User ${user.userId}`);
    expect(output).toContain('Lia Moss');
    expect(output).toContain('verified:   no');
    expect(output).not.toMatch(/scrypt|password/i);
    expect((await run('user:show', '--email', 'nobody@example.com')).code).toBe(1);
  });

  it('writes a community QR code as SVG and PNG that decode to the join link', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'pips-qr-')), 'codes');
    try {
      const { code, output } = await run('community:qr', '--id', h.community.id, '--out', out);
      expect(code).toBe(0);
      const link = `http://pips.test/community-scan?communityId=${h.community.id}`;
      expect(output).toContain(`link: ${link}`);
      const svg = readFileSync(join(out, `${h.community.id}.svg`), 'utf8');
      expect(svg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      expect(svg).toContain('<path');
      const png = (PNG as { sync: { read(data: Buffer): { width: number; height: number; data: Buffer } } }).sync.read(
        readFileSync(join(out, `${h.community.id}.png`)),
      );
      expect(png.width).toBe(512);
      const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
      expect(decoded?.data).toBe(link);
    } finally {
      rmSync(join(out, '..'), { recursive: true, force: true });
    }
    await expect(run('community:qr', '--id', 'no-such-community', '--out', tmpdir())).rejects.toThrow(/no community/);
    await expect(run('community:qr', '--id', h.community.id)).rejects.toThrow(UsageError);
  });

  it('refuses bad input with a usage error', async () => {
    await expect(run('community:create')).rejects.toThrow(UsageError);
    await expect(run('community:create', '--name', '   ')).rejects.toThrow(UsageError);
    await expect(run('community:create', '--name', 'x'.repeat(101))).rejects.toThrow(UsageError);
    await expect(run('user:show', '--email', 'not-an-email')).rejects.toThrow(UsageError);
    await expect(run('user:show', '--bogus', 'x')).rejects.toThrow(UsageError);
    await expect(run('drop:everything')).rejects.toThrow(/unknown command/);
    expect((await run('help')).output).toContain('community:create');
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

  describe('earn QR codes', () => {
    it('creates an earn QR code, prints its link and writes SVG and PNG that decode to it', async () => {
      const c = await community();
      const out = join(dir, 'qr');
      const { code, output } = await run(
        'qr:create', '--community', c, '--title', 'Welcome desk', '--title-es', 'Recepción', '--pips', '10',
        '--limit', 'daily', '--cap', '100', '--valid-from', '2026-01-01', '--valid-until', '2099-12-31T23:59:59Z', '--out', out,
      );
      expect(code).toBe(0);
      const qrCode = /code:\s+(\S+)/.exec(output)![1];
      expect(qrCode).toMatch(/^[A-Za-z0-9_-]{16,}$/);
      const link = `http://pips.test/earn?qr=${qrCode}`;
      expect(output).toContain(`link:   ${link}`);
      expect(output).toContain('10, once per member per day, at most 100 scans in all');
      expect(output).toContain('valid:  2026-01-01T00:00:00.000Z to 2099-12-31T23:59:59.000Z');
      // Named by title and number, in the folder asked for.
      const svgPath = /svg:\s+(\S+)/.exec(output)![1];
      const pngPath = /png:\s+(\S+)/.exec(output)![1];
      expect(svgPath).toMatch(/qr\/welcome-desk-\d+\.svg$/);
      expect(readFileSync(svgPath, 'utf8')).toMatch(/^<svg/);
      const png = readPng(pngPath);
      expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(link);
      const row = await h.db.selectFrom('earn_qr_codes').selectAll().where('code', '=', qrCode).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ community_id: c, pips: 10, earn_limit: 'daily', total_cap: 100, claims_count: 0 });
      expect(row.title).toEqual({ en: 'Welcome desk', es: 'Recepción' });
      // The captioned pages: A4 and an A2 poster, the same drawing, with what a scan earns and until when.
      const a4Path = /a4:\s+(\S+)/.exec(output)![1];
      const posterPath = /poster:\s+(\S+)/.exec(output)![1];
      expect(a4Path).toMatch(/qr\/welcome-desk-\d+-a4\.svg$/);
      const a4 = readFileSync(a4Path, 'utf8');
      expect(a4).toContain('width="210mm" height="297mm"');
      for (const text of ['Welcome desk', 'Recepción', 'Scan it with the app to earn 10 pips', 'Escanéalo con la app y gana 10 pips', 'Once a day per member', 'Valid until December 31, 2099']) {
        expect(a4).toContain(text);
      }
      const poster = readFileSync(posterPath, 'utf8');
      expect(poster).toContain('width="420mm" height="594mm"');
      expect(poster.replace('width="420mm" height="594mm"', '')).toBe(a4.replace('width="210mm" height="297mm"', ''));

      const second = await run('qr:create', '--community', c, '--title', 'Door', '--pips', '3', '--valid-until', '2020-01-01', '--out', out);
      const secondCode = /code:\s+(\S+)/.exec(second.output)![1];
      expect(secondCode).not.toBe(qrCode);
      expect(second.output).toContain('(expired)');
      const list = await run('qr:list', '--community', c);
      expect(list.output).toMatch(/"Welcome desk"\s+10 pips daily\s+claims: 0 of 100\s+valid: 2026-01-01T00:00:00.000Z to 2099/);
      expect(list.output).toMatch(/"Door"\s+3 pips once\s+claims: 0 \(no cap\)\s+valid: until 2020-01-01T00:00:00.000Z \(expired\)/);
      expect(list.output).toContain(link);
    });

    it('prints an existing code again, takes --valid-days, and warns about localhost links', async () => {
      const c = await community();
      const out = join(dir, 'qr-days');
      const before = Date.now();
      const created = await run('qr:create', '--community', c, '--title', 'Café stand!', '--pips', '2', '--valid-days', '30', '--out', out);
      const id = Number(/#(\d+)/.exec(created.output)![1]);
      const row = await h.db.selectFrom('earn_qr_codes').select(['code', 'valid_from', 'valid_until']).where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.valid_from).toBeNull();
      const days = (new Date(row.valid_until!).getTime() - before) / 86_400_000;
      expect(days).toBeGreaterThan(29.99);
      expect(days).toBeLessThan(30.01);
      expect(created.output).not.toContain('Warning');

      const again = join(dir, 'qr-again');
      const printed = await run('qr:print', '--id', String(id), '--out', again);
      expect(printed.code).toBe(0);
      const pngPath = /png:\s+(\S+)/.exec(printed.output)![1];
      expect(pngPath).toBe(join(again, `cafe-stand-${id}.png`));
      const png = readPng(pngPath);
      expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(`http://pips.test/earn?qr=${row.code}`);

      const lines: string[] = [];
      await runAdmin(['qr:print', '--id', String(id), '--out', again], { db: h.db, publicUrl: 'http://localhost:8080', out: (line) => lines.push(line) });
      expect(lines.at(-1)).toMatch(/^Warning: these links use PUBLIC_URL=http:\/\/localhost:8080/);
      await expect(run('qr:print', '--id', '999999')).rejects.toThrow(/no earn QR code has the id 999999/);
      await expect(run('qr:create', '--community', c, '--title', 'X', '--pips', '1', '--valid-days', '3', '--valid-until', '2099-01-01')).rejects.toThrow(/not both/);
    });

    it('creates no code when its images cannot be written (--out names a file)', async () => {
      const c = await community();
      const file = join(dir, 'not-a-folder');
      writeFileSync(file, 'x');
      const attempt = run('qr:create', '--community', c, '--title', 'Lost', '--pips', '1', '--out', file);
      await expect(attempt).rejects.toBeInstanceOf(RefusedError);
      await expect(attempt).rejects.toThrow(/is a file, not a folder; no code was created/);
      expect((await run('qr:list', '--community', c)).output).toContain('no earn QR codes yet');
    });

    it('refuses bad QR input', async () => {
      const c = await community();
      const base = ['qr:create', '--community', c, '--title', 'Q', '--out', join(dir, 'bad-qr')];
      const cases: [string[], RegExp][] = [
        [['qr:create', '--community', c, '--pips', '1'], /needs --title/],
        [[...base], /needs --pips/],
        [[...base, '--pips', '0'], /--pips must be a whole number from 1/],
        [[...base, '--pips', '1', '--limit', 'unlimited'], /--limit must be one of once, daily/],
        [[...base, '--pips', '1', '--cap', '0'], /--cap must be a whole number from 1/],
        [[...base, '--pips', '1', '--valid-from', 'tomorrow'], /--valid-from must be an ISO date/],
        [[...base, '--pips', '1', '--valid-until', '2026-02-30x'], /--valid-until must be an ISO date/],
        [[...base, '--pips', '1', '--valid-from', '2026-05-02', '--valid-until', '2026-05-01'], /--valid-until must be after --valid-from/],
        [['qr:list'], /needs --community/],
      ];
      for (const [argv, message] of cases) await expect(run(...argv), argv.join(' ')).rejects.toThrow(message);
      expect(existsSync(join(dir, 'bad-qr'))).toBe(false);
      expect((await run('qr:list', '--community', c)).output).toContain('no earn QR codes yet');
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

  describe('pips and the ledger', () => {
    /** The ledger invariant of migration 003 for one member. */
    async function expectLedgerAgrees(userId: number) {
      const user = await h.db.selectFrom('users').select(['available_pips', 'total_earned_pips', 'total_used_pips']).where('id', '=', userId).executeTakeFirstOrThrow();
      const rows = await h.db.selectFrom('ledger_entries').select('delta').where('user_id', '=', userId).execute();
      const sum = (deltas: number[]) => deltas.reduce((a, b) => a + b, 0);
      expect(user).toEqual({
        available_pips: sum(rows.map((r) => r.delta)),
        total_earned_pips: sum(rows.map((r) => r.delta).filter((d) => d > 0)),
        total_used_pips: 0 - sum(rows.map((r) => r.delta).filter((d) => d < 0)),
      });
      return user;
    }

    it('credits and debits a member with a reason, as adjustment rows of the ledger', async () => {
      const user = await h.registerVerified();
      const credit = await run('pips:adjust', '--email', user.email, '--delta', '+50', '--reason', 'Welcome bonus');
      expect(credit.code).toBe(0);
      expect(credit.output).toContain(`Adjusted the pips of ${user.email} (user ${user.userId}) by +50: "Welcome bonus"`);
      expect(credit.output).toContain('available: 0 -> 50');
      const debit = await run('pips:adjust', '--email', user.email, '--delta', '-20', '--reason', 'Correction');
      expect(debit.output).toContain('available: 50 -> 30');
      expect(await expectLedgerAgrees(user.userId)).toEqual({ available_pips: 30, total_earned_pips: 50, total_used_pips: 20 });
      const rows = await h.db.selectFrom('ledger_entries').select(['delta', 'kind', 'title', 'reason', 'source_id']).where('user_id', '=', user.userId).orderBy('id').execute();
      expect(rows).toEqual([
        { delta: 50, kind: 'adjustment', title: { en: 'Pips adjustment', es: 'Ajuste de pips' }, reason: 'Welcome bonus', source_id: null },
        { delta: -20, kind: 'adjustment', title: { en: 'Pips adjustment', es: 'Ajuste de pips' }, reason: 'Correction', source_id: null },
      ]);
      const dashboard = await h.call({ url: '/mobile/dashboard', token: user.authToken });
      expect(dashboard.body.data).toMatchObject({ availablePips: 30, totalEarnedPips: 50, totalUsedPips: 20 });
      const activity = await h.call({ url: '/mobile/dashboard/actions', query: { page: 1, size: 1000 }, token: user.authToken });
      expect(activity.body.data.actions.map((a: { kind: string; title: string; pips: number }) => [a.kind, a.title, a.pips])).toEqual([
        ['adjustment', 'Correction', -20],
        ['adjustment', 'Welcome bonus', 50],
      ]);
    });

    it('refuses a debit below zero and changes nothing', async () => {
      const user = await h.registerVerified();
      await run('pips:adjust', '--email', user.email, '--delta', '10', '--reason', 'Start');
      const error = await run('pips:adjust', '--email', user.email, '--delta=-11', '--reason', 'Too much').catch((e: Error) => e);
      expect(error).toBeInstanceOf(RefusedError);
      expect((error as Error).message).toBe(`cannot take 11 pips from ${user.email}: only 10 available (nothing was changed)`);
      expect(await expectLedgerAgrees(user.userId)).toEqual({ available_pips: 10, total_earned_pips: 10, total_used_pips: 0 });
      const cases: [string[], RegExp][] = [
        [['pips:adjust', '--email', user.email, '--reason', 'x'], /needs --delta/],
        [['pips:adjust', '--email', user.email, '--delta', '0', '--reason', 'x'], /--delta must not be 0/],
        [['pips:adjust', '--email', user.email, '--delta', '1.5', '--reason', 'x'], /--delta must be a whole number/],
        [['pips:adjust', '--email', user.email, '--delta', '5'], /needs --reason/],
        [['pips:adjust', '--email', user.email, '--delta', '5', '--reason', '   '], /--reason must not be empty/],
        [['pips:adjust', '--email', 'nobody@example.com', '--delta', '5', '--reason', 'x'], /no account uses nobody@example.com/],
        [['pips:adjust', '--email', 'not-an-email', '--delta', '5', '--reason', 'x'], /not a valid e-mail address/],
        [['ledger:show', '--email', user.email, '--limit', '0'], /--limit must be a whole number from 1/],
        [['ledger:show'], /needs --email/],
      ];
      for (const [argv, message] of cases) await expect(run(...argv), argv.join(' ')).rejects.toThrow(message);
      expect(await expectLedgerAgrees(user.userId)).toEqual({ available_pips: 10, total_earned_pips: 10, total_used_pips: 0 });
    });

    it('shows a ledger newest first with the balance after each row', async () => {
      const user = await h.registerVerified();
      const empty = await run('ledger:show', '--email', user.email);
      expect(empty.output).toContain('available 0, earned 0, used 0; 0 rows');
      expect(empty.output).toContain('no rows yet');
      await run('pips:adjust', '--email', user.email, '--delta', '40', '--reason', 'Bonus');
      await run('pips:adjust', '--email', user.email, '--delta', '-15', '--reason', 'Fix');
      await run('pips:adjust', '--email', user.email, '--delta', '5', '--reason', 'Extra');
      const { code, output } = await run('ledger:show', '--email', user.email);
      expect(code).toBe(0);
      expect(output).toContain('available 30, earned 45, used 15; 3 rows');
      expect(output).not.toContain('WARNING');
      const lines = output.split('\n').filter((line) => /^\s+\d{4}-\d{2}-\d{2} /.test(line));
      expect(lines).toHaveLength(3);
      expect(lines[0]).toMatch(/\+5 adjustment\s+30\s+Pips adjustment \(reason: Extra\)$/);
      expect(lines[1]).toMatch(/-15 adjustment\s+25\s+Pips adjustment \(reason: Fix\)$/);
      expect(lines[2]).toMatch(/\+40 adjustment\s+40\s+Pips adjustment \(reason: Bonus\)$/);
      const limited = await run('ledger:show', '--email', user.email, '--limit', '1');
      expect(limited.output).toContain('… 2 older rows (use --limit)');
    });
  });

  it('prints the usage of one command with --help', async () => {
    const { code, output } = await run('qr:create', '--help');
    expect(code).toBe(0);
    expect(output).toMatch(/^Usage: npm run admin -- qr:create --community <id>/);
    const all = (await run('help')).output;
    for (const name of ['promo:create', 'promo:list', 'reward:create', 'reward:list', 'giftcards:import', 'qr:create', 'qr:list', 'questionnaire:create', 'questionnaire:list', 'pips:adjust', 'ledger:show']) {
      expect(all).toContain(`  ${name} `);
    }
  });

  it('community:edit renames and archives a community (the join link then refuses newcomers) and restores it', async () => {
    const id = await community();
    await expect(run('community:edit', '--community', id)).rejects.toThrow(UsageError);
    await expect(run('community:edit', '--community', id, '--archive', '--restore')).rejects.toThrow(UsageError);
    await expect(run('community:edit', '--community', 'nope', '--name', 'X')).rejects.toThrow(UsageError);
    const renamed = await run('community:edit', '--community', id, '--name', 'Harbour Club', '--archive');
    expect(renamed.code).toBe(0);
    expect(renamed.output).toContain(`Community ${id}: "Harbour Club" (archived: takes no new members)`);
    expect((await h.call({ url: `/web/community/${id}` })).status).toBe(404);
    expect((await run('community:list')).output).toMatch(new RegExp(`${id}  "Harbour Club"  members: 0  archived`));
    expect((await run('community:edit', '--community', id, '--restore')).output).toBe(`Community ${id}: "Harbour Club"`);
    expect((await h.call({ url: `/web/community/${id}` })).body.data).toEqual({ communityId: id, name: 'Harbour Club' });
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

  it('audit:list prints the operators\' writes, newest first, of one community or all', async () => {
    const id = await community();
    await h.db
      .insertInto('audit_log')
      .values([
        { operator_id: null, community_id: id, action: 'promo.create', entity: 'promo', entity_id: '7', before: null, after: JSON.stringify({ pips: 3 }) },
        { operator_id: null, community_id: id, action: 'promo.update', entity: 'promo', entity_id: '7', before: JSON.stringify({ pips: 3 }), after: JSON.stringify({ pips: 4 }) },
      ])
      .execute();
    const { code, output } = await run('audit:list', '--community', id);
    expect(code).toBe(0);
    const lines = output.split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(new RegExp(`  ${id}  \\(deleted account\\)  promo.update promo #7  \\{"pips":3\\} -> \\{"pips":4\\}$`));
    expect(lines[1]).toContain('promo.create promo #7  {"pips":3}');
    expect((await run('audit:list', '--community', await community())).output).toBe('No operator writes yet.');
    expect((await run('audit:list', '--limit', '1')).output.split('\n')).toHaveLength(1);
    await expect(run('audit:list', '--limit', '0')).rejects.toThrow(UsageError);
  });
});
