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
With PGlite, stop the server first (its data folder is locked to one process).
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

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv.length === 0 || ['help', '--help', '-h'].includes(argv[0])) {
    console.log(USAGE);
    return;
  }
  const config = loadConfig();
  // Which data and which public address: on stderr, so what a command prints stays parseable.
  const where = config.databaseUrl ? `PostgreSQL at ${describeDatabaseUrl(config.databaseUrl)}` : `PGlite in ${resolve(config.dataDir)}`;
  const fresh = !config.databaseUrl && !existsSync(join(config.dataDir, 'PG_VERSION'));
  console.error(`pips admin: ${where}; links use PUBLIC_URL=${config.publicUrl}`);
  if (fresh) console.error(`pips admin: warning: ${resolve(config.dataDir)} holds no database yet, so a new empty one is made there; if your server keeps its data elsewhere, set DATA_DIR to that folder.`);
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(database.db);
    process.exitCode = await runAdmin(argv, {
      db: database.db,
      publicUrl: config.publicUrl,
      out: (line) => console.log(line),
      scryptCost: config.scryptCost,
    });
  } catch (error) {
    if (error instanceof RefusedError) {
      console.error(`Refused: ${error.message}`);
      process.exitCode = 1;
    } else if (error instanceof UsageError) {
      console.error(`Error: ${error.message}\n\n${usageOf(argv[0])}`);
      process.exitCode = 2;
    } else {
      throw error;
    }
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
