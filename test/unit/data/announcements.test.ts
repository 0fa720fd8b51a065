import { describe, expect, it } from 'vitest';
import type { Announcement } from '../../../src/api/client';
import { bellCount, isInternalPath } from '../../../src/components/bellCount';
import { applyQueued, mergeAnnouncements } from '../../../src/data/announcements';

const announcement = (id: number, day: number, status: 1 | 2 | 3 = 1): Announcement => ({
  id,
  date: `2026-11-${String(day).padStart(2, '0')}T10:00:00.000Z`,
  sendDate: `2026-11-${String(day).padStart(2, '0')}T10:00:00.000Z`,
  icon: null,
  title: `T${id}`,
  text: `X${id}`,
  type: 'USER_INDIVIDUAL',
  url: null,
  status,
});

describe('announcements: merge rules', () => {
  it('takes type and status from the member\'s records, keeps statuses 1-3, newest first', () => {
    const merged = mergeAnnouncements(
      [announcement(1, 1), announcement(3, 3), announcement(2, 2), announcement(4, 4)],
      [
        { id: 3, type: 'COMMUNITY_NEWS', status: 3 },
        { id: 2, type: 'USER_INDIVIDUAL', status: 4 },
        { id: 1, type: 'USER_INDIVIDUAL', status: 2 },
      ],
    );
    expect(merged.map((item) => [item.id, item.type, item.status])).toEqual([
      [4, 'USER_INDIVIDUAL', 1],
      [3, 'COMMUNITY_NEWS', 3],
      [1, 'USER_INDIVIDUAL', 2],
    ]);
  });

  it('applies the reads and deletes queued offline over a list from the server', () => {
    const items = mergeAnnouncements([announcement(1, 1), announcement(2, 2)], []);
    expect(applyQueued(items, [{ announcementId: 2, status: 'DELETED' }, { announcementId: 1, status: 'READ' }]).map((i) => [i.id, i.status])).toEqual([[1, 3]]);
  });

  it('the bell: nothing at 0, the number up to 99, 99+ above', () => {
    expect([0, 1, 99, 100, 2500].map(bellCount)).toEqual([null, '1', '99', '99+', '99+']);
  });

  it('opens only paths of the app', () => {
    expect(['/earn', '/chance-to-win'].every(isInternalPath)).toBe(true);
    expect(['//evil.example', 'https://evil.example', 'earn', '/a\\b', null].some(isInternalPath)).toBe(false);
  });
});
