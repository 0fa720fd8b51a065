import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import jsQR from 'jsqr';
import { beforeAll, describe, expect, it } from 'vitest';
import { RefusedError, runAdmin } from '../../server/admin';
import { adminCli, readPng } from './helpers/adminCli';
import { backends } from './helpers/databases';
import type { Harness } from './helpers/harness';

/** The operator CLI on the database: earn QR codes and their printed images. */
describe.each(backends)('admin CLI on $name', (backend) => {
  const cli = adminCli(backend);
  const { run, community } = cli;
  let h: Harness;
  let dir: string;
  beforeAll(() => {
    ({ h, dir } = cli.current());
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
});
