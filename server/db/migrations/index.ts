import type { Migration } from 'kysely';
import * as m001 from './001_accounts';
import * as m002 from './002_identities';
import * as m003 from './003_ledger';

/** Every migration, in order. Add new files here: NNN_name.ts exporting up (and down). */
export const migrations: Record<string, Migration> = {
  '001_accounts': m001,
  '002_identities': m002,
  '003_ledger': m003,
};
