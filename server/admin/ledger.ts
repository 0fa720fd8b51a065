import { AppError } from '../errors';
import { adjustPips, showLedger } from '../db/repositories/ledger';
import { englishText, requiredText, requireUser, wholeNumber } from './args';
import { RefusedError, UsageError, type AdminCommand } from './context';

const MAX_DELTA = 10_000_000;
const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

export const pipsAdjust: AdminCommand = {
  name: 'pips:adjust',
  usage: `pips:adjust --email <email> --delta <+n|-n> --reason <text>
      Credit or debit a member's pips with a reason (a ledger row of kind "adjustment");
      the member sees the reason in Activity. A debit below zero is refused and changes nothing.`,
  options: {
    email: { type: 'string' },
    delta: { type: 'string' },
    reason: { type: 'string' },
  },
  async run(values, ctx) {
    const user = await requireUser(ctx.db, values, 'pips:adjust');
    const delta = wholeNumber(values, 'delta', -MAX_DELTA, MAX_DELTA);
    if (delta === undefined) throw new UsageError('pips:adjust needs --delta <+n|-n>, e.g. --delta 50 or --delta -20');
    if (delta === 0) throw new UsageError('--delta must not be 0');
    const reason = requiredText(values, 'reason', 'pips:adjust', 500);

    let posted;
    try {
      posted = await adjustPips(ctx.db, { userId: user.id, delta, reason });
    } catch (error) {
      if (error instanceof AppError && error.code === 'INSUFFICIENT_PIPS') {
        throw new RefusedError(
          `cannot take ${-delta} pips from ${user.email}: only ${user.available_pips} available (nothing was changed)`,
        );
      }
      throw error;
    }
    ctx.out(`Adjusted the pips of ${user.email} (user ${user.id}) by ${signed(delta)}: "${reason}"`);
    ctx.out(`  ledger entry #${posted.entryId}`);
    ctx.out(`  available: ${user.available_pips} -> ${posted.availablePips}`);
    return 0;
  },
};

export const ledgerShow: AdminCommand = {
  name: 'ledger:show',
  usage: `ledger:show --email <email> [--limit <n>]
      Show a member's balances and ledger rows, newest first (default the last 50): date,
      pips, kind, title or reason, and the balance after each row.`,
  options: { email: { type: 'string' }, limit: { type: 'string' } },
  async run(values, ctx) {
    const user = await requireUser(ctx.db, values, 'ledger:show');
    const limit = wholeNumber(values, 'limit', 1, 100_000) ?? 50;
    const view = await showLedger(ctx.db, user.id, limit);
    if (!view) throw new UsageError(`no account uses ${user.email}`);
    ctx.out(`Ledger of ${user.email} (user ${user.id}, community ${user.community_id})`);
    ctx.out(`  available ${view.availablePips}, earned ${view.totalEarnedPips}, used ${view.totalUsedPips}; ${view.entries} row${view.entries === 1 ? '' : 's'}`);
    const agrees =
      view.sum === view.availablePips && view.earnedSum === view.totalEarnedPips && view.usedSum === view.totalUsedPips;
    if (!agrees) {
      ctx.out(`  WARNING: the rows add up to available ${view.sum}, earned ${view.earnedSum}, used ${view.usedSum}`);
    }
    if (view.lines.length === 0) {
      ctx.out('  no rows yet');
      return agrees ? 0 : 1;
    }
    ctx.out(`  ${'date (UTC)'.padEnd(20)} ${'pips'.padStart(7)} ${'kind'.padEnd(13)} ${'balance'.padStart(8)}  title`);
    for (const line of view.lines) {
      const date = line.createdAt.toISOString().slice(0, 19).replace('T', ' ');
      const what = englishText(line.title) + (line.reason && line.reason !== englishText(line.title) ? ` (reason: ${line.reason})` : '');
      const source = line.sourceId === null ? '' : ` #${line.sourceId}`;
      ctx.out(`  ${date.padEnd(20)} ${signed(line.delta).padStart(7)} ${(line.kind + source).padEnd(13)} ${String(line.balanceAfter).padStart(8)}  ${what}`);
    }
    if (view.entries > view.lines.length) ctx.out(`  … ${view.entries - view.lines.length} older rows (use --limit)`);
    return agrees ? 0 : 1;
  },
};
