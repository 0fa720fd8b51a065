import { sql, type Kysely } from 'kysely';

/**
 * Earn actions completed in the app (issue 48): an action that leads to a screen of the app
 * (`redirect_to_internal_screen`) names what the member does there to complete it
 * (`completed_by`), and is then paid by that event through the ledger within its limit. The
 * actions already leading to the question of the day are completed by answering it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table promos add column completed_by text
              check (completed_by in ('triviaAnswer', 'triviaRightAnswer'))`.execute(db);
  await sql`update promos set completed_by = 'triviaAnswer'
             where type = 'EARN' and questionnaire_id is null and url is null
               and redirect_to_internal_screen like '/trivia/individual%'`.execute(db);
  await sql`create index promos_completed_by_idx on promos (community_id, completed_by) where completed_by is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table promos drop column completed_by`.execute(db);
}
