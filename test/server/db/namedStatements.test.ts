import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type OpenedDatabase } from '../../../server/db/index';
import { prepared, statementName, withNamedStatements } from '../../../server/db/namedStatements';
import { dashboardOf } from '../../../server/db/repositories/hot';
import { runsOn } from '../helpers/databases';
import { adminQuery } from '../helpers/postgresRaces';

describe('the pool Kysely gets (withNamedStatements)', () => {
  /** A stand-in for pg's pool: one client that records what it is asked. */
  function recordingPool() {
    const calls: unknown[][] = [];
    let released = 0;
    const client = {
      query: (...args: unknown[]) => {
        calls.push(args);
        return Promise.resolve({ command: 'SELECT', rowCount: 0, rows: [] });
      },
      release: () => {
        released++;
      },
    };
    const pool = { connect: async () => client, end: async () => {} } as unknown as pg.Pool;
    return { pool, calls, released: () => released };
  }

  it('sends a registered text as a named query with its values, any other text as Kysely sent it', async () => {
    const text = prepared('test_named_lookup', 'select $1::int as n');
    const { pool, calls, released } = recordingPool();
    const client = await withNamedStatements(pool).connect();

    await client.query(text, [7]);
    await client.query('select 2', []);
    client.release();

    expect(calls).toEqual([[{ name: 'test_named_lookup', text, values: [7] }], ['select 2', []]]);
    expect(released()).toBe(1);
    expect(statementName(text)).toBe('test_named_lookup');
  });

  it('gives Kysely the same client object for the same connection (Kysely keys its connections by it)', async () => {
    const { pool } = recordingPool();
    const named = withNamedStatements(pool);
    expect(await named.connect()).toBe(await named.connect());
  });

  it('refuses a second text under a name already taken', () => {
    prepared('test_named_taken', 'select 1');
    expect(() => prepared('test_named_taken', 'select 2')).toThrow(/taken/);
  });
});

// On PostgreSQL the hot statements are prepared statements of the connection that ran them.
describe.skipIf(!runsOn('postgres'))('named statements on PostgreSQL', () => {
  const url = process.env.TEST_DATABASE_URL!;
  const schema = `test_${randomBytes(6).toString('hex')}`;
  let database: OpenedDatabase;
  beforeAll(async () => {
    await adminQuery(url, `create schema ${schema}`);
    // One connection: what the statements left on it can be read back through the same pool.
    database = await openDatabase({ url, schema, maxConnections: 1 });
    await migrateToLatest(database.db);
  });
  afterAll(async () => {
    await database?.close();
    await adminQuery(url, `drop schema if exists ${schema} cascade`);
  });

  it('prepares the dashboard once on the connection and answers the same every time', async () => {
    const [{ id: community }] = (await sql<{ id: string }>`insert into communities (id, name) values ('named', 'Named') returning id`.execute(database.db)).rows;
    const [{ id: user }] = (
      await sql<{ id: number }>`insert into users (community_id, first_name, last_name, custom_terms_accepted, is_verified, available_pips)
                                values (${community}, 'N', 'S', true, true, 42) returning id`.execute(database.db)
    ).rows;
    await sql`insert into auth_tokens (token_hash, user_id, family_id, expires_at) values ('named-token', ${user}, 'family', '2030-01-02T03:04:05.678Z')`.execute(database.db);

    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await dashboardOf(database.db, 'named-token', 'en'));

    const { rows } = await sql<{ name: string }>`select name from pg_prepared_statements where name like 'pips_%' order by name`.execute(database.db);
    expect(rows.map((row) => row.name)).toEqual(['pips_dashboard_plain']);
    for (const answer of answers) {
      expect(answer?.session).toEqual({ userId: user, familyId: 'family', expiresAt: Date.parse('2030-01-02T03:04:05.678Z'), isVerified: true });
      expect(JSON.parse(answer?.data as string)).toEqual({ availablePips: 42, totalEarnedPips: 0, totalUsedPips: 0, actions: [] });
    }
  });

  it('answers no session for an unknown token', async () => {
    for (let i = 0; i < 3; i++) expect(await dashboardOf(database.db, 'no-such-token', 'en')).toBeNull();
  });
});
