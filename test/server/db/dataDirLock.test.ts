import { cpSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { lockDataDir, runningServer } from '../../../server/db/dataDirLock';
import { openDatabase } from '../../../server/db/index';

const root = fileURLToPath(new URL('../../..', import.meta.url));

/** Another process that locks `dir` and announces a server there (as server/main.ts does), then waits. */
async function holder(dir: string): Promise<ChildProcess> {
  const code = `import('./server/db/dataDirLock.ts').then((m) => { m.lockDataDir(${JSON.stringify(dir)}); m.announceServer(${JSON.stringify(dir)}, 'http://127.0.0.1:9'); console.log('held'); setInterval(() => {}, 1000); })`;
  const child = spawn(process.execPath, ['--import', 'tsx', '-e', code], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => d.toString().includes('held') && resolve());
    child.once('exit', (c) => reject(new Error(`the holder exited (${c})`)));
  });
  return child;
}

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

  it('a copy of a held folder (cp -r while the server runs) is not held: the copy opens, and the CLI does not go to the original server', async () => {
    const dir = fresh();
    const copy = join(fresh(), 'copy');
    const child = await holder(dir);
    try {
      cpSync(dir, copy, { recursive: true });
      expect(readFileSync(join(copy, 'pips.lock'), 'utf8')).toContain(String(child.pid));
      expect(runningServer(dir)?.pid).toBe(child.pid);
      expect(runningServer(copy)).toBeUndefined();
      expect(() => lockDataDir(dir)).toThrow(/in use by process/);
      const release = lockDataDir(copy);
      expect(JSON.parse(readFileSync(join(copy, 'pips.lock'), 'utf8')).pid).toBe(process.pid);
      release();
    } finally {
      child.kill();
    }
  });

  it('a lock of a live pid from an earlier boot of the machine is stale; of this boot it holds', () => {
    let boot: string | undefined;
    try {
      boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    } catch {
      boot = undefined;
    }
    const dir = fresh();
    const stat = statSync(dir, { bigint: true });
    const record = { pid: process.ppid, host: hostname(), boot, folder: `${stat.dev}:${stat.ino}` };
    writeFileSync(join(dir, 'pips.lock'), JSON.stringify(record));
    expect(() => lockDataDir(dir)).toThrow(new RegExp(`in use by process ${process.ppid}`));
    writeFileSync(join(dir, 'pips.lock'), JSON.stringify({ ...record, boot: 'an-earlier-boot' }));
    lockDataDir(dir)();
  });
});
