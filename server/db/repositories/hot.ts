import { CompiledQuery, type Kysely } from 'kysely';
import { AppError, isTransientConflict, unauthorized } from '../../errors';
import { prepared } from '../namedStatements';
import type { Database } from '../schema';
import { readCachesOf, type BoundedCache, type CatalogCopy, type ReadCaches } from './readCache';

/**
 * The hot calls' SQL: one statement each, calling the PL/pgSQL functions of
 * server/db/sql/. The texts are fixed and registered as named (prepared) statements: on
 * PostgreSQL each pool connection parses and plans them once (server/db/namedStatements.ts); the
 * functions' own plans are cached per connection on PostgreSQL and PGlite alike.
 */

async function run<R>(db: Kysely<Database>, text: string, parameters: unknown[]): Promise<R> {
  // Outside a transaction the statement is its own: a deadlock or serialization failure rolled all
  // of it back, so it is sent once more (a second conflict answers 503, see errorHandler.ts).
  for (let attempt = 1; ; attempt++) {
    try {
      const { rows } = await db.executeQuery<{ r: R }>(CompiledQuery.raw(text, parameters));
      return rows[0].r;
    } catch (error) {
      if (attempt === 1 && !db.isTransaction && isTransientConflict(error)) continue;
      throw refusal(error) ?? error;
    }
  }
}

/** The code of a refusal raised by the functions (`pips:<CODE>`), or undefined. */
export function refusalCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (code !== 'P0001' || typeof message !== 'string' || !message.startsWith('pips:')) return undefined;
  return message.slice(5);
}

export const insufficientPips = () => new AppError('INSUFFICIENT_PIPS', 400, 'You do not have enough pips for this.');
export const noSuchMember = () => new AppError('NOT_FOUND', 404, 'No such member.');
export const notVerified = () => new AppError('ACCOUNT_NOT_VERIFIED', 403, 'Please verify your account to access this page.');
export const keyReused = () => new AppError('IDEMPOTENCY_KEY_REUSED', 409, 'This idempotency key was already used for another request.');
export const suspended = () =>
  new AppError('ACCOUNT_SUSPENDED', 403, 'Your account is suspended: you can see your pips and history, but not earn or redeem. Ask your community for help.');

/** Refusals that mean the same in every call. */
function refusal(error: unknown): AppError | undefined {
  switch (refusalCode(error)) {
    case 'INSUFFICIENT_PIPS':
      return insufficientPips();
    case 'NO_SUCH_MEMBER':
      return noSuchMember();
    case 'SUSPENDED':
      return suspended();
    case 'IDEMPOTENCY_KEY_REUSED':
      return keyReused();
    case 'UNAUTHORIZED':
      return unauthorized();
    case 'EXPIRED':
      return unauthorized('The auth token has expired.');
    case 'NOT_VERIFIED':
      return notVerified();
    default:
      return undefined;
  }
}

// ---- Writes ----------------------------------------------------------------------------------

const POST = prepared('pips_post', 'select entry_id as "entryId", available as "availablePips" from pips_post($1, $2, $3, $4, $5, $6, $7, $8)');

/** Moves a balance and appends the ledger row, in the caller's transaction (one statement). */
export async function postEntry(
  db: Kysely<Database>,
  entry: { userId: number; delta: number; kind: string; sourceId: number | null; title: unknown; reason: string | null; idempotencyKey: string | null },
  createdAt: Date,
): Promise<{ entryId: number; availablePips: number }> {
  try {
    const { rows } = await db.executeQuery<{ entryId: number; availablePips: number }>(
      CompiledQuery.raw(POST, [entry.userId, entry.delta, entry.kind, entry.sourceId, JSON.stringify(entry.title), entry.reason, entry.idempotencyKey, createdAt]),
    );
    return rows[0];
  } catch (error) {
    throw refusal(error) ?? error;
  }
}

/**
 * The writes name their member by id, or by the hash of the caller's auth token: then the session
 * is checked in the same statement (refusals UNAUTHORIZED, EXPIRED, NOT_VERIFIED).
 */
export type Caller = { userId: number } | { authTokenHash: string };

const REDEEM_BY_ID = prepared('pips_redeem', 'select pips_redeem($1, $2, $3, $4, $5) as r');
const REDEEM_BY_TOKEN = prepared('pips_redeem_token', 'select pips_redeem(pips_session_user($1, $5), $2, $3, $4, $5) as r');

/** A redemption with its idempotency key, in one statement; refusals keep their `pips:` code. */
export function redeem(db: Kysely<Database>, caller: Caller, promoId: number, optionId: number, key: string | null, at: Date) {
  const [text, first] = 'userId' in caller ? [REDEEM_BY_ID, caller.userId] : [REDEEM_BY_TOKEN, caller.authTokenHash];
  return run<{ transactionId: number; availablePips: number }>(db, text, [first, promoId, optionId, key, at]);
}

const EARN_QR_BY_ID = prepared('pips_earn_qr', 'select pips_earn_qr($1, $2, $3, $4, $5, $6) as r');
const EARN_QR_BY_TOKEN = prepared('pips_earn_qr_token', 'select pips_earn_qr(pips_session_user($1, $5), $2, $3, $4, $5, $6) as r');

/** An earn by QR code with its idempotency key, in one statement. */
export function earnQr(db: Kysely<Database>, caller: Caller, tokenHash: string, code: string | null, key: string | null, at: Date, language: string) {
  const [text, first] = 'userId' in caller ? [EARN_QR_BY_ID, caller.userId] : [EARN_QR_BY_TOKEN, caller.authTokenHash];
  return run<{ title: string; pipsEarned: number; availablePips: number }>(db, text, [first, tokenHash, code, key, at, language]);
}

const SESSION_USER = prepared('pips_session_user', 'select pips_session_user($1, $2) as r');

/** The verified member of an auth token's hash (refusals UNAUTHORIZED, EXPIRED, NOT_VERIFIED). */
export const sessionUser = (db: Kysely<Database>, authTokenHash: string, at: Date) => run<number>(db, SESSION_USER, [authTokenHash, at]);

// ---- Reads with the session --------------------------------------------------------------

/** The session of an auth token as the read functions give it. */
export interface HotSession {
  userId: number;
  familyId: string;
  /** Milliseconds since the epoch. */
  expiresAt: number;
  isVerified: boolean;
}

/**
 * JSON text of a value of type T, passed on as the function built it: the answer's data is neither
 * parsed here nor serialized again (on the dashboard, 30 µs of a call's 0.35 ms of server CPU; on a
 * page of 1,000 activity rows, most of the server's time).
 */
export type JsonText<T> = string & { readonly __json?: T };

/** null: no such token (or the member is gone); no data: the member is not verified. */
export type WithSession<T> = { session: HotSession; data?: JsonText<T> } | null;

/**
 * The session columns of the plain reads (as `pips_promos` gives it: no row, no session), from the
 * token, the member and the member's community (for its catalog version): three index lookups.
 */
const SESSION_COLUMNS = `a.user_id, a.family_id, floor(extract(epoch from a.expires_at) * 1000)::float8 as expires_at, u.is_verified,
       u.community_id as community, c.catalog_version::text as version`;
const SESSION_FROM = `from auth_tokens a join users u on u.id = a.user_id join communities c on c.id = u.community_id
 where a.token_hash = $1 and u.deleted_at is null`;
/** The catalog part is built (by `pips_earn_actions` or `pips_rewards`, server/db/sql/) only for a verified member whose copy does not hold. */
const CATALOG_MISSED = 'u.is_verified and ($3::text is distinct from u.community_id or $4::bigint is distinct from c.catalog_version)';

/**
 * The dashboard: the session, the balances as the start of the answer's JSON text (`head`, only
 * for a verified member), the community and its catalog version, and the earn actions' JSON only
 * when the copy offered ($3 community, $4 version) does not hold. A plain statement, not a
 * function: a function call inside a CASE costs nothing unless taken, a subquery is set up on every
 * execution (measured with pgbench: 37,500 reads/s against 30,400 through a function).
 */
const DASHBOARD = prepared(
  'pips_dashboard_plain',
  `select ${SESSION_COLUMNS},
       case when u.is_verified then '{"availablePips":' || u.available_pips || ',"totalEarnedPips":' || u.total_earned_pips
                                    || ',"totalUsedPips":' || u.total_used_pips end as head,
       case when ${CATALOG_MISSED} then pips_earn_actions(u.community_id, $2) end as actions
  ${SESSION_FROM}`,
);
/** The rewards with their stock, only when the copy offered ($3 community, $4 version) does not hold. */
const REWARDS = prepared(
  'pips_rewards_plain',
  `select ${SESSION_COLUMNS},
       case when ${CATALOG_MISSED} then pips_rewards(u.community_id, $2) end as data
  ${SESSION_FROM}`,
);
/** The earn list: whether the member can earn each is the member's own, so it is always read. */
const PROMOS = prepared('pips_promos', 'select o_session as session, o_data::text as data from pips_promos($1, $2, $3, $4, null, null)');

/** A row of the plain reads: the session's columns, the community and its catalog version. */
interface SessionRow {
  user_id: number;
  family_id: string;
  expires_at: number;
  is_verified: boolean;
  community: string;
  version: string;
}

const sessionOf = (row: SessionRow): HotSession => ({ userId: row.user_id, familyId: row.family_id, expiresAt: row.expires_at, isVerified: row.is_verified });

const ACTIVITY = prepared('pips_activity', 'select o_session as session, o_rows as rows, o_data::text as data from pips_activity($1, $2, $3, $4, $5)');

async function firstRow<R>(db: Kysely<Database>, text: string, parameters: unknown[]): Promise<R | undefined> {
  const { rows } = await db.executeQuery<R>(CompiledQuery.raw(text, parameters));
  return rows[0];
}

const catalogKey = (community: string, language: string) => `${community}\u0000${language}`;

/**
 * The catalog copy a read may offer: the one of the token's community if the token was seen, else
 * the community read last (most servers serve one community: a new token's first read hits too;
 * the statement compares the community as well as the version, so a wrong guess only costs a miss).
 */
function knownCatalog(caches: ReadCaches, copies: BoundedCache<CatalogCopy<string>>, tokenHash: string, language: string) {
  const community = caches.communityOfToken.get(tokenHash) ?? caches.lastCommunity;
  return community === undefined ? undefined : copies.get(catalogKey(community, language));
}

/**
 * The catalog part of a versioned read's answer: the one the statement sent (kept as the copy of
 * its community and version), or the copy offered when the statement sent none because it holds.
 * Also remembers the token's community, and the community read last.
 */
function catalogPart(
  caches: ReadCaches,
  copies: BoundedCache<CatalogCopy<string>>,
  tokenHash: string,
  language: string,
  known: CatalogCopy<string> | undefined,
  row: { community: string; version: string; sent: string | null },
): string {
  if (caches.communityOfToken.get(tokenHash) !== row.community) caches.communityOfToken.set(tokenHash, row.community);
  caches.lastCommunity = row.community;
  if (row.sent !== null) {
    copies.set(catalogKey(row.community, language), { community: row.community, version: row.version, value: row.sent });
    return row.sent;
  }
  if (known?.community !== row.community || known.version !== row.version) {
    throw new Error('a versioned read sent no catalog for a version the server does not hold');
  }
  return known.value;
}

/**
 * The dashboard with its session in one statement (migration 059): the balances always, the earn
 * actions from the server's copy while the community's catalog version is the one it was made at.
 */
export async function dashboardOf<T>(db: Kysely<Database>, tokenHash: string, language: string): Promise<WithSession<T>> {
  const caches = readCachesOf(db);
  const known = knownCatalog(caches, caches.earnActions, tokenHash, language);
  const row = await firstRow<SessionRow & { head: string | null; actions: string | null }>(db, DASHBOARD, [
    tokenHash,
    language,
    known?.community ?? null,
    known?.version ?? null,
  ]);
  if (!row) return null;
  const session = sessionOf(row);
  if (row.head === null) return { session };
  const actions = catalogPart(caches, caches.earnActions, tokenHash, language, known, { community: row.community, version: row.version, sent: row.actions });
  return { session, data: `${row.head},"actions":${actions}}` as JsonText<T> };
}

/**
 * The earn actions (EARN) or rewards (REDEEM) with the session, in one statement. REDEEM: the
 * rewards (with their stock, part of the catalog) from the server's copy while the community's
 * catalog version holds; EARN is the member's own (what they can earn now): always read.
 */
export async function promosOf<T>(db: Kysely<Database>, tokenHash: string, type: string, today: string, language: string): Promise<WithSession<T>> {
  if (type !== 'REDEEM') {
    const row = await firstRow<{ session: HotSession | null; data: string | null }>(db, PROMOS, [tokenHash, type, today, language]);
    if (!row?.session) return null;
    return row.data === null ? { session: row.session } : { session: row.session, data: row.data as JsonText<T> };
  }
  const caches = readCachesOf(db);
  const known = knownCatalog(caches, caches.rewards, tokenHash, language);
  const row = await firstRow<SessionRow & { data: string | null }>(db, REWARDS, [tokenHash, language, known?.community ?? null, known?.version ?? null]);
  if (!row) return null;
  const session = sessionOf(row);
  if (!row.is_verified) return { session };
  const rewards = catalogPart(caches, caches.rewards, tokenHash, language, known, { community: row.community, version: row.version, sent: row.data });
  return { session, data: rewards as JsonText<T> };
}

/**
 * A page of the member's activity with the session, in one statement (migration 059): the server's
 * copy of the page while the member's ledger row count is the one it was made at (the ledger is
 * append-only). The copy is keyed by the auth token's hash, so it is only ever the token's member's.
 */
export async function activityOf<T>(db: Kysely<Database>, tokenHash: string, language: string, limit: number, offset: number): Promise<WithSession<T>> {
  const caches = readCachesOf(db);
  const key = `${tokenHash}\u0000${language}\u0000${limit}\u0000${offset}`;
  const known = caches.activity.get(key);
  const row = await firstRow<{ session: HotSession | null; rows: number | null; data: string | null }>(db, ACTIVITY, [
    tokenHash,
    language,
    limit,
    offset,
    known?.rows ?? null,
  ]);
  if (!row?.session) return null;
  if (row.rows === null) return { session: row.session };
  if (row.data !== null) {
    caches.activity.set(key, { rows: row.rows, text: row.data });
    return { session: row.session, data: row.data as JsonText<T> };
  }
  if (known?.rows !== row.rows) throw new Error('pips_activity sent no page for a row count the server does not hold');
  return { session: row.session, data: known.text as JsonText<T> };
}
