import { describe, expect, it } from 'vitest';
import { appPath, openFromNotification } from '../../../src/swNotificationClick';

const ORIGIN = 'https://pips.example.org';

/** The service worker's clients as the test arranges them; records what the click did. */
function fakeClients(windows: Array<{ url: string; focus?: 'ok' | 'refused'; navigate?: 'ok' | 'fails' }>) {
  const did: string[] = [];
  const clients = windows.map((w) => {
    const client = {
      url: w.url,
      async focus() {
        if (w.focus === 'refused') throw new Error('InvalidAccessError: not allowed to focus');
        did.push(`focus ${w.url}`);
        return client;
      },
      async navigate(to: string) {
        if (w.navigate === 'fails') throw new TypeError('not controlled');
        did.push(`navigate ${to}`);
        return client;
      },
    };
    return client;
  });
  return {
    did,
    api: {
      matchAll: async () => clients as unknown as readonly Client[],
      openWindow: async (url: string | URL) => {
        did.push(`open ${String(url)}`);
        return null;
      },
    } as unknown as Pick<Clients, 'matchAll' | 'openWindow'>,
  };
}

describe('a click on an announcement notification (the service worker)', () => {
  it('opens a new window on the page when no window of the app is open', async () => {
    const { api, did } = fakeClients([{ url: 'https://elsewhere.example/page' }]);
    await openFromNotification(api, ORIGIN, '/announcements');
    expect(did).toEqual(['open /announcements']);
  });

  it('focuses the open window and takes it to the page, opening nothing', async () => {
    const { api, did } = fakeClients([{ url: `${ORIGIN}/home` }]);
    await openFromNotification(api, ORIGIN, '/chance-to-win');
    expect(did).toEqual([`focus ${ORIGIN}/home`, `navigate ${ORIGIN}/chance-to-win`]);
  });

  it('still takes the window there when focusing is refused, and opens one when it cannot be moved', async () => {
    const refused = fakeClients([{ url: `${ORIGIN}/home`, focus: 'refused' }]);
    await openFromNotification(refused.api, ORIGIN, '/announcements');
    expect(refused.did).toEqual([`navigate ${ORIGIN}/announcements`]);

    const stuck = fakeClients([{ url: `${ORIGIN}/home`, navigate: 'fails' }]);
    await openFromNotification(stuck.api, ORIGIN, '/announcements');
    expect(stuck.did).toEqual([`focus ${ORIGIN}/home`, 'open /announcements']);
  });

  it('opens only paths of this app', () => {
    expect(appPath('/trivia/individual')).toBe('/trivia/individual');
    expect(appPath('https://evil.example/')).toBe('/announcements');
    expect(appPath('//evil.example/')).toBe('/announcements');
    expect(appPath(undefined)).toBe('/announcements');
  });
});
