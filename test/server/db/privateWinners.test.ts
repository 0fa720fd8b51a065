import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playerName } from '../../../server/contests/playerNames';
import { migrateToLatest } from '../../../server/db/index';
import { backends, type TestDatabase } from '../helpers/databases';

// Migration 063 on a database drawn before it: the announcement that named the winners by their
// real names is written again with their fictional names, and the names go from the draw.
describe.each(backends)('063_private_winners on $name', (backend) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await backend.open('060_plain_reads');
  });
  afterAll(async () => {
    await database.close();
  });

  it("rewrites the draw's announcement with the winners' fictional names and drops the stored names", async () => {
    const db = database.db;
    await sql`insert into communities (id, name) values ('c063', 'Drawn')`.execute(db);
    const member = async (first: string) =>
      (
        await sql<{ id: number }>`insert into users (community_id, first_name, last_name, custom_terms_accepted, is_verified)
                                  values ('c063', ${first}, 'Moreno', true, true) returning id`.execute(db)
      ).rows[0].id;
    const alexandra = await member('Alexandra');
    const bruno = await member('Bruno');
    const seed = 'ab'.repeat(32);
    const contest = (
      await sql<{ id: number }>`insert into ctw_contests (community_id, name, threshold_pips, starts_at, draws_at, number_of_winners, seed, commitment, status, entries_hash, drawn_at)
        values ('c063', '{"en":"Autumn draw","es":"Sorteo de otoño"}'::jsonb, 20, now() - interval '8 days', now() - interval '1 day', 2, ${seed}, 'c', 'drawn', 'h', now())
        returning id`.execute(db)
    ).rows[0].id;
    for (const [position, [userId, name]] of ([[alexandra, 'Alexandra M.'], [bruno, 'Bruno M.']] as const).entries()) {
      const entry = (await sql<{ id: number }>`insert into ctw_entries (contest_id, user_id, earned_pips) values (${contest}, ${userId}, 30) returning id`.execute(db)).rows[0].id;
      await sql`insert into ctw_winners (contest_id, entry_id, user_id, position, name) values (${contest}, ${entry}, ${userId}, ${position}, ${name})`.execute(db);
    }
    const announce = async (title: object, text: object, url: string | null) =>
      (
        await sql<{ id: number }>`insert into announcements (community_id, title, text, url) values ('c063', ${JSON.stringify(title)}::jsonb, ${JSON.stringify(text)}::jsonb, ${url}) returning id`.execute(db)
      ).rows[0].id;
    const drawAnnouncement = await announce(
      { en: 'Chance to Win: Autumn draw has been drawn', es: 'Oportunidad de ganar: se sorteó Sorteo de otoño' },
      {
        en: 'Congratulations to Alexandra M. and Bruno M.! 2 members took part. Open Chance to Win to check the draw yourself.',
        es: '¡Felicidades a Alexandra M. y Bruno M.! Participaron 2 miembros. Abre Oportunidad de ganar para verificar el sorteo tú mismo.',
      },
      '/chance-to-win',
    );
    const other = await announce({ en: 'News' }, { en: 'Alexandra M. will host the picnic.' }, null);

    await migrateToLatest(db);

    const text = async (id: number) => (await sql<{ text: { en: string; es: string } }>`select text from announcements where id = ${id}`.execute(db)).rows[0].text;
    const names = (language: 'en' | 'es') => [alexandra, bruno].map((userId) => playerName({ id: contest, seed }, userId, language));
    expect(await text(drawAnnouncement)).toEqual({
      en: `Congratulations to ${names('en')[0]} and ${names('en')[1]}! 2 members took part. Open Chance to Win to check the draw yourself.`,
      es: `¡Felicidades a ${names('es')[0]} y ${names('es')[1]}! Participaron 2 miembros. Abre Oportunidad de ganar para verificar el sorteo tú mismo.`,
    });
    // An operator's own announcement is the operator's text: left as written.
    expect((await text(other)).en).toBe('Alexandra M. will host the picnic.');
    const { rows } = await sql<{ name: string }>`select column_name as name from information_schema.columns where table_schema = current_schema() and table_name = 'ctw_winners'`.execute(db);
    expect(rows.map((row) => row.name)).not.toContain('name');
  });
});
