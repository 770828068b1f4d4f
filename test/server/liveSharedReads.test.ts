import { revokeGrants } from '../../server/src/modules/access/eventAccess';
import { loadMediaSessionSecret } from '../../server/src/modules/access/http/mediaSession';
import { AGENT_SIGNATURE_COOKIE, agentSigningKey, signAgent } from '../../server/src/modules/access/http/visitorAgent';
import { basicSeed, loadBasicSeed } from './support/fixtures';
import { follow, type LiveEvent } from './support/followStream';
import { startTestServer, type TestServer } from './support/testServer';

/**
 * The live streams of one event share what the server reads for them: a change of the
 * event is read once for all its walls, once per booth gallery, whatever the number of screens
 * and phones; each stream then decides only whether it is still open to its viewer, and asks the
 * database of that only when something deciding it changed, for all its viewers at once.
 */
let server: TestServer;
let base: string;
let signingKey: Buffer;
/** Screens and phones following the same event. */
const CROWD = 12;

beforeAll(async () => {
  server = await startTestServer();
  const seed = basicSeed();
  seed.events = [
    ...(seed.events ?? []),
    { name: 'ligada', publicId: 'ligada-1', visibility: 'link', devices: ['pad'] },
  ];
  seed.media = [...(seed.media ?? []), { event: 'ligada', mode: 'pad', file: 'l1.jpg', source: 'a1.jpg' }];
  await loadBasicSeed(server, seed);
  base = await server.app.listen({ host: '127.0.0.1', port: 0 });
  signingKey = agentSigningKey(await loadMediaSessionSecret(server.config.mediaSessionSecret, server.config.dataDir));
});

afterAll(() => server.close());

type Stream = Awaited<ReturnType<typeof follow>>;
const open: Stream[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((stream) => stream.close()));
});

/** `count` streams of `url`, each past its first event (its version as it opened). */
async function crowd(
  url: string,
  count: number,
  headersOf: (n: number) => Record<string, string> = () => ({}),
): Promise<Stream[]> {
  const streams = await Promise.all(Array.from({ length: count }, (_, n) => follow(url, headersOf(n))));
  open.push(...streams);
  for (const stream of streams) {
    expect(stream.response.status).toBe(200);
    await stream.next(1);
  }
  return streams;
}

/** Waits until every stream has said `count` events; answers each one's last. */
async function allHeard(streams: Stream[], count: number): Promise<LiveEvent[]> {
  return Promise.all(streams.map(async (stream) => (await stream.next(count))[count - 1]));
}

/** A booth photo joins festa_ana's pad gallery (as its tile is made), written as another server would. */
let photos = 0;
const newPhoto = (event = 'festa_ana') =>
  server.db.query("INSERT INTO media (event_name, mode, file, kind) VALUES ($1, 'pad', $2, 'image')", [
    event,
    `compartilhada-${(photos += 1)}.jpg`,
  ]);

interface Statement {
  sql: string;
  values: unknown[];
}

/** The statements the app sends while `during` runs. */
async function statementsDuring(during: () => Promise<void>): Promise<Statement[]> {
  const query = jest.spyOn(server.db, 'query');
  try {
    await during();
    return query.mock.calls.map(([sql, values]) => ({ sql: String(sql), values: values ?? [] }));
  } finally {
    query.mockRestore();
  }
}

const isWallRead = ({ sql }: Statement) =>
  /FROM events e\s+CROSS JOIN LATERAL[\s\S]*WHERE e\.public_id = \$1/.test(sql);
/** A booth gallery's state read (modules/media/media.ts galleryState), of `mode`. */
const isGalleryRead =
  (mode: string) =>
  ({ sql, values }: Statement) =>
    /FROM events e\s+CROSS JOIN LATERAL[\s\S]*m\.mode = \$2[\s\S]*WHERE e\.name = \$1/.test(sql) && values[1] === mode;
const isGrantRead = ({ sql }: Statement) => /FROM event_grants g/.test(sql);

/** A browser the server gave the visitor `agent` (its cookie and signature). */
const as = (agent: string) => ({ cookie: `agent=${agent}; ${AGENT_SIGNATURE_COOKIE}=${signAgent(signingKey, agent)}` });
const guest = (n: number) => `convidadoligada${String(n).padStart(3, '0')}`;

describe('streams of one event', () => {
  it('cost one read of the wall per change, whatever the number of walls open, and one per booth gallery', async () => {
    const walls = await crowd(`${base}/api/telao/festa-ana-1/ao-vivo`, CROWD);
    const pads = await crowd(`${base}/api/live/festa_ana/pad`, CROWD);
    const polaroids = await crowd(`${base}/api/live/festa_ana/polaroid`, CROWD);
    // The first change after they opened, heard by all: whatever their opening still had to read is read.
    await newPhoto();
    await allHeard([...walls, ...pads], 2);

    const sql = await statementsDuring(async () => {
      await newPhoto();
      const [wall, pad] = await Promise.all([allHeard(walls, 3), allHeard(pads, 3)]);
      for (const event of [...wall, ...pad]) expect(event.event).toBe('gallery');
      expect(new Set(wall.map((event) => JSON.stringify(event.data))).size).toBe(1);
    });
    expect(sql.filter(isWallRead)).toHaveLength(1);
    // Each booth gallery read once; the polaroid's, unchanged, says nothing to its phones.
    expect(sql.filter(isGalleryRead('pad'))).toHaveLength(1);
    expect(sql.filter(isGalleryRead('polaroid'))).toHaveLength(1);
    expect(sql.filter(isGrantRead)).toEqual([]);
    for (const stream of polaroids) expect(stream.events).toHaveLength(1);
  });

  it(`decides its guests' access again with one read of their grants, and closes only the stream of the guest who lost \
it`, async () => {
    const values = Array.from({ length: CROWD }, (_, n) => `('ligada', 'agent:${guest(n)}', 'collect')`).join(', ');
    await server.db.query(`INSERT INTO event_grants (event_name, holder, via) VALUES ${values}`);
    const guests = await crowd(`${base}/api/live/ligada/pad`, CROWD, (n) => as(guest(n)));
    expect((await fetch(`${base}/api/live/ligada/pad`)).status).toBe(404);

    // A photo: nothing about who may see it changed, no grant is read.
    const photoSql = await statementsDuring(async () => {
      await newPhoto('ligada');
      await allHeard(guests, 2);
    });
    expect(photoSql.filter(isGalleryRead('pad'))).toHaveLength(1);
    expect(photoSql.filter(isGrantRead)).toEqual([]);

    // One guest's presence goes ('Apagar minhas fotos' takes it): one read of every guest's grant.
    const [gone, ...stay] = guests;
    const erasureSql = await statementsDuring(async () => {
      await server.db.query('DELETE FROM event_grants WHERE holder = $1', [`agent:${guest(0)}`]);
      expect((await gone.next(3))[2]).toEqual({ event: 'closed', data: {} });
      await gone.reading;
    });
    expect(gone.isEnded()).toBe(true);
    expect(erasureSql.filter(isGrantRead)).toHaveLength(1);
    expect(stay.every((stream) => !stream.isEnded() && stream.events.length === 2)).toBe(true);

    // Every guest's access revoked by the owner: every stream says closed and ends.
    await revokeGrants(server.db, 'ligada', 'ligada-2');
    for (const event of await allHeard(stay, 3)) expect(event).toEqual({ event: 'closed', data: {} });
    await Promise.all(stay.map((stream) => stream.reading));
    expect(stay.every((stream) => stream.isEnded())).toBe(true);
  });

  it('all end, saying so, when the event is made private, walls and galleries', async () => {
    const walls = await crowd(`${base}/api/telao/outra-1/ao-vivo`, CROWD);
    const pads = await crowd(`${base}/api/live/outra/pad`, CROWD);
    try {
      await server.db.query("UPDATE events SET visibility = 'private' WHERE name = 'outra'");
      for (const event of await allHeard([...walls, ...pads], 2)) expect(event).toEqual({ event: 'closed', data: {} });
      await Promise.all([...walls, ...pads].map((stream) => stream.reading));
      expect([...walls, ...pads].every((stream) => stream.isEnded())).toBe(true);
    } finally {
      await server.db.query("UPDATE events SET visibility = 'public' WHERE name = 'outra'");
    }
  });
});
