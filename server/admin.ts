import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import QRCode from 'qrcode';
import { loadConfig } from './config';
import { migrateToLatest, openDatabase } from './db/index';
import type { Database } from './db/schema';
import { createCommunity, findCommunity, listCommunities } from './db/repositories/communities';
import { findUserByEmail } from './db/repositories/users';
import { isValidEmail, normalizeEmail } from './security/rules';

/**
 * Operator CLI: `npm run admin -- <command> [options]`. Works on the same database as the
 * server (DATABASE_URL or DATA_DIR). Each command prints what it did.
 */

const USAGE = `Usage: npm run admin -- <command> [options]

Commands:
  community:create --name <name>   Create a community; prints its id and join link.
  community:list                   List communities with their member counts.
  community:qr --id <id> --out <dir>
                                   Write the community's QR code (<id>.svg and <id>.png) to <dir>;
                                   it encodes the join link, so a phone's camera opens the app there.
  user:show --email <email>        Show an account (never its password or tokens).
  help                             Show this help.

Environment: DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite, default ./data); PUBLIC_URL for links.`;

export interface AdminContext {
  db: Kysely<Database>;
  publicUrl: string;
  out: (line: string) => void;
}

export class UsageError extends Error {}

export const joinLink = (publicUrl: string, communityId: string) =>
  `${publicUrl}/community-scan?communityId=${encodeURIComponent(communityId)}`;

/** Runs one command; throws UsageError for bad input. Returns the process exit code. */
export async function runAdmin(argv: string[], ctx: AdminContext): Promise<number> {
  const [command, ...rest] = argv;
  let values: { name?: string; email?: string; id?: string; out?: string };
  try {
    ({ values } = parseArgs({
      args: rest,
      options: { name: { type: 'string' }, email: { type: 'string' }, id: { type: 'string' }, out: { type: 'string' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }

  switch (command) {
    case 'community:create': {
      const name = values.name?.trim();
      if (!name) throw new UsageError('community:create needs --name <name>');
      if (name.length > 100) throw new UsageError('--name must be at most 100 characters');
      const community = await createCommunity(ctx.db, name);
      ctx.out(`Created community "${community.name}"`);
      ctx.out(`  id:        ${community.id}`);
      ctx.out(`  join link: ${joinLink(ctx.publicUrl, community.id)}`);
      return 0;
    }
    case 'community:list': {
      const communities = await listCommunities(ctx.db);
      if (communities.length === 0) {
        ctx.out('No communities yet. Create one with: npm run admin -- community:create --name "My community"');
        return 0;
      }
      for (const c of communities) {
        ctx.out(`${c.id}  "${c.name}"  members: ${c.members}  join: ${joinLink(ctx.publicUrl, c.id)}`);
      }
      return 0;
    }
    case 'community:qr': {
      if (!values.id || !values.out) throw new UsageError('community:qr needs --id <communityId> --out <dir>');
      const community = values.id.length <= 64 ? await findCommunity(ctx.db, values.id) : undefined;
      if (!community) throw new UsageError(`no community has the id ${values.id} (see community:list)`);
      const link = joinLink(ctx.publicUrl, community.id);
      const dir = resolve(values.out);
      await mkdir(dir, { recursive: true });
      // Medium error correction and a 4-module quiet zone: reads well from paper and screens.
      const options = { errorCorrectionLevel: 'M' as const, margin: 4 };
      const svgPath = join(dir, `${community.id}.svg`);
      const pngPath = join(dir, `${community.id}.png`);
      await writeFile(svgPath, await QRCode.toString(link, { ...options, type: 'svg' }));
      await QRCode.toFile(pngPath, link, { ...options, type: 'png', width: 512 });
      ctx.out(`QR code of "${community.name}" (${community.id})`);
      ctx.out(`  link: ${link}`);
      ctx.out(`  svg:  ${svgPath}`);
      ctx.out(`  png:  ${pngPath}`);
      return 0;
    }
    case 'user:show': {
      if (!values.email) throw new UsageError('user:show needs --email <email>');
      const email = normalizeEmail(values.email);
      if (!isValidEmail(email)) throw new UsageError(`not a valid e-mail address: ${values.email}`);
      const user = await findUserByEmail(ctx.db, email);
      if (!user) {
        ctx.out(`No account uses ${email}.`);
        return 1;
      }
      ctx.out(`User ${user.id}`);
      ctx.out(`  email:      ${user.email}`);
      ctx.out(`  name:       ${user.first_name} ${user.last_name}`);
      ctx.out(`  phone:      ${user.phone || '-'}`);
      ctx.out(`  born:       ${user.day_of_birth ?? '-'}${user.guardian_consent_at ? ' (guardian consent given)' : ''}`);
      ctx.out(`  community:  ${user.community_id} "${user.community_name}"`);
      ctx.out(`  verified:   ${user.is_verified ? 'yes' : 'no'}`);
      ctx.out(`  pips:       ${user.available_pips} available, ${user.total_earned_pips} earned, ${user.total_used_pips} used`);
      ctx.out(`  registered: ${user.created_at.toISOString()}`);
      return 0;
    }
    case undefined:
    case 'help':
    case '--help':
      ctx.out(USAGE);
      return 0;
    default:
      throw new UsageError(`unknown command: ${command}`);
  }
}

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(database.db);
    process.exitCode = await runAdmin(process.argv.slice(2), {
      db: database.db,
      publicUrl: config.publicUrl,
      out: (line) => console.log(line),
    });
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`Error: ${error.message}\n\n${USAGE}`);
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
