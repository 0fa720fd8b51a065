/**
 * The server's copies of the slow parts of the versioned reads (migration 059): a community's earn
 * actions and rewards per language, keyed by the community's catalog version, and a member's page of
 * activity, keyed by the member's ledger row count. The read functions get the version of the copy
 * held and send their part again only when the database's differs, in the same single statement, so
 * a copy is never served without the database having said it still holds: several instances, each
 * with its own copies, stay right.
 *
 * One set of copies per database handle (a WeakMap on the Kysely instance): two servers in one
 * process (the tests) never share copies of different databases. Each set is bounded by the length
 * of the texts it holds, the least recently used going first.
 */

/** What a copy may hold at most, in characters of JSON text (about as many bytes). */
const DEFAULT_BUDGET = 32 * 1024 * 1024;

/**
 * A map that forgets its least recently used entries beyond a budget of text length. An entry read
 * moves to the young end only once it has aged past half the map (a hot entry is not moved on every
 * read: a Map delete and set per call showed in the server's profile).
 */
export class BoundedCache<V> {
  private readonly entries = new Map<string, { value: V; size: number; stamp: number }>();
  private used = 0;
  private clock = 0;

  constructor(
    private readonly budget: number,
    private readonly sizeOf: (value: V) => number,
  ) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.clock - entry.stamp > this.entries.size / 2) {
      this.entries.delete(key);
      entry.stamp = ++this.clock;
      this.entries.set(key, entry);
    }
    return entry.value;
  }

  set(key: string, value: V): void {
    const size = this.sizeOf(value) + key.length;
    const old = this.entries.get(key);
    if (old) {
      this.used -= old.size;
      this.entries.delete(key);
    }
    if (size > this.budget) return;
    this.entries.set(key, { value, size, stamp: ++this.clock });
    this.used += size;
    for (const [oldest, entry] of this.entries) {
      if (this.used <= this.budget) break;
      this.entries.delete(oldest);
      this.used -= entry.size;
    }
  }

  get size(): number {
    return this.entries.size;
  }

  /** The characters held (keys and values), for tests and metrics. */
  get usedBudget(): number {
    return this.used;
  }
}

/** A catalog part of a community in one language, as of a catalog version. */
export interface CatalogCopy<V> {
  community: string;
  version: string;
  value: V;
}

export interface ReadCaches {
  /** The member's community of an auth token's hash, to ask for the right catalog version. */
  communityOfToken: BoundedCache<string>;
  /** The community of the last catalog read (the guess for a token not seen yet). */
  lastCommunity?: string;
  /** The dashboard's earn actions (JSON text) per community and language. */
  earnActions: BoundedCache<CatalogCopy<string>>;
  /** The rewards with their stock (JSON text) per community and language. */
  rewards: BoundedCache<CatalogCopy<string>>;
  /** A page of activity (JSON text) per auth token's hash, language, limit and offset, as of a ledger row count. */
  activity: BoundedCache<{ rows: number; text: string }>;
}

const caches = new WeakMap<object, ReadCaches>();

export function createReadCaches(budget = DEFAULT_BUDGET): ReadCaches {
  return {
    communityOfToken: new BoundedCache<string>(budget / 16, (community) => community.length + 64),
    earnActions: new BoundedCache<CatalogCopy<string>>(budget / 8, (copy) => copy.value.length),
    rewards: new BoundedCache<CatalogCopy<string>>(budget / 8, (copy) => copy.value.length),
    activity: new BoundedCache<{ rows: number; text: string }>(budget - budget / 16 - budget / 4, (copy) => copy.text.length),
  };
}

/** The copies of one database handle, made on first use. */
export function readCachesOf(db: object): ReadCaches {
  let found = caches.get(db);
  if (!found) {
    found = createReadCaches();
    caches.set(db, found);
  }
  return found;
}
