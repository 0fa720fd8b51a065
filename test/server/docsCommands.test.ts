import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS, main, runAdmin } from '../../server/admin';
import { parseCommandArgs } from '../../server/admin/args';
import { REMOTE_COMMANDS } from '../../server/admin/remote';
import { freePort } from '../e2e/support/serverProcess';
import { runsOn } from './helpers/databases';
import { pglitePlace, seed, startProcess, type Member, type Place, type Running } from './helpers/processPlace';

/**
 * Every operator command line the README and docs/ write (`npm run admin -- …` in a code span or
 * block) is a command the CLI knows with options it takes, and runs as written, placeholders
 * filled in, against a running server. A renamed option or a doc that drifted fails here.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));

interface DocumentedCommand {
  file: string;
  line: string;
  args: string[];
}

/** Shell words: quotes kept together, `[--opt <x>]` taken as written without its brackets. */
function words(line: string): string[] {
  const out: string[] = [];
  for (const m of line.replace(/[[\]]/g, ' ').matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)) out.push(m[1] ?? m[2] ?? m[3]);
  return out;
}

function documentedCommands(): DocumentedCommand[] {
  const files = ['README.md', ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
  const found: DocumentedCommand[] = [];
  for (const file of files) {
    const text = readFileSync(join(root, file), 'utf8');
    for (const m of text.matchAll(/```[a-z]*\n([\s\S]*?)```|`([^`]+)`/g)) {
      // A block's lines (a trailing backslash continues one); an inline span is one line.
      const lines = m[1] !== undefined ? m[1].replace(/\\\n\s*/g, ' ').split('\n') : [m[2].replace(/\s+/g, ' ')];
      for (const text of lines) {
        const at = text.indexOf('npm run admin -- ');
        if (at < 0) continue;
        const line = text.slice(at + 'npm run admin -- '.length).trim();
        // "npm run admin -- …" and "-- <command>" name the tool, not a command.
        if (/^(…|<command>)/.test(line)) continue;
        found.push({ file, line, args: words(line) });
      }
    }
  }
  return found;
}

const documented = documentedCommands();
/** Commands with their own parser (server/admin/backup.ts) or the session's: not in COMMANDS. */
const ownParsers: Record<string, string[]> = {
  backup: ['out', 'force'],
  restore: ['from', 'force'],
  login: ['email', 'server'],
  setup: ['server', 'token', 'name', 'email'],
  help: [],
};

describe('the operator commands the docs write', () => {
  it('are found: the launch steps, backups, the draw check', () => {
    const names = new Set(documented.map((c) => c.args[0]));
    for (const name of ['community:create', 'community:qr', 'operator:add', 'qr:create', 'promo:create', 'reward:create', 'giftcards:import', 'pips:adjust', 'backup', 'restore', 'ctw:verify']) {
      expect(names, name).toContain(name);
    }
  });

  it.each(documented.map((c) => [`${c.file}: ${c.line}`, c] as const))('%s: a command with options it takes', (_, { args }) => {
    // --create is the CLI's own (a new database), taken on any command line.
    const [name, ...rest] = args.filter((word) => word !== '--create');
    const own = ownParsers[name];
    if (own) {
      const given = rest.filter((w) => w.startsWith('--')).map((w) => w.slice(2));
      expect(given.filter((option) => !own.includes(option))).toEqual([]);
      return;
    }
    const command = COMMANDS.find((c) => c.name === name);
    expect(command, `npm run admin -- ${name}`).toBeDefined();
    expect(() => parseCommandArgs(command!, rest)).not.toThrow();
    // Beside a running server the same line goes through it.
    expect(REMOTE_COMMANDS.has(name), `${name} through a running server`).toBe(true);
  });
});

/** Not run here, by name and why (each is run in its own tests). */
const notRun: Record<string, string> = {
  login: 'asks for the password on a terminal (test/server/adminRemote.test.ts signs in)',
  setup: 'needs a server with no operator yet and the token it printed (test/server/adminSetup.test.ts)',
  backup: 'copies the whole data folder (test/server/backup.test.ts)',
  restore: 'replaces the data folder of a stopped server (test/server/backup.test.ts)',
  'ctw:verify': 'needs a drawn contest (test/server/adminChanceToWin.test.ts)',
};

describe.runIf(runsOn('pglite'))('the operator commands the docs write, run against a running server (PGlite)', () => {
  const OWNER = { email: 'owner@example.org', password: 'Operator-secret-1!' };
  let place: Place;
  let server: Running;
  let member: Member;
  let memberEmail = '';
  let communityId: string;
  let dir: string;
  let remote: Record<string, string>;
  /** What earlier lines printed that later ones name (the option a reward:create made). */
  let optionId = '';

  beforeAll(async () => {
    place = pglitePlace();
    ({ members: [member], communityId } = await seed(place, { members: 1, pips: 0, price: 1, codes: 1 }));
    const { db, close } = await place.open();
    process.env.OPERATOR_PASSWORD = OWNER.password;
    try {
      memberEmail = (await db.selectFrom('users').select('email').where('id', '=', member.userId).executeTakeFirstOrThrow()).email ?? '';
      await runAdmin(['operator:add', '--email', OWNER.email, '--community', communityId, '--role', 'owner'], { db, publicUrl: 'http://127.0.0.1', out: () => {}, scryptCost: 1024 });
    } finally {
      delete process.env.OPERATOR_PASSWORD;
      await close();
    }
    server = await startProcess(place, await freePort());
    dir = mkdtempSync(join(tmpdir(), 'pips-docs-commands-'));
    writeFileSync(join(dir, 'socks.csv'), 'code\nSOCK-0001\nSOCK-0002\n');
    remote = {
      ...place.env,
      PIPS_SERVER_URL: server.url,
      PIPS_OPERATOR_EMAIL: OWNER.email,
      PIPS_OPERATOR_PASSWORD: OWNER.password,
      OPERATOR_PASSWORD: 'Another-secret-2!',
    };
  }, 120_000);

  afterAll(async () => {
    server?.child.kill('SIGTERM');
    await server?.exited;
    await place?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** The line's words with its placeholders filled in as an operator would. */
  const filled = (args: string[]) =>
    args.map((word, i) => {
      const option = args[i - 1];
      if (word === '<id>' || word.startsWith('demo-')) return communityId;
      if (word === '<optionId>') return optionId;
      if (word === 'socks.csv') return join(dir, 'socks.csv');
      if (option === '--out') return join(dir, 'print');
      if (word === '…' && option === '--email') return memberEmail;
      if (word === '…' && option === '--delta') return '5';
      if (word === '…' && option === '--reason') return 'Thanks for helping';
      return word;
    });

  it.each(documented.filter((c) => !notRun[c.args[0]]).map((c) => [`${c.file}: ${c.line}`, c] as const))('%s', async (_, { args }) => {
    let out = '';
    let err = '';
    const io = { env: { ...process.env, ...remote }, out: (line: string) => (out += `${line}\n`), err: (line: string) => (err += `${line}\n`) };
    const code = await main(filled(args), io);
    expect(code, `${out}${err}`).toBe(0);
    expect(err).not.toMatch(/error|warning/i);
    optionId = /option #(\d+)/.exec(out)?.[1] ?? optionId;
  });

  it('leaves out only the lines named, each for a reason', () => {
    const left = [...new Set(documented.map((c) => c.args[0]).filter((name) => notRun[name]))].sort();
    expect(left).toEqual(Object.keys(notRun).sort());
  });
});
