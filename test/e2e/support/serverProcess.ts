import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../..', import.meta.url));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export interface RunningProduct {
  url: string;
  joinLink: string;
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * Starts the product exactly as `npm start` runs it (server/main.ts serving the built PWA from
 * dist/), on a fresh PGlite data folder, and waits for its "running at" and join-link lines.
 */
export async function startProduct(env: Record<string, string> = {}): Promise<RunningProduct> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'pips-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  let out = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: url, DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));

  const deadline = Date.now() + 60_000;
  let joinLink = '';
  while (Date.now() < deadline) {
    joinLink = /(https?:\/\/\S+\/community-scan\?\S+)/.exec(out)?.[1] ?? '';
    if (joinLink && out.includes('pips is running at')) break;
    if (child.exitCode !== null) throw new Error(`server exited early:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  if (!joinLink) throw new Error(`server did not start in time:\n${out}`);

  return {
    url,
    joinLink,
    output: () => out,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
