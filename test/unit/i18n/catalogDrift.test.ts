import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { getConfig } from '@lingui/conf';
import { getCatalogs } from '@lingui/cli/api';

/**
 * The English catalogs against the source: `npm run i18n:extract` adds new ids but does not
 * rewrite the English text of an explicit id whose message (or placeholders) changed in the code,
 * so a stale text would show. Every message the code names is in the English catalog exactly as
 * the code writes it (catalogs.test.ts checks the Spanish against the English).
 */
const root = resolve(import.meta.dirname, '../../..');

describe('the English catalogs', async () => {
  const catalogs = await getCatalogs(getConfig({ cwd: root, skipValidation: true }));

  it.each(catalogs.map((catalog) => [catalog.path.replace(root, ''), catalog] as const))('%s: every message as the code writes it', async (_, catalog) => {
    const source = (await catalog.collect()) ?? {};
    const en = await catalog.read('en');
    const ids = Object.keys(source);
    expect(ids.length).toBeGreaterThan(100);
    const stale = ids.filter((id) => source[id].message !== undefined && en[id]?.translation !== source[id].message);
    expect(stale.map((id) => `${id}: "${en[id]?.translation}" but the code says "${source[id].message}"`)).toEqual([]);
    // Extracting means parsing every source file with Babel: seconds on a quiet machine, more than
    // the 5 s default beside the journeys on a loaded one (CI timed out there).
  }, 120_000);
});
