import { describe, expect, it } from 'vitest';
import { listDevices } from '../../../../server/db/repositories/devices';
import { backends } from '../../helpers/databases';
import { useHarness, expectFailure, expectOk } from '../../helpers/harness';

describe.each(backends)('device identifiers on $name', (backend) => {
  const h = useHarness(backend);

  const set = (token: string, identifier: string, platform = 'ios') =>
    h.call({ method: 'POST', url: '/mobile/device/identifier/set', token, form: { identifier, platform } });
  const remove = (token: string, identifier: string) =>
    h.call({ method: 'POST', url: '/mobile/device/identifier/delete', token, form: { identifier } });

  it('registers an identifier, answering it as msg (the device id), for unverified users too', async () => {
    const user = await h.register();
    expect(expectOk(await set(user.authToken, 'push-abc'))).toEqual({ msg: 'push-abc' });
    expectOk(await set(user.authToken, 'push-abc', 'web')); // again: an update, not a duplicate
    expect(await listDevices(h.db, user.userId)).toEqual([{ identifier: 'push-abc', platform: 'web' }]);
  });

  it('moves an identifier to the user who registers it last', async () => {
    const ana = await h.register();
    const bob = await h.register();
    expectOk(await set(ana.authToken, 'shared-device'));
    expectOk(await set(bob.authToken, 'shared-device'));
    expect(await listDevices(h.db, ana.userId)).toEqual([]);
    expect(await listDevices(h.db, bob.userId)).toHaveLength(1);
  });

  it('deletes only the caller\'s identifier, and succeeds when it is not registered', async () => {
    const ana = await h.register();
    const bob = await h.register();
    expectOk(await set(ana.authToken, 'ana-phone'));
    expect(expectOk(await remove(bob.authToken, 'ana-phone'))).toEqual({ status: 'OK' });
    expect(await listDevices(h.db, ana.userId)).toHaveLength(1);
    expectOk(await remove(ana.authToken, 'ana-phone'));
    expect(await listDevices(h.db, ana.userId)).toEqual([]);
  });

  it('validates the platform and the identifier, and needs auth', async () => {
    const user = await h.register();
    expectFailure(await set(user.authToken, 'x', 'windows'), 400, 'VALIDATION_ERROR');
    expectFailure(await set(user.authToken, ''), 400, 'VALIDATION_ERROR');
    expectFailure(await set(user.authToken, '   '), 400, 'VALIDATION_ERROR');
    expectFailure(await set(user.authToken, 'x'.repeat(4097)), 400, 'VALIDATION_ERROR');
    expectFailure(await h.call({ method: 'POST', url: '/mobile/device/identifier/set', form: { identifier: 'a', platform: 'ios' } }), 401, 'UNAUTHORIZED');
  });
});
