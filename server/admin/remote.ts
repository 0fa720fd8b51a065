import { readFile } from 'node:fs/promises';
import type { LocalizedText } from '../db/schema';
import { appPath, httpUrl, isoMoment, localized, oneOf, readJsonFile, requiredText, showText, text, wholeNumber } from './args';
import { RefusedError, UsageError, type OptionValues } from './context';
import { DEFAULT_OUT, qrCreateInput, qrFileName, writeOrRefuse } from './qrCodes';
import { parseCodeFile, parseOption, rewardOptionArgs } from './rewards';
import { giftcardsDuplicatesRemote, limitOption, limitSuffix, rewardLimitRemote } from './giftCodes';
import { auditLine } from './audit';
import { printVerification } from './chanceToWin';
import { readImageOption } from './images';
import { writeQrImages } from './qrImage';
import { communityChange } from './communities';
import { supportContact } from './support';
import { readSession, saveSession, serverBase, type SavedSession } from './session';
import { runCommunities } from './runCommunities';

/**
 * The operator CLI talking to a running server (issue 14): with PIPS_SERVER_URL, the commands
 * below go through the operator API (`/admin/...` in openapi.yaml) as the operator signed in with
 * PIPS_OPERATOR_EMAIL and PIPS_OPERATOR_PASSWORD, so content changes need no downtime, on PGlite
 * too. The server checks the role and audits each change. Bad input answers exit code 2, a refusal
 * (a role, an unknown id, a debit below zero) exit code 1, as on the database.
 */
export interface RemoteContext {
  call<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T>;
  out: (line: string) => void;
}

export interface RemoteCommand {
  name: string;
  run(values: OptionValues, ctx: RemoteContext): Promise<number>;
}

interface Envelope<T> {
  status: 'OK' | 'ERROR';
  data?: T;
  error?: { code: string; message: string };
}

/** Who the CLI is on the server: an e-mail and password (from the environment), or the session `login` saved. */
export interface RemoteAuth {
  email?: string;
  password?: string;
  /** Where `login` keeps the session (used when no password is given). */
  sessionFile?: string;
}

type Answer<T> = { ok: true; data: T } | { ok: false; code: string; message: string };

/** One call of the server's API, its envelope read; a server that does not answer is refused. */
async function send<T>(fetchImpl: typeof fetch, base: string, method: string, path: string, init: { body?: string; headers?: Record<string, string> }): Promise<Answer<T>> {
  let response: Response;
  try {
    response = await fetchImpl(`${base}${path}`, { method, ...init });
  } catch (error) {
    throw new RefusedError(`the server at ${base} does not answer (${error instanceof Error ? error.message : String(error)})`);
  }
  const envelope = (await response.json().catch(() => null)) as Envelope<T> | null;
  if (response.ok && envelope?.status === 'OK') return { ok: true, data: envelope.data as T };
  return { ok: false, code: envelope?.error?.code ?? `HTTP_${response.status}`, message: envelope?.error?.message ?? response.statusText };
}

/** A failed answer as the CLI's exit codes see it: bad input 2, anything else refused 1. */
function fail(answer: { code: string; message: string }): never {
  const message = `${answer.message} (${answer.code})`;
  throw answer.code === 'VALIDATION_ERROR' ? new UsageError(message) : new RefusedError(message, answer.code);
}

const form = (fields: Record<string, string>) => ({
  body: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

/** Signs in to the server like the app does; the session's tokens. */
export async function signIn(serverUrl: string, email: string, password: string, fetchImpl: typeof fetch = fetch): Promise<{ authToken: string; refreshToken: string }> {
  const answer = await send<{ authToken: string; refreshToken: string }>(fetchImpl, serverBase(serverUrl), 'POST', '/mobile/login', form({ email, pwd: password }));
  if (!answer.ok) fail(answer);
  return { authToken: answer.data.authToken, refreshToken: answer.data.refreshToken };
}

/** Ends a session on the server (its tokens stop working at once). */
export async function signOut(serverUrl: string, tokens: { authToken: string; refreshToken: string }, fetchImpl: typeof fetch = fetch): Promise<void> {
  const answer = await send(fetchImpl, serverBase(serverUrl), 'POST', '/mobile/session/logout', form({ authToken: tokens.authToken, refreshToken: tokens.refreshToken }));
  if (!answer.ok) fail(answer);
}

/**
 * A context whose calls carry the operator's session: signed in with the e-mail and password
 * given, or the session `login` saved for this server (refreshed, and saved again, when its auth
 * token has expired).
 */
export async function connectRemote(serverUrl: string, auth: RemoteAuth, out: (line: string) => void, fetchImpl: typeof fetch = fetch): Promise<RemoteContext> {
  const base = serverBase(serverUrl);
  let tokens: { authToken: string; refreshToken: string };
  let saved: SavedSession | undefined;
  if (auth.email && auth.password) {
    tokens = await signIn(base, auth.email, auth.password, fetchImpl);
  } else if (auth.email || auth.password) {
    throw new UsageError('give both PIPS_OPERATOR_EMAIL and PIPS_OPERATOR_PASSWORD, or sign in once with: npm run admin -- login --email <you>');
  } else {
    saved = auth.sessionFile ? readSession(auth.sessionFile) : undefined;
    if (!saved || serverBase(saved.server) !== base) {
      throw new RefusedError(`not signed in to ${base}: run npm run admin -- login --email <you> (or set PIPS_OPERATOR_EMAIL and PIPS_OPERATOR_PASSWORD)`);
    }
    tokens = saved;
  }
  const call = <T>(method: string, path: string, body: unknown) =>
    send<T>(fetchImpl, base, method, path, {
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      headers: { authorization: `Bearer ${tokens.authToken}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    });
  return {
    out,
    async call<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> {
      let answer = await call<T>(method, path, body);
      if (!answer.ok && answer.code === 'UNAUTHORIZED' && saved && auth.sessionFile) {
        const renewed = await send<{ authToken: string; refreshToken: string }>(fetchImpl, base, 'POST', '/mobile/session/refresh', form({ refreshToken: tokens.refreshToken }));
        if (!renewed.ok) throw new RefusedError(`your saved session on ${base} has ended: sign in again with npm run admin -- login --email ${saved.email}`);
        tokens = { authToken: renewed.data.authToken, refreshToken: renewed.data.refreshToken };
        saved = { ...saved, ...tokens };
        saveSession(auth.sessionFile, saved);
        answer = await call<T>(method, path, body);
      }
      if (!answer.ok) fail(answer);
      return answer.data;
    },
  };
}

/** A CLI text as the API takes it: `{ en, es? }`. */
const adminText = (text: LocalizedText): { en: string; es?: string } => (typeof text === 'string' ? { en: text } : text);

/** Options the server does not take yet: refused before anything is sent. */
function refuseLocalOnly(values: OptionValues, names: string[], command: string) {
  const given = names.filter((name) => values[name] !== undefined);
  if (given.length > 0) {
    throw new RefusedError(`${command} --${given.join(', --')} works on the database only: stop the server (PGlite) or set DATABASE_URL, without PIPS_SERVER_URL`);
  }
}

interface AdminPromoView {
  id: number;
  communityId: string;
  title: { en: string; es?: string };
  pips: number;
  earnLimit: string;
}
interface AdminOptionView {
  optId: number;
  label: { en: string; es?: string };
  pips: number;
  limit?: { count: number; period: 'ever' | 'day' | 'week' | 'month' } | null;
  codesLeft: number;
}

const promoCreate: RemoteCommand = {
  name: 'promo:create',
  async run(values, ctx) {
    refuseLocalOnly(values, ['image', 'image-url', 'questionnaire', 'redirect'], 'promo:create');
    if (oneOf(values, 'type', ['EARN', 'REDEEM'], 'EARN') === 'REDEEM') throw new UsageError('rewards (REDEEM) have options and prices: use reward:create');
    const community = requiredText(values, 'community', 'promo:create');
    const title = localized(values, 'title');
    if (title === undefined) throw new UsageError('promo:create needs --title');
    const description = localized(values, 'description', 2000);
    const url = httpUrl(values, 'url');
    const pips = wholeNumber(values, 'pips', 1, 100_000);
    if (pips === undefined) throw new UsageError('promo:create needs --pips <n> (the pips a member earns)');
    const earnLimit = oneOf(values, 'limit', ['once', 'daily', 'unlimited'], 'once');
    const { promo } = await ctx.call<{ promo: AdminPromoView }>('POST', `/admin/communities/${encodeURIComponent(community)}/promos`, {
      type: 'EARN',
      title: adminText(title),
      ...(description ? { description: adminText(description) } : {}),
      ...(url ? { url } : {}),
      pips,
      earnLimit,
    });
    ctx.out(`Created earn promo #${promo.id} ${showText(promo.title)} in ${promo.communityId}, through the server`);
    ctx.out(`  pips:  ${promo.pips}, limit ${promo.earnLimit}`);
    return 0;
  },
};

const rewardCreate: RemoteCommand = {
  name: 'reward:create',
  async run(values, ctx) {
    refuseLocalOnly(values, ['image', 'image-url'], 'reward:create');
    const community = requiredText(values, 'community', 'reward:create');
    const title = localized(values, 'title');
    if (title === undefined) throw new UsageError('reward:create needs --title');
    const description = localized(values, 'description', 2000);
    const terms = localized(values, 'terms', 5000);
    const url = httpUrl(values, 'url');
    const rawOptions = Array.isArray(values.option) ? values.option.map(String) : [];
    if (rawOptions.length === 0) throw new UsageError('reward:create needs at least one --option "<label>=<price>"');
    const limit = limitOption(values);
    const options = rawOptions.map(parseOption).map((option) => ({ label: adminText(option.label), pips: option.pips, ...(limit ? { limit } : {}) }));
    const created = await ctx.call<{ promo: AdminPromoView; options: AdminOptionView[] }>('POST', `/admin/communities/${encodeURIComponent(community)}/promos`, {
      type: 'REDEEM',
      title: adminText(title),
      ...(description ? { description: adminText(description) } : {}),
      ...(terms ? { terms: adminText(terms) } : {}),
      ...(url ? { url } : {}),
      options,
    });
    ctx.out(`Created reward #${created.promo.id} ${showText(created.promo.title)} in ${created.promo.communityId}, through the server`);
    for (const option of created.options) ctx.out(`  option #${option.optId}: ${showText(option.label)} for ${option.pips} pips (no codes yet)`);
    return 0;
  },
};

const giftcardsImport: RemoteCommand = {
  name: 'giftcards:import',
  async run(values, ctx) {
    const optionId = wholeNumber(values, 'option', 1, 2 ** 31 - 1);
    if (optionId === undefined) throw new UsageError('giftcards:import needs --option <optionId> (see reward:list)');
    const file = requiredText(values, 'file', 'giftcards:import', 4096);
    let content: string;
    try {
      content = await readFile(file, 'utf8');
    } catch (error) {
      throw new UsageError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
    }
    const codes = parseCodeFile(content);
    if (codes.length === 0) throw new UsageError(`${file} holds no codes`);
    if (codes.length > 10_000) throw new UsageError(`${file} holds ${codes.length} codes: through the server, at most 10000 at a time (split the file)`);
    const dryRun = values['dry-run'] === true;
    const result = await ctx.call<{ imported: number; skipped: { line: number; code: string; reason: string; loadedFor: { reward: LocalizedText; option: LocalizedText } | null }[]; codesLeft: number }>(
      'POST',
      `/admin/options/${optionId}/codes`,
      { codes, dryRun },
    );
    const reasons: Record<string, string> = { BLANK: 'blank', REPEATED: 'repeated in the file', ALREADY_LOADED: 'already loaded' };
    ctx.out(`${dryRun ? 'Would import' : 'Imported'} ${result.imported} code(s) into option #${optionId}, through the server; ${result.codesLeft} free now`);
    for (const skipped of result.skipped) {
      const where = skipped.loadedFor ? ` for ${showText(skipped.loadedFor.reward)} · ${showText(skipped.loadedFor.option)}` : '';
      ctx.out(`  skipped ${JSON.stringify(skipped.code)}: ${reasons[skipped.reason] ?? skipped.reason}${where} (code #${skipped.line})`);
    }
    return 0;
  },
};

const pipsAdjust: RemoteCommand = {
  name: 'pips:adjust',
  async run(values, ctx) {
    const email = requiredText(values, 'email', 'pips:adjust', 320).toLowerCase();
    const delta = wholeNumber(values, 'delta', -10_000_000, 10_000_000);
    if (delta === undefined) throw new UsageError('pips:adjust needs --delta <+n|-n>, e.g. --delta 50 or --delta -20');
    if (delta === 0) throw new UsageError('--delta must not be 0');
    const reason = requiredText(values, 'reason', 'pips:adjust', 500);
    // The member, in the communities this operator runs.
    const { communities } = await ctx.call<{ communities: { communityId: string }[] }>('GET', '/admin/communities');
    for (const { communityId } of communities) {
      const page = await ctx.call<{ members: { userId: number; email: string; availablePips: number }[] }>(
        'GET',
        `/admin/communities/${encodeURIComponent(communityId)}/members?q=${encodeURIComponent(email)}&page=1&size=50`,
      );
      const member = page.members.find((m) => m.email.toLowerCase() === email);
      if (!member) continue;
      const after = await ctx.call<{ availablePips: number; entryId: number }>('POST', `/admin/members/${member.userId}/adjust`, { delta, reason });
      ctx.out(`Adjusted the pips of ${member.email} (user ${member.userId}) by ${delta > 0 ? `+${delta}` : delta}: "${reason}", through the server`);
      ctx.out(`  ledger entry #${after.entryId}`);
      ctx.out(`  available: ${member.availablePips} -> ${after.availablePips}`);
      return 0;
    }
    throw new RefusedError(`no member ${email} in a community you run`);
  },
};

interface AdminQrView {
  id: number;
  title: { en: string; es?: string };
  pips: number;
  earnLimit: string;
  validFrom: string | null;
  validUntil: string | null;
  cap: number | null;
  claims: number;
  live: boolean;
  link: string;
}

const qrCreate: RemoteCommand = {
  name: 'qr:create',
  async run(values, ctx) {
    const community = requiredText(values, 'community', 'qr:create');
    const input = qrCreateInput(values);
    const qr = await ctx.call<AdminQrView>('POST', `/admin/communities/${encodeURIComponent(community)}/qr-codes`, {
      title: adminText(input.title),
      pips: input.pips,
      earnLimit: input.limit,
      ...(input.validFrom ? { validFrom: input.validFrom.toISOString() } : {}),
      ...(input.validUntil ? { validUntil: input.validUntil.toISOString() } : {}),
      ...(input.totalCap ? { cap: input.totalCap } : {}),
    });
    // The printed images belong with the code: when they cannot be written, the code goes again.
    const { communities } = await ctx.call<{ communities: { communityId: string; name: string }[] }>('GET', '/admin/communities');
    const caption = {
      community: communities.find((c) => c.communityId === community)?.name ?? community,
      title: input.title,
      pips: input.pips,
      limit: input.limit,
      validUntil: input.validUntil,
    };
    let written;
    try {
      written = await writeOrRefuse(qr.link, input.out, qrFileName(input.title, qr.id), 'the code was deleted again', caption);
    } catch (error) {
      await ctx.call('DELETE', `/admin/qr-codes/${qr.id}`);
      throw error;
    }
    ctx.out(`Created earn QR code #${qr.id} ${showText(qr.title)} in ${community}, through the server`);
    ctx.out(`  pips:   ${qr.pips}, limit ${qr.earnLimit}${qr.cap ? `, at most ${qr.cap} scans in all` : ''}`);
    ctx.out(`  valid:  ${qr.validFrom ?? 'now'} to ${qr.validUntil ?? 'no end'}`);
    ctx.out(`  link:   ${qr.link}`);
    ctx.out(`  svg:    ${written.svgPath}`);
    ctx.out(`  png:    ${written.pngPath}`);
    ctx.out(`  a4:     ${written.a4Path} (captioned page)`);
    ctx.out(`  poster: ${written.posterPath} (A2)`);
    return 0;
  },
};

const qrList: RemoteCommand = {
  name: 'qr:list',
  async run(values, ctx) {
    const community = requiredText(values, 'community', 'qr:list');
    const { qrCodes } = await ctx.call<{ qrCodes: AdminQrView[] }>('GET', `/admin/communities/${encodeURIComponent(community)}/qr-codes`);
    if (qrCodes.length === 0) ctx.out(`No earn QR codes in ${community} yet.`);
    for (const qr of qrCodes) {
      ctx.out(
        `#${qr.id} ${showText(qr.title)}  ${qr.pips} pips ${qr.earnLimit}  claims ${qr.claims}${qr.cap ? `/${qr.cap}` : ''}  ${qr.live ? 'live' : 'not live'}  ${qr.link}`,
      );
    }
    return 0;
  },
};

const announcementCreate: RemoteCommand = {
  name: 'announcement:create',
  async run(values, ctx) {
    const community = requiredText(values, 'community', 'announcement:create');
    const pick = (en?: string, es?: string) => ({ ...(en ? { en } : {}), ...(es ? { es } : {}) });
    const title = pick(text(values, 'title', 200), text(values, 'title-es', 200));
    const body = pick(text(values, 'text', 5000), text(values, 'text-es', 5000));
    if (!title.en && !title.es) throw new UsageError('announcement:create needs --title or --title-es');
    if (!body.en && !body.es) throw new UsageError('announcement:create needs --text or --text-es');
    const link = appPath(values, 'link');
    const created = await ctx.call<{ id: number; title: { en?: string; es?: string } }>('POST', `/admin/communities/${encodeURIComponent(community)}/announcements`, {
      title,
      text: body,
      ...(link ? { url: link } : {}),
      push: values.push === true,
    });
    ctx.out(`Created announcement #${created.id} ${JSON.stringify(created.title.en ?? created.title.es)} in ${community}, through the server`);
    if (link) ctx.out(`  opens: ${link}`);
    return 0;
  },
};

const announcementDelete: RemoteCommand = {
  name: 'announcement:delete',
  async run(values, ctx) {
    const id = wholeNumber(values, 'id', 1, 2 ** 31 - 1);
    if (id === undefined) throw new UsageError('announcement:delete needs --id <announcement id>');
    await ctx.call('DELETE', `/admin/announcements/${id}`);
    ctx.out(`Deleted announcement #${id}, through the server: gone from every member's list`);
    return 0;
  },
};

const questionnaireCreate: RemoteCommand = {
  name: 'questionnaire:create',
  async run(values, ctx) {
    const community = requiredText(values, 'community', 'questionnaire:create');
    const file = requiredText(values, 'file', 'questionnaire:create', 4096);
    const pips = wholeNumber(values, 'pips', 0, 1_000_000);
    if (pips === undefined) throw new UsageError('questionnaire:create needs --pips <n> (0 for none)');
    const payload = await readJsonFile(file);
    const created = await ctx.call<{ id: number; title: { en: string; es?: string }; steps: number }>(
      'POST',
      `/admin/communities/${encodeURIComponent(community)}/questionnaires`,
      { payload, pips },
    );
    ctx.out(`Created questionnaire #${created.id} ${showText(created.title)} in ${community}, through the server`);
    ctx.out(`  ${created.steps} step${created.steps === 1 ? '' : 's'}, ${pips} pips on answering, once per member`);
    return 0;
  },
};

interface AdminCtwView {
  id: number;
  name: { en: string; es?: string };
  thresholdPips: number;
  startsAt: string;
  drawsAt: string;
  numberOfWinners: number;
  status: string;
  commitment: string;
  entries: number | null;
  winners: { position: number; name: string; userId: number; email: string | null; entryId: number }[];
  proof: { commitment: string; numberOfWinners: number; seed: string | null; entries: number[] | null; entriesHash: string | null };
}

const ctwCreate: RemoteCommand = {
  name: 'ctw:create',
  async run(values, ctx) {
    const community = requiredText(values, 'community', 'ctw:create');
    const name = localized(values, 'name', 100);
    if (name === undefined) throw new UsageError('ctw:create needs --name');
    const threshold = wholeNumber(values, 'threshold', 1, 10_000_000);
    if (threshold === undefined) throw new UsageError('ctw:create needs --threshold <pips>');
    const drawsAt = isoMoment(values, 'drawing');
    if (drawsAt === undefined) throw new UsageError('ctw:create needs --drawing <ISO date-time>');
    const startsAt = isoMoment(values, 'start');
    const winners = wholeNumber(values, 'winners', 1, 1000);
    const prize = localized(values, 'prize', 500);
    const contest = await ctx.call<AdminCtwView>('POST', `/admin/communities/${encodeURIComponent(community)}/chance-to-win`, {
      name: adminText(name),
      ...(prize ? { prize: adminText(prize) } : {}),
      thresholdPips: threshold,
      drawsAt: drawsAt.toISOString(),
      ...(startsAt ? { startsAt: startsAt.toISOString() } : {}),
      ...(winners ? { numberOfWinners: winners } : {}),
    });
    ctx.out(`Created Chance to Win contest ${contest.id} ${showText(contest.name)} in ${community}, through the server`);
    ctx.out(`  qualify: ${contest.thresholdPips} pips earned from ${contest.startsAt} to ${contest.drawsAt}; ${contest.numberOfWinners} winner(s)`);
    ctx.out(`  commitment (SHA-256 of the seed, revealed at the drawing): ${contest.commitment}`);
    return 0;
  },
};

const ctwList: RemoteCommand = {
  name: 'ctw:list',
  async run(values, ctx) {
    const community = requiredText(values, 'community', 'ctw:list');
    const { contests } = await ctx.call<{ contests: AdminCtwView[] }>('GET', `/admin/communities/${encodeURIComponent(community)}/chance-to-win`);
    if (contests.length === 0) ctx.out('No Chance to Win contests yet (ctw:create makes one).');
    for (const c of contests) {
      ctx.out(`#${c.id} ${c.status.padEnd(5)} ${c.startsAt} -> ${c.drawsAt} threshold ${c.thresholdPips}, ${c.numberOfWinners} winner(s): ${showText(c.name)}`);
      ctx.out(`    commitment ${c.commitment}`);
    }
    return 0;
  },
};

const ctwDraw: RemoteCommand = {
  name: 'ctw:draw',
  async run(values, ctx) {
    const id = wholeNumber(values, 'id', 1, 2 ** 31 - 1);
    if (id === undefined || values.now !== true) {
      throw new UsageError('through the server, ctw:draw needs --id <contest id> --now (the server runs the due draws on its own)');
    }
    const drawn = await ctx.call<AdminCtwView>('POST', `/admin/chance-to-win/${id}/draw`);
    ctx.out(`Drew contest ${drawn.id} ${showText(drawn.name)}, through the server: ${drawn.entries ?? 0} entr${drawn.entries === 1 ? 'y' : 'ies'}`);
    if (drawn.winners.length === 0) ctx.out('  no winners (nobody qualified)');
    for (const w of drawn.winners) ctx.out(`  ${w.position}. ${w.name} (user ${w.userId}, ${w.email ?? 'deleted'})`);
    ctx.out('  announced to the community');
    return 0;
  },
};

const triviaImport: RemoteCommand = {
  name: 'trivia:import',
  async run(values, ctx) {
    const community = requiredText(values, 'community', 'trivia:import');
    const file = requiredText(values, 'file', 'trivia:import', 4096);
    const contestId = wholeNumber(values, 'contest', 1, 2_000_000_000);
    const json = (await readJsonFile(file)) as unknown;
    const questions = Array.isArray(json) ? json : (json as { questions?: unknown } | null)?.questions;
    const added = await ctx.call<{ added: number; total: number }>('POST', `/admin/communities/${encodeURIComponent(community)}/trivia/questions`, {
      questions,
      ...(contestId ? { contestId } : {}),
    });
    ctx.out(`Imported ${added.added} question${added.added === 1 ? '' : 's'} into ${contestId ? `contest #${contestId}` : 'the question of the day'} of ${community}, through the server`);
    ctx.out(`  now ${added.total} in all`);
    return 0;
  },
};

const triviaAllowance: RemoteCommand = {
  name: 'trivia:allowance',
  async run(values, ctx) {
    const community = requiredText(values, 'community', 'trivia:allowance');
    const daily = wholeNumber(values, 'daily', 0, 1000);
    const timeZone = text(values, 'time-zone', 64);
    const path = `/admin/communities/${encodeURIComponent(community)}/trivia`;
    const trivia =
      daily === undefined && timeZone === undefined
        ? await ctx.call<{ dailyAllowance: number; timeZone: string; questions: number }>('GET', path)
        : await ctx.call<{ dailyAllowance: number; timeZone: string; questions: number }>('PUT', path, {
            ...(daily !== undefined ? { dailyAllowance: daily } : {}),
            ...(timeZone !== undefined ? { timeZone } : {}),
          });
    ctx.out(`${community}: ${trivia.dailyAllowance} question${trivia.dailyAllowance === 1 ? '' : 's'} a day per member, day in ${trivia.timeZone} (through the server)`);
    ctx.out(`  ${trivia.questions} questions in the pool`);
    return 0;
  },
};

const contestCreate: RemoteCommand = {
  name: 'contest:create',
  async run(values, ctx) {
    refuseLocalOnly(values, ['questions'], 'contest:create');
    const community = requiredText(values, 'community', 'contest:create');
    const name = localized(values, 'name', 120);
    if (name === undefined) throw new UsageError('contest:create needs --name');
    const rules = localized(values, 'rules', 2000);
    const startsAt = isoMoment(values, 'starts');
    const endsAt = isoMoment(values, 'ends');
    if (!startsAt || !endsAt) throw new UsageError('contest:create needs --starts and --ends (ISO dates or date-times)');
    const pips = wholeNumber(values, 'pips', 0, 1_000_000);
    if (pips === undefined) throw new UsageError('contest:create needs --pips <n> (pips per right answer)');
    const joinPips = wholeNumber(values, 'join-pips', 0, 1_000_000);
    const split = (option: string) => (text(values, option, 1000) ?? '').split(',').map((t) => t.trim()).filter((t) => t !== '');
    const teamsEn = split('teams');
    const teamsEs = split('teams-es');
    if (teamsEs.length > 0 && teamsEs.length !== teamsEn.length) throw new UsageError(`--teams-es must name as many teams as --teams (${teamsEn.length})`);
    const contest = await ctx.call<{ id: number; name: { en: string; es?: string }; teams: { en: string }[] }>(
      'POST',
      `/admin/communities/${encodeURIComponent(community)}/trivia/contests`,
      {
        name: adminText(name),
        ...(rules ? { rules: adminText(rules) } : {}),
        startsAt: startsAt.toISOString(),
        endsAt: endsAt.toISOString(),
        pipsPerAnswer: pips,
        ...(joinPips !== undefined ? { joinPips } : {}),
        teams: teamsEn.map((en, i) => (teamsEs[i] ? { en, es: teamsEs[i] } : { en })),
      },
    );
    ctx.out(`Created trivia contest #${contest.id} ${showText(contest.name)} in ${community}, through the server`);
    ctx.out(`  teams: ${contest.teams.map((t) => t.en).join(', ')}; add questions with trivia:import --contest ${contest.id}`);
    return 0;
  },
};

interface AdminPromoListed {
  id: number;
  title: { en: string; es?: string };
  pips: number;
  earnLimit: string;
  url: string | null;
  archived: boolean;
}

const promoList: RemoteCommand = {
  name: 'promo:list',
  async run(values, ctx) {
    const community = requiredText(values, 'community', 'promo:list');
    const type = oneOf(values, 'type', ['EARN', 'REDEEM'], 'EARN');
    const path = `/admin/communities/${encodeURIComponent(community)}/promos`;
    const [live, archived] = await Promise.all([
      ctx.call<{ promos: AdminPromoListed[] }>('GET', `${path}?type=${type}`),
      ctx.call<{ promos: AdminPromoListed[] }>('GET', `${path}?type=${type}&archived=true`),
    ]);
    const promos = [...live.promos, ...archived.promos];
    if (promos.length === 0) ctx.out(`No ${type === 'EARN' ? 'earn actions' : 'rewards'} in ${community} yet.`);
    for (const p of promos) {
      ctx.out(`#${p.id} ${showText(p.title)}  ${p.pips} pips ${p.earnLimit}${p.url ? `  ${p.url}` : ''}${p.archived ? '  [archived]' : ''}`);
    }
    return 0;
  },
};

const rewardList: RemoteCommand = {
  name: 'reward:list',
  async run(values, ctx) {
    const community = requiredText(values, 'community', 'reward:list');
    const path = `/admin/communities/${encodeURIComponent(community)}/promos`;
    const [live, archived] = await Promise.all([
      ctx.call<{ promos: AdminPromoListed[] }>('GET', `${path}?type=REDEEM`),
      ctx.call<{ promos: AdminPromoListed[] }>('GET', `${path}?type=REDEEM&archived=true`),
    ]);
    const rewards = [...live.promos, ...archived.promos];
    if (rewards.length === 0) ctx.out(`No rewards in ${community} yet.`);
    for (const reward of rewards) {
      ctx.out(`#${reward.id} ${showText(reward.title)}${reward.archived ? '  [archived]' : ''}`);
      const { options } = await ctx.call<{ options: (AdminOptionView & { codesTotal: number })[] }>('GET', `/admin/promos/${reward.id}/options`);
      for (const o of options) ctx.out(`    option #${o.optId} ${showText(o.label)}  ${o.pips} pips  codes ${o.codesLeft} left of ${o.codesTotal}`);
    }
    return 0;
  },
};

const questionnaireList: RemoteCommand = {
  name: 'questionnaire:list',
  async run(values, ctx) {
    const community = requiredText(values, 'community', 'questionnaire:list');
    const { questionnaires } = await ctx.call<{ questionnaires: { id: number; title: { en: string; es?: string }; pips: number; steps: number; answers: number; archived: boolean }[] }>(
      'GET',
      `/admin/communities/${encodeURIComponent(community)}/questionnaires`,
    );
    if (questionnaires.length === 0) ctx.out(`${community} has no questionnaires yet (create one with questionnaire:create).`);
    for (const q of questionnaires) {
      ctx.out(`#${q.id}  ${showText(q.title)}  ${q.pips} pips  answered: ${q.answers}  ${q.steps} step(s)${q.archived ? '  [archived]' : ''}`);
    }
    return 0;
  },
};

const announcementList: RemoteCommand = {
  name: 'announcement:list',
  async run(values, ctx) {
    const community = requiredText(values, 'community', 'announcement:list');
    const { announcements } = await ctx.call<{ announcements: { id: number; title: { en?: string; es?: string }; sendDate: string; read: number; pushed: number }[] }>(
      'GET',
      `/admin/communities/${encodeURIComponent(community)}/announcements`,
    );
    if (announcements.length === 0) ctx.out(`No announcements in ${community} yet.`);
    for (const a of announcements) ctx.out(`#${a.id} ${a.sendDate} ${JSON.stringify(a.title.en ?? a.title.es)}  read by ${a.read}, pushed ${a.pushed}`);
    return 0;
  },
};

const contestList: RemoteCommand = {
  name: 'contest:list',
  async run(values, ctx) {
    const community = requiredText(values, 'community', 'contest:list');
    const { contests } = await ctx.call<{ contests: { id: number; name: { en: string; es?: string }; startsAt: string; endsAt: string; pipsPerAnswer: number; members: number; questions: number }[] }>(
      'GET',
      `/admin/communities/${encodeURIComponent(community)}/trivia`,
    );
    if (contests.length === 0) ctx.out(`${community} has no trivia contests yet (create one with contest:create).`);
    for (const c of contests) {
      ctx.out(`#${c.id}  ${showText(c.name)}  ${c.startsAt} → ${c.endsAt}  ${c.pipsPerAnswer} pips/right answer  members: ${c.members}  questions: ${c.questions}`);
    }
    return 0;
  },
};

const ctwWinners: RemoteCommand = {
  name: 'ctw:winners',
  async run(values, ctx) {
    const id = wholeNumber(values, 'id', 1, 2 ** 31 - 1);
    if (id === undefined) throw new UsageError('ctw:winners needs --id <contest id> (and --community through the server)');
    const community = requiredText(values, 'community', 'ctw:winners (through the server)');
    const { contests } = await ctx.call<{ contests: AdminCtwView[] }>('GET', `/admin/communities/${encodeURIComponent(community)}/chance-to-win`);
    const contest = contests.find((c) => c.id === id);
    if (!contest) throw new RefusedError(`no Chance to Win contest ${id} in ${community} (see ctw:list)`);
    if (contest.status !== 'drawn') throw new RefusedError(`contest ${id} is not drawn yet (drawing ${contest.drawsAt})`);
    ctx.out(`Winners of contest ${id} ${showText(contest.name)} (through the server):`);
    if (contest.winners.length === 0) ctx.out('  none (nobody qualified)');
    for (const w of contest.winners) ctx.out(`  ${w.position}. ${w.name} (user ${w.userId}, ${w.email ?? 'deleted'})`);
    return 0;
  },
};

interface AdminMemberView {
  userId: number;
  email: string;
  firstName: string;
  lastName: string;
  verified: boolean;
  availablePips: number;
  totalEarnedPips: number;
  totalUsedPips: number;
  joinedAt: string;
}

/** The member with this e-mail in a community the operator runs (and which one). */
async function findMemberByEmail(ctx: RemoteContext, email: string, command: string): Promise<{ member: AdminMemberView; communityId: string }> {
  const wanted = email.trim().toLowerCase();
  const { communities } = await ctx.call<{ communities: { communityId: string }[] }>('GET', '/admin/communities');
  for (const { communityId } of communities) {
    const { members } = await ctx.call<{ members: AdminMemberView[] }>(
      'GET',
      `/admin/communities/${encodeURIComponent(communityId)}/members?q=${encodeURIComponent(wanted)}&page=1&size=50`,
    );
    const member = members.find((m) => m.email.toLowerCase() === wanted);
    if (member) return { member, communityId };
  }
  throw new RefusedError(`${command}: no member of a community you run uses ${email}`);
}

const userShow: RemoteCommand = {
  name: 'user:show',
  async run(values, ctx) {
    const email = requiredText(values, 'email', 'user:show', 320);
    const { member, communityId } = await findMemberByEmail(ctx, email, 'user:show');
    ctx.out(`User #${member.userId} ${member.email} (${`${member.firstName} ${member.lastName}`.trim()}), through the server`);
    ctx.out(`  community: ${communityId}`);
    ctx.out(`  verified:  ${member.verified ? 'yes' : 'no'}`);
    ctx.out(`  pips:      ${member.availablePips} available, ${member.totalEarnedPips} earned, ${member.totalUsedPips} used`);
    ctx.out(`  joined:    ${member.joinedAt}`);
    return 0;
  },
};

const ledgerShow: RemoteCommand = {
  name: 'ledger:show',
  async run(values, ctx) {
    const email = requiredText(values, 'email', 'ledger:show', 320);
    const limit = wholeNumber(values, 'limit', 1, 200) ?? 20;
    const { member } = await findMemberByEmail(ctx, email, 'ledger:show');
    const ledger = await ctx.call<{ entries: { id: number; delta: number; kind: string; title: { en: string; es?: string }; reason: string | null; at: string }[]; total: number }>(
      'GET',
      `/admin/members/${member.userId}?page=1&size=${limit}`,
    );
    ctx.out(`Ledger of ${member.email}: ${member.availablePips} pips available, ${ledger.total} entries (newest ${ledger.entries.length}), through the server`);
    for (const e of ledger.entries) {
      ctx.out(`  ${e.at}  ${e.delta > 0 ? `+${e.delta}` : e.delta}  ${e.kind}  ${showText(e.title)}${e.reason ? `  (${e.reason})` : ''}`);
    }
    return 0;
  },
};

const qrPrint: RemoteCommand = {
  name: 'qr:print',
  async run(values, ctx) {
    const id = wholeNumber(values, 'id', 1, 2_147_483_647);
    if (id === undefined) throw new UsageError('qr:print needs --id <n> (see qr:list)');
    const out = text(values, 'out', 4096) ?? DEFAULT_OUT;
    const { communities } = await ctx.call<{ communities: { communityId: string; name: string }[] }>('GET', '/admin/communities');
    for (const community of communities) {
      const { qrCodes } = await ctx.call<{ qrCodes: AdminQrView[] }>('GET', `/admin/communities/${encodeURIComponent(community.communityId)}/qr-codes`);
      const qr = qrCodes.find((code) => code.id === id);
      if (!qr) continue;
      const caption = {
        community: community.name,
        title: qr.title,
        pips: qr.pips,
        limit: qr.earnLimit === 'daily' ? ('daily' as const) : ('once' as const),
        validUntil: qr.validUntil ? new Date(qr.validUntil) : null,
      };
      const written = await writeOrRefuse(qr.link, out, qrFileName(qr.title, qr.id), 'nothing was written', caption);
      ctx.out(`Earn QR code #${qr.id} ${showText(qr.title)}, through the server`);
      ctx.out(`  link:   ${qr.link}`);
      ctx.out(`  svg:    ${written.svgPath}`);
      ctx.out(`  png:    ${written.pngPath}`);
      ctx.out(`  a4:     ${written.a4Path} (captioned page)`);
      ctx.out(`  poster: ${written.posterPath} (A2)`);
      return 0;
    }
    throw new RefusedError(`no earn QR code #${id} in a community you run (see qr:list)`);
  },
};

/** The commands that work through a running server. */
interface AdminCommunityView {
  communityId: string;
  name: string;
  role: string;
  archived: boolean;
  members?: number;
  support?: { email: string; url: string | null; phone: string | null; text: { en?: string; es?: string } | null } | null;
}

const communityList: RemoteCommand = {
  name: 'community:list',
  async run(_values, ctx) {
    const communities = await runCommunities<AdminCommunityView>(ctx);
    if (communities.length === 0) ctx.out('This account runs no community (an owner adds it with operator:add).');
    for (const c of communities) ctx.out(`${c.communityId}  "${c.name}"  your role: ${c.role}${c.archived ? '  archived (takes no new members)' : ''}`);
    return 0;
  },
};

const communityEditRemote: RemoteCommand = {
  name: 'community:edit',
  async run(values, ctx) {
    const change = communityChange(values);
    const community = requiredText(values, 'community', 'community:edit');
    const after = await ctx.call<AdminCommunityView>('PUT', `/admin/communities/${encodeURIComponent(community)}`, change);
    ctx.out(`Community ${after.communityId}: "${after.name}"${after.archived ? ' (archived: takes no new members)' : ''}, through the server`);
    return 0;
  },
};

const communitySupportRemote: RemoteCommand = {
  name: 'community:support',
  async run(values, ctx) {
    const community = requiredText(values, 'community', 'community:support');
    const path = `/admin/communities/${encodeURIComponent(community)}`;
    const contact = supportContact(values);
    const after = contact === undefined ? await ctx.call<AdminCommunityView>('GET', path) : await ctx.call<AdminCommunityView>('PUT', path, { support: contact });
    const shown = after.support;
    if (!shown) {
      ctx.out(`"${after.name}" (${after.communityId}) has no support contact${contact === null ? ' now' : ''}, through the server`);
      return 0;
    }
    ctx.out(`Support contact of "${after.name}" (${after.communityId}), through the server`);
    ctx.out(`  email:   ${shown.email}`);
    ctx.out(`  link:    ${shown.url ?? '-'}`);
    ctx.out(`  phone:   ${shown.phone ?? '-'}`);
    ctx.out(`  text en: ${shown.text?.en === undefined ? '-' : JSON.stringify(shown.text.en)}`);
    ctx.out(`  text es: ${shown.text?.es === undefined ? '-' : JSON.stringify(shown.text.es)}`);
    return 0;
  },
};

const rewardAddOptionRemote: RemoteCommand = {
  name: 'reward:add-option',
  async run(values, ctx) {
    const { rewardId, option } = rewardOptionArgs(values);
    const added = await ctx.call<AdminOptionView>('POST', `/admin/promos/${rewardId}/options`, { label: adminText(option.label), pips: option.pips, limit: option.limit });
    ctx.out(`Added option #${added.optId} ${showText(added.label)} for ${added.pips} pips${limitSuffix(added.limit)} to reward #${rewardId}, through the server (no codes yet)`);
    ctx.out(`Load codes with: npm run admin -- giftcards:import --option ${added.optId} --file codes.csv`);
    return 0;
  },
};

const auditListRemote: RemoteCommand = {
  name: 'audit:list',
  async run(values, ctx) {
    const limit = wholeNumber(values, 'limit', 1, 200) ?? 50;
    const community = text(values, 'community', 64);
    const query = new URLSearchParams({ page: '1', size: String(limit), ...(community ? { communityId: community } : {}) });
    const { entries } = await ctx.call<{ entries: Parameters<typeof auditLine>[0][] }>('GET', `/admin/audit?${query}`);
    if (entries.length === 0) ctx.out('No operator writes yet.');
    for (const entry of entries) ctx.out(auditLine(entry));
    return 0;
  },
};

const communityCreateRemote: RemoteCommand = {
  name: 'community:create',
  async run(values, ctx) {
    const name = requiredText(values, 'name', 'community:create', 100);
    const created = await ctx.call<{ communityId: string; name: string; joinLink: string }>('POST', '/admin/communities', { name });
    ctx.out(`Created community "${created.name}", through the server (you are its owner)`);
    ctx.out(`  id:        ${created.communityId}`);
    ctx.out(`  join link: ${created.joinLink}`);
    return 0;
  },
};

const communityQrRemote: RemoteCommand = {
  name: 'community:qr',
  async run(values, ctx) {
    if (typeof values.id !== 'string' || typeof values.out !== 'string') throw new UsageError('community:qr needs --id <communityId> --out <dir>');
    const community = await ctx.call<AdminCommunityView & { joinLink: string }>('GET', `/admin/communities/${encodeURIComponent(values.id)}`);
    const { svgPath, pngPath } = await writeQrImages(community.joinLink, values.out, community.communityId);
    ctx.out(`QR code of "${community.name}" (${community.communityId}), through the server`);
    ctx.out(`  link: ${community.joinLink}`);
    ctx.out(`  svg:  ${svgPath}`);
    ctx.out(`  png:  ${pngPath}`);
    return 0;
  },
};

const operatorAddRemote: RemoteCommand = {
  name: 'operator:add',
  async run(values, ctx) {
    const email = requiredText(values, 'email', 'operator:add', 320);
    const community = requiredText(values, 'community', 'operator:add');
    if (typeof values.role !== 'string') throw new UsageError('operator:add needs --role owner|editor|viewer');
    const role = oneOf(values, 'role', ['owner', 'editor', 'viewer'] as const, 'viewer');
    // Through a server, an invitation: the answer never says whether an account uses the address.
    const sent = await ctx.call<{ email: string; role: string; expiresAt: string }>('POST', `/admin/communities/${encodeURIComponent(community)}/operators`, { email, role });
    ctx.out(`Invited ${sent.email} to be ${sent.role} of ${community}, through the server: the role applies once they accept the mailed link signed in with that address (before ${sent.expiresAt})`);
    return 0;
  },
};

const promoImageRemote: RemoteCommand = {
  name: 'promo:image',
  async run(values, ctx) {
    const promoId = wholeNumber(values, 'promo', 1, 2 ** 31 - 1);
    if (promoId === undefined) throw new UsageError('promo:image needs --promo <id> (see promo:list)');
    if ((values.image === undefined) === (values.remove !== true)) throw new UsageError('promo:image needs either --image <file> or --remove');
    if (values.remove === true) {
      await ctx.call('DELETE', `/admin/promos/${promoId}/image`);
      ctx.out(`Took the image off promo #${promoId}, through the server.`);
      return 0;
    }
    const bytes = await readImageOption(values);
    const image = await ctx.call<{ url: string; width: number; height: number }>('PUT', `/admin/promos/${promoId}/image`, { image: Buffer.from(bytes!).toString('base64') });
    ctx.out(`Set the image of promo #${promoId}, through the server: ${image.url} (${image.width}x${image.height})`);
    return 0;
  },
};

const ctwVerifyRemote: RemoteCommand = {
  name: 'ctw:verify',
  async run(values, ctx) {
    const id = wholeNumber(values, 'id', 1, 2 ** 31 - 1);
    if (id === undefined) throw new UsageError('ctw:verify needs --id <contest id> (and --community through the server)');
    const community = requiredText(values, 'community', 'ctw:verify (through the server)');
    const { contests } = await ctx.call<{ contests: AdminCtwView[] }>('GET', `/admin/communities/${encodeURIComponent(community)}/chance-to-win`);
    const contest = contests.find((c) => c.id === id);
    if (!contest) throw new RefusedError(`no Chance to Win contest ${id} in ${community} (see ctw:list)`);
    const { seed, entries, entriesHash, commitment, numberOfWinners } = contest.proof;
    if (contest.status !== 'drawn' || seed === null || entries === null || entriesHash === null) throw new RefusedError(`contest ${id} is not drawn yet (drawing ${contest.drawsAt})`);
    ctx.out('Checked here from what the server published:');
    return printVerification(ctx.out, id, { seed, commitment, entries, entriesHash, numberOfWinners }, contest.winners.map((w) => w.entryId));
  },
};

const pushStatusRemote: RemoteCommand = {
  name: 'push:status',
  async run(values, ctx) {
    const community = requiredText(values, 'community', 'push:status (through the server)');
    const status = await ctx.call<{
      subscriptions: number;
      members: number;
      queue: { state: string; count: number }[];
      failures: { announcementId: number; userId: number; attempts: number; error: string | null }[];
    }>('GET', `/admin/communities/${encodeURIComponent(community)}/push`);
    ctx.out(`Subscriptions in ${community} (through the server): ${status.subscriptions} browser(s) of ${status.members} member(s)`);
    ctx.out('Queue:');
    if (status.queue.length === 0) ctx.out('  empty');
    for (const row of status.queue) ctx.out(`  ${row.state}: ${row.count}`);
    if (status.failures.length > 0) {
      ctx.out('Latest failures:');
      for (const row of status.failures) ctx.out(`  announcement #${row.announcementId} member #${row.userId} after ${row.attempts} attempt(s): ${row.error ?? 'unknown'}`);
    }
    return 0;
  },
};

const contestChartsRemote: RemoteCommand = {
  name: 'contest:charts',
  async run(values, ctx) {
    const id = wholeNumber(values, 'contest', 1, 2 ** 31 - 1);
    if (id === undefined) throw new UsageError('contest:charts needs --contest <id> (see contest:list)');
    const charts = await ctx.call<{
      teams: { name: { en: string; es?: string }; rightAnswers: number; members: number }[];
      leaders: { rank: number; name: string; correctAnswers: number; totalPips: number }[];
    }>('GET', `/admin/trivia/contests/${id}/charts`);
    const members = charts.teams.reduce((n, t) => n + t.members, 0);
    ctx.out(`Contest #${id}: ${members} member${members === 1 ? '' : 's'} (through the server)`);
    for (const team of charts.teams) ctx.out(`  team ${showText(team.name)}: ${team.rightAnswers} right answers, ${team.members} members`);
    for (const leader of charts.leaders) ctx.out(`  #${leader.rank}  ${leader.name}  ${leader.correctAnswers} right, ${leader.totalPips} pips`);
    return 0;
  },
};

export const REMOTE_COMMANDS: ReadonlyMap<string, RemoteCommand> = new Map(
  [
    promoCreate,
    rewardCreate,
    giftcardsImport,
    pipsAdjust,
    qrCreate,
    qrList,
    announcementCreate,
    announcementDelete,
    questionnaireCreate,
    ctwCreate,
    ctwList,
    ctwDraw,
    triviaImport,
    triviaAllowance,
    contestCreate,
    promoList,
    rewardList,
    questionnaireList,
    announcementList,
    contestList,
    ctwWinners,
    userShow,
    ledgerShow,
    qrPrint,
    communityList,
    communityEditRemote,
    communitySupportRemote,
    rewardAddOptionRemote,
    auditListRemote,
    communityCreateRemote,
    communityQrRemote,
    operatorAddRemote,
    promoImageRemote,
    ctwVerifyRemote,
    pushStatusRemote,
    contestChartsRemote,
    giftcardsDuplicatesRemote,
    rewardLimitRemote,
  ].map((command) => [command.name, command]),
);
