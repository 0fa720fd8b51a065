import { beforeAll, describe, expect, it } from 'vitest';
import { RefusedError } from '../../server/admin';
import { adminCli } from './helpers/adminCli';
import { backends } from './helpers/databases';
import type { Harness } from './helpers/harness';

/** The operator CLI on the database: members' pips adjusted, and their ledger. */
describe.each(backends)('admin CLI on $name', (backend) => {
  const cli = adminCli(backend);
  const { run } = cli;
  let h: Harness;
  beforeAll(() => {
    ({ h } = cli.current());
  });

  describe('pips and the ledger', () => {
    /** The ledger invariant of migration 003 for one member. */
    async function expectLedgerAgrees(userId: number) {
      const user = await h.db.selectFrom('users').select(['available_pips', 'total_earned_pips', 'total_used_pips']).where('id', '=', userId).executeTakeFirstOrThrow();
      const rows = await h.db.selectFrom('ledger_entries').select('delta').where('user_id', '=', userId).execute();
      const sum = (deltas: number[]) => deltas.reduce((a, b) => a + b, 0);
      expect(user).toEqual({
        available_pips: sum(rows.map((r) => r.delta)),
        total_earned_pips: sum(rows.map((r) => r.delta).filter((d) => d > 0)),
        total_used_pips: 0 - sum(rows.map((r) => r.delta).filter((d) => d < 0)),
      });
      return user;
    }

    it('credits and debits a member with a reason, as adjustment rows of the ledger', async () => {
      const user = await h.registerVerified();
      const credit = await run('pips:adjust', '--email', user.email, '--delta', '+50', '--reason', 'Welcome bonus');
      expect(credit.code).toBe(0);
      expect(credit.output).toContain(`Adjusted the pips of ${user.email} (user ${user.userId}) by +50: "Welcome bonus"`);
      expect(credit.output).toContain('available: 0 -> 50');
      const debit = await run('pips:adjust', '--email', user.email, '--delta', '-20', '--reason', 'Correction');
      expect(debit.output).toContain('available: 50 -> 30');
      expect(await expectLedgerAgrees(user.userId)).toEqual({ available_pips: 30, total_earned_pips: 50, total_used_pips: 20 });
      const rows = await h.db.selectFrom('ledger_entries').select(['delta', 'kind', 'title', 'reason', 'source_id']).where('user_id', '=', user.userId).orderBy('id').execute();
      expect(rows).toEqual([
        { delta: 50, kind: 'adjustment', title: { en: 'Pips adjustment', es: 'Ajuste de pips' }, reason: 'Welcome bonus', source_id: null },
        { delta: -20, kind: 'adjustment', title: { en: 'Pips adjustment', es: 'Ajuste de pips' }, reason: 'Correction', source_id: null },
      ]);
      const dashboard = await h.call({ url: '/mobile/dashboard', token: user.authToken });
      expect(dashboard.body.data).toMatchObject({ availablePips: 30, totalEarnedPips: 50, totalUsedPips: 20 });
      const activity = await h.call({ url: '/mobile/dashboard/actions', query: { page: 1, size: 1000 }, token: user.authToken });
      expect(activity.body.data.actions.map((a: { kind: string; title: string; pips: number }) => [a.kind, a.title, a.pips])).toEqual([
        ['adjustment', 'Correction', -20],
        ['adjustment', 'Welcome bonus', 50],
      ]);
    });

    it('refuses a debit below zero and changes nothing', async () => {
      const user = await h.registerVerified();
      await run('pips:adjust', '--email', user.email, '--delta', '10', '--reason', 'Start');
      const error = await run('pips:adjust', '--email', user.email, '--delta=-11', '--reason', 'Too much').catch((e: Error) => e);
      expect(error).toBeInstanceOf(RefusedError);
      expect((error as Error).message).toBe(`cannot take 11 pips from ${user.email}: only 10 available (nothing was changed)`);
      expect(await expectLedgerAgrees(user.userId)).toEqual({ available_pips: 10, total_earned_pips: 10, total_used_pips: 0 });
      const cases: [string[], RegExp][] = [
        [['pips:adjust', '--email', user.email, '--reason', 'x'], /needs --delta/],
        [['pips:adjust', '--email', user.email, '--delta', '0', '--reason', 'x'], /--delta must not be 0/],
        [['pips:adjust', '--email', user.email, '--delta', '1.5', '--reason', 'x'], /--delta must be a whole number/],
        [['pips:adjust', '--email', user.email, '--delta', '5'], /needs --reason/],
        [['pips:adjust', '--email', user.email, '--delta', '5', '--reason', '   '], /--reason must not be empty/],
        [['pips:adjust', '--email', 'nobody@example.com', '--delta', '5', '--reason', 'x'], /no account uses nobody@example.com/],
        [['pips:adjust', '--email', 'not-an-email', '--delta', '5', '--reason', 'x'], /not a valid e-mail address/],
        [['ledger:show', '--email', user.email, '--limit', '0'], /--limit must be a whole number from 1/],
        [['ledger:show'], /needs --email/],
      ];
      for (const [argv, message] of cases) await expect(run(...argv), argv.join(' ')).rejects.toThrow(message);
      expect(await expectLedgerAgrees(user.userId)).toEqual({ available_pips: 10, total_earned_pips: 10, total_used_pips: 0 });
    });

    it('shows a ledger newest first with the balance after each row', async () => {
      const user = await h.registerVerified();
      const empty = await run('ledger:show', '--email', user.email);
      expect(empty.output).toContain('available 0, earned 0, used 0; 0 rows');
      expect(empty.output).toContain('no rows yet');
      await run('pips:adjust', '--email', user.email, '--delta', '40', '--reason', 'Bonus');
      await run('pips:adjust', '--email', user.email, '--delta', '-15', '--reason', 'Fix');
      await run('pips:adjust', '--email', user.email, '--delta', '5', '--reason', 'Extra');
      const { code, output } = await run('ledger:show', '--email', user.email);
      expect(code).toBe(0);
      expect(output).toContain('available 30, earned 45, used 15; 3 rows');
      expect(output).not.toContain('WARNING');
      const lines = output.split('\n').filter((line) => /^\s+\d{4}-\d{2}-\d{2} /.test(line));
      expect(lines).toHaveLength(3);
      expect(lines[0]).toMatch(/\+5 adjustment\s+30\s+Pips adjustment \(reason: Extra\)$/);
      expect(lines[1]).toMatch(/-15 adjustment\s+25\s+Pips adjustment \(reason: Fix\)$/);
      expect(lines[2]).toMatch(/\+40 adjustment\s+40\s+Pips adjustment \(reason: Bonus\)$/);
      const limited = await run('ledger:show', '--email', user.email, '--limit', '1');
      expect(limited.output).toContain('… 2 older rows (use --limit)');
    });
  });
});
