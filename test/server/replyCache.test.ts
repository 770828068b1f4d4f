import zlib from 'node:zlib';
import { preferredEncoding, replyCache } from '../../server/src/platform/http/replyCache';

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
    expect(JSON.parse(again.identity.toString())).toEqual({ product: ['/a.jpg'] });
    expect(again).toBe(first);
    expect(builds).toBe(1);
    const next = await cache.get('festa/pad', 'v2', build(['/a.jpg', '/b.jpg']));
    expect(JSON.parse(next.identity.toString())).toEqual({ product: ['/a.jpg', '/b.jpg'] });
    expect(builds).toBe(2);
  });

  it('keeps within its bytes, dropping the least recently used first', async () => {
    // Each reply is 12 bytes ({"n":"xxxx"}) and its two compressed copies: two fit, three do not.
    const one = await replyCache().get('x', '1', async () => ({ n: 'xxxx' }));
    const cache = replyCache(Math.floor((one.identity.length + one.gzip.length + one.br.length) * 2.5));
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

  it('keeps each reply compressed for browsers, the same JSON in every encoding', async () => {
    const items = Array.from({ length: 3000 }, (_, i) => `/media/festa/pad/foto-${String(i).padStart(5, '0')}.jpg`);
    const body = await replyCache().get('festa/pad', 'v1', async () => ({ product: items }));
    expect(JSON.parse(body.identity.toString())).toEqual({ product: items });
    expect(zlib.gunzipSync(body.gzip)).toEqual(body.identity);
    expect(zlib.brotliDecompressSync(body.br)).toEqual(body.identity);
    // What travels over a venue's Wi-Fi: a tenth of the list or less.
    expect(body.gzip.length).toBeLessThan(body.identity.length / 10);
    expect(body.br.length).toBeLessThan(body.identity.length / 10);
  });

  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['deflate', 'identity'],
    ['', 'identity'],
    [undefined, 'identity'],
  ])('answers Accept-Encoding %p with %s', (header, encoding) => {
    expect(preferredEncoding(header)).toBe(encoding);
  });
});
