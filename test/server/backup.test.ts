import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../server/admin';
import { openDatabase } from '../../server/db/index';
import { freePort } from '../e2e/support/serverProcess';
import { createEarnPromo } from './helpers/catalog';
import { runsOn } from './helpers/databases';
import { pglitePlace, postgresPlace, seed, startProcess, type Member, type Place } from './helpers/processPlace';

const url = process.env.TEST_DATABASE_URL;
const PASSWORD = 'Sup3r-secret!';

/** Sign-ups from one address, back to back: the per-address limits out of the way. */
const OPEN_LIMITS = { RATE_LIMIT_TOKENIZE_PER_ADDRESS: '100000/60', RATE_LIMIT_EMAIL_EXISTS_PER_ADDRESS: '100000/60', SCRYPT_COST: '1024' };

/** `npm run admin -- <args>` on a place's data (the CLI's main, in this process); its exit code and what it printed. */
async function admin(env: Record<string, string>, args: string[]): Promise<{ code: number; output: string }> {
  let output = '';
  const print = (line: string) => (output += `${line}\n`);
  const code = await main(args, { env: { ...process.env, ...env }, out: print, err: print });
  return { code, output };
}

interface Acknowledged {
  kind: 'earn' | 'redeem' | 'signup';
  at: number;
  member?: Member;
  key?: string;
  transactionId?: number;
  email?: string;
}

async function post(base: string, path: string, fields: Record<string, string>, authToken?: string) {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(authToken ? { authorization: authToken } : {}) },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: response.status, body: (await response.json()) as { data: Record<string, unknown> | null } };
}

/** A fresh place for the restore: an empty PGlite folder, or an empty PostgreSQL database. */
async function freshPlace(name: Place['name']): Promise<Place> {
  if (name === 'postgres') {
    const place = postgresPlace(url!);
    await (await place.open()).close(); // creates the empty database
    return place;
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'pips-restored-'));
  return {
    name,
    env: { DATA_DIR: dataDir, DATABASE_URL: '' },
    open: () => openDatabase({ dataDir }),
    drop: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

const places: { name: Place['name']; make: () => Place }[] = [
  ...(runsOn('pglite') ? [{ name: 'pglite' as const, make: pglitePlace }] : []),
  ...(runsOn('postgres') ? [{ name: 'postgres' as const, make: () => postgresPlace(url!) }] : []),
];
const cleanup: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const step of cleanup) await step();
});

/**
 * `npm run admin -- backup` while a real server runs and members earn, redeem and sign up, then
 * `restore` into a fresh place and a new server on it (issue 46): every write acknowledged before
 * the backup started is there, and every balance equals the sum of its ledger rows. On PGlite the
 * server takes the copy itself, and the restored folder opens as it is (no lock file touched).
 */
describe.each(places)('backup under writes, restored, on $name', ({ name, make }) => {
  it('keeps every write acknowledged before the backup, and the ledger invariants', { timeout: 480_000 }, async () => {
    const place = make();
    cleanup.push(() => place.drop());
    const { members, reward, communityId } = await seed(place, { members: 6, pips: 1_000, price: 5, codes: 500 });
    const seeded = await place.open();
    const earnId = await createEarnPromo(seeded.db, { communityId, pips: 3, limit: 'unlimited' });
    await seeded.close();
    const server = await startProcess(place, await freePort(), OPEN_LIMITS);
    cleanup.push(async () => {
      server.child.kill('SIGKILL');
      await server.exited;
    });

    const acknowledged: Acknowledged[] = [];
    let stop = false;
    const member = async (m: Member, index: number) => {
      for (let n = 0; !stop; n++) {
        const key = `bk-${m.userId}-${n}-${randomBytes(3).toString('hex')}`;
        const kind = (n + index) % 2 === 0 ? 'earn' : 'redeem';
        try {
          const answer =
            kind === 'earn'
              ? await post(server.url, '/mobile/earn', { pid: String(earnId), idempotencyKey: key }, m.authToken)
              : await post(server.url, '/mobile/redeem', { pid: String(reward.id), optId: String(reward.optionIds[0]), amount: '1', idempotencyKey: key }, m.authToken);
          if (answer.status === 200) acknowledged.push({ kind, at: Date.now(), member: m, key, transactionId: answer.body.data?.transactionId as number | undefined });
        } catch {
          // not acknowledged
        }
      }
    };
    const signups = async (writer: number) => {
      for (let n = 0; !stop; n++) {
        const email = `backup.${writer}.${n}.${randomBytes(3).toString('hex')}@example.com`;
        try {
          const tokenized = await post(server.url, '/api/tokenize', { tokenType: 'register', password: PASSWORD });
          const query = new URLSearchParams({ email, firstName: 'Back', lastName: 'Up', passwordToken: String(tokenized.body.data?.token), phone: '', customTermsAccepted: 'true', communityId });
          const registered = await fetch(`${server.url}/mobile/user/register?${query}`, { method: 'POST' });
          if (registered.status === 200) acknowledged.push({ kind: 'signup', at: Date.now(), email });
        } catch {
          // not acknowledged
        }
      }
    };
    const writers = [...members.map(member), signups(1), signups(2)];
    // Enough writes of every kind before the backup (a sign-up hashes a password: on a busy
    // machine forty earns and redemptions can come before the first one).
    const kindsSeen = () => new Set(acknowledged.map((a) => a.kind)).size;
    while (acknowledged.length < 40 || kindsSeen() < 3) await new Promise((r) => setTimeout(r, 20));

    // The backup, with the writers going on.
    const file = join(mkdtempSync(join(tmpdir(), 'pips-backup-')), name === 'pglite' ? 'backup.tar.gz' : 'backup.dump');
    cleanup.push(async () => rmSync(join(file, '..'), { recursive: true, force: true }));
    const started = Date.now();
    const backup = await admin(place.env, ['backup', '--out', file]);
    const finished = Date.now();
    expect(backup.output).toContain(`written to ${file}`);
    expect(backup.code).toBe(0);
    if (name === 'pglite') expect(backup.output).toContain('taken by the server');
    await new Promise((r) => setTimeout(r, 300));
    stop = true;
    await Promise.all(writers);
    const before = acknowledged.filter((a) => a.at < started);
    // Written under load: members wrote while the backup ran.
    expect(acknowledged.filter((a) => a.at >= started && a.at <= finished).length).toBeGreaterThan(0);
    expect(new Set(before.map((a) => a.kind))).toEqual(new Set(['earn', 'redeem', 'signup']));
    expect(statSync(file).mode & 0o777).toBe(0o600);
    server.child.kill('SIGTERM');
    await server.exited;

    // Into a fresh place, and a new server on it as it is.
    const restored = await freshPlace(name);
    cleanup.push(() => restored.drop());
    const restore = await admin(restored.env, ['restore', '--from', file]);
    expect(restore.output).toContain('Restored');
    expect(restore.code).toBe(0);
    if (name === 'pglite') expect(readdirSync(restored.env.DATA_DIR).filter((f) => f.startsWith('pips.'))).toEqual([]);
    const again = await startProcess(restored, await freePort(), OPEN_LIMITS);
    try {
      const lost: string[] = [];
      for (const a of before) {
        if (a.kind === 'redeem') {
          const replay = await post(again.url, '/mobile/redeem', { pid: String(reward.id), optId: String(reward.optionIds[0]), amount: '1', idempotencyKey: a.key! }, a.member!.authToken);
          if (replay.status !== 200 || replay.body.data?.transactionId !== a.transactionId) lost.push(`redeem ${a.key}: ${replay.status} ${JSON.stringify(replay.body.data)}`);
        } else if (a.kind === 'signup') {
          const answer = await fetch(`${again.url}/web/user/email?${new URLSearchParams({ email: a.email! })}`);
          if (((await answer.json()) as { data: { exists: boolean } }).data.exists !== true) lost.push(`signup ${a.email}`);
        }
      }
      expect(lost).toEqual([]);
    } finally {
      again.child.kill('SIGTERM');
      await again.exited;
    }

    const { db, close } = await restored.open();
    try {
      const earnKeys = before.filter((a) => a.kind === 'earn').map((a) => a.key!);
      const found = await db.selectFrom('ledger_entries').select('idempotency_key').where('idempotency_key', 'in', earnKeys).execute();
      expect(earnKeys.filter((key) => !found.some((row) => row.idempotency_key === key))).toEqual([]);
      const wrong = await sql<{ id: number }>`
        select u.id from users u left join ledger_entries l on l.user_id = u.id
        group by u.id, u.available_pips having u.available_pips <> coalesce(sum(l.delta), 0)
      `.execute(db);
      expect(wrong.rows).toEqual([]);
    } finally {
      await close();
    }
  });
});
