import { mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { lockDataDir } from '../../../server/db/dataDirLock';
import { openDatabase } from '../../../server/db/index';

describe('PGlite data folder lock', () => {
  const dirs: string[] = [];
  const fresh = () => {
    const dir = mkdtempSync(join(tmpdir(), 'pips-lock-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('refuses a second opener while a live process holds the folder', async () => {
    const dir = fresh();
    const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      writeFileSync(join(dir, 'pips.lock'), String(sleeper.pid));
      await expect(openDatabase({ dataDir: dir })).rejects.toThrow(/in use by process \d+.*DATABASE_URL/s);
    } finally {
      sleeper.kill();
    }
  });

  it('takes over a lock left by a process that is gone, and releases it on close', async () => {
    const dir = fresh();
    writeFileSync(join(dir, 'pips.lock'), '999999999');
    const opened = await openDatabase({ dataDir: dir });
    expect(existsSync(join(dir, 'pips.lock'))).toBe(true);
    await opened.close();
    expect(existsSync(join(dir, 'pips.lock'))).toBe(false);
    // (a new PGlite folder runs every migration: allow a busy machine its time)
  }, 120_000);

  it('lets the same folder be locked again after release', () => {
    const dir = fresh();
    lockDataDir(dir)();
    expect(existsSync(join(dir, 'pips.lock'))).toBe(false);
    const release = lockDataDir(dir);
    expect(existsSync(join(dir, 'pips.lock'))).toBe(true);
    release();
  });
});
