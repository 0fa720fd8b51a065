import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jsQR from 'jsqr';
// @ts-expect-error pngjs (qrcode's PNG writer) ships no type declarations
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin, UsageError } from '../../server/admin';
import { backends } from './helpers/databases';
import { createHarness, type Harness } from './helpers/harness';

describe.each(backends)('admin CLI on $name', (backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(backend);
  });
  afterAll(async () => {
    await h.close();
  });

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
});
