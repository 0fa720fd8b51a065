import { sql, type Kysely } from 'kysely';
import { playerName } from '../../contests/playerNames';

/**
 * Winners' names (issue 46): a winner's real name was kept with the draw (first name and initial)
 * and shown to the whole community, even after the member deleted their account. Members now see
 * the winner's fictional player name, computed from the contest and the member; operators read the
 * name from the account while it exists. The stored copies go.
 *
 * The draws' announcements already published named the winners by those real names: each one is
 * written again with the winners' fictional names (in English and Spanish) before the names go,
 * so what the community reads later holds none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows: winners } = await sql<{ contestId: number; userId: number; name: string; seed: string; communityId: string; contestName: unknown }>`
    select w.contest_id as "contestId", w.user_id as "userId", w.name, c.seed, c.community_id as "communityId", c.name as "contestName"
      from ctw_winners w join ctw_contests c on c.id = w.contest_id
     order by w.contest_id, w.position`.execute(db);
  const byContest = new Map<number, typeof winners>();
  for (const winner of winners) byContest.set(winner.contestId, [...(byContest.get(winner.contestId) ?? []), winner]);

  for (const [contestId, drawn] of byContest) {
    const { communityId, contestName, seed } = drawn[0];
    const name = typeof contestName === 'string' ? contestName : ((contestName as { en?: string } | null)?.en ?? '');
    // The announcement of this draw, as server/contests/announceWinners.ts titled it.
    const { rows: announcements } = await sql<{ id: number; text: { en?: string; es?: string } }>`
      select id, text from announcements
       where community_id = ${communityId} and url = '/chance-to-win' and title ->> 'en' = ${`Chance to Win: ${name} has been drawn`}`.execute(db);
    for (const announcement of announcements) {
      const text = { ...announcement.text };
      for (const language of ['en', 'es'] as const) {
        let written = text[language];
        if (typeof written !== 'string') continue;
        for (const winner of drawn) {
          if (winner.name !== '') written = written.replaceAll(winner.name, playerName({ id: contestId, seed }, winner.userId, language));
        }
        text[language] = written;
      }
      await sql`update announcements set text = ${JSON.stringify(text)}::jsonb where id = ${announcement.id}`.execute(db);
    }
  }
  await db.schema.alterTable('ctw_winners').dropColumn('name').execute();
}

/** The column comes back empty: the names it held are gone. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('ctw_winners').addColumn('name', 'text', (c) => c.notNull().defaultTo('')).execute();
}
