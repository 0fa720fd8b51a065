import 'fake-indexeddb/auto';
import { closeDatabases, db } from '../../../src/data/databases';
import { resetResources, setResourceApi } from '../../../src/data/resources';
import { notifyScopeChanged } from '../../../src/data/scope';

/** Signs a member in as far as the data layer sees it (the stored userId). */
export function actAs(userId: number | null): void {
  if (userId === null) localStorage.removeItem('userId');
  else localStorage.setItem('userId', String(userId));
  notifyScopeChanged();
}

/** Fresh, empty databases and no resource actors: call in beforeEach/afterEach. */
export async function resetData(): Promise<void> {
  resetResources();
  setResourceApi(null);
  await Promise.all(Object.values(db()).map((database) => database.delete()));
  closeDatabases();
}
