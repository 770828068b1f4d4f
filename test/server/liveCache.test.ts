import { EVERYTHING, type ChangeFeed } from '../../server/src/platform/db/changeFeed';
import { writtenTables } from '../../server/src/platform/db/database';
import { liveCache, type LiveCache } from '../../server/src/platform/db/liveCache';

/** A feed the test drives: what a notification, a feed going down and one coming back do. */
function fakeFeed(initiallyLive = true) {
  const listeners = new Set<(key: string) => void>();
  const feed = {
    live: initiallyLive,
    ready: Promise.resolve(),
    onChange(listener: (key: string) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: async () => undefined,
  } satisfies ChangeFeed & { live: boolean };
  return { feed, notify: (key: string) => listeners.forEach((listener) => listener(key)) };
}

function fakeDb() {
  const listeners = new Set<(tables: ReadonlySet<string>) => void>();
  return {
    db: {
      onWrite(listener: (tables: ReadonlySet<string>) => void) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
    wrote: (...tables: string[]) => listeners.forEach((listener) => listener(new Set(tables))),
  };
}

/** A load whose answer the test releases when it wants: a query still running. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

describe('a live cache of rows guests poll', () => {
  let feed: ReturnType<typeof fakeFeed>;
  let writes: ReturnType<typeof fakeDb>;
  let cache: LiveCache<string | null>;
  /** The "database": what each key holds now, and how many times it was read. */
  let rows: Map<string, string>;
  let loads: string[][];
  const load = (keys: string[]) => {
    loads.push(keys);
    return Promise.resolve(new Map(keys.map((key) => [key, rows.get(key) ?? null])));
  };
  const readOne = (key: string) => cache.read(key, async () => (await load([key])).get(key) ?? null);

  beforeEach(() => {
    feed = fakeFeed();
    writes = fakeDb();
    rows = new Map([
      ['festa/pad', 'v1'],
      ['festa/feed', 'f1'],
      ['outra/pad', 'o1'],
    ]);
    loads = [];
    cache = liveCache<string | null>({
      feed: feed.feed,
      db: writes.db,
      tables: ['media', 'events'],
      feedKeyOf: (key) => `event:${key.split('/')[0]}`,
      maxEntries: 3,
    });
  });
  afterEach(() => cache.close());

  it('answers a kept row without loading it again, and an unknown one (null) too', async () => {
    expect(await readOne('festa/pad')).toBe('v1');
    expect(await readOne('festa/pad')).toBe('v1');
    expect(await readOne('nada/pad')).toBeNull();
    expect(await readOne('nada/pad')).toBeNull();
    expect(loads).toEqual([['festa/pad'], ['nada/pad']]);
  });

  it("forgets an event's rows when the feed says the event changed, and only those", async () => {
    await readOne('festa/pad');
    await readOne('festa/feed');
    await readOne('outra/pad');
    rows.set('festa/pad', 'v2');
    feed.notify('event:festa');
    expect(await readOne('festa/pad')).toBe('v2');
    expect(await readOne('festa/feed')).toBe('f1');
    expect(await readOne('outra/pad')).toBe('o1');
    expect(loads.slice(3)).toEqual([['festa/pad'], ['festa/feed']]);
  });

  it('forgets everything on EVERYTHING (a TRUNCATE, a feed that was down)', async () => {
    await readOne('festa/pad');
    await readOne('outra/pad');
    feed.notify(EVERYTHING);
    expect(cache.size).toBe(0);
    await readOne('outra/pad');
    expect(loads).toHaveLength(3);
  });

  it(`forgets everything when this process writes to one of its tables, and nothing for another table's \
write`, async () => {
    await readOne('festa/pad');
    writes.wrote('packs', 'print_jobs');
    expect(cache.size).toBe(1);
    rows.set('festa/pad', 'v2');
    writes.wrote('media');
    expect(await readOne('festa/pad')).toBe('v2');
  });

  it('does not keep what a load read while a change happened (it may hold the row from before)', async () => {
    const slow = deferred<string | null>();
    const reading = cache.read('festa/pad', () => slow.promise);
    feed.notify('event:festa');
    slow.resolve('v1-from-before');
    // The caller that asked still gets its answer; the next one reads again.
    expect(await reading).toBe('v1-from-before');
    rows.set('festa/pad', 'v2');
    expect(await readOne('festa/pad')).toBe('v2');
  });

  it('keeps nothing and asks the database every time while the feed is down', async () => {
    feed.feed.live = false;
    await readOne('festa/pad');
    await readOne('festa/pad');
    expect(loads).toHaveLength(2);
    expect(cache.size).toBe(0);
    feed.feed.live = true;
    await readOne('festa/pad');
    await readOne('festa/pad');
    expect(loads).toHaveLength(3);
  });

  it('makes one load for a crowd missing the same key at once, and a new one once something changed', async () => {
    const slow = deferred<string | null>();
    let calls = 0;
    const slowLoad = () => {
      calls += 1;
      return slow.promise;
    };
    const crowd = Array.from({ length: 50 }, () => cache.read('festa/pad', slowLoad));
    expect(calls).toBe(1);
    feed.notify('event:outra');
    // The load under way may have read from before the change: a newcomer does not wait on it.
    const late = cache.read('festa/pad', async () => 'v2');
    slow.resolve('v1');
    expect(new Set(await Promise.all(crowd))).toEqual(new Set(['v1']));
    expect(await late).toBe('v2');
  });

  it('loads only the keys it does not hold, all together, and answers in the map each key', async () => {
    await readOne('festa/pad');
    const found = await cache.readMany(['festa/pad', 'outra/pad', 'nada/pad', 'outra/pad'], load);
    expect(loads[1]).toEqual(['outra/pad', 'nada/pad']);
    expect([...found.entries()].sort()).toEqual([
      ['festa/pad', 'v1'],
      ['nada/pad', null],
      ['outra/pad', 'o1'],
    ]);
  });

  it('holds at most maxEntries, letting the least recently read go first', async () => {
    await readOne('festa/pad');
    await readOne('festa/feed');
    await readOne('outra/pad');
    await readOne('festa/pad'); // read again: now the most recent
    await readOne('nada/pad'); // a fourth: festa/feed, the least recent, goes
    expect(cache.size).toBe(3);
    loads = [];
    await readOne('festa/pad');
    await readOne('festa/feed');
    expect(loads).toEqual([['festa/feed']]);
  });

  it('keeps no failed load: the error reaches every caller and the next read tries again', async () => {
    const failing = deferred<string | null>();
    const both = [cache.read('festa/pad', () => failing.promise), cache.read('festa/pad', () => failing.promise)];
    failing.reject(new Error('database gone'));
    for (const reading of both) await expect(reading).rejects.toThrow('database gone');
    expect(await readOne('festa/pad')).toBe('v1');
  });

  it('hears nothing more once closed', async () => {
    await readOne('festa/pad');
    cache.close();
    expect(cache.size).toBe(0);
    expect(() => feed.notify('event:festa')).not.toThrow();
  });
});

describe('the tables a statement writes to', () => {
  it.each([
    ['INSERT INTO media (event_name) VALUES ($1)', ['media']],
    ['  update events SET visibility = $2 WHERE name = $1', ['events']],
    ['DELETE FROM packs WHERE hash = $1', ['packs']],
    ['TRUNCATE TABLE media, ONLY events RESTART IDENTITY', ['media', 'events']],
    ['truncate packs', ['packs']],
    ['UPDATE ONLY "packs" SET copies = 0', ['packs']],
    [
      'WITH spent AS (UPDATE packs SET copies = copies - 1 RETURNING hash) INSERT INTO print_jobs (pack_hash) ' +
        'SELECT hash FROM spent',
      ['packs', 'print_jobs'],
    ],
    ['INSERT INTO media (a) VALUES (1) ON CONFLICT (a) DO UPDATE SET has_thumb = true', ['media', 'set']],
    ['SELECT count(*) FROM media WHERE event_name = $1', []],
    ["SELECT 'update media' AS text", ['media']],
  ])('%s', (text, tables) => {
    expect([...writtenTables(text)].sort()).toEqual([...tables].sort());
  });
});
