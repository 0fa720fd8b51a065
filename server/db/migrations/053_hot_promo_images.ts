import { sql, type Kysely } from 'kysely';

/**
 * The one-statement promos read (`pips_promos`, migration 004) also answers each image's pixel
 * size (the columns of migration 052), so the app reserves the image's box: the function as it
 * is, with `imageWidth` and `imageHeight` beside `imageUrl`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ def: string }>`select pg_get_functiondef('pips_promos'::regproc) as def`.execute(db);
  const before = rows[0].def;
  const after = before.replaceAll(`'imageUrl', p.image_url,`, `'imageUrl', p.image_url, 'imageWidth', p.image_width, 'imageHeight', p.image_height,`);
  if (after === before) throw new Error('053: pips_promos has no imageUrl to extend');
  await sql.raw(after).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ def: string }>`select pg_get_functiondef('pips_promos'::regproc) as def`.execute(db);
  await sql.raw(rows[0].def.replaceAll(`, 'imageWidth', p.image_width, 'imageHeight', p.image_height,`, ',')).execute(db);
}
