import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../server/admin';
import { freePort } from '../e2e/support/serverProcess';
import { runsOn } from './helpers/databases';
import { pglitePlace, startProcess, type Place, type Running } from './helpers/processPlace';

const OWNER = { email: 'owner@example.org', password: 'Operator-secret-1!' };

/** Polls until `check` holds (the server writes the token just after it starts listening). */
async function until<T>(check: () => T | undefined, what: string, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`not in time: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Issue 49, "setting up without downtime", as an operator does it: a fresh server with no operator
 * prints a one-time setup token and writes it to setup-token.txt (0600) in its data folder; the CLI's
 * `setup` uses it through the running server, and the operator then works through that server.
 */
describe.runIf(runsOn('pglite'))('setting up a running server from the CLI (PGlite)', () => {
  let place: Place;
  let server: Running;
  let file: string;

  beforeAll(async () => {
    place = pglitePlace();
    await (await place.open()).close();
    server = await startProcess(place, await freePort());
    file = join(place.env.DATA_DIR, 'setup-token.txt');
  }, 120_000);

  afterAll(async () => {
    server?.child.kill('SIGTERM');
    await server?.exited;
    await place?.drop();
  });

  const run = async (args: string[], env: Record<string, string> = {}) => {
    let out = '';
    let err = '';
    const io = { env: { ...process.env, ...place.env, PIPS_SERVER_URL: '', ...env }, out: (line: string) => (out += `${line}\n`), err: (line: string) => (err += `${line}\n`) };
    const code = await main(args, io);
    return { code, out, err };
  };

  it('prints the token, keeps it in a file only its owner reads, and sets up the community through the server once', async () => {
    const token = await until(() => (existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined), 'setup-token.txt');
    expect(token).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    await until(() => (server.output().includes(`npm run admin -- setup --token ${token} --name`) ? true : undefined), 'the command printed');
    // The browser's setup link, with the same token (the app's /setup page).
    expect(server.output()).toMatch(new RegExp(`^  https?://\\S+/setup\\?token=${token}$`, 'm'));

    const setup = ['setup', '--token', token, '--name', 'Riverside Runners', '--email', OWNER.email];
    const done = await run(setup, { OPERATOR_PASSWORD: OWNER.password });
    expect(done.code, done.err).toBe(0);
    expect(done.out).toContain(`community "Riverside Runners" with ${OWNER.email} as its owner (a new account)`);
    expect(done.out).toMatch(/join link: http:\/\/127\.0\.0\.1:\d+\/community-scan\?communityId=c-/);
    expect(existsSync(file)).toBe(false);

    // The owner works through the same running server at once.
    const listed = await run(['community:list'], { PIPS_OPERATOR_EMAIL: OWNER.email, PIPS_OPERATOR_PASSWORD: OWNER.password });
    expect(listed.code, listed.err).toBe(0);
    expect(listed.out).toMatch(/c-\w+ {2}"Riverside Runners" {2}your role: owner/);
    const audit = await run(['audit:list', '--community', /(c-\w+)/.exec(listed.out)![1]], { PIPS_OPERATOR_EMAIL: OWNER.email, PIPS_OPERATOR_PASSWORD: OWNER.password });
    expect(audit.out).toMatch(/operator\.add operator #\d+/);
    expect(audit.out).toMatch(/community\.create community #c-/);

    // Used up: a second setup is refused (exit 1) and says why.
    const again = await run(['setup', '--token', token, '--name', 'Again', '--email', 'other@example.org'], { OPERATOR_PASSWORD: OWNER.password });
    expect(again.code).toBe(1);
    expect(again.err).toContain('(INVALID_TOKEN)');
  });

  it('names what is missing, as bad input (exit 2)', async () => {
    const noToken = await run(['setup', '--name', 'X', '--email', OWNER.email], { OPERATOR_PASSWORD: OWNER.password });
    expect(noToken.code).toBe(2);
    expect(noToken.err).toContain('setup needs --token <token>');
    const noName = await run(['setup', '--token', 'abc', '--email', OWNER.email], { OPERATOR_PASSWORD: OWNER.password });
    expect(noName.code).toBe(2);
    expect(noName.err).toContain('--name');
  });
});
