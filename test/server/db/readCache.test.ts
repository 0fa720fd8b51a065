import { describe, expect, it } from 'vitest';
import { BoundedCache, createReadCaches, readCachesOf } from '../../../server/db/repositories/readCache';

const text = (length: number) => 'x'.repeat(length);

describe('the read copies\' bounded cache', () => {
  it('keeps what fits its budget (keys and values counted) and forgets the oldest first', () => {
    const cache = new BoundedCache<string>(100, (value) => value.length);
    cache.set('a', text(40));
    cache.set('b', text(40));
    expect(cache.usedBudget).toBe(82);
    cache.set('c', text(40));
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toHaveLength(40);
    expect(cache.get('c')).toHaveLength(40);
    expect(cache.usedBudget).toBe(82);
  });

  it('moves an entry read after it aged past half the map to the young end', () => {
    const cache = new BoundedCache<string>(50, (value) => value.length);
    for (const key of ['a', 'b', 'c', 'd', 'e']) cache.set(key, text(9));
    // 'a' is the oldest of five: read, it becomes the youngest, and 'b' goes first.
    expect(cache.get('a')).toBeDefined();
    cache.set('f', text(9));
    expect(cache.size).toBe(5);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
  });

  it('replaces a key\'s value and its size, and never stores a value larger than the budget', () => {
    const cache = new BoundedCache<string>(50, (value) => value.length);
    cache.set('a', text(10));
    cache.set('a', text(20));
    expect(cache.usedBudget).toBe(21);
    cache.set('a', text(60));
    expect(cache.get('a')).toBeUndefined();
    expect(cache.usedBudget).toBe(0);
  });

  it('gives each database handle its own copies', () => {
    const one = {};
    const other = {};
    expect(readCachesOf(one)).toBe(readCachesOf(one));
    expect(readCachesOf(one)).not.toBe(readCachesOf(other));
    const caches = createReadCaches(1024);
    caches.activity.set('k', { rows: 1, text: text(2000) });
    expect(caches.activity.get('k')).toBeUndefined();
  });
});
