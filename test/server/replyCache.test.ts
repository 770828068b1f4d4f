import { replyCache } from '../../server/src/http/replyCache';

describe('replyCache', () => {
  it('builds a reply once per version and answers its bytes again until the version changes', async () => {
    const cache = replyCache();
    let builds = 0;
    const build = (items: string[]) => async () => {
      builds += 1;
      return { product: items };
    };
    const first = await cache.get('festa/pad', 'v1', build(['/a.jpg']));
    const again = await cache.get('festa/pad', 'v1', build(['/changed.jpg']));
    expect(JSON.parse(again.toString())).toEqual({ product: ['/a.jpg'] });
    expect(again).toBe(first);
    expect(builds).toBe(1);
    const next = await cache.get('festa/pad', 'v2', build(['/a.jpg', '/b.jpg']));
    expect(JSON.parse(next.toString())).toEqual({ product: ['/a.jpg', '/b.jpg'] });
    expect(builds).toBe(2);
  });

  it('keeps within its bytes, dropping the least recently used first', async () => {
    // Each reply is 12 bytes ({"n":"xxxx"}): two fit in 30 bytes, three do not.
    const cache = replyCache(30);
    let builds = 0;
    const build = (n: string) => async () => {
      builds += 1;
      return { n };
    };
    await cache.get('a', '1', build('aaaa'));
    await cache.get('b', '1', build('bbbb'));
    await cache.get('a', '1', build('aaaa')); // a is used again: b is now the oldest
    await cache.get('c', '1', build('cccc'));
    expect(builds).toBe(3);
    await cache.get('a', '1', build('aaaa'));
    expect(builds).toBe(3);
    await cache.get('b', '1', build('bbbb'));
    expect(builds).toBe(4);
  });

  it('answers a reply larger than the whole cache without keeping it', async () => {
    const cache = replyCache(10);
    let builds = 0;
    const build = async () => {
      builds += 1;
      return { product: ['/a-long-name.jpg'] };
    };
    await cache.get('big', '1', build);
    await cache.get('big', '1', build);
    expect(builds).toBe(2);
  });
});
