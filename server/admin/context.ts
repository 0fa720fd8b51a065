import type { ParseArgsConfig } from 'node:util';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** What every operator command gets: the database, the public origin for links, and a printer. */
export interface AdminContext {
  db: Kysely<Database>;
  publicUrl: string;
  out: (line: string) => void;
  /** scrypt N for passwords the CLI sets (the server's SCRYPT_COST). */
  scryptCost?: number;
}

/** Bad input (a missing or malformed option, an id that names nothing): exit code 2, with usage. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** Valid input the data refuses (a debit below zero): exit code 1, nothing changed. */
export class RefusedError extends UsageError {
  /** The server's error code, when the refusal came from it (through a running server). */
  readonly code?: string;

  constructor(message: string, code?: string) {
    super(message);
    this.code = code;
    this.name = 'RefusedError';
  }
}

export type OptionSpec = NonNullable<ParseArgsConfig['options']>;
/** What node:util parseArgs gives for a command's options. */
export type OptionValues = Record<string, string | boolean | string[] | boolean[] | undefined>;

/** One operator command: its name, its help text, its options, and what it does. */
export interface AdminCommand {
  name: string;
  /** Help lines: the first names the command and its options, the next ones explain it. */
  usage: string;
  options: OptionSpec;
  /** Returns the process exit code; throws UsageError for bad input. */
  run(values: OptionValues, ctx: AdminContext): Promise<number>;
}
