import { commitmentOf, drawWinners, entriesHashOf, newSeed, sortEntries } from '../contests/draw';
import { winnersAnnouncement } from '../contests/announceWinners';
import { announce } from '../plugins/app/announcements';
import { drawContest, runDueDraws, type FinishedDraw } from '../contests/runDraws';
import { operatorWinners } from '../contests/operatorWinners';
import { entriesOf, findContest, insertContest, listContests, moveDrawingTo, winnersOf } from '../db/repositories/chanceToWin';
import type { CtwContest } from '../db/schema';
import { englishText, isoMoment, localized, requireCommunity, showText, text, wholeNumber } from './args';
import { RefusedError, UsageError, type AdminCommand, type AdminContext, type OptionValues } from './context';

const MAX_PIPS = 10_000_000;
const iso = (date: Date) => date.toISOString().replace('.000Z', 'Z');

async function requireContest(ctx: AdminContext, values: OptionValues, command: string): Promise<CtwContest> {
  const id = wholeNumber(values, 'id', 1, 2 ** 31 - 1);
  if (id === undefined) throw new UsageError(`${command} needs --id <contest id> (see ctw:list)`);
  const contest = await findContest(ctx.db, id);
  if (!contest) throw new UsageError(`no Chance to Win contest has the id ${id} (see ctw:list)`);
  return contest;
}

function printDraw(ctx: AdminContext, draw: FinishedDraw): void {
  ctx.out(`Drew contest ${draw.contestId} ${showText(draw.name)}: ${draw.entryCount} entr${draw.entryCount === 1 ? 'y' : 'ies'}`);
  if (draw.winners.length === 0) ctx.out('  no winners (nobody qualified)');
  draw.winners.forEach((winner, i) =>
    ctx.out(`  ${i + 1}. ${winner.realName} (user ${winner.userId}, entry ${winner.entryId}; announced as ${winner.playerName.en} / ${winner.playerName.es})`),
  );
}

export const ctwCreate: AdminCommand = {
  name: 'ctw:create',
  usage: `ctw:create --community <id> --name <text> [--name-es <text>] --threshold <pips> --drawing <ISO>
             [--start <ISO>] [--winners <n>] [--prize <text>] [--prize-es <text>]
      Create a Chance to Win contest: members of the community who earn --threshold pips between
      --start (default now) and --drawing qualify; at --drawing the server draws --winners (default
      1) among them. Prints the commitment (SHA-256 of the secret seed) members can check later.`,
  options: {
    community: { type: 'string' },
    name: { type: 'string' },
    'name-es': { type: 'string' },
    threshold: { type: 'string' },
    start: { type: 'string' },
    drawing: { type: 'string' },
    winners: { type: 'string' },
    prize: { type: 'string' },
    'prize-es': { type: 'string' },
  },
  async run(values, ctx) {
    const community = await requireCommunity(ctx.db, values, 'ctw:create');
    const name = localized(values, 'name', 100);
    if (name === undefined) throw new UsageError('ctw:create needs --name');
    const threshold = wholeNumber(values, 'threshold', 1, MAX_PIPS);
    if (threshold === undefined) throw new UsageError('ctw:create needs --threshold <pips>');
    const drawsAt = isoMoment(values, 'drawing');
    if (drawsAt === undefined) throw new UsageError('ctw:create needs --drawing <ISO date-time>');
    const startsAt = isoMoment(values, 'start') ?? new Date();
    if (drawsAt <= startsAt) throw new UsageError('--drawing must be after --start');
    const numberOfWinners = wholeNumber(values, 'winners', 1, 1000) ?? 1;
    const prize = localized(values, 'prize', 500) ?? null;
    const seed = newSeed();
    const contest = await insertContest(ctx.db, {
      communityId: community.id,
      name,
      prize,
      thresholdPips: threshold,
      startsAt,
      drawsAt,
      numberOfWinners,
      seed,
      commitment: commitmentOf(seed),
    });
    ctx.out(`Created Chance to Win contest ${contest.id} ${showText(name)} in community ${community.id}`);
    ctx.out(`  qualify: ${threshold} pips earned from ${iso(startsAt)} to ${iso(drawsAt)}; ${numberOfWinners} winner${numberOfWinners === 1 ? '' : 's'}`);
    if (prize !== null) ctx.out(`  prize: ${showText(prize)}`);
    ctx.out(`  commitment (SHA-256 of the seed, revealed at the drawing): ${contest.commitment}`);
    return 0;
  },
};

export const ctwList: AdminCommand = {
  name: 'ctw:list',
  usage: `ctw:list [--community <id>]
      List the Chance to Win contests, newest drawing first: id, status, window, threshold,
      winners, name and commitment.`,
  options: { community: { type: 'string' } },
  async run(values, ctx) {
    const communityId = text(values, 'community', 64);
    const contests = await listContests(ctx.db, communityId);
    if (contests.length === 0) {
      ctx.out('No Chance to Win contests yet (ctw:create makes one).');
      return 0;
    }
    for (const contest of contests) {
      ctx.out(
        `#${contest.id} ${contest.status.padEnd(5)} ${contest.community_id} ${iso(contest.starts_at)} -> ${iso(contest.draws_at)} ` +
          `threshold ${contest.threshold_pips}, ${contest.number_of_winners} winner(s): ${englishText(contest.name)}`,
      );
      ctx.out(`    commitment ${contest.commitment}`);
    }
    return 0;
  },
};

/** Prints a finished draw and announces it to the community (pushed by the server's push queue). */
async function announceDraw(ctx: AdminContext, draw: FinishedDraw): Promise<void> {
  printDraw(ctx, draw);
  const { id, queuedPushes } = await announce(ctx.db, winnersAnnouncement(draw));
  ctx.out(`Announced to the community as announcement ${id} (${queuedPushes} push${queuedPushes === 1 ? '' : 'es'} queued).`);
}

export const ctwDraw: AdminCommand = {
  name: 'ctw:draw',
  usage: `ctw:draw [--id <contest id> --now]
      Run every due draw now (the server also does so on its own). With --id and --now, the
      contest's drawing date is moved to now (its window closes) and it is drawn at once.
      Each contest is drawn once, whoever runs it.`,
  options: { id: { type: 'string' }, now: { type: 'boolean' } },
  async run(values, ctx) {
    const now = new Date();
    if (values.now === true) {
      const contest = await requireContest(ctx, values, 'ctw:draw --now');
      if (contest.status === 'drawn') throw new RefusedError(`contest ${contest.id} was already drawn (see ctw:winners --id ${contest.id})`);
      if (contest.starts_at > now) throw new RefusedError(`contest ${contest.id} has not started yet`);
      await moveDrawingTo(ctx.db, contest.id, now);
      const draw = await drawContest(ctx.db, contest.id, now);
      if (!draw) throw new RefusedError(`contest ${contest.id} was drawn by someone else meanwhile`);
      await announceDraw(ctx, draw);
      return 0;
    }
    if (values.id !== undefined) throw new UsageError('ctw:draw --id needs --now (without it every due draw runs)');
    const draws = await runDueDraws(ctx.db, now, async (draw) => announceDraw(ctx, draw));
    if (draws.length === 0) ctx.out('No draw is due.');
    return 0;
  },
};

export const ctwVerify: AdminCommand = {
  name: 'ctw:verify',
  usage: `ctw:verify --id <contest id> [--community <id>]
      Recompute a drawn contest from what it published (seed, entries) and compare: the seed
      against the commitment, the entries against their hash, the winners against the draw.
      Exit code 0 when everything matches, 1 otherwise (through a running server, --community
      names the contest's community).`,
  options: { id: { type: 'string' }, community: { type: 'string' } },
  async run(values, ctx) {
    const contest = await requireContest(ctx, values, 'ctw:verify');
    if (contest.status !== 'drawn') throw new RefusedError(`contest ${contest.id} is not drawn yet (drawing ${iso(contest.draws_at)})`);
    const entries = (await entriesOf(ctx.db, [contest.id])).get(contest.id) ?? [];
    const winners = ((await winnersOf(ctx.db, [contest.id])).get(contest.id) ?? []).map((w) => w.entryId);
    return printVerification(ctx.out, contest.id, { seed: contest.seed, commitment: contest.commitment, entries, entriesHash: contest.entries_hash ?? '', numberOfWinners: contest.number_of_winners }, winners);
  },
};

export const ctwWinners: AdminCommand = {
  name: 'ctw:winners',
  usage: `ctw:winners --id <contest id> [--community <id>]
      The winners of a drawn contest in the order drawn: name, user id, e-mail and entry id
      ("deleted member #id" once the account is deleted; through a running server, --community
      names the contest's community).`,
  options: { id: { type: 'string' }, community: { type: 'string' } },
  async run(values, ctx) {
    const contest = await requireContest(ctx, values, 'ctw:winners');
    if (contest.status !== 'drawn') throw new RefusedError(`contest ${contest.id} is not drawn yet (drawing ${iso(contest.draws_at)})`);
    const winners = (await operatorWinners(ctx.db, await winnersOf(ctx.db, [contest.id]))).get(contest.id) ?? [];
    ctx.out(`Winners of contest ${contest.id} ${showText(contest.name)} (drawn ${contest.drawn_at ? iso(contest.drawn_at) : '-'}):`);
    if (winners.length === 0) ctx.out('  none (nobody qualified)');
    for (const winner of winners) {
      ctx.out(`  ${winner.position}. ${winner.name} (user ${winner.userId}, ${winner.email ?? 'no e-mail: deleted'}, entry ${winner.entryId})`);
    }
    return 0;
  },
};

/**
 * Recomputes a drawn contest from what it published and prints each check (the database's
 * ctw:verify and the one through a server alike); exit code 0 when all match, 1 otherwise.
 */
export function printVerification(
  out: (line: string) => void,
  id: number,
  proof: { seed: string; commitment: string; entries: readonly number[]; entriesHash: string; numberOfWinners: number },
  winnerEntryIds: readonly number[],
): number {
  const entries = sortEntries(proof.entries);
  const checks = [
    ['seed matches the commitment', commitmentOf(proof.seed) === proof.commitment],
    ['entries match their hash', entriesHashOf(entries) === proof.entriesHash],
    ['winners match the draw', drawWinners(proof.seed, entries, proof.numberOfWinners).join(',') === winnerEntryIds.join(',')],
  ] as const;
  out(`Contest ${id}: seed ${proof.seed}, ${entries.length} entries, hash ${proof.entriesHash}`);
  for (const [what, good] of checks) out(`  ${good ? 'OK  ' : 'FAIL'} ${what}`);
  const verified = checks.every(([, good]) => good);
  out(verified ? 'Verified.' : 'Does NOT match.');
  return verified ? 0 : 1;
}
