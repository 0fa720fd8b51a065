// Loads fake-indexeddb before Dexie is imported.
import { MEMBER, resetData, signIn, startApp, waitForMember } from '../data/dataTestKit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountRequestIds } from '../../../machines/app.root';
import { whenLoaded } from '../../../src/actors/lazyActor';
import { fakeFetch } from '../screens/fakeFetch';

/** How many times the account requests' module was evaluated (its code loaded). */
const loads = vi.hoisted(() => ({ accountRequests: 0 }));
vi.mock('../../../src/actors/accountRequests', async (importOriginal) => {
  loads.accountRequests++;
  return importOriginal();
});

afterEach(resetData);

describe('the account requests are on-demand actors (issue 12: not in the first download)', () => {
  // In this order: a module is evaluated once per file, so the test that loads it comes last.
  it("a logout's reset of the member's requests does not load them (an unloaded request holds nothing)", async () => {
    signIn();
    fakeFetch({});
    const app = startApp({ connectivity: { isOnline: () => false } });
    await waitForMember(app, MEMBER);
    app.system.get('session')!.send({ type: 'user.logout' });
    await waitForMember(app, null);
    // every import the logout started has been resolved (the reset would have started one)
    await vi.dynamicImportSettled();
    expect(loads.accountRequests).toBe(0);
  });

  it('a started app has not loaded their code; the first screen that asks loads it once for all six', async () => {
    fakeFetch({});
    const app = startApp({ connectivity: { isOnline: () => false } });
    await waitForMember(app, null);
    await vi.dynamicImportSettled();
    expect(loads.accountRequests).toBe(0);

    await whenLoaded(app.system.get('passwordResetStart')!);
    expect(loads.accountRequests).toBe(1);
    await Promise.all(accountRequestIds.map((id) => whenLoaded(app.system.get(id)!)));
    expect(loads.accountRequests).toBe(1);
    for (const id of accountRequestIds) expect(app.system.get(id)!.getSnapshot().value).toBe('idle');
  });
});
