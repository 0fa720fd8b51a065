import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { announcementCreate, announcementDelete, announcementList, pushStatusCommand } from './admin/announcements';
import { parseCommandArgs } from './admin/args';
import { ctwCreate, ctwDraw, ctwList, ctwVerify, ctwWinners } from './admin/chanceToWin';
import { communityCreate, communityList, communityQr, userShow } from './admin/communities';
import { RefusedError, UsageError, type AdminCommand, type AdminContext } from './admin/context';
import { promoImage } from './admin/images';
import { ledgerShow, pipsAdjust } from './admin/ledger';
import { operatorAdd } from './admin/operators';
import { promoCreate, promoList } from './admin/promos';
import { qrCreate, qrList, qrPrint } from './admin/qrCodes';
import { questionnaireCreate, questionnaireList } from './admin/questionnaires';
import { connectRemote, REMOTE_COMMANDS } from './admin/remote';
import { giftcardsImport, rewardCreate, rewardList } from './admin/rewards';
import { communitySupport } from './admin/support';
import { contestCharts, contestCreate, contestList, triviaAllowance, triviaImport } from './admin/trivia';
import { loadConfig } from './config';
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
  userShow,
  promoCreate,
  promoList,
  promoImage,
  rewardCreate,
  rewardList,
  giftcardsImport,
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
];

const byName = new Map(COMMANDS.map((command) => [command.name, command]));

export const USAGE = `Usage: npm run admin -- <command> [options]

Commands:
${COMMANDS.map((command) => `  ${command.usage}`).join('\n\n')}

  help
      Show this help.

Texts: --title, --description, --terms and option labels are English (or the only language);
the -es variants add Spanish, shown to members whose app is in Spanish.
Environment: DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite, default ./data); PUBLIC_URL for links.
With PGlite, stop the server first (its data folder is locked to one process), or go through the
running server: with PIPS_SERVER_URL (e.g. http://127.0.0.1:8080), PIPS_OPERATOR_EMAIL and
PIPS_OPERATOR_PASSWORD (an operator:add account), ${[...REMOTE_COMMANDS.keys()].join(', ')}
use the server's operator API instead of the database (no downtime; the server checks the role
and audits the change).
Exit codes: 0 done, 2 bad input (the usage is printed), 1 refused (valid input the data or the
file system refuses; nothing was changed).`;

/** A database URL without its password: host, port and database name. */
export function describeDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}${parsed.port ? `:${parsed.port}` : ''}${parsed.pathname}`;
  } catch {
    return '(unparsable DATABASE_URL)';
  }
}

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
function exitCodeOf(error: unknown, name: string | undefined): number {
  if (error instanceof RefusedError) {
    console.error(`Refused: ${error.message}`);
    return 1;
  }
  if (error instanceof UsageError) {
    console.error(`Error: ${error.message}\n\n${usageOf(name)}`);
    return 2;
  }
  throw error;
}

/** One command through the running server's operator API (PIPS_SERVER_URL). */
async function runRemote(argv: string[], serverUrl: string): Promise<number> {
  const [name, ...rest] = argv;
  console.error(`pips admin: through the server at ${serverUrl} (its operator API)`);
  try {
    const command = name === undefined ? undefined : byName.get(name);
    if (!command) throw new UsageError(`unknown command: ${name}`);
    const remote = REMOTE_COMMANDS.get(command.name);
    if (!remote) {
      throw new RefusedError(
        `${command.name} works on the database only (through the server: ${[...REMOTE_COMMANDS.keys()].join(', ')}); unset PIPS_SERVER_URL and stop the server (PGlite) or set DATABASE_URL`,
      );
    }
    const values = parseCommandArgs(command, rest);
    const ctx = await connectRemote(serverUrl, process.env.PIPS_OPERATOR_EMAIL, process.env.PIPS_OPERATOR_PASSWORD, (line) => console.log(line));
    return await remote.run(values, ctx);
  } catch (error) {
    return exitCodeOf(error, name);
  }
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv.length === 0 || ['help', '--help', '-h'].includes(argv[0])) {
    console.log(USAGE);
    return;
  }
  if (process.env.PIPS_SERVER_URL) {
    process.exitCode = await runRemote(argv, process.env.PIPS_SERVER_URL);
    return;
  }
  const config = loadConfig();
  // Which data and which public address: on stderr, so what a command prints stays parseable.
  const where = config.databaseUrl ? `PostgreSQL at ${describeDatabaseUrl(config.databaseUrl)}` : `PGlite in ${resolve(config.dataDir)}`;
  const fresh = !config.databaseUrl && !existsSync(join(config.dataDir, 'PG_VERSION'));
  console.error(`pips admin: ${where}; links use PUBLIC_URL=${config.publicUrl}`);
  if (fresh) console.error(`pips admin: warning: ${resolve(config.dataDir)} holds no database yet, so a new empty one is made there; if your server keeps its data elsewhere, set DATA_DIR to that folder.`);
  let database;
  try {
    database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    if (error instanceof Error && error.message.includes('is in use by process')) {
      console.error(`Refused: ${error.message}\nOr make the change through the running server: set PIPS_SERVER_URL, PIPS_OPERATOR_EMAIL and PIPS_OPERATOR_PASSWORD (see help).`);
      process.exitCode = 1;
      return;
    }
    throw error;
  }
  try {
    await migrateToLatest(database.db);
    process.exitCode = await runAdmin(argv, {
      db: database.db,
      publicUrl: config.publicUrl,
      out: (line) => console.log(line),
      scryptCost: config.scryptCost,
    });
  } catch (error) {
    process.exitCode = exitCodeOf(error, argv[0]);
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error('admin failed:', error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
