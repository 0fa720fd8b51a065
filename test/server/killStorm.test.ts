import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/schema';
import { freePort } from '../e2e/support/serverProcess';
import type { RedeemPromo } from './helpers/catalog';
import { placesOfThisRun, startProcess, seed, type Member } from './helpers/processPlace';


const MEMBERS = 6;
const START_PIPS = 400;
const PRICE = 10;

interface Redemption {
  status: number;
  code: string;
  transactionId?: number;
}

async function redeem(base: string, member: Member, reward: RedeemPromo, key: string): Promise<Redemption> {
  const response = await fetch(`${base}/mobile/redeem`, {
    method: 'POST',
    headers: { authorization: member.authToken, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ pid: String(reward.id), optId: String(reward.optionIds[0]), amount: '1', idempotencyKey: key }).toString(),
  });
  const body = (await response.json()) as { data: { transactionId: number } | null; error: { code: string } | null };
  return { status: response.status, code: body.error?.code ?? 'OK', transactionId: body.data?.transactionId };
}

/** The ledger's invariants, read straight from the database once no server runs. */
async function invariants(db: Kysely<Database>) {
  const balances = await sql<{ id: number; available: number; earned: number; used: number; sum: string; credits: string; debits: string }>`
    select u.id, u.available_pips as available, u.total_earned_pips as earned, u.total_used_pips as used,
           coalesce(sum(l.delta), 0) as sum,
           coalesce(sum(l.delta) filter (where l.delta > 0), 0) as credits,
           coalesce(-sum(l.delta) filter (where l.delta < 0), 0) as debits
    from users u left join ledger_entries l on l.user_id = u.id
    group by u.id
  `.execute(db);
  const wrongBalances = balances.rows.filter(
    (row) => row.available !== Number(row.sum) || row.earned !== Number(row.credits) || row.used !== Number(row.debits) || row.available < 0,
  );
  const codes = await sql<{ handed: string; distinct: string; redemptions: string }>`
    select (select count(*) from gift_card_codes where redemption_id is not null) as handed,
           (select count(distinct redemption_id) from gift_card_codes where redemption_id is not null) as distinct,
           (select count(*) from redemptions) as redemptions
  `.execute(db);
  return { wrongBalances, ...codes.rows[0] };
}

const places = placesOfThisRun(afterAll);

/**
 * SIGKILL in the middle of a redemption storm (issue 13): no graceful anything, the process is
 * gone mid-transaction. After a restart on the same data every acknowledged redemption is there
 * (its replay answers the same transaction), every balance still equals its ledger rows and never
 * went below zero, and no code was handed out twice.
 */
describe.each(places)('SIGKILL during a redemption storm on $name', ({ make }) => {
  it('keeps every acknowledged redemption and the ledger invariants after a restart', { timeout: 300_000 }, async () => {
    const place = make();
    // Fewer codes than the pips could buy: the storm also runs the stock out.
    const { members, reward } = await seed(place, { members: MEMBERS, pips: START_PIPS, price: PRICE, codes: 150 });
    const port = await freePort();
    const server = await startProcess(place, port);

    const acknowledged: { member: Member; key: string; transactionId: number }[] = [];
    let stop = false;
    let n = 0;
    const storm = async (member: Member) => {
      while (!stop) {
        const key = `storm-${member.userId}-${++n}-${randomBytes(3).toString('hex')}`;
        try {
          const answer = await redeem(server.url, member, reward, key);
          if (answer.status === 200 && answer.transactionId) acknowledged.push({ member, key, transactionId: answer.transactionId });
        } catch {
          // cut by the kill: not acknowledged
        }
      }
    };
    // Two writers per member, all at once.
    const writers = [...members, ...members].map(storm);
    while (acknowledged.length < 30) {
      if (server.child.exitCode !== null) throw new Error(`server died on its own:\n${server.output()}`);
      await new Promise((r) => setTimeout(r, 10));
    }
    server.child.kill('SIGKILL');
    await server.exited;
    stop = true;
    await Promise.all(writers);
    expect(acknowledged.length).toBeGreaterThanOrEqual(30);

    // Back up on the same data: each acknowledged redemption replays to its own transaction.
    const again = await startProcess(place, port);
    try {
      const lost: string[] = [];
      for (const { member, key, transactionId } of acknowledged) {
        const replay = await redeem(again.url, member, reward, key);
        if (replay.status !== 200 || replay.transactionId !== transactionId) lost.push(`${key}: ${replay.status} ${replay.code} ${replay.transactionId} != ${transactionId}`);
      }
      expect(lost).toEqual([]);
      // And the server goes on working after the crash.
      expect((await redeem(again.url, members[0], reward, `after-${randomBytes(4).toString('hex')}`)).status).toBeLessThan(500);
    } finally {
      again.child.kill('SIGTERM');
      await again.exited;
    }

    const { db, close } = await place.open();
    try {
      const found = await invariants(db);
      expect(found.wrongBalances).toEqual([]);
      // One code per redemption, never one code for two.
      expect(Number(found.handed)).toBe(Number(found.redemptions));
      expect(Number(found.distinct)).toBe(Number(found.redemptions));
      expect(Number(found.redemptions)).toBeGreaterThanOrEqual(acknowledged.length);
    } finally {
      await close();
    }
  });
});
