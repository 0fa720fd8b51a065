import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Schema } from '../../api/types';
import type { Config } from '../../config';
import {
  findAnnouncement,
  insertAnnouncement,
  memberAnnouncements,
  memberStatusRecords,
  memberUnreadCount,
  upsertStatus,
  type MemberAnnouncementRow,
} from '../../db/repositories/announcements';
import { findCommunity } from '../../db/repositories/communities';
import {
  claimDeliveries,
  deleteSubscriptionById,
  ensurePushKeys,
  failStaleClaims,
  finishDelivery,
  queueDeliveries,
  subscriptionsOf,
} from '../../db/repositories/push';
import { communityOfAccount } from '../../db/repositories/users';
import type { AnnouncementText, Database } from '../../db/schema';
import { AppError } from '../../errors';
import type { ContentLanguage } from '../../i18n/localized';
import { defaultVapidSubject, generateVapidKeys, isAllowedEndpoint, sendPush, type PushOutcome, type PushTarget, type VapidDetails } from '../../push/webPush';
import type { AuthContext } from './sessions';

/** Announcements come in pages of 30. */
export const ANNOUNCEMENT_PAGE_SIZE = 30;
/** The type of a record the member has none of (default USER_INDIVIDUAL). */
export const DEFAULT_ANNOUNCEMENT_TYPE = 'USER_INDIVIDUAL';

const TITLE_MAX = 200;
const TEXT_MAX = 5000;
const URL_MAX = 500;

/** What an operator (or another feature, e.g. the Chance to Win draw) announces to a community. */
export interface AnnounceInput {
  communityId: string;
  /** At least one language; members see theirs, else the other. */
  title: AnnouncementText;
  text: AnnouncementText;
  /** A path of the app opened from the announcement (`/earn/3`, `/chance-to-win`); none by default. */
  url?: string | null;
  /** Also push it to the members' subscribed browsers (queued; the server's push worker sends it). */
  push?: boolean;
}

export interface AnnounceResult {
  id: number;
  /** Members whose push was queued (0 without `push`). */
  queuedPushes: number;
}

/** Input an announcement cannot be made from (the CLI prints it; routes never pass operator input). */
export class AnnouncementInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AnnouncementInputError';
  }
}

function cleanText(text: AnnouncementText, field: string, max: number): AnnouncementText {
  const out: AnnouncementText = {};
  for (const language of ['en', 'es'] as const) {
    const value = text[language]?.trim();
    if (value === undefined || value === '') continue;
    if (value.length > max) throw new AnnouncementInputError(`${field} (${language}) is longer than ${max} characters`);
    out[language] = value;
  }
  if (out.en === undefined && out.es === undefined) throw new AnnouncementInputError(`${field} is needed in English or Spanish`);
  return out;
}

/** A path inside the app: `/…`, not `//host` (another site), no backslashes or control characters. */
export function isInternalPath(url: string): boolean {
  // eslint-disable-next-line no-control-regex
  return url.length <= URL_MAX && url.startsWith('/') && !url.startsWith('//') && !/[\\\u0000-\u001f\s]/.test(url);
}

/**
 * Creates an announcement for a community and, with `push`, queues one push per verified member
 * who has a subscribed browser, in one transaction. The push worker of any running server sends
 * the queue (`app.announcements.pushNow()` starts a run at once in this process).
 *
 * `announce(db, { communityId, title: { en, es }, text: { en, es }, url?, push? }, now?)`
 * resolves to `{ id, queuedPushes }`; throws AnnouncementInputError for bad input.
 */
export async function announce(db: Kysely<Database>, input: AnnounceInput, now: Date = new Date()): Promise<AnnounceResult> {
  const title = cleanText(input.title, 'title', TITLE_MAX);
  const text = cleanText(input.text, 'text', TEXT_MAX);
  const url = input.url?.trim() || null;
  if (url !== null && !isInternalPath(url)) throw new AnnouncementInputError('url must be a path of the app such as /earn or /chance-to-win');
  // In the caller's transaction when there is one (the operator API writes its audit row in it).
  const inTransaction = <T>(work: (trx: Kysely<Database>) => Promise<T>) => (db.isTransaction ? work(db) : db.transaction().execute(work));
  return inTransaction(async (trx) => {
    const community = await findCommunity(trx, input.communityId);
    if (!community) throw new AnnouncementInputError(`no community ${input.communityId}`);
    const { id } = await insertAnnouncement(trx, { communityId: community.id, title, text, url }, now);
    const queuedPushes = input.push ? await queueDeliveries(trx, id, community.id, now) : 0;
    return { id, queuedPushes };
  });
}

/** One text in the member's language, the other one when the operator wrote only that. */
export const textIn = (text: AnnouncementText, language: ContentLanguage): string =>
  (language === 'es' ? (text.es ?? text.en) : (text.en ?? text.es)) ?? '';

const noSuchAnnouncement = () => new AppError('NOT_FOUND', 404, 'No such announcement.');

export interface PushRunSummary {
  sent: number;
  retried: number;
  failed: number;
  gone: number;
  none: number;
}

export interface AnnouncementService {
  list(auth: AuthContext, query: { page?: number; size?: number; before?: number }, language: ContentLanguage): Promise<Schema<'AnnouncementList'>>;
  records(auth: AuthContext): Promise<Schema<'UserAnnouncementList'>>;
  setStatus(auth: AuthContext, id: number, type: string, status: 'READ' | 'DELETED'): Promise<{ status: 'OK' }>;
  /** `announce` on this server's database, then a push run at once. */
  announce(input: AnnounceInput): Promise<AnnounceResult>;
  /** The VAPID public key browsers subscribe with. */
  publicKey(): string;
  /** One run of the push queue (claimed batches until none is due); resolves when it is done. */
  pushNow(): Promise<PushRunSummary>;
}

export interface PushOptions {
  batchSize: number;
  maxAttempts: number;
  /** First retry after this many ms, doubling each time. */
  backoffMs: number;
  /** A claim older than this is a vanished server's: failed, never resent. */
  leaseMs: number;
  ttlSeconds: number;
  timeoutMs: number;
  allowInsecureEndpoint: boolean;
}

export const DEFAULT_PUSH_OPTIONS: PushOptions = {
  batchSize: 100,
  maxAttempts: 5,
  backoffMs: 30_000,
  leaseMs: 10 * 60_000,
  ttlSeconds: 24 * 3600,
  timeoutMs: 15_000,
  allowInsecureEndpoint: false,
};

const PARALLEL_SENDS = 10;

async function inParallel<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]);
  });
  await Promise.all(runners);
}

export function createAnnouncementService(deps: {
  db: Kysely<Database>;
  now: () => Date;
  vapid: VapidDetails;
  push: PushOptions;
  send?: (target: PushTarget, payload: string) => Promise<PushOutcome>;
}): AnnouncementService {
  const { db, now, vapid, push } = deps;
  const send =
    deps.send ?? ((target: PushTarget, payload: string) => sendPush(target, payload, vapid, { ttlSeconds: push.ttlSeconds, timeoutMs: push.timeoutMs }));

  const memberCommunity = (auth: AuthContext): Promise<string> => communityOfAccount(db, auth.userId);

  const toAnnouncement = (row: MemberAnnouncementRow, language: ContentLanguage): Schema<'Announcement'> => ({
    id: row.id,
    date: row.created_at.toISOString(),
    sendDate: row.send_date.toISOString(),
    icon: row.icon,
    title: textIn(row.title, language),
    text: textIn(row.text, language),
    type: row.type ?? DEFAULT_ANNOUNCEMENT_TYPE,
    url: row.url,
    status: (row.status ?? 1) as 1 | 2 | 3,
  });

  /** Sends one claimed delivery to every subscription of the member; returns the row's next state. */
  async function deliver(
    claim: { announcement_id: number; user_id: number; attempts: number },
    announcement: { title: AnnouncementText; text: AnnouncementText; url: string | null } | undefined,
    targets: { id: number; endpoint: string; p256dh: string; auth: string; language: string }[],
    summary: PushRunSummary,
  ): Promise<void> {
    const key = { announcementId: claim.announcement_id, userId: claim.user_id };
    const at = now();
    if (!announcement || targets.length === 0) {
      await finishDelivery(db, key, { state: 'none', now: at });
      summary.none++;
      return;
    }
    const outcomes: PushOutcome[] = [];
    for (const target of targets) {
      if (!isAllowed(target.endpoint)) {
        outcomes.push({ kind: 'failed', error: 'endpoint not allowed' });
        continue;
      }
      const language = target.language === 'es' ? 'es' : 'en';
      const payload = JSON.stringify({
        type: 'announcement',
        announcementId: claim.announcement_id,
        title: textIn(announcement.title, language),
        body: textIn(announcement.text, language),
        url: '/announcements',
        link: announcement.url,
      });
      const outcome = await send(target, payload);
      if (outcome.kind === 'gone') await deleteSubscriptionById(db, target.id);
      outcomes.push(outcome);
    }
    const errors = outcomes.flatMap((o) => (o.kind === 'retry' || o.kind === 'failed' ? [o.error] : [])).join('; ') || null;
    if (outcomes.some((o) => o.kind === 'ok')) {
      await finishDelivery(db, key, { state: 'sent', now: at, error: errors });
      await upsertStatus(db, { ...key, type: DEFAULT_ANNOUNCEMENT_TYPE, status: 2, now: at });
      summary.sent++;
    } else if (outcomes.some((o) => o.kind === 'retry') && claim.attempts < push.maxAttempts) {
      const nextAttemptAt = new Date(at.getTime() + push.backoffMs * 2 ** (claim.attempts - 1));
      await finishDelivery(db, key, { state: 'pending', nextAttemptAt, now: at, error: errors });
      summary.retried++;
    } else if (outcomes.every((o) => o.kind === 'gone')) {
      await finishDelivery(db, key, { state: 'gone', now: at });
      summary.gone++;
    } else {
      await finishDelivery(db, key, { state: 'failed', now: at, error: errors });
      summary.failed++;
    }
  }

  const isAllowed = (endpoint: string) => isAllowedEndpoint(endpoint, push.allowInsecureEndpoint);

  let running: Promise<PushRunSummary> | null = null;

  async function runQueue(): Promise<PushRunSummary> {
    const summary: PushRunSummary = { sent: 0, retried: 0, failed: 0, gone: 0, none: 0 };
    await failStaleClaims(db, new Date(now().getTime() - push.leaseMs), now());
    for (;;) {
      const claims = await claimDeliveries(db, push.batchSize, now());
      if (claims.length === 0) break;
      const announcementIds = [...new Set(claims.map((c) => c.announcement_id))];
      const announcements = new Map(
        (await Promise.all(announcementIds.map((id) => findAnnouncement(db, id)))).flatMap((a) => (a ? [[a.id, a] as const] : [])),
      );
      const subscriptions = await subscriptionsOf(
        db,
        claims.map((c) => c.user_id),
      );
      await inParallel(claims, PARALLEL_SENDS, (claim) =>
        deliver(
          claim,
          announcements.get(claim.announcement_id),
          subscriptions.filter((s) => s.user_id === claim.user_id),
          summary,
        ),
      );
      if (claims.length < push.batchSize) break;
    }
    return summary;
  }

  const pushNow = () => {
    // One run at a time in this process; a call during a run waits for it and then runs again.
    const previous = running ?? Promise.resolve(null);
    const next = previous.then(() => runQueue());
    running = next;
    void next.finally(() => {
      if (running === next) running = null;
    }).catch(() => {});
    return next;
  };

  return {
    async list(auth, query, language) {
      const size = query.size ?? ANNOUNCEMENT_PAGE_SIZE;
      const page = query.page ?? 1;
      const communityId = await memberCommunity(auth);
      const at = now();
      const rows = await memberAnnouncements(db, {
        userId: auth.userId,
        communityId,
        limit: size,
        offset: (page - 1) * size,
        before: query.before,
        now: at,
      });
      const unreadCount = await memberUnreadCount(db, { userId: auth.userId, communityId, now: at });
      return { announcements: rows.map((row) => toAnnouncement(row, language)), unreadCount };
    },
    async records(auth) {
      const rows = await memberStatusRecords(db, auth.userId);
      return { usersAnnouncements: rows.map((row) => ({ id: row.announcement_id, type: row.type, status: row.status })) };
    },
    async setStatus(auth, id, type, status) {
      const announcement = await findAnnouncement(db, id);
      if (!announcement || announcement.community_id !== (await memberCommunity(auth)) || announcement.send_date > now()) {
        throw noSuchAnnouncement();
      }
      await upsertStatus(db, { announcementId: id, userId: auth.userId, type, status: status === 'READ' ? 3 : 4, now: now() });
      return { status: 'OK' };
    },
    async announce(input) {
      const result = await announce(db, input, now());
      if (result.queuedPushes > 0) void pushNow().catch(() => {});
      return result;
    },
    publicKey: () => vapid.publicKey,
    pushNow,
  };
}

/** The VAPID identity: the environment's pair, else the database's (generated by the first server to start). */
export async function loadVapid(db: Kysely<Database>, config: Config): Promise<VapidDetails> {
  const subject = config.vapidSubject ?? defaultVapidSubject(config.mailFrom);
  if (config.vapidPublicKey && config.vapidPrivateKey) {
    return { publicKey: config.vapidPublicKey, privateKey: config.vapidPrivateKey, subject };
  }
  return { ...(await ensurePushKeys(db, generateVapidKeys)), subject };
}

declare module 'fastify' {
  interface FastifyInstance {
    announcements: AnnouncementService;
  }
}

export default fp(
  async (app, opts: { push?: Partial<PushOptions>; send?: (target: PushTarget, payload: string) => Promise<PushOutcome> }) => {
    const vapid = await loadVapid(app.db, app.config);
    const service = createAnnouncementService({
      db: app.db,
      now: app.now,
      vapid,
      push: { ...DEFAULT_PUSH_OPTIONS, allowInsecureEndpoint: app.config.pushAllowInsecureEndpoint, ...opts.push },
      send: opts.send,
    });
    app.decorate('announcements', service);

    // The push worker: every PUSH_POLL_SECONDS, a run of the queue (several servers share it safely).
    const seconds = app.config.pushPollSeconds;
    let timer: NodeJS.Timeout | undefined;
    let stopped = false;
    if (seconds > 0) {
      const tick = () => {
        if (stopped) return;
        service
          .pushNow()
          .then((summary) => {
            if (summary.sent + summary.failed + summary.gone + summary.retried > 0) app.log.info({ push: summary }, 'push queue run');
          })
          .catch((error: unknown) => app.log.error({ err: error }, 'push queue run failed'))
          .finally(() => {
            if (!stopped) timer = setTimeout(tick, seconds * 1000);
          });
      };
      app.addHook('onReady', async () => {
        timer = setTimeout(tick, seconds * 1000);
      });
    }
    app.addHook('onClose', async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    });
  },
  { name: 'announcements', dependencies: ['db', 'core'] },
);
