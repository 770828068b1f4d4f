import type { GuestCollectionReply } from '../../contract/wire';
import { loadMediaSessionSecret } from '../../server/src/modules/access/http/mediaSession';
import { deliveryKeys, subscriptionToken } from '../../server/src/modules/delivery/deliveryTokens';
import {
  collect,
  newAgent,
  owner,
  receivedBy,
  server,
  settings,
  subscribed,
  withDeliveryWorld,
  myDeliveries,
} from './support/deliveryWorld';

/**
 * The guest's own photos link of their messages, beside the gallery's (docs/product.md#photos-delivered), and the
 * privacy page after a stop (docs/privacy.md#photos-delivered): the messages kept are listed, with the stop's date.
 */
withDeliveryWorld();

beforeAll(async () => {
  await settings(true, 500);
});

/** The party's end for festa_ana (once: later calls change nothing), then the guest's last message. */
async function lastMessageOf(agent: string) {
  const end = await server.call({ method: 'POST', url: '/api/events/festa_ana/entregas/fim', token: owner.token });
  expect(end.statusCode).toBe(200);
  await server.jobsDone();
  const last = receivedBy(`${agent}@exemplo.com`).find((message) => message.kind === 'event_end');
  if (!last) throw new Error('no last message');
  return last;
}

const tokenOf = (url: string | null) => new URL(url ?? 'http://x/').searchParams.get('fotos') ?? '';

/** The collects 'A festa em números' counts at festa_ana. */
const collectedCount = async () => {
  const { rows } = await server.db.query<{ count: number }>(
    "SELECT count(*)::int AS count FROM event_actions WHERE event_name = 'festa_ana' AND kind = 'collect'",
  );
  return rows[0].count;
};

describe("the guest's own photos link", () => {
  let agent: string;
  let token: string;

  beforeAll(async () => {
    agent = newAgent('colecao');
    await subscribed(agent);
    await collect(agent, '/media/festa_ana/pad/a1.jpg');
    await collect(agent, '/media/festa_ana/pad/a2.jpg');
    await server.jobsDone();
    const last = await lastMessageOf(agent);
    expect(last.galleryUrl).toMatch(/\/eventos\/evento\/pad\?evento=festa_ana$/);
    expect(last.collectionUrl).toMatch(/\/privacidade\?fotos=[A-Za-z0-9_-]{32}$/);
    token = tokenOf(last.collectionUrl);
  });

  const read = (value = token) => server.call({ method: 'GET', url: `/api/entregas/colecao/${value}` });

  it('lists every photo delivered to the guest, without a login, with the event and its gallery', async () => {
    const response = await read();
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.json<GuestCollectionReply>()).toEqual({
      bname: 'festa_ana',
      title: 'Festa da Ana',
      gallery: '/eventos/evento/pad?evento=festa_ana',
      photos: ['/media/festa_ana/pad/a1.jpg', '/media/festa_ana/pad/a2.jpg'],
    });
  });

  it('never lists a photo the owner hid', async () => {
    await server.db.query("UPDATE media SET hidden_at = now() WHERE event_name = 'festa_ana' AND file = 'a2.jpg'");
    try {
      expect((await read()).json<GuestCollectionReply>().photos).toEqual(['/media/festa_ana/pad/a1.jpg']);
    } finally {
      await server.db.query("UPDATE media SET hidden_at = NULL WHERE event_name = 'festa_ana' AND file = 'a2.jpg'");
    }
  });

  it('is refused (404) altered, or as a stop link; a stop token opens no photos', async () => {
    const altered = token.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await read(altered)).statusCode).toBe(404);
    const last = receivedBy(`${agent}@exemplo.com`).find((message) => message.kind === 'event_end');
    const stop = (last?.stopUrl ?? '').split('/parar/')[1];
    expect((await read(stop)).statusCode).toBe(404);
    expect((await read('curto')).statusCode).toBe(400);
  });

  it("'Adicionar à minha coleção' collects them all for the browser that asks, counted once", async () => {
    const phone = newAgent('outrocelular');
    const before = await collectedCount();
    const add = () =>
      server.call({
        method: 'POST',
        url: `/api/entregas/colecao/${token}`,
        headers: { cookie: server.visitorCookie(phone) },
      });
    const response = await add();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      collected: ['/media/festa_ana/pad/a1.jpg', '/media/festa_ana/pad/a2.jpg'],
      refused: [],
    });
    expect(await collectedCount()).toBe(before + 2);
    expect((await add()).statusCode).toBe(200);
    expect(await collectedCount()).toBe(before + 2);
    // Without the browser's own signed agent there is nobody to collect for.
    const unsigned = await server.call({ method: 'POST', url: `/api/entregas/colecao/${token}` });
    expect(unsigned.statusCode).toBe(403);
  });
});

describe('after a stop', () => {
  it("the privacy page lists the messages kept, with the stop's date; 'Apagar' erases them", async () => {
    const agent = newAgent('parouagora');
    await subscribed(agent);
    await collect(agent, '/media/festa_ana/pad/a1.jpg');
    await server.jobsDone();
    const [message] = receivedBy(`${agent}@exemplo.com`);
    const stopToken = message.stopUrl.split('/parar/')[1];
    expect((await server.call({ method: 'POST', url: `/api/entregas/parar/${stopToken}` })).statusCode).toBe(200);
    const listed = await myDeliveries(agent);
    expect(listed).toEqual([
      {
        bname: 'festa_ana',
        title: 'Festa da Ana',
        stopped: true,
        stoppedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        messages: [{ kind: 'photos', photos: 1, status: 'sent', at: expect.any(String) }],
      },
    ]);
    // Nothing of the subscription is said any more: its name and address went with it.
    expect(JSON.stringify(listed)).not.toContain('@exemplo.com');
    const erase = await server.call({
      method: 'DELETE',
      url: `/api/privacy/entregas/${agent}/festa_ana`,
      headers: { cookie: server.visitorCookie(agent) },
    });
    expect(erase.json()).toEqual({ removed: 1 });
    expect(await myDeliveries(agent)).toEqual([]);
  });

  it('subscribed again, the event is listed once, as subscribed, with every message', async () => {
    const agent = newAgent('voltouagora');
    await subscribed(agent);
    await collect(agent, '/media/festa_ana/pad/a1.jpg');
    await server.jobsDone();
    const stop = await server.call({
      method: 'DELETE',
      url: '/api/entregas/festa_ana',
      headers: { cookie: server.visitorCookie(agent) },
    });
    expect(stop.json()).toMatchObject({ stopped: true });
    await subscribed(agent);
    const listed = await myDeliveries(agent);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ stopped: false, address: `${agent}@exemplo.com` });
    expect(listed[0].messages).toHaveLength(1);
  });

  it("the guest's own photos link shows nothing more once stopped (404, said in Portuguese)", async () => {
    const agent = newAgent('paroulink');
    await subscribed(agent);
    await collect(agent, '/media/festa_ana/pad/a1.jpg');
    await server.jobsDone();
    const { rows } = await server.db.query<{ id: string }>('SELECT id FROM delivery_subscriptions WHERE agent = $1', [
      agent,
    ]);
    const keys = deliveryKeys(await loadMediaSessionSecret(server.config.mediaSessionSecret, server.dataDir));
    const token = subscriptionToken(keys.collection, Number(rows[0].id));
    expect((await server.call({ method: 'GET', url: `/api/entregas/colecao/${token}` })).statusCode).toBe(200);
    await server.call({
      method: 'DELETE',
      url: '/api/entregas/festa_ana',
      headers: { cookie: server.visitorCookie(agent) },
    });
    const gone = await server.call({ method: 'GET', url: `/api/entregas/colecao/${token}` });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ error: 'collection_gone', message: expect.stringContaining('coleção') });
  });
});
