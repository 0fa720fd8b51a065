import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jsQR from 'jsqr';
// @ts-expect-error pngjs (qrcode's PNG writer) ships no type declarations
import { PNG } from 'pngjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { UsageError } from '../../server/admin';
import { adminCli } from './helpers/adminCli';
import { backends } from './helpers/databases';
import type { Harness } from './helpers/harness';

/**
 * The operator CLI on the database: communities, a user, the usage and the audit log. Its other
 * subjects beside this file: adminPromos (earn promos, questionnaires), adminRewards (rewards and
 * gift-card codes), adminQrCodes (earn QR codes), adminLedger (pips and the ledger).
 */
describe.each(backends)('admin CLI on $name', (backend) => {
  const cli = adminCli(backend);
  const { run, community } = cli;
  let h: Harness;
  beforeAll(() => {
    ({ h } = cli.current());
  });

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
      // --community, as every command names a community (and as the docs write it).
      const { code, output } = await run('community:qr', '--community', h.community.id, '--out', out);
      expect(code).toBe(0);
      const link = `http://pips.test/community-scan?communityId=${h.community.id}`;
      expect(output).toMatch(new RegExp(`link: +${link.replace(/[.?]/g, '\\$&')}`));
      // The join poster: the community's name and how to join, in both languages, on A4 and A2.
      const a4 = readFileSync(join(out, `${h.community.id}-a4.svg`), 'utf8');
      expect(a4).toMatch(/^<svg[^>]* width="210mm" height="297mm"/);
      expect(a4).toContain(`>${h.community.name}</text>`);
      expect(a4).toContain('Scan it with your phone&apos;s camera and sign up');
      expect(a4).toContain('Escanéalo con la cámara del móvil y regístrate');
      expect(a4).toContain('<path');
      expect(readFileSync(join(out, `${h.community.id}-poster.svg`), 'utf8')).toMatch(/^<svg[^>]* width="420mm" height="594mm"/);
      expect(output).toContain(`a4:     ${join(out, `${h.community.id}-a4.svg`)}`);
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
    await expect(run('community:qr', '--community', 'no-such-community', '--out', tmpdir())).rejects.toThrow(/no community/);
    await expect(run('community:qr', '--community', h.community.id)).rejects.toThrow(UsageError);
    await expect(run('community:qr', '--out', tmpdir())).rejects.toThrow(/needs --community/);
    await expect(run('community:qr', '--community', h.community.id, '--id', 'c-other', '--out', tmpdir())).rejects.toThrow(/different communities/);
    // The older --id still names it.
    const again = join(mkdtempSync(join(tmpdir(), 'pips-qr-')), 'codes');
    try {
      expect((await run('community:qr', '--id', h.community.id, '--out', again)).code).toBe(0);
    } finally {
      rmSync(join(again, '..'), { recursive: true, force: true });
    }
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
