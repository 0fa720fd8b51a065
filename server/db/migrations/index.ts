import type { Migration } from 'kysely';
import * as m001 from './001_accounts';

/** Every migration, in order. Add new files here: NNN_name.ts exporting up (and down). */
export const migrations: Record<string, Migration> = {
  '001_accounts': m001,
};
