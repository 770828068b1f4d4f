import fc from 'fast-check';
import {
  afterFailure,
  enqueue,
  inOrder,
  isQueuedItem,
  isTrackedPrint,
  latestPrintOf,
  MAX_QUEUED,
  MAX_TRACKED_PRINTS,
  newQueueId,
  nextToSend,
  retryDelayMs,
  trackPrint,
  withoutItem,
  type NewQueuedItem,
  type QueuedItem,
} from '../../../src/lib/offlineQueue';

let n = 0;
const id = () => `item-${String((n += 1)).padStart(12, '0')}`;
const collect = (url: string, createdAt: number, itemId = id()): NewQueuedItem => ({
  kind: 'collect',
  id: itemId,
  createdAt,
  url,
  bname: 'festa_ana',
});
const print = (printId: string, createdAt: number, itemId = id()): NewQueuedItem => ({
  kind: 'print',
  id: itemId,
  createdAt,
  packHash: 'PACK5',
  printId,
});

describe('queue ids', () => {
  it('are 22 URL-safe characters, unique, valid as a print request id and a lead clientId', () => {
    const ids = new Set(Array.from({ length: 500 }, () => newQueueId()));
    expect(ids.size).toBe(500);
    for (const value of ids) expect(value).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // Also on plain http (a venue's LAN address), where crypto.randomUUID is missing.
    expect(newQueueId((bytes) => void bytes.fill(0))).toBe('A'.repeat(22));
  });
});

describe('enqueue', () => {
  it('keeps items oldest first, equal times in the order queued', () => {
    let queue: readonly QueuedItem[] = [];
    queue = enqueue(queue, collect('/media/e/pad/c.jpg', 30, 'c-000000000000000'));
    queue = enqueue(queue, print('/media/e/pad/a.jpg', 10, 'a-000000000000000'));
    queue = enqueue(queue, collect('/media/e/pad/b.jpg', 30, 'b-000000000000000'));
    expect(queue.map((i) => i.id)).toEqual(['a-000000000000000', 'c-000000000000000', 'b-000000000000000']);
    expect(queue.every((i) => i.attempts === 0 && i.nextAttemptAt === i.createdAt)).toBe(true);
  });

  it('takes the same id once, a collect of the same media once, but two prints of one image with their own ids', () => {
    const first = enqueue([], collect('/media/e/pad/a.jpg', 1, 'same-id-000000000'));
    expect(enqueue(first, print('/media/e/pad/x.jpg', 2, 'same-id-000000000'))).toBe(first);
    expect(enqueue(first, collect('/media/e/pad/a.jpg', 2))).toBe(first);
    const prints = enqueue(enqueue([], print('/media/e/pad/a.jpg', 1)), print('/media/e/pad/a.jpg', 2));
    expect(prints).toHaveLength(2);
  });

  it('refuses malformed ids and stops at the bound, keeping what waits', () => {
    expect(enqueue([], collect('/media/e/pad/a.jpg', 1, 'short'))).toEqual([]);
    expect(enqueue([], collect('/media/e/pad/a.jpg', 1, 'has spaces in it, not an id'))).toEqual([]);
    let queue: readonly QueuedItem[] = [];
    for (let i = 0; i < MAX_QUEUED + 5; i += 1) queue = enqueue(queue, collect(`/media/e/pad/${i}.jpg`, i));
    expect(queue).toHaveLength(MAX_QUEUED);
    expect(queue[0]).toMatchObject({ url: '/media/e/pad/0.jpg' });
  });

  it('never holds two items with one id, nor two collects of one media, whatever is queued', () => {
    const items = fc.array(
      fc.record({
        kind: fc.constantFrom('collect', 'print'),
        id: fc.constantFrom('aaaaaaaaaaaaaaaa', 'bbbbbbbbbbbbbbbb', 'cccccccccccccccc', 'dddddddddddddddd'),
        url: fc.constantFrom('/m/e/pad/1.jpg', '/m/e/pad/2.jpg'),
        t: fc.nat(100),
      }),
    );
    fc.assert(
      fc.property(items, (list) => {
        let queue: readonly QueuedItem[] = [];
        for (const it of list)
          queue = enqueue(queue, it.kind === 'collect' ? collect(it.url, it.t, it.id) : print(it.url, it.t, it.id));
        const ids = queue.map((i) => i.id);
        const urls = queue.flatMap((i) => (i.kind === 'collect' ? [i.url] : []));
        return (
          new Set(ids).size === ids.length &&
          new Set(urls).size === urls.length &&
          queue.every((q, i) => i === 0 || queue[i - 1].createdAt <= q.createdAt)
        );
      }),
    );
  });
});

describe('sending order and backoff', () => {
  it('sends the oldest first; a failed one waits and holds the others, unless the connection came back', () => {
    let queue: QueuedItem[] = [
      ...enqueue(enqueue([], collect('/media/e/pad/a.jpg', 100)), print('/media/e/pad/b.jpg', 200)),
    ];
    const head = queue[0];
    expect(nextToSend(queue, 1_000)).toEqual({ item: head, waitMs: 0 });
    queue = afterFailure(queue, head.id, 1_000, () => 0.5);
    expect(queue[0]).toMatchObject({ id: head.id, attempts: 1, nextAttemptAt: 3_000 });
    expect(nextToSend(queue, 1_500)).toEqual({ item: queue[0], waitMs: 1_500 });
    expect(nextToSend(queue, 1_500, true)).toEqual({ item: queue[0], waitMs: 0 });
    queue = withoutItem(queue, head.id);
    expect(nextToSend(queue, 1_500)?.item.kind).toBe('print');
    expect(nextToSend([], 1_500)).toBeNull();
  });

  it('waits 2 s after the first failure, doubling to a 5 minute ceiling, spread by a fifth at most', () => {
    expect([1, 2, 3, 4, 5].map((a) => retryDelayMs(a, () => 0.5))).toEqual([2_000, 4_000, 8_000, 16_000, 32_000]);
    expect(retryDelayMs(30, () => 0.5)).toBe(300_000);
    expect(retryDelayMs(1, () => 0)).toBe(1_600);
    expect(retryDelayMs(1, () => 1)).toBe(2_400);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), fc.double({ min: 0, max: 1, noNaN: true }), (attempts, r) => {
        const delay = retryDelayMs(attempts, () => r);
        return (
          delay >= retryDelayMs(attempts, () => 0) &&
          delay <= retryDelayMs(attempts, () => 1) &&
          retryDelayMs(attempts + 1, () => 0.5) >= retryDelayMs(attempts, () => 0.5)
        );
      }),
    );
  });

  it('keeps order stable under ties', () => {
    const queue = [1, 2, 3].map(
      (k) => ({ ...collect(`/m/e/pad/${k}.jpg`, 5), attempts: 0, nextAttemptAt: 5 }) as QueuedItem,
    );
    expect(inOrder(queue).map((i) => i.id)).toEqual(queue.map((i) => i.id));
  });
});

describe('followed prints', () => {
  const tracked = (requestId: string, printId: string, sentAt: number) => ({
    requestId,
    packHash: 'PACK5',
    printId,
    sentAt,
  });

  it('answers the latest print of an image and keeps the newest ones only', () => {
    let prints = trackPrint([], tracked('r-old-00000000000', '/m/e/pad/a.jpg', 1));
    prints = trackPrint(prints, tracked('r-new-00000000000', '/m/e/pad/a.jpg', 5));
    prints = trackPrint(prints, tracked('r-other-000000000', '/m/e/pad/b.jpg', 9));
    expect(latestPrintOf(prints, '/m/e/pad/a.jpg')?.requestId).toBe('r-new-00000000000');
    expect(latestPrintOf(prints, '/m/e/pad/z.jpg')).toBeNull();
    expect(trackPrint(prints, tracked('r-new-00000000000', '/m/e/pad/a.jpg', 5))).toHaveLength(3);
    for (let i = 0; i < MAX_TRACKED_PRINTS + 3; i += 1)
      prints = trackPrint(prints, tracked(`r-${String(i).padStart(15, '0')}`, '/m/e/pad/c.jpg', 100 + i));
    expect(prints).toHaveLength(MAX_TRACKED_PRINTS);
    expect(latestPrintOf(prints, '/m/e/pad/a.jpg')).toBeNull();
  });
});

describe('what storage hands back', () => {
  it('is taken only when well formed', () => {
    const good = { ...collect('/media/e/pad/a.jpg', 1), attempts: 0, nextAttemptAt: 1 };
    expect(isQueuedItem(good)).toBe(true);
    expect(isQueuedItem({ ...print('/media/e/pad/a.jpg', 1), attempts: 2, nextAttemptAt: 9 })).toBe(true);
    for (const bad of [
      null,
      'x',
      { ...good, kind: 'lead' },
      { ...good, id: 'x' },
      { ...good, url: '' },
      { ...good, attempts: -1 },
      { ...good, createdAt: Number.NaN },
    ]) {
      expect(isQueuedItem(bad)).toBe(false);
    }
    expect(
      isTrackedPrint({ requestId: 'p_aaaaaaaaaaaaaaaa', packHash: 'PACK5', printId: '/m/e/pad/a.jpg', sentAt: 1 }),
    ).toBe(true);
    expect(isTrackedPrint({ requestId: 'p_a', packHash: 'PACK5', printId: '/m/e/pad/a.jpg', sentAt: 1 })).toBe(false);
  });
});
