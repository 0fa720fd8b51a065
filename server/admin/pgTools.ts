import { spawn } from 'node:child_process';
import pg from 'pg';
import { describeDatabaseUrl } from '../config';
import { RefusedError } from './context';

/**
 * PostgreSQL's own backup tools for `backup` and `restore` when DATABASE_URL is set: pg_dump's
 * custom format (a consistent snapshot taken while the server runs and writes) and pg_restore.
 * The password of DATABASE_URL goes to them in PGPASSWORD, never on a command line (`ps` shows
 * those) and never printed.
 */

/** The connection string for libpq without its password, and the environment that carries it. */
export function libpqTarget(databaseUrl: string): { dbname: string; env: Record<string, string> } {
  let url: URL;
  try {
    url = new URL(databaseUrl);
  } catch {
    throw new RefusedError('DATABASE_URL is not a URL (postgres://user:password@host:5432/database)');
  }
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.href, env: password ? { PGPASSWORD: password } : {} };
}

/** The flags `backup` gives pg_dump, and docs/operating.md shows. */
export const PG_DUMP_FLAGS = ['--format=custom'];
/** The flags `restore` gives pg_restore (into an empty database), and docs/operating.md shows. */
export const PG_RESTORE_FLAGS = ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction'];

/** Runs pg_dump or pg_restore (found on the PATH of `env`); its messages go to `err`. Refused when it is missing or fails. */
export async function runPgTool(tool: 'pg_dump' | 'pg_restore', args: string[], env: NodeJS.ProcessEnv, err: (line: string) => void): Promise<void> {
  const child = spawn(tool, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let messages = '';
  child.stderr.on('data', (chunk: Buffer) => (messages += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') {
      throw new RefusedError(`${tool} is not installed: install PostgreSQL's client tools of the server's major version or newer (Debian: apt install postgresql-client)`);
    }
    throw error;
  });
  for (const line of messages.split('\n').filter(Boolean)) err(`${tool}: ${line}`);
  if (code !== 0) throw new RefusedError(`${tool} failed (exit code ${code}); its messages are above`);
}

/** What is in the database of DATABASE_URL: its tables (outside PostgreSQL's own schemas) and the other sessions on it. */
export async function inspectDatabase(databaseUrl: string): Promise<{ tables: number; otherSessions: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
  } catch (error) {
    throw new RefusedError(`cannot connect to PostgreSQL at ${describeDatabaseUrl(databaseUrl)} (${error instanceof Error ? error.message : String(error)})`);
  }
  try {
    const { rows } = await client.query<{ tables: string; sessions: string }>(`
      select (select count(*) from pg_class c join pg_namespace n on n.oid = c.relnamespace
              where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%') as tables,
             (select count(*) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()) as sessions`);
    return { tables: Number(rows[0].tables), otherSessions: Number(rows[0].sessions) };
  } finally {
    await client.end();
  }
}
