import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { announcementCreate, announcementDelete, announcementList, pushStatusCommand } from './admin/announcements';
import { parseCommandArgs, requiredText } from './admin/args';
import { ctwCreate, ctwDraw, ctwList, ctwVerify, ctwWinners } from './admin/chanceToWin';
import { communityCreate, communityEdit, communityList, communityQr, userShow } from './admin/communities';
import { RefusedError, UsageError, type AdminCommand, type AdminContext } from './admin/context';
import { promoImage } from './admin/images';
import { ledgerShow, pipsAdjust } from './admin/ledger';
import { operatorAdd } from './admin/operators';
import { promoCreate, promoList } from './admin/promos';
import { qrCreate, qrList, qrPrint } from './admin/qrCodes';
import { questionnaireCreate, questionnaireList } from './admin/questionnaires';
import { connectRemote, REMOTE_COMMANDS, setUpServer, signIn, signOut } from './admin/remote';
import { runCommunities } from './admin/runCommunities';
import { askPassword, forgetSession, readSession, saveSession, serverBase, sessionFile } from './admin/session';
import { auditList } from './admin/audit';
import { BACKUP_USAGE, runBackupCommand } from './admin/backup';
import { runningServer } from './db/dataDirLock';
import { giftcardsImport, rewardAddOption, rewardCreate, rewardList } from './admin/rewards';
import { giftcardsDuplicates, rewardLimit } from './admin/giftCodes';
import { communitySupport } from './admin/support';
import { contestCharts, contestCreate, contestList, triviaAllowance, triviaImport } from './admin/trivia';
import { describeDatabaseUrl, loadConfig } from './config';
import { dataDirNotAFolder } from './startFailure';
import { migrateToLatest, openDatabase } from './db/index';

export { joinLink } from './admin/communities';
export { RefusedError, UsageError, type AdminContext } from './admin/context';

/**
 * Operator CLI: `npm run admin -- <command> [options]`. Works on the same database as the
 * server (DATABASE_URL or DATA_DIR). Each command checks its input, and prints what it did.
 * The commands live in ./admin/, one module per subject.
 */

export const COMMANDS: readonly AdminCommand[] = [
  communityCreate,
  communityList,
  communityQr,
  communitySupport,
  communityEdit,
  userShow,
  promoCreate,
  promoList,
  promoImage,
  rewardCreate,
  rewardList,
  rewardAddOption,
  rewardLimit,
  giftcardsImport,
  giftcardsDuplicates,
  qrCreate,
  qrList,
  qrPrint,
  questionnaireCreate,
  questionnaireList,
  pipsAdjust,
  ledgerShow,
  announcementCreate,
  announcementList,
  announcementDelete,
  pushStatusCommand,
  ctwCreate,
  ctwList,
  ctwDraw,
  ctwVerify,
  ctwWinners,
  triviaImport,
  triviaAllowance,
  contestCreate,
  contestList,
  contestCharts,
  operatorAdd,
  auditList,
];

const byName = new Map(COMMANDS.map((command) => [command.name, command]));

export const USAGE = `Usage: npm run admin -- <command> [options]

Commands:
${COMMANDS.map((command) => `  ${command.usage}`).join('\n\n')}

  login [--server <url>] --email <address>
      Sign in to a running server as an operator (the password from PIPS_OPERATOR_PASSWORD, or
      asked on the terminal); later commands go through that server with the saved session
      (PIPS_SESSION_FILE, default ~/.config/pips/admin-session.json, readable only by you).

  logout
      End the saved session on the server and remove it.

  setup [--server <url>] --token <token> --name <name> --email <address>
      Set up a running server that has no operator yet, with the one-time token it printed at
      start (also in setup-token.txt in its data folder): creates the community and makes the
      e-mail its owner. The password comes from OPERATOR_PASSWORD (or is asked on the terminal):
      an account using the address must give its own; otherwise a new account gets this one.

${BACKUP_USAGE}

  help
      Show this help.

Texts: --title, --description, --terms and option labels are English (or the only language);
the -es variants add Spanish, shown to members whose app is in Spanish.
Environment: DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite, default ./data); PUBLIC_URL for links.
A DATA_DIR that holds no database yet is refused (a mistyped one would make a second, empty
database); add --create to any command to make a new one there, as the first community:create does.
Through a running server (no downtime; the server checks the operator's role and audits each
change): when a server holds the PGlite folder of DATA_DIR, the CLI finds it and goes through its
operator API; PIPS_SERVER_URL (e.g. http://127.0.0.1:8080) names a server explicitly. The operator
is the account of PIPS_OPERATOR_EMAIL and PIPS_OPERATOR_PASSWORD, or the session saved by login.
These commands work through a server: ${[...REMOTE_COMMANDS.keys()].join(', ')};
the others work on the database (stop the server first on PGlite; PostgreSQL is shared).
Exit codes: 0 done, 2 bad input (the usage is printed), 1 refused (valid input the data or the
file system refuses; nothing was changed).`;

/** The help of one command (or all of them). */
export const usageOf = (name: string | undefined) => {
  const command = name === undefined ? undefined : byName.get(name);
  return command ? `Usage: npm run admin -- ${command.usage}` : USAGE;
};

/** Runs one command; throws UsageError for bad input. Returns the process exit code. */
export async function runAdmin(argv: string[], ctx: AdminContext): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    ctx.out(USAGE);
    return 0;
  }
  const command = byName.get(name);
  if (!command) throw new UsageError(`unknown command: ${name}`);
  if (rest.includes('--help')) {
    ctx.out(usageOf(name));
    return 0;
  }
  return command.run(parseCommandArgs(command, rest), ctx);
}

/** Exit code 1 for a refusal, 2 for bad input (with the usage); anything else is a failure. */
function exitCodeOf(error: unknown, name: string | undefined, io: CliIo): number {
  if (error instanceof RefusedError) {
    io.err(`Refused: ${error.message}`);
    return 1;
  }
  if (error instanceof UsageError) {
    io.err(`Error: ${error.message}\n\n${usageOf(name)}`);
    return 2;
  }
  throw error;
}

/** One command through a running server's operator API (PIPS_SERVER_URL, or the server found holding DATA_DIR). */
async function runRemote(argv: string[], serverUrl: string, io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  try {
    const command = name === undefined ? undefined : byName.get(name);
    if (!command) throw new UsageError(`unknown command: ${name}`);
    const remote = REMOTE_COMMANDS.get(command.name);
    if (!remote) {
      throw new RefusedError(
        `${command.name} works on the database only (through the server: ${[...REMOTE_COMMANDS.keys()].join(', ')}); stop the server (PGlite) or set DATABASE_URL, without PIPS_SERVER_URL`,
      );
    }
    const values = parseCommandArgs(command, rest);
    const auth = { email: io.env.PIPS_OPERATOR_EMAIL, password: io.env.PIPS_OPERATOR_PASSWORD, sessionFile: sessionFile(io.env) };
    const ctx = await connectRemote(serverUrl, auth, io.out);
    return await remote.run(values, ctx);
  } catch (error) {
    return exitCodeOf(error, name, io);
  }
}

/** `login`: signs in to a server and saves the session for the next commands. */
async function login(args: string[], found: string | undefined, io: CliIo): Promise<number> {
  const { values } = parseArgs({ args, options: { server: { type: 'string' }, email: { type: 'string' } }, strict: true });
  const server = values.server || io.env.PIPS_SERVER_URL || found;
  if (!server) throw new UsageError('login needs --server <url> (no running server holds this DATA_DIR, and PIPS_SERVER_URL is not set)');
  if (!/^https?:\/\/[^\s]+$/.test(server)) throw new UsageError(`--server must be an http(s) URL such as http://127.0.0.1:8080 (got "${server}")`);
  const email = values.email ?? io.env.PIPS_OPERATOR_EMAIL;
  if (!email) throw new UsageError('login needs --email <address> (an operator:add account)');
  const password = io.env.PIPS_OPERATOR_PASSWORD ?? (await askPassword(`Password for ${email}: `));
  if (!password) throw new UsageError('no password: set PIPS_OPERATOR_PASSWORD, or run login in a terminal to be asked');
  const tokens = await signIn(server, email, password);
  const file = sessionFile(io.env);
  saveSession(file, { server: serverBase(server), email, ...tokens });
  const ctx = await connectRemote(server, { sessionFile: file }, io.out);
  const communities = await runCommunities<{ communityId: string; name: string; role: string }>(ctx);
  io.out(`Signed in to ${serverBase(server)} as ${email}; the session is kept in ${file}.`);
  if (communities.length === 0) io.out('This account runs no community yet: an owner gives it a role with operator:add.');
  for (const c of communities) io.out(`  ${c.communityId}  "${c.name}"  your role: ${c.role}`);
  return 0;
}

/** `setup`: the first community and its owner, through a running server, with its setup token. */
async function setup(args: string[], found: string | undefined, io: CliIo): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { server: { type: 'string' }, token: { type: 'string' }, name: { type: 'string' }, email: { type: 'string' } },
    strict: true,
  });
  const server = values.server || io.env.PIPS_SERVER_URL || found;
  if (!server) throw new UsageError('setup needs --server <url> (no running server holds this DATA_DIR, and PIPS_SERVER_URL is not set); start it with npm start');
  if (!/^https?:\/\/[^\s]+$/.test(server)) throw new UsageError(`--server must be an http(s) URL such as http://127.0.0.1:8080 (got "${server}")`);
  const token = values.token?.trim();
  if (!token) throw new UsageError('setup needs --token <token>: the server printed it at start (no operator yet), and wrote it to setup-token.txt in its data folder');
  const community = requiredText(values, 'name', 'setup', 100);
  const email = requiredText(values, 'email', 'setup', 320);
  const password = io.env.OPERATOR_PASSWORD ?? (await askPassword(`Password for ${email}: `));
  if (!password) throw new UsageError('no password: set OPERATOR_PASSWORD, or run setup in a terminal to be asked');
  const done = await setUpServer(server, { token, community, email, password });
  io.out(`Set up ${serverBase(server)}: community "${done.name}" with ${done.email} as its owner${done.accountCreated ? ' (a new account)' : ''}`);
  io.out(`  id:        ${done.communityId}`);
  io.out(`  join link: ${done.joinLink}`);
  io.out(`Next: npm run admin -- login --email ${done.email}, or sign in to ${serverBase(server)}/console`);
  return 0;
}

/** `logout`: ends the saved session on its server and removes it. */
async function logout(io: CliIo): Promise<number> {
  const file = sessionFile(io.env);
  const saved = readSession(file);
  if (!saved) {
    io.out('No saved session.');
    return 0;
  }
  try {
    await signOut(saved.server, saved);
    io.out(`Signed out of ${saved.server}.`);
  } catch (error) {
    io.err(`The server did not confirm the sign-out (${error instanceof Error ? error.message : String(error)}); the session is removed here anyway.`);
  }
  forgetSession(file);
  return 0;
}

/** What the CLI reads and writes: the environment and the two output streams. */
export interface CliIo {
  env: NodeJS.ProcessEnv;
  out: (line: string) => void;
  err: (line: string) => void;
}

const processIo: CliIo = { env: process.env, out: (line) => console.log(line), err: (line) => console.error(line) };

/**
 * The CLI: one command of `argv` (what follows `npm run admin --`), on the database, or through
 * the running server; returns the exit code. Throws what is neither a refusal nor a usage error.
 * The tests run it in their own process with their own `io` (for the commands through a server:
 * on the database, `operator:add` still reads OPERATOR_PASSWORD from the process's environment).
 */
export async function main(argv: string[], io: CliIo = processIo): Promise<number> {
  if (argv.length === 0 || ['help', '--help', '-h'].includes(argv[0])) {
    io.out(USAGE);
    return 0;
  }
  // --create, anywhere on the line: the one way to let a command make a new, empty database.
  const create = argv.includes('--create');
  argv = argv.filter((word) => word !== '--create');
  const config = loadConfig(io.env);
  if (argv[0] === 'backup' || argv[0] === 'restore') {
    // On this machine's data (DATA_DIR or DATABASE_URL), never through PIPS_SERVER_URL.
    return runBackupCommand(argv, config, io).catch((error: unknown) => exitCodeOf(error, argv[0], io));
  }
  // A server holding the PGlite folder: the CLI goes through it instead of refusing the locked folder.
  const found = !config.databaseUrl ? runningServer(config.dataDir) : undefined;
  if (argv[0] === 'login' || argv[0] === 'logout' || argv[0] === 'setup') {
    try {
      if (argv[0] === 'setup') return await setup(argv.slice(1), found?.url, io);
      return argv[0] === 'login' ? await login(argv.slice(1), found?.url, io) : await logout(io);
    } catch (error) {
      return error instanceof Error && error.name === 'TypeError' && 'code' in error
        ? exitCodeOf(new UsageError(error.message), undefined, io)
        : exitCodeOf(error, undefined, io);
    }
  }
  const serverUrl = io.env.PIPS_SERVER_URL || found?.url;
  if (serverUrl) {
    const why = io.env.PIPS_SERVER_URL ? 'PIPS_SERVER_URL' : `it holds PGlite in ${resolve(config.dataDir)} (process ${found!.pid})`;
    io.err(`pips admin: through the server at ${serverBase(serverUrl)} (its operator API; ${why}); links use the server's PUBLIC_URL`);
    return runRemote(argv, serverUrl, io);
  }
  const database = await openAdminDatabase(config, io, { create });
  if (typeof database === 'number') return database;
  try {
    return await database.run(argv);
  } finally {
    await database.close();
  }
}

/** Whether a path is a folder, a file (anything else), or nothing yet (or under a file: ENOTDIR). */
function pathKind(path: string): 'folder' | 'file' | 'none' {
  try {
    return statSync(path).isDirectory() ? 'folder' : 'file';
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOTDIR' ? 'file' : 'none';
  }
}

/** The CLI's side of the database, open: `run` executes one command on it (exit code), `close` ends it. */
export interface AdminDatabase {
  run(argv: string[]): Promise<number>;
  close(): Promise<void>;
}

/**
 * Opens the database of `config` for commands (what `main` does before one command, and after it
 * closes): says which data it works on, migrates it, and answers the exit code 1 when a running
 * server holds the PGlite folder. The e2e journeys run their operator's preparation (several
 * commands before the product starts) on one opening instead of one process each.
 */
export async function openAdminDatabase(config: ReturnType<typeof loadConfig>, io: CliIo, { create = false } = {}): Promise<AdminDatabase | number> {
  // Which data and which public address: on stderr, so what a command prints stays parseable.
  const where = config.databaseUrl ? `PostgreSQL at ${describeDatabaseUrl(config.databaseUrl)}` : `PGlite in ${resolve(config.dataDir)}`;
  io.err(`pips admin: ${where}; links use PUBLIC_URL=${config.publicUrl}`);
  if (!config.databaseUrl) {
    const kind = pathKind(config.dataDir);
    if (kind === 'file') {
      io.err(`Error: ${dataDirNotAFolder(config.dataDir)}`);
      return 2;
    }
    // A mistyped DATA_DIR must not quietly become a second, empty database.
    if (kind === 'none' || !existsSync(join(config.dataDir, 'PG_VERSION'))) {
      if (!create) {
        io.err(
          `Error: ${resolve(config.dataDir)} holds no pips database. If your server keeps its data elsewhere, set DATA_DIR to that folder; to make a new, empty database here, add --create.`,
        );
        return 2;
      }
      io.err(`pips admin: making a new, empty database in ${resolve(config.dataDir)} (--create).`);
    }
  }
  let database;
  try {
    database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    if (error instanceof Error && error.message.includes('is in use by process')) {
      io.err(`Refused: ${error.message}\nOr make the change through the running server: set PIPS_SERVER_URL, and sign in with npm run admin -- login (see help).`);
      return 1;
    }
    throw error;
  }
  const { db, close } = database;
  try {
    await migrateToLatest(db);
  } catch (error) {
    await close();
    throw error;
  }
  return {
    async run(argv) {
      try {
        return await runAdmin(argv, { db, publicUrl: config.publicUrl, out: io.out, scryptCost: config.scryptCost });
      } catch (error) {
        return exitCodeOf(error, argv[0], io);
      }
    },
    close: () => close(),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then(
    (code) => (process.exitCode = code),
    (error: unknown) => {
      console.error('admin failed:', error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
