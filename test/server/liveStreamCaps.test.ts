import {
  liveStreamCaps,
  LIVE_RETRY_AFTER_S,
  LIVE_STREAMS_PER_VISITOR,
} from '../../server/src/platform/http/liveStreamCaps';
import { loadMediaSessionSecret } from '../../server/src/modules/access/http/mediaSession';
import { AGENT_SIGNATURE_COOKIE, agentSigningKey, signAgent } from '../../server/src/modules/access/http/visitorAgent';
import { eventually } from '../e2e/support/eventually';
import { loadBasicSeed } from './support/fixtures';
import { follow } from './support/followStream';
import { startTestServer, type TestServer } from './support/testServer';

/**
 * Live streams within bounds (docs/api.md#live-galleries): a visitor holds a few at
 * once, an address a venue's worth, a server what its memory holds (LIVE_STREAMS_MAX); one more
 * is a 503 with Retry-After, and the phone polls instead. Counted by each server in its memory.
 */
describe('the caps on live streams, counted', () => {
  const caps = () => liveStreamCaps({ perVisitor: 2, perAddress: 3, perServer: 5 });

  it('by visitor, by address for a request without one, and in all', () => {
    const live = caps();
    const ana = { ip: '192.0.2.1', visitorAgent: 'anaagent001' };
    const gone = [live.take(ana), live.take(ana)];
    expect(gone.every((giveBack) => giveBack !== null)).toBe(true);
    expect(live.take(ana)).toBeNull();
    // Her address has room for one more, taken by a visitor without an agent.
    expect(live.take({ ip: '192.0.2.1', visitorAgent: null })).not.toBeNull();
    expect(live.take({ ip: '192.0.2.1', visitorAgent: 'beaagent001' })).toBeNull();
    expect(live.take({ ip: '192.0.2.1', visitorAgent: null })).toBeNull();
    // Another address, until the server holds its five.
    expect(live.take({ ip: '198.51.100.7', visitorAgent: null })).not.toBeNull();
    expect(live.take({ ip: '198.51.100.8', visitorAgent: 'beaagent001' })).not.toBeNull();
    expect(live.count).toBe(5);
    expect(live.take({ ip: '203.0.113.9', visitorAgent: null })).toBeNull();
    // Given back once, however often it is called.
    gone[0]?.();
    gone[0]?.();
    expect(live.count).toBe(4);
    expect(live.take(ana)).not.toBeNull();
    expect(live.take(ana)).toBeNull();
  });

  it('by an IPv6 address as its /64, and an IPv4 address written as IPv6 as itself', () => {
    const live = caps();
    for (const ip of ['2001:db8:1:2::1', '2001:db8:1:2::2', '2001:db8:1:2:aaaa::3'])
      expect(live.take({ ip, visitorAgent: null })).not.toBeNull();
    expect(live.take({ ip: '2001:db8:1:2:ffff::4', visitorAgent: null })).toBeNull();
    expect(live.take({ ip: '2001:db8:1:3::1', visitorAgent: null })).not.toBeNull();
    const other = caps();
    for (let n = 0; n < 3; n += 1) expect(other.take({ ip: '::ffff:192.0.2.9', visitorAgent: null })).not.toBeNull();
    expect(other.take({ ip: '192.0.2.9', visitorAgent: null })).toBeNull();
  });
});

describe('a server with its live streams capped', () => {
  let server: TestServer;
  let base: string;
  let signingKey: Buffer;
  /** Six in all on this server: a visitor's four, and two more. */
  const SERVER_CAP = LIVE_STREAMS_PER_VISITOR + 2;

  beforeAll(async () => {
    server = await startTestServer({ LIVE_STREAMS_MAX: String(SERVER_CAP) });
    await loadBasicSeed(server);
    base = await server.app.listen({ host: '127.0.0.1', port: 0 });
    signingKey = agentSigningKey(await loadMediaSessionSecret(server.config.mediaSessionSecret, server.config.dataDir));
  });

  afterAll(() => server.close());

  /** A browser the server gave the visitor `agent` (its cookie and signature). */
  const as = (agent: string) => ({
    cookie: `agent=${agent}; ${AGENT_SIGNATURE_COOKIE}=${signAgent(signingKey, agent)}`,
  });
  const gallery = (mode: string) => `${base}/api/live/festa_ana/${mode}`;
  const wall = () => `${base}/api/telao/festa-ana-1/ao-vivo`;
  type Stream = Awaited<ReturnType<typeof follow>>;
  const open: Stream[] = [];
  /**
   * A stream the server lets in, kept open until the test ends. Asked again while refused: the
   * server gives a closed stream's slot back when it notices its connection's end, and the
   * streams of the test before may still hold theirs.
   */
  const opened = async (url: string, headers: Record<string, string> = {}) => {
    let stream: Stream | null = null;
    await eventually(async () => {
      const tried = await follow(url, headers);
      if (tried.response.status !== 200) await tried.close();
      expect(tried.response.status).toBe(200);
      stream = tried;
    });
    const kept = stream as unknown as Stream;
    open.push(kept);
    expect((await kept.next(1))[0].event).toBe('gallery');
    return kept;
  };

  afterEach(async () => {
    await Promise.all(open.splice(0).map((stream) => stream.close()));
  });

  const expectRefused = async (stream: Stream) => {
    expect(stream.response.status).toBe(503);
    expect(stream.response.headers.get('retry-after')).toBe(String(LIVE_RETRY_AFTER_S));
    expect(stream.response.headers.get('content-type')).toMatch(/^application\/json/);
    await stream.reading;
    expect(stream.events).toEqual([]);
  };

  it(`refuses a visitor's stream past their four, galleries and wall alike, with 503 and Retry-After; another visitor \
still gets one; one closed frees its slot`, async () => {
    const ana = as('anavisitante0001');
    const mine = [
      await opened(gallery('pad'), ana),
      await opened(gallery('polaroid'), ana),
      await opened(gallery('360'), ana),
      await opened(wall(), ana),
    ];

    const fifth = await follow(gallery('pad'), ana);
    await expectRefused(fifth);
    const body = (await (await fetch(wall(), { headers: ana })).json()) as unknown;
    expect(body).toEqual({ error: 'live_unavailable', message: expect.stringMatching(/\S/) });

    // Another visitor, on the same address, is let in at once.
    const bea = await follow(gallery('pad'), as('beavisitante0001'));
    open.push(bea);
    expect(bea.response.status).toBe(200);
    expect((await bea.next(1))[0].event).toBe('gallery');

    // Once the server notices the closed stream (its connection's end), Ana's next one is let in.
    await mine[0].close();
    await opened(gallery('pad'), ana);
  });

  it(`refuses any stream past the server's total (LIVE_STREAMS_MAX), whoever asks, and lets one in again once one \
closes`, async () => {
    const streams: Stream[] = [];
    for (let n = 1; n <= SERVER_CAP; n += 1) streams.push(await opened(gallery('pad'), as(`convidado00${n}`)));

    await expectRefused(await follow(gallery('pad'), as('convidado0099')));
    // A request without an agent, counted by its address alone, too.
    await expectRefused(await follow(wall()));

    await streams[0].close();
    await opened(wall());
  });

  it(`still answers a stream the viewer may not open with its refusal, not a 503, when the caps are \
reached`, async () => {
    const ana = as('anavisitante0002');
    for (const mode of ['pad', 'polaroid', '360', 'boomerang']) await opened(gallery(mode), ana);
    await expectRefused(await follow(wall(), ana));
    expect((await fetch(`${base}/api/live/privada/pad`, { headers: ana })).status).toBe(404);
    expect((await fetch(`${base}/api/live/nao_existe/pad`, { headers: ana })).status).toBe(404);
  });
});
