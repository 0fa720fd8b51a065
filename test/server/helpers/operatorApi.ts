import { setOperatorRole } from '../../../server/db/repositories/operators/roles';
import { createEarnPromo } from '../../../server/db/repositories/promos';
import type { OperatorRole } from '../../../server/db/schema';
import { expectOk, type Harness, type TestUser } from './harness';

/**
 * What the operator API's tests share (issue 14; test/server/operatorApi*.test.ts, one file per
 * resource): roles per community, members and other communities' operators refused, viewers read
 * only, every write audited in its own transaction, archived content gone from member calls at
 * once. Call it inside the file's `describe.each(backends)`, with the harness of `useHarness`.
 */
export function operatorApiTools(h: Harness) {
  /** A new verified account with `role` in the community (the harness's by default). */
  const operator = async (role: OperatorRole, communityId = h.community.id): Promise<TestUser> => {
    const user = await h.registerVerified();
    await setOperatorRole(h.db, user.userId, communityId, role);
    return user;
  };
  const earnPromo = (communityId = h.community.id) =>
    createEarnPromo(h.db, { communityId, title: { en: 'Visit us', es: 'Visítanos' }, pips: 5, url: 'https://example.org/' });

  /** The calls of one signed-in account. */
  const as = (user: TestUser) => ({
    get: (url: string, query?: Record<string, string | number>) => h.call({ url, query, token: user.authToken }),
    post: (url: string, json?: unknown) => h.call({ method: 'POST', url, token: user.authToken, ...(json === undefined ? {} : { json }) }),
    put: (url: string, json: unknown) => h.call({ method: 'PUT', url, token: user.authToken, json }),
    call: (method: 'DELETE', url: string) => h.call({ method, url, token: user.authToken }),
  });
  /** The titles of the earn actions a member is shown. */
  const memberPromoTitles = async (member: TestUser) =>
    (expectOk(await h.call({ url: '/mobile/promos/get', query: { type: 'EARN' }, token: member.authToken })).promos as { title: string }[]).map(
      (p) => p.title,
    );
  return { operator, earnPromo, as, memberPromoTitles };
}
