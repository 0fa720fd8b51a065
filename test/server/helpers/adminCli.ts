import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error pngjs (qrcode's PNG writer) ships no type declarations
import { PNG } from 'pngjs';
import { afterAll, beforeAll } from 'vitest';
import { runAdmin } from '../../../server/admin';
import { createCommunity } from '../../../server/db/repositories/communities';
import type { Backend } from './databases';
import { createHarness, type Harness } from './harness';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const readPng = (file: string) => (PNG as any).sync.read(readFileSync(file)) as { width: number; height: number; data: Buffer };

/**
 * The operator CLI on the database, as the admin CLI test files share it, inside their
 * `describe.each(backends)`: one harness and one temporary folder for the file (made before its
 * tests, removed after; the tests share them, nothing is reset between tests). `current()` gives
 * both once made; `run` runs one command (its exit code and printed lines, PUBLIC_URL
 * http://pips.test), `community` makes a community of its own (so listings hold only what the test
 * made) and `file` writes a file in the folder.
 */
export function adminCli(backend: Backend, prefix = 'pips-admin-') {
  let h: Harness | undefined;
  let dir: string | undefined;
  beforeAll(async () => {
    h = await createHarness(backend);
    dir = mkdtempSync(join(tmpdir(), prefix));
  });
  afterAll(async () => {
    await h?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const current = () => {
    if (!h || !dir) throw new Error('adminCli: the harness and the folder are made in beforeAll; use them inside tests and hooks');
    return { h, dir };
  };

  async function run(...argv: string[]) {
    const lines: string[] = [];
    const code = await runAdmin(argv, { db: current().h.db, publicUrl: 'http://pips.test', out: (line) => lines.push(line) });
    return { code, output: lines.join('\n') };
  }

  /** A community of its own, so listings hold only what the test made. */
  const community = async () => (await createCommunity(current().h.db, 'Admin test')).id;

  let files = 0;
  /** A file in the test's temporary folder. */
  const file = (content: string, ext = 'txt') => {
    const path = join(current().dir, `file-${++files}.${ext}`);
    writeFileSync(path, content);
    return path;
  };

  return { current, run, community, file };
}
