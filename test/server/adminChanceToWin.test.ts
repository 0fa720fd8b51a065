import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RefusedError, runAdmin, UsageError } from '../../server/admin';
import { playerName } from '../../server/contests/playerNames';
import { findContest } from '../../server/db/repositories/chanceToWin';
import { adjustPips } from '../../server/db/repositories/ledger';
import { backends } from './helpers/databases';
import { createHarness, expectOk, type Harness } from './helpers/harness';

describe.each(backends)('admin CLI: Chance to Win on $name', (backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(backend, { drawIntervalSeconds: 0 });
  });
  afterAll(async () => {
    await h.close();
  });

  async function run(...argv: string[]) {
    const lines: string[] = [];
    const code = await runAdmin(argv, { db: h.db, publicUrl: 'http://pips.test', out: (line) => lines.push(line) });
    return { code, output: lines.join('\n') };
  }

  it('creates a contest, lists it, draws it early, shows and verifies the winners; a tampered seed fails', async () => {
    await h.reset();
    const drawing = new Date(Date.now() + 7 * 24 * 3600_000).toISOString();
    const created = await run(
      'ctw:create', '--community', h.community.id, '--name', 'Summer draw', '--name-es', 'Sorteo de verano',
      '--threshold', '30', '--drawing', drawing, '--winners', '2', '--prize', 'Two tickets', '--prize-es', 'Dos entradas',
    );
    expect(created.code).toBe(0);
    const id = Number(/contest (\d+)/.exec(created.output)?.[1]);
    const commitment = /commitment .*: ([0-9a-f]{64})/.exec(created.output)?.[1];
    expect(commitment).toMatch(/^[0-9a-f]{64}$/);
    expect((await run('ctw:list')).output).toContain(`#${id} open`);

    const alice = await h.registerVerified({ firstName: 'Alice', lastName: 'Zed', email: 'alice@example.org' });
    const bob = await h.registerVerified({ firstName: 'Bob', lastName: 'Young', email: 'bob@example.org' });
    await adjustPips(h.db, { userId: alice.userId, delta: 30, reason: 'x' });
    await adjustPips(h.db, { userId: bob.userId, delta: 10, reason: 'x' });
    const current = expectOk(await h.call({ url: '/mobile/contest/chancetowin', token: alice.authToken, headers: { 'accept-language': 'es' } }));
    expect(current).toMatchObject({ id, name: 'Sorteo de verano', prize: 'Dos entradas', earnedPips: 30, proof: { commitment } });

    expect((await run('ctw:draw')).output).toBe('No draw is due.');
    const drawn = await run('ctw:draw', '--id', String(id), '--now');
    expect(drawn.code).toBe(0);
    expect(drawn.output).toContain('1 entry');
    expect(drawn.output).toContain('1. Alice Z.');
    expect(drawn.output).toMatch(/Announced to the community as announcement \d+/);
    // The whole community reads who won, in its language, with the way to check the draw.
    const page = expectOk(await h.call({ url: '/mobile/announcements', token: bob.authToken, headers: { 'accept-language': 'es' } }));
    // Under Alice's fictional player name, never her own (issue 46); the CLI tells the operator both.
    const row = (await findContest(h.db, id))!;
    expect(drawn.output).toContain(`announced as ${playerName(row, alice.userId, 'en')} / ${playerName(row, alice.userId, 'es')}`);
    expect(JSON.stringify(page)).toContain(`Felicidades a ${playerName(row, alice.userId, 'es')}`);
    expect(JSON.stringify(page)).not.toMatch(/Alice|Zed/);
    expect(JSON.stringify(page)).toContain('/chance-to-win');
    await expect(run('ctw:draw', '--id', String(id), '--now')).rejects.toThrow(RefusedError);

    const winners = await run('ctw:winners', '--id', String(id));
    expect(winners.output).toContain('Alice Z. (user');
    expect(winners.output).toContain('alice@example.org');
    expect(winners.output).not.toContain('Bob');

    const verified = await run('ctw:verify', '--id', String(id));
    expect(verified.code).toBe(0);
    expect(verified.output).toContain('Verified.');

    await h.db.updateTable('ctw_contests').set({ seed: 'ab'.repeat(32) }).where('id', '=', id).execute();
    const tampered = await run('ctw:verify', '--id', String(id));
    expect(tampered.code).toBe(1);
    expect(tampered.output).toContain('FAIL seed matches the commitment');
    expect(tampered.output).toContain('Does NOT match.');
  });

  it('refuses bad input with the reason', async () => {
    await h.reset();
    await expect(run('ctw:create', '--community', h.community.id, '--name', 'X', '--threshold', '0', '--drawing', '2030-01-01')).rejects.toThrow(/--threshold/);
    await expect(
      run('ctw:create', '--community', h.community.id, '--name', 'X', '--threshold', '5', '--start', '2030-01-02', '--drawing', '2030-01-01'),
    ).rejects.toThrow(/after --start/);
    await expect(run('ctw:verify', '--id', '999')).rejects.toThrow(UsageError);
    await expect(run('ctw:draw', '--id', '1')).rejects.toThrow(/--now/);
    expect((await run('ctw:list')).output).toContain('No Chance to Win contests yet');
  });
});
