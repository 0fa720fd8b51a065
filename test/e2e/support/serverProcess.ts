import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { createServer } from 'node:net';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeArgsFor } from '../../../scripts/bundle-server.mjs';

const root = fileURLToPath(new URL('../../..', import.meta.url));

/** Whether `port` on loopback can be listened on now. */
function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/**
 * A free loopback port below Linux's ephemeral range (32768 and up): a port the system hands
 * out for `listen(0)` is also one it hands out to outgoing connections (Chromium's, the
 * database's), and one of those took a product's port between the check and its start.
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (await canListen(port)) return port;
  }
  throw new Error('freePort: no free port between 20000 and 32000');
}

export interface RunningProduct {
  url: string;
  joinLink: string;
  output: () => string;
  /** Stops the server and removes its data folder (`keepData`: keeps it, to start it again on the same place). */
  stop: (options?: { keepData?: boolean }) => Promise<void>;
}

/** Where a product will run: its fresh PGlite folder and address, known before it starts. */
export interface ProductPlace {
  dataDir: string;
  port: number;
  url: string;
}

/** A fresh data folder and free port, so the operator CLI can prepare content before the start. */
export async function reserveProduct(): Promise<ProductPlace> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'pips-e2e-'));
  const template = process.env[TEMPLATE_ENV];
  if (template && existsSync(template)) cpSync(template, dataDir, { recursive: true });
  return { port, url: `http://127.0.0.1:${port}`, dataDir };
}

/**
 * Names a migrated, empty PGlite folder (see `makeDataTemplate`) that each reserved place starts
 * as a copy of. Without it, a place is an empty folder.
 */
export const TEMPLATE_ENV = 'PIPS_E2E_DATA_TEMPLATE';

/**
 * Makes, with the operator CLI, the folder a product's first start would make: PGlite's initdb
 * and every migration, about 3 s of CPU that each journey's fresh folder would otherwise pay
 * again (a copy takes milliseconds). The product still starts on it as on any existing folder:
 * it migrates (nothing to do), makes the demo community and serves. Run once per e2e run by
 * the project's global setup. A first start on an empty folder is still made by
 * `test/server/shutdown.test.ts` (the server and `npm start` on fresh folders) and by the
 * benches, which start their stack without it.
 */
export async function makeDataTemplate(): Promise<{ dir: string; remove: () => void }> {
  const dir = mkdtempSync(join(tmpdir(), 'pips-e2e-template-'));
  await runCliProcess({ dataDir: dir, port: 0, url: 'http://127.0.0.1' }, ['community:list', '--create']);
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The data folders of the products running now (`startProduct`): the CLI goes through their server. */
const runningPlaces = new Set<string>();

/** A CLI session per data folder (test/e2e/support/adminSession.ts), open until the product starts there. */
const adminSessions = new Map<string, { child: ChildProcess; answers: ((answer: { code: number; output: string }) => void)[] }>();

function adminEnv(place: ProductPlace) {
  return { ...process.env, DATA_DIR: place.dataDir, PUBLIC_URL: place.url, DATABASE_URL: '' };
}

/**
 * `node <script> ...args` from the project's root (the product, the CLI, a CLI session, a
 * journey's script): from this run's bundle of it (scripts/bundle-server.mjs, made by the global
 * setup), else through tsx.
 */
function spawnScript(script: string, args: string[], env: NodeJS.ProcessEnv, stdio: StdioOptions): ChildProcess {
  return spawn(process.execPath, [...nodeArgsFor(script, env), ...args], { cwd: root, env, stdio });
}

function openAdminSession(place: ProductPlace) {
  const child = spawnScript('test/e2e/support/adminSession.ts', [], adminEnv(place), ['ignore', 'inherit', 'inherit', 'ipc']);
  const session = { child, answers: [] as ((answer: { code: number; output: string }) => void)[] };
  child.on('message', (answer: { code: number; output: string }) => session.answers.shift()?.(answer));
  const failAll = () => {
    for (const answer of session.answers.splice(0)) answer({ code: 1, output: `the admin session ended (${child.exitCode ?? child.signalCode})` });
    // (Only this session's entry: a new session on the folder may have taken its place.)
    if (adminSessions.get(place.dataDir) === session) adminSessions.delete(place.dataDir);
  };
  child.once('exit', failAll);
  // Not to keep a test process alive that never starts its product.
  child.unref();
  child.channel?.unref();
  adminSessions.set(place.dataDir, session);
  return session;
}

/**
 * Ends the CLI session on `dataDir` (it closes the folder), so another process can open it: the
 * product's server (`startProduct` calls it) or a journey's own script on the folder.
 */
export async function closeAdminSession(dataDir: string): Promise<void> {
  const session = adminSessions.get(dataDir);
  if (!session) return;
  adminSessions.delete(dataDir);
  if (session.child.exitCode !== null || session.child.signalCode !== null) return;
  const exited = new Promise((r) => session.child.once('exit', r));
  session.child.disconnect();
  await exited;
}

/**
 * Runs an operator CLI command (`npm run admin -- ...`) on a product's data folder and returns
 * what it printed; throws when it exits with another code than 0. Before the product starts
 * there, the commands of a journey share one CLI session (one process and one opening of the
 * folder: a process of its own per command cost about 2 s more CPU each); on the folder of a
 * running product, the real CLI runs, which goes through the server.
 */
export async function runAdminCli(place: ProductPlace, args: string[]): Promise<string> {
  if (runningPlaces.has(place.dataDir)) return runCliProcess(place, args);
  const session = adminSessions.get(place.dataDir) ?? openAdminSession(place);
  const { code, output } = await new Promise<{ code: number; output: string }>((resolve) => {
    session.answers.push(resolve);
    // With this process's environment as it is now, as a CLI process started now would have it
    // (a journey sets OPERATOR_PASSWORD for operator:add).
    session.child.send({ argv: args, env: adminEnv(place) });
  });
  if (code !== 0) throw new Error(`admin ${args.join(' ')} exited with ${code}:\n${output}`);
  return output;
}

async function runCliProcess(place: ProductPlace, args: string[]): Promise<string> {
  return runScript('server/admin.ts', args, adminEnv(place), 'admin');
}

/**
 * Runs a journey's own script (`node <script> ...args`: `spawnScript`) that opens a reserved
 * place's folder before its product starts: the CLI session there is closed first (it holds the
 * folder's lock). Returns what the script printed; throws when it exits with another code than 0.
 */
export async function runScriptOnFolder(place: ProductPlace, script: string, args: string[]): Promise<string> {
  if (runningPlaces.has(place.dataDir)) throw new Error(`${script}: the product is running on ${place.dataDir}`);
  await closeAdminSession(place.dataDir);
  return runScript(script, args, adminEnv(place), script);
}

async function runScript(script: string, args: string[], env: NodeJS.ProcessEnv, label: string): Promise<string> {
  const child = spawnScript(script, args, env, ['ignore', 'pipe', 'pipe']);
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const code = await new Promise<number | null>((r) => child.once('exit', r));
  if (code !== 0) throw new Error(`${label} ${args.join(' ')} exited with ${code}:\n${out}`);
  return out;
}

/**
 * Starts the product as `npm start` runs it (server/main.ts serving the built PWA from dist/,
 * compiled once per run: `spawnScript`), on a fresh PGlite data folder (or the reserved
 * `place`), and waits for its "running at" and join-link lines.
 */
export async function startProduct(env: Record<string, string> = {}, place?: ProductPlace): Promise<RunningProduct> {
  const { port, dataDir, url } = place ?? (await reserveProduct());
  await closeAdminSession(dataDir);
  let out = '';
  const child = spawnScript('server/main.ts', [], { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: url, DATABASE_URL: '', ...env }, ['ignore', 'pipe', 'pipe']);
  runningPlaces.add(dataDir);
  child.once('exit', () => runningPlaces.delete(dataDir));
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));

  const deadline = Date.now() + 60_000;
  let joinLink = '';
  while (Date.now() < deadline) {
    joinLink = /(https?:\/\/\S+\/community-scan\?\S+)/.exec(out)?.[1] ?? '';
    if (joinLink && out.includes('pips is running at')) break;
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited early (${child.exitCode ?? child.signalCode}):\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  if (!joinLink) {
    child.kill('SIGKILL');
    throw new Error(`server did not start in time:\n${out}`);
  }

  return {
    url,
    joinLink,
    output: () => out,
    stop: async ({ keepData = false } = {}) => {
      // A process ended by a signal keeps exitCode null (and has already sent its 'exit').
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
