import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { dashboardOf } from '../../../server/db/repositories/hot';
import { backends, type TestDatabase } from '../helpers/databases';

// The hot statements run as named statements on PostgreSQL (server/db/repositories/hot.ts): parsed
// once per connection, and described once per connection (their later executions are bound and
// run without a Describe, with the parsers of the first).
const postgres = backends.filter((backend) => backend.name === 'postgres');

describe.runIf(postgres.length > 0).each(postgres)('named statements on $name', (backend) => {
  let database: TestDatabase;
  const Connection = (pg as unknown as { Connection: { prototype: Record<string, (...args: unknown[]) => unknown> } }).Connection;
  beforeAll(async () => {
    database = await backend.open(); // 5 connections
  });
  afterAll(async () => {
    await database.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('parses and describes a statement once per connection, and every later answer has the same types', async () => {
    const [{ id: community }] = (await sql<{ id: string }>`insert into communities (id, name) values ('named', 'Named') returning id`.execute(database.db)).rows;
    const [{ id: user }] = (
      await sql<{ id: number }>`insert into users (community_id, first_name, last_name, custom_terms_accepted, is_verified, available_pips)
                                values (${community}, 'N', 'S', true, true, 42) returning id`.execute(database.db)
    ).rows;
    await sql`insert into auth_tokens (token_hash, user_id, family_id, expires_at) values ('named-token', ${user}, 'family', '2030-01-02T03:04:05.678Z')`.execute(database.db);
    const parse = vi.spyOn(Connection.prototype, 'parse');
    const describe = vi.spyOn(Connection.prototype, 'describe');

    const answers = [];
    for (let i = 0; i < 12; i++) answers.push(await dashboardOf(database.db, 'named-token', 'en'));
    // Several at once, so that more than one connection runs it.
    answers.push(...(await Promise.all(Array.from({ length: 8 }, () => dashboardOf(database.db, 'named-token', 'en')))));

    const statement = (call: unknown[]) => (call[0] as { name?: string }).name;
    const parses = parse.mock.calls.filter((call) => statement(call) === 'pips_dashboard_plain').length;
    expect(parses).toBeGreaterThanOrEqual(1);
    expect(parses).toBeLessThanOrEqual(5);
    // A Describe of the unnamed portal for each first execution on a connection, none after.
    expect(describe.mock.calls.length).toBe(parses);
    for (const answer of answers) {
      expect(answer?.session).toEqual({ userId: user, familyId: 'family', expiresAt: Date.parse('2030-01-02T03:04:05.678Z'), isVerified: true });
      expect(JSON.parse(answer?.data as string)).toEqual({ availablePips: 42, totalEarnedPips: 0, totalUsedPips: 0, actions: [] });
    }
  });

  it('answers no session for an unknown token, described or not', async () => {
    for (let i = 0; i < 3; i++) expect(await dashboardOf(database.db, 'no-such-token', 'en')).toBeNull();
  });
});
