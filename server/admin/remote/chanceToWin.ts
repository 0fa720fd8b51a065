import { isoMoment, localized, requiredText, showText, wholeNumber } from '../args';
import { printVerification } from '../chanceToWin';
import { RefusedError, UsageError, type OptionValues } from '../context';
import type { RemoteCommand, RemoteContext } from './client';
import { adminText, communityPath, printRows, requiredId, type AdminText } from './shared';

/** Chance to Win through a server: a new contest, the list, a drawing now, its winners, and its proof checked here. */

interface AdminCtwView {
  id: number;
  name: AdminText;
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

const contestsOf = async (ctx: RemoteContext, community: string) =>
  (await ctx.call<{ contests: AdminCtwView[] }>('GET', communityPath(community, '/chance-to-win'))).contests;

const winnerLine = (w: AdminCtwView['winners'][number]) => `  ${w.position}. ${w.name} (user ${w.userId}, ${w.email ?? 'deleted'})`;

/** The contest of `--id` in `--community` (the server lists contests by community), as the server published it. */
async function publishedContest(values: OptionValues, ctx: RemoteContext, command: string): Promise<AdminCtwView> {
  const id = requiredId(values, 'id', `${command} needs --id <contest id> (and --community through the server)`);
  const community = requiredText(values, 'community', `${command} (through the server)`);
  const contest = (await contestsOf(ctx, community)).find((c) => c.id === id);
  if (!contest) throw new RefusedError(`no Chance to Win contest ${id} in ${community} (see ctw:list)`);
  return contest;
}

export const ctwCreate: RemoteCommand = {
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
    const contest = await ctx.call<AdminCtwView>('POST', communityPath(community, '/chance-to-win'), {
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

export const ctwList: RemoteCommand = {
  name: 'ctw:list',
  async run(values, ctx) {
    const community = requiredText(values, 'community', 'ctw:list');
    printRows(ctx, await contestsOf(ctx, community), 'No Chance to Win contests yet (ctw:create makes one).', (c) => [
      `#${c.id} ${c.status.padEnd(5)} ${c.startsAt} -> ${c.drawsAt} threshold ${c.thresholdPips}, ${c.numberOfWinners} winner(s): ${showText(c.name)}`,
      `    commitment ${c.commitment}`,
    ]);
    return 0;
  },
};

export const ctwDraw: RemoteCommand = {
  name: 'ctw:draw',
  async run(values, ctx) {
    const id = wholeNumber(values, 'id', 1, 2 ** 31 - 1);
    if (id === undefined || values.now !== true) {
      throw new UsageError('through the server, ctw:draw needs --id <contest id> --now (the server runs the due draws on its own)');
    }
    const drawn = await ctx.call<AdminCtwView>('POST', `/admin/chance-to-win/${id}/draw`);
    ctx.out(`Drew contest ${drawn.id} ${showText(drawn.name)}, through the server: ${drawn.entries ?? 0} entr${drawn.entries === 1 ? 'y' : 'ies'}`);
    printRows(ctx, drawn.winners, '  no winners (nobody qualified)', winnerLine);
    ctx.out('  announced to the community');
    return 0;
  },
};

export const ctwWinners: RemoteCommand = {
  name: 'ctw:winners',
  async run(values, ctx) {
    const contest = await publishedContest(values, ctx, 'ctw:winners');
    if (contest.status !== 'drawn') throw new RefusedError(`contest ${contest.id} is not drawn yet (drawing ${contest.drawsAt})`);
    ctx.out(`Winners of contest ${contest.id} ${showText(contest.name)} (through the server):`);
    printRows(ctx, contest.winners, '  none (nobody qualified)', winnerLine);
    return 0;
  },
};

export const ctwVerify: RemoteCommand = {
  name: 'ctw:verify',
  async run(values, ctx) {
    const contest = await publishedContest(values, ctx, 'ctw:verify');
    const { seed, entries, entriesHash, commitment, numberOfWinners } = contest.proof;
    if (contest.status !== 'drawn' || seed === null || entries === null || entriesHash === null) {
      throw new RefusedError(`contest ${contest.id} is not drawn yet (drawing ${contest.drawsAt})`);
    }
    ctx.out('Checked here from what the server published:');
    return printVerification(ctx.out, contest.id, { seed, commitment, entries, entriesHash, numberOfWinners }, contest.winners.map((w) => w.entryId));
  },
};
