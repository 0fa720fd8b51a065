import type { Migration } from 'kysely';
import * as m001 from './001_accounts';
import * as m002 from './002_identities';
import * as m003 from './003_ledger';
import * as m004 from './004_hot_paths';
import * as m010 from './010_announcements';
import * as m020 from './020_trivia';
import * as m030 from './030_chance_to_win';
import * as m040 from './040_operators';
import * as m050 from './050_community_support';
import * as m051 from './051_translations';
import * as m052 from './052_images';
import * as m053 from './053_hot_promo_images';
import * as m054 from './054_archive';
import * as m055 from './055_hot_stock';
import * as m056 from './056_index_plans';
import * as m057 from './057_token_lookup';
import * as m058 from './058_read_columns';
import * as m059 from './059_read_versions';
import * as m060 from './060_plain_reads';
import * as m061 from './061_unique_gift_codes';
import * as m062 from './062_redemption_limits';
import * as m063 from './063_private_winners';
import * as m064 from './064_operator_invitations';
import * as m066 from './066_unused_functions';
import * as m067 from './067_earn_completion';
import * as m068 from './068_setup_tokens';
import * as m069 from './069_member_suspension';

/**
 * Every migration, in order. Add new files here: NNN_name.ts exporting up (and down). A migration
 * changes tables and data; the SQL functions' text lives in server/db/sql/ (server/db/functions.ts).
 */
export const migrations: Record<string, Migration> = {
  '001_accounts': m001,
  '002_identities': m002,
  '003_ledger': m003,
  '004_hot_paths': m004,
  '010_announcements': m010,
  '020_trivia': m020,
  '030_chance_to_win': m030,
  '040_operators': m040,
  '050_community_support': m050,
  '051_translations': m051,
  '052_images': m052,
  '053_hot_promo_images': m053,
  '054_archive': m054,
  '055_hot_stock': m055,
  '056_index_plans': m056,
  '057_token_lookup': m057,
  '058_read_columns': m058,
  '059_read_versions': m059,
  '060_plain_reads': m060,
  '061_unique_gift_codes': m061,
  '062_redemption_limits': m062,
  '063_private_winners': m063,
  '064_operator_invitations': m064,
  '066_unused_functions': m066,
  '067_earn_completion': m067,
  '068_setup_tokens': m068,
  '069_member_suspension': m069,
};
