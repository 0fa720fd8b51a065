/**
 * `node --import tsx test/e2e/support/announceMany.ts <dataDir> <communityId> <count>`: makes
 * `count` announcements ("Bulk 1" … ) with the server's own `announce()` on a product's PGlite
 * folder before it starts (the operator CLI makes one per process, too slow for a hundred).
 */
import { migrateToLatest, openDatabase } from '../../../server/db/index';
import { announce } from '../../../server/plugins/app/announcements';

const [dataDir, communityId, count] = process.argv.slice(2);
const database = await openDatabase({ dataDir });
await migrateToLatest(database.db);
for (let n = 1; n <= Number(count); n++) {
  await announce(database.db, { communityId, title: { en: `Bulk ${n}`, es: `Lote ${n}` }, text: { en: `Bulk text ${n}` } });
}
await database.close();
