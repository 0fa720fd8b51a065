import { resolve } from 'node:path';
import { describeDatabaseUrl } from './config';

/** Where the start failed: reading the environment, opening and migrating the database, the demo content and the app, listening. */
export type StartPhase = 'config' | 'database' | 'setup' | 'listen';

/** What a start failure is about, from Node's error code. */
function codeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, errors } = error as { code?: unknown; errors?: unknown[] };
  if (typeof code === 'string') return code;
  // A host with several addresses (localhost: ::1 and 127.0.0.1) fails with an AggregateError.
  return Array.isArray(errors) ? errors.map(codeOf).find(Boolean) : undefined;
}

/**
 * The line `npm start` prints when pips cannot start: the error itself, and for the causes an
 * operator meets on a first run (the port taken, a port that needs privileges, PostgreSQL not
 * reachable) what to do about it.
 */
export function explainStartFailure(error: unknown, phase: StartPhase, where: { host: string; port: number; databaseUrl?: string; dataDir?: string }): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = codeOf(error);
  if (phase === 'listen' && code === 'EADDRINUSE') {
    return `port ${where.port} on ${where.host} is taken by another program (another pips?). Stop it, or choose a free port: PORT=${where.port + 1} npm start.`;
  }
  if (phase === 'listen' && code === 'EACCES') {
    return `port ${where.port} needs privileges this user does not have. Choose a port above 1023: PORT=8080 npm start.`;
  }
  if (phase === 'listen' && code === 'EADDRNOTAVAIL') {
    return `${where.host} is not an address of this machine (HOST). Leave HOST unset to listen on 127.0.0.1.`;
  }
  if (phase === 'database' && where.databaseUrl && ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH'].includes(code ?? '')) {
    return `the PostgreSQL server of DATABASE_URL (${describeDatabaseUrl(where.databaseUrl)}) cannot be reached (${message}). Start it, or unset DATABASE_URL to use the embedded PGlite database in DATA_DIR.`;
  }
  // A DATA_DIR that names a file (or lies under one): mkdir's EEXIST / ENOTDIR, said in one line.
  if (phase === 'database' && !where.databaseUrl && where.dataDir && ['EEXIST', 'ENOTDIR'].includes(code ?? '')) {
    return dataDirNotAFolder(where.dataDir);
  }
  // PostgreSQL's own refusals at the door: a wrong password or user, a database not created yet.
  if (phase === 'database' && where.databaseUrl && ['28P01', '28000', '3D000'].includes(code ?? '')) {
    return `the PostgreSQL server of DATABASE_URL (${describeDatabaseUrl(where.databaseUrl)}) refused: ${message}.`;
  }
  return message;
}

/** The one line for a DATA_DIR that is a file, or inside one, not a folder. */
export const dataDirNotAFolder = (dataDir: string) =>
  `DATA_DIR (${resolve(dataDir)}) is a file, not a folder. Point DATA_DIR at the folder that holds pips's data (or at a new folder for a new database).`;
