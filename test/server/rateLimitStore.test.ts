import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { WindowCount } from '../../server/src/platform/db/windowCounts';
import { windowCounts } from '../../server/src/platform/db/windowCounts';
import { rateClientKey, sharedRateStore } from '../../server/src/platform/http/rateLimitStore';

/**
 * The store under @fastify/rate-limit (docs/operations.md#rate-limits-across-servers): a request
 * counts for its person, and for its address only when its person's limit allows it.
 */
const MAX = 2;
const ADDRESS_MAX = 5;
const WINDOW_MS = 60_000;

/**
 * A route's store over counts in memory alone, and one request of `person` from `address` on it, answered as the plugin
 * is.
 */
function route(): {
  hit: (person: string, address?: string) => { count: WindowCount | undefined; synchronous: boolean };
} {
  const Store = sharedRateStore(windowCounts({ db: null }));
  const store = new Store({}).child({
    routeInfo: { method: 'GET', url: '/rota' },
    addressMax: ADDRESS_MAX,
  } as unknown as Parameters<FastifyRateLimitStore['child']>[0]);
  return {
    hit(person, address = '10.0.0.1') {
      let count: WindowCount | undefined;
      store.incr(
        rateClientKey({ person, address }),
        (error, result) => {
          if (error) throw error;
          count = result;
        },
        WINDOW_MS,
        MAX,
      );
      return { count, synchronous: count !== undefined };
    },
  };
}

const refused = (count: WindowCount | undefined) => (count?.current ?? 0) > MAX;

it('answers from memory in the same turn, with no promise between', () => {
  const { hit } = route();
  for (let i = 0; i < MAX + 3; i += 1) expect(hit('agent:um').synchronous).toBe(true);
});

it("does not count a request its person's limit refuses for the address: another person there is served", () => {
  const { hit } = route();
  const hammering = Array.from({ length: 20 }, () => refused(hit('agent:um').count));
  expect(hammering.filter((no) => !no)).toHaveLength(MAX);
  // Counted for the address: the first person's MAX, then the others' until the ceiling.
  expect(refused(hit('agent:dois').count)).toBe(false);
  expect(refused(hit('agent:dois').count)).toBe(false);
  expect(refused(hit('agent:tres').count)).toBe(false);
  expect(refused(hit('agent:tres').count)).toBe(true);
  // Another address has its own ceiling.
  expect(refused(hit('agent:quatro', '10.0.0.2').count)).toBe(false);
});
