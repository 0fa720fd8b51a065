import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from '../../../server/db/index';
import { DEMO_COMMUNITY_NAME, ensureDemoCommunity, listCommunities } from '../../../server/db/repositories/communities';
import { migrations } from '../../../server/db/migrations/index';
import * as readColumns from '../../../server/db/migrations/058_read_columns';
import * as readVersions from '../../../server/db/migrations/059_read_versions';
import * as plainReads from '../../../server/db/migrations/060_plain_reads';
import * as earnCompletion from '../../../server/db/migrations/067_earn_completion';
import { backends, runsOn, type TestDatabase } from '../helpers/databases';

// The other suites open PGlite from a migrated copy (helpers/pgliteTemplate.ts): this one
// migrates an empty PGlite from scratch, as `npm start` does on a new data folder.
describe.runIf(runsOn('pglite'))('an empty PGlite database', () => {
  it('takes every migration in order', async () => {
    const { db, close } = await openDatabase({ dataDir: 'memory://' });
    try {
      const applied = await migrateToLatest(db);
      expect(applied.results?.map((r) => [r.migrationName, r.status])).toEqual(Object.keys(migrations).map((name) => [name, 'Success']));
    } finally {
      await close();
    }
  });
});

describe.each(backends)('database on $name', (backend) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await backend.open(); // already migrated once
  });
  afterAll(async () => {
    await database.close();
  });

  it('records every migration and applying again changes nothing', async () => {
    const again = await migrateToLatest(database.db);
    expect(again.results).toEqual([]);
    const rows = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(database.db);
    expect(rows.rows.map((r) => r.name)).toEqual(Object.keys(migrations));
  });

  it('059: a community\'s catalog version changes with its promos, reward options and their stock\'s turns, and only then', async () => {
    const community = `c059-${backend.name}`;
    const version = async (id = community) =>
      (await sql<{ v: string }>`select catalog_version::text as v from communities where id = ${id}`.execute(database.db)).rows[0].v;
    await sql`insert into communities (id, name) values (${community}, 'Versions'), (${community + '-other'}, 'Other')`.execute(database.db);
    const seen = [await version()];
    const changed = async () => {
      const now = await version();
      expect(seen).not.toContain(now);
      seen.push(now);
    };
    const promo = (
      await sql<{ id: number }>`insert into promos (community_id, type, title, pips) values (${community}, 'REDEEM', '"Gift"'::jsonb, 0) returning id`.execute(
        database.db,
      )
    ).rows[0].id;
    await changed();
    const option = (
      await sql<{ id: number }>`insert into promo_options (promo_id, label, pips) values (${promo}, '"$5"'::jsonb, 50) returning id`.execute(database.db)
    ).rows[0].id;
    await changed();
    await sql`update promos set title = '"Gift card"'::jsonb where id = ${promo}`.execute(database.db);
    await changed();
    await sql`update promo_options set pips = 60 where id = ${option}`.execute(database.db);
    await changed();
    const other = await version(community + '-other');
    const inStock = async () => (await sql<{ s: boolean }>`select in_stock as s from promo_options where id = ${option}`.execute(database.db)).rows[0].s;
    // Stock is part of the catalog, but only its turns: the first code in, the last code out.
    expect(await inStock()).toBe(false);
    await sql`insert into gift_card_codes (option_id, code) values (${option}, 'CODE-1')`.execute(database.db);
    expect(await inStock()).toBe(true);
    await changed();
    await sql`insert into gift_card_codes (option_id, code) values (${option}, 'CODE-2')`.execute(database.db);
    await sql`delete from gift_card_codes where option_id = ${option} and code = 'CODE-2'`.execute(database.db);
    expect(await version()).toBe(seen.at(-1));
    await sql`delete from gift_card_codes where option_id = ${option} and code = 'CODE-1'`.execute(database.db);
    expect(await inStock()).toBe(false);
    await changed();
    await sql`insert into gift_card_codes (option_id, code) values (${option}, 'CODE-3')`.execute(database.db);
    expect(await inStock()).toBe(true);
    await changed();
    await sql`delete from promo_options where id = ${option}`.execute(database.db);
    await changed();
    await sql`delete from promos where id = ${promo}`.execute(database.db);
    await changed();
    expect(await version(community + '-other')).toBe(other);
  });

  it('067: earn actions leading to the question of the day are completed by answering it; down and up round trip', async () => {
    const community = `c067-${backend.name}`;
    await sql`insert into communities (id, name) values (${community}, 'Completion')`.execute(database.db);
    const insert = async (redirect: string | null, url: string | null) =>
      (
        await sql<{ id: number }>`insert into promos (community_id, type, title, pips, redirect_to_internal_screen, url)
                                  values (${community}, 'EARN', '"Play"'::jsonb, 2, ${redirect}, ${url}) returning id`.execute(database.db)
      ).rows[0].id;
    const trivia = await insert('/trivia/individual', null);
    const linked = await insert('/trivia/individual', 'https://example.org/');
    const elsewhere = await insert('/redeem', null);
    const untyped = database.db as unknown as Kysely<unknown>;
    await earnCompletion.down(untyped);
    await earnCompletion.up(untyped);
    const rows = await sql<{ id: number; completed_by: string | null }>`select id, completed_by from promos where community_id = ${community} order by id`.execute(
      database.db,
    );
    expect(rows.rows).toEqual([
      { id: trivia, completed_by: 'triviaAnswer' },
      { id: linked, completed_by: null },
      { id: elsewhere, completed_by: null },
    ]);
    await expect(sql`update promos set completed_by = 'scanning' where id = ${trivia}`.execute(database.db)).rejects.toThrow();
  });

  it('creates the demo community once, however often it is asked for', async () => {
    const results = await Promise.all([ensureDemoCommunity(database.db), ensureDemoCommunity(database.db)]);
    const third = await ensureDemoCommunity(database.db);
    expect(results[0].id).toBe(results[1].id);
    expect(third.id).toBe(results[0].id);
    expect(third.id).toMatch(/^demo-[a-z0-9]{8}$/);
    expect(third.name).toBe(DEMO_COMMUNITY_NAME);
    const demo = (await listCommunities(database.db)).filter((c) => c.id.startsWith('demo-'));
    expect(demo).toHaveLength(1);
  });

  it('keeps e-mails lower-case and unique, and balances non-negative', async () => {
    const community = await ensureDemoCommunity(database.db);
    const base = { community_id: community.id, first_name: 'A', last_name: 'B', phone: '', day_of_birth: null, guardian_consent_at: null, custom_terms_accepted: true, password_hash: 'x' };
    await database.db.insertInto('users').values({ ...base, email: 'unique@example.com' }).execute();
    await expect(database.db.insertInto('users').values({ ...base, email: 'unique@example.com' }).execute()).rejects.toThrow();
    await expect(database.db.insertInto('users').values({ ...base, email: 'Upper@example.com' }).execute()).rejects.toThrow();
    await expect(database.db.insertInto('users').values({ ...base, email: 'neg@example.com', available_pips: -1 } as never).execute()).rejects.toThrow();
    // Deleted accounts (e-mail null) do not collide.
    await database.db.insertInto('users').values({ ...base, email: null }).execute();
    await database.db.insertInto('users').values({ ...base, email: null }).execute();
    // Accounts made through Google or Apple have no password.
    await database.db.insertInto('users').values({ ...base, email: 'oidc-only@example.com', password_hash: null }).execute();
  });

  it('links identities to users once per provider and subject, and knows the token types of 002', async () => {
    const community = await ensureDemoCommunity(database.db);
    const { id } = await database.db
      .insertInto('users')
      .values({ community_id: community.id, email: 'linked@example.com', first_name: 'A', last_name: 'B', phone: '', day_of_birth: null, guardian_consent_at: null, custom_terms_accepted: true, password_hash: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const identity = { provider: 'google', subject: 'sub-1', user_id: id, email: 'linked@example.com' };
    await database.db.insertInto('identities').values(identity).execute();
    await expect(database.db.insertInto('identities').values(identity).execute()).rejects.toThrow();
    await expect(database.db.insertInto('identities').values({ ...identity, user_id: 999_999 }).execute()).rejects.toThrow();

    const token = (type: string, n: number) => ({
      token_hash: `hash-${type}-${n}`,
      type: type as never,
      user_id: null,
      payload: '{}',
      expires_at: new Date(Date.now() + 60_000),
    });
    let n = 0;
    for (const type of ['register', 'changePassword', 'qrParams', 'emailReset', 'confirmPassword', 'oidcState', 'oidcTicket', 'oidcSignup']) {
      await database.db.insertInto('one_time_tokens').values(token(type, n++)).execute();
    }
    await expect(database.db.insertInto('one_time_tokens').values(token('bogus', n)).execute()).rejects.toThrow();
  });
});

// 058 to 060 changed read functions that 066 dropped as unused: their down and up are checked on a
// database as it was at 060, before 066 and without the functions of server/db/sql.
describe.each(backends)('database on $name at migration 060', (backend) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await backend.open('060_plain_reads');
  });
  afterAll(async () => {
    await database.close();
  });

  it('058: the reads answer the session and the data as two columns; down gives one object again, up the same functions', async () => {
    const definitions = async () => {
      const { rows } = await sql<{ def: string }>`
        select string_agg(pg_get_functiondef(p.oid), E'\n' order by p.proname) as def
          from pg_proc p join pg_namespace n on n.oid = p.pronamespace
         where n.nspname = current_schema() and p.proname in ('pips_dashboard', 'pips_promos', 'pips_activity')`.execute(database.db);
      return rows[0].def;
    };
    // 059 adds overloads of the three beside 058's: it goes down first, and comes back last.
    await readVersions.down(database.db as never);
    const columns = await definitions();
    expect(columns.match(/OUT o_session json, OUT o_data json\)\n RETURNS record/g)).toHaveLength(3);
    expect(columns).not.toContain('json_build_object(\'session\'');
    await readColumns.down(database.db as never);
    const object = await definitions();
    expect(object.match(/\n RETURNS json\n/g)).toHaveLength(3);
    expect(object.match(/return json_build_object\('session', v_head, 'data', /g)).toHaveLength(4);
    expect(object).not.toContain('o_session');
    await readColumns.up(database.db as never);
    expect(await definitions()).toBe(columns);
    await readVersions.up(database.db as never);
  });

  it('060: the catalog parts as functions answer what 059\'s reads built, in both languages; down and up round trip', async () => {
    const community = `c060-${backend.name}`;
    await sql`insert into communities (id, name) values (${community}, 'Plain')`.execute(database.db);
    const user = (
      await sql<{ id: number }>`insert into users (community_id, first_name, last_name, custom_terms_accepted, is_verified)
                                values (${community}, 'P', 'R', true, true) returning id`.execute(database.db)
    ).rows[0].id;
    await sql`insert into auth_tokens (token_hash, user_id, family_id, expires_at) values (${'t060-' + backend.name}, ${user}, 'f060', now() + interval '1 hour')`.execute(
      database.db,
    );
    const reward = (
      await sql<{ id: number }>`insert into promos (community_id, type, title, description, terms, pips, image_url, image_width, image_height)
             values (${community}, 'REDEEM', '{"en":"Gift","es":"Regalo"}'::jsonb, '{"en":"A card","es":"Una tarjeta"}'::jsonb, '"Terms"'::jsonb, 0, '/images/x.png', 40, 30) returning id`.execute(
        database.db,
      )
    ).rows[0].id;
    const option = (
      await sql<{ id: number }>`insert into promo_options (promo_id, label, pips) values (${reward}, '{"en":"$5","es":"5 $"}'::jsonb, 50) returning id`.execute(database.db)
    ).rows[0].id;
    await sql`insert into promo_options (promo_id, label, pips) values (${reward}, '"$10"'::jsonb, 100)`.execute(database.db);
    await sql`insert into gift_card_codes (option_id, code) values (${option}, 'C060')`.execute(database.db);
    await sql`insert into promos (community_id, type, title, description, pips) values
                (${community}, 'EARN', '{"en":"Visit","es":"Visita"}'::jsonb, '"Come"'::jsonb, 5),
                (${community}, 'EARN', '"Share"'::jsonb, '"Tell"'::jsonb, 7)`.execute(database.db);
    const token = 't060-' + backend.name;
    for (const lang of ['en', 'es']) {
      const before = (
        await sql<{ actions: string; rewards: string }>`select (select o_actions::text from pips_dashboard(${token}, ${lang}, null, null)) as actions,
                                                               (select o_data::text from pips_promos(${token}, 'REDEEM', '2026-01-01', ${lang}, null, null)) as rewards`.execute(database.db)
      ).rows[0];
      const now = (
        await sql<{ actions: string; rewards: string }>`select pips_earn_actions(${community}, ${lang}) as actions, pips_rewards(${community}, ${lang}) as rewards`.execute(database.db)
      ).rows[0];
      expect(JSON.parse(now.actions)).toEqual(JSON.parse(before.actions));
      expect(JSON.parse(now.rewards)).toEqual(JSON.parse(before.rewards));
      expect(JSON.parse(now.actions)).toHaveLength(2);
      expect(JSON.parse(now.rewards).promos[0].options).toHaveLength(2);
    }
    expect(JSON.parse((await sql<{ a: string }>`select pips_earn_actions(${community}, 'es') as a`.execute(database.db)).rows[0].a)[0].title).toBe('Visita');
    const count = async () =>
      Number(
        (
          await sql<{ n: string }>`select count(*)::text as n from pg_proc p join pg_namespace n on n.oid = p.pronamespace
                                   where n.nspname = current_schema() and p.proname in ('pips_earn_actions', 'pips_rewards')`.execute(database.db)
        ).rows[0].n,
      );
    expect(await count()).toBe(2);
    await plainReads.down(database.db as never);
    expect(await count()).toBe(0);
    await plainReads.up(database.db as never);
    expect(await count()).toBe(2);
  });
});
