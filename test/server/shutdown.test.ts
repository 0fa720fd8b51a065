import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../e2e/support/serverProcess';

const root = fileURLToPath(new URL('../..', import.meta.url));
const PASSWORD = 'Sup3r-secret!';

interface Started {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Every request lets through: the burst comes from one address. */
const OPEN_LIMITS = {
  RATE_LIMIT_REQUESTS_PER_ADDRESS: '0/60',
  RATE_LIMIT_TOKENIZE_PER_ADDRESS: '100000/60',
  RATE_LIMIT_EMAIL_EXISTS_PER_ADDRESS: '100000/60',
};

/** Runs `command` (the server, or `npm start`) on a PGlite folder and waits until it answers /ready. */
async function start(command: string[], dataDir: string, port: number): Promise<Started> {
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(command[0], command.slice(1), {
    cwd: root,
    env: { ...process.env, ...OPEN_LIMITS, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: url, DATABASE_URL: '', SCRYPT_COST: '1024' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  // `npm start` on a fresh folder makes its database first: minutes on a busy two-core machine.
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited early (${child.exitCode ?? child.signalCode}):\n${out}`);
    const ready = await fetch(`${url}/ready`).then((r) => r.ok, () => false);
    if (ready) return { child, url, output: () => out, exited };
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start in time:\n${out}`);
}

/** Whether something still accepts connections on the port. */
const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** Tokenize then register one new member; true when the server acknowledged the registration. */
async function register(url: string, email: string, communityId: string): Promise<boolean> {
  try {
    const tokenized = await fetch(`${url}/api/tokenize`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ tokenType: 'register', password: PASSWORD }),
    });
    if (!tokenized.ok) return false;
    const { data } = (await tokenized.json()) as { data: { token: string } };
    const query = new URLSearchParams({ email, firstName: 'Burst', lastName: 'Writer', passwordToken: data.token, phone: '', customTermsAccepted: 'true', communityId });
    const registered = await fetch(`${url}/mobile/user/register?${query}`, { method: 'POST' });
    return registered.status === 200;
  } catch {
    return false; // refused or cut: not acknowledged
  }
}

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('graceful shutdown', () => {
  it('on SIGTERM during a burst of writes: stops, exits 0, frees the port, and every acknowledged write is there after a restart', { timeout: 240_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pips-shutdown-'));
    dirs.push(dataDir);
    const port = await freePort();
    const server = await start([process.execPath, '--import', 'tsx', 'server/main.ts'], dataDir, port);
    const communityId = /community-scan\?communityId=([\w-]+)/.exec(server.output())?.[1];
    expect(communityId).toBeTruthy();

    // Eight writers register new members back to back; the signal comes in the middle.
    const acknowledged: string[] = [];
    const attempted: string[] = [];
    let stop = false;
    let n = 0;
    const writer = async () => {
      while (!stop) {
        const email = `burst.${process.pid}.${++n}@example.com`;
        attempted.push(email);
        if (await register(server.url, email, communityId!)) acknowledged.push(email);
      }
    };
    const writers = Array.from({ length: 8 }, writer);
    while (acknowledged.length < 20) await new Promise((r) => setTimeout(r, 20));
    server.child.kill('SIGTERM');
    const exit = await server.exited;
    stop = true;
    await Promise.all(writers);

    expect(exit).toEqual({ code: 0, signal: null });
    expect(server.output()).toContain('SIGTERM received');
    expect(await portOpen(port)).toBe(false);
    expect(acknowledged.length).toBeGreaterThanOrEqual(20);

    // A new server on the same data: each acknowledged member exists and can log in.
    const again = await start([process.execPath, '--import', 'tsx', 'server/main.ts'], dataDir, port);
    try {
      const missing: string[] = [];
      for (const email of acknowledged) {
        const answer = await fetch(`${again.url}/web/user/email?${new URLSearchParams({ email })}`);
        const { data } = (await answer.json()) as { data: { exists: boolean } };
        if (!data.exists) missing.push(email);
      }
      expect(missing).toEqual([]);
      const login = await fetch(`${again.url}/mobile/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email: acknowledged.at(-1)!, pwd: PASSWORD }),
      });
      expect(login.status).toBe(200);
    } finally {
      again.child.kill('SIGTERM');
      await again.exited;
    }
  });

  it('`npm start` passes SIGTERM on to the server, which ends and frees its port', { timeout: 240_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pips-npm-start-'));
    dirs.push(dataDir);
    const port = await freePort();
    const npm = await start(['npm', 'start', '--silent'], dataDir, port);
    npm.child.kill('SIGTERM');
    await npm.exited;
    const deadline = Date.now() + 20_000;
    while ((await portOpen(port)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(await portOpen(port)).toBe(false);
  });
});
