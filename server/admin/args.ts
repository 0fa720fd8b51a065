import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import { findCommunity } from '../db/repositories/communities';
import { findUserByEmail, type UserRecord } from '../db/repositories/users';
import type { Community, Database, LocalizedText } from '../db/schema';
import { isValidEmail, normalizeEmail } from '../security/rules';
import { UsageError, type AdminCommand, type OptionValues } from './context';

/**
 * Reading and checking command-line options. Every check throws a UsageError naming the option
 * and what was wrong, so the operator can fix the command at once.
 */

/** Parses a command's options strictly (unknown options and stray words are errors). */
export function parseCommandArgs(command: AdminCommand, args: readonly string[]): OptionValues {
  // parseArgs refuses `--delta -5` as ambiguous; a negative number after a value option is a value.
  const joined: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const name = args[i].startsWith('--') ? args[i].slice(2) : undefined;
    const next = args[i + 1];
    if (name && command.options[name]?.type === 'string' && next !== undefined && /^-\d/.test(next)) {
      joined.push(`${args[i]}=${next}`);
      i++;
    } else {
      joined.push(args[i]);
    }
  }
  try {
    return parseArgs({ args: joined, options: command.options, strict: true, allowPositionals: false }).values as OptionValues;
  } catch (error) {
    throw new UsageError(`${command.name}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  }
}

const stringValue = (values: OptionValues, name: string): string | undefined => {
  const value = values[name];
  return typeof value === 'string' ? value : undefined;
};

/** A text option, trimmed; undefined when absent. Empty text or more than `max` characters is an error. */
export function text(values: OptionValues, name: string, max = 200): string | undefined {
  const raw = stringValue(values, name);
  if (raw === undefined) return undefined;
  const value = raw.trim();
  if (value === '') throw new UsageError(`--${name} must not be empty`);
  if (value.length > max) throw new UsageError(`--${name} must be at most ${max} characters (got ${value.length})`);
  return value;
}

/** A required text option. */
export function requiredText(values: OptionValues, name: string, command: string, max = 200): string {
  const value = text(values, name, max);
  if (value === undefined) throw new UsageError(`${command} needs --${name}`);
  return value;
}

/**
 * LocalizedText from `--<name>` (English, or the only language) and `--<name>-es` (Spanish):
 * a plain string, or { en, es } when both are given.
 */
export function localized(values: OptionValues, name: string, max = 200): LocalizedText | undefined {
  const en = text(values, name, max);
  const es = text(values, `${name}-es`, max);
  if (es !== undefined && en === undefined) throw new UsageError(`--${name}-es needs --${name} (the English text) too`);
  if (en === undefined) return undefined;
  return es === undefined ? en : { en, es };
}

/** A whole number option within [min, max]; undefined when absent. Accepts a leading + or -. */
export function wholeNumber(values: OptionValues, name: string, min: number, max: number): number | undefined {
  const raw = stringValue(values, name);
  if (raw === undefined) return undefined;
  const value = raw.trim();
  if (!/^[+-]?\d{1,15}$/.test(value) || Number(value) < min || Number(value) > max) {
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
  }
  return Number(value);
}

/** One of a fixed set of words; `fallback` when absent. */
export function oneOf<T extends string>(values: OptionValues, name: string, choices: readonly T[], fallback: T): T {
  const raw = stringValue(values, name);
  if (raw === undefined) return fallback;
  const value = raw.trim();
  if (!(choices as readonly string[]).includes(value)) {
    throw new UsageError(`--${name} must be one of ${choices.join(', ')} (got "${raw}")`);
  }
  return value as T;
}

/** An absolute http(s) URL; undefined when absent. */
export function httpUrl(values: OptionValues, name: string): string | undefined {
  const value = text(values, name, 2000);
  if (value === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`--${name} must be an absolute http(s) URL (got "${value}")`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new UsageError(`--${name} must be an http or https URL (got "${value}")`);
  }
  return value;
}

/** A path inside the app, such as /trivia/individual; undefined when absent. */
export function appPath(values: OptionValues, name: string): string | undefined {
  const value = text(values, name, 200);
  if (value === undefined) return undefined;
  if (!/^\/(?!\/)[A-Za-z0-9/_-]*$/.test(value)) {
    throw new UsageError(`--${name} must be a path inside the app such as /trivia/individual (got "${value}")`);
  }
  return value;
}

/** A moment: an ISO date ('2026-05-01', midnight UTC) or date-time ('2026-05-01T18:00:00+02:00'). */
export function isoMoment(values: OptionValues, name: string): Date | undefined {
  const value = text(values, name, 64);
  if (value === undefined) return undefined;
  const date = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?$/.test(value) ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime())) {
    throw new UsageError(`--${name} must be an ISO date or date-time such as 2026-05-01 or 2026-05-01T18:00:00Z (got "${value}")`);
  }
  return date;
}

/**
 * The community a command names, by --community as every command takes it (or --id, the older
 * spelling of community:qr); a UsageError when neither or both differ.
 */
export function communityOption(values: OptionValues, command: string): string {
  const byCommunity = stringValue(values, 'community');
  const byId = stringValue(values, 'id');
  if (byCommunity !== undefined && byId !== undefined && byCommunity !== byId) {
    throw new UsageError(`${command}: --community and --id name different communities; give one`);
  }
  const id = (byCommunity ?? byId)?.trim();
  if (!id) throw new UsageError(`${command} needs --community <communityId>`);
  return id;
}

/** A community named by --community; a UsageError naming the id when there is none. */
export async function requireCommunity(db: Kysely<Database>, values: OptionValues, command: string): Promise<Community> {
  const id = requiredText(values, 'community', command, 64);
  const community = await findCommunity(db, id);
  if (!community) throw new UsageError(`no community has the id ${id} (see community:list)`);
  return community;
}

/** An active account named by --email; a UsageError when the address is malformed or unused. */
export async function requireUser(db: Kysely<Database>, values: OptionValues, command: string): Promise<UserRecord> {
  const raw = requiredText(values, 'email', command, 320);
  const email = normalizeEmail(raw);
  if (!isValidEmail(email)) throw new UsageError(`not a valid e-mail address: ${raw}`);
  const user = await findUserByEmail(db, email);
  if (!user) throw new UsageError(`no account uses ${email} (see user:show)`);
  return user;
}

/** How operator text is printed: "English" or "English" / "Español". */
export function showText(value: LocalizedText | null | undefined): string {
  if (value === null || value === undefined) return '-';
  if (typeof value === 'string') return JSON.stringify(value);
  return value.es === undefined ? JSON.stringify(value.en) : `${JSON.stringify(value.en)} / ${JSON.stringify(value.es)}`;
}

/** The English (or only) text, for one-line listings. */
export const englishText = (value: LocalizedText): string => (typeof value === 'string' ? value : value.en);

const MAX_FILE_BYTES = 1024 * 1024;

/** Reads an operator's JSON file (at most 1 MB), refusing what cannot be read or parsed with a usage error. */
export async function readJsonFile(file: string): Promise<unknown> {
  let content: string;
  try {
    content = await readFile(file, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (content.length > MAX_FILE_BYTES) throw new UsageError(`${file} is larger than 1 MB`);
  try {
    return JSON.parse(content) as unknown;
  } catch (error) {
    throw new UsageError(`${file} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Whether members' phones could open links under this origin (not localhost or a loopback address). */
export const isLocalOrigin = (publicUrl: string) => /^https?:\/\/(localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?(\/|$)/i.test(publicUrl);

/** After printing links: a warning when they point at this machine only. */
export function warnIfLocalLinks(ctx: { publicUrl: string; out: (line: string) => void }): void {
  if (isLocalOrigin(ctx.publicUrl)) {
    ctx.out(`Warning: these links use PUBLIC_URL=${ctx.publicUrl}, which only this machine can open; set PUBLIC_URL to the address members use before printing.`);
  }
}
