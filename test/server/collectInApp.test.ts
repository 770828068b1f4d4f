import type { InjectOptions } from 'fastify';
import {
  collect,
  messagesOf,
  newAgent,
  owner,
  receivedBy,
  server,
  settings,
  subscribed,
  upload,
  withDeliveryWorld,
} from './support/deliveryWorld';

/**
 * A photo collected in the app without a page load (docs/api.md#collects-in-the-app): `POST /api/coletado` does what
 * the collect page's serving does for its visitor (modules/collects): a subscribed guest gets it, 'A festa em números'
 * counts it once, the visitor is granted the event; only media the media gate shows them, never a hidden photo, and a
 * refusal changes nothing.
 */
withDeliveryWorld();

const A1 = '/media/festa_ana/pad/a1.jpg';

function told(agent: string | null, url: string, extra: Partial<InjectOptions> = {}) {
  return server.call({
    method: 'POST',
    url: '/api/coletado',
    payload: { url },
    ...(agent ? { headers: { cookie: server.visitorCookie(agent) } } : {}),
    ...extra,
  });
}

/** What the server keeps of a visitor's collects: counted ones, photos noted for delivery, the events granted. */
async function traces(agent: string) {
  const counted = await server.db.query<{ event_name: string }>(
    "SELECT event_name FROM event_actions WHERE kind = 'collect' AND event_name IN ('festa_ana', 'privada')",
  );
  const grants = await server.db.query<{ event_name: string }>(
    'SELECT event_name FROM event_grants WHERE holder = $1 ORDER BY event_name',
    [`agent:${agent}`],
  );
  const noted = await server.db.query<{ n: string }>(
    `SELECT count(*) AS n FROM delivery_photos p JOIN delivery_subscriptions s ON s.id = p.subscription_id
      WHERE s.agent = $1`,
    [agent],
  );
  const wanted = await server.db.query<{ n: string }>(
    `SELECT count(*) AS n FROM delivery_wants w JOIN delivery_subscriptions s ON s.id = w.subscription_id
      WHERE s.agent = $1`,
    [agent],
  );
  return {
    counted: counted.rows.length,
    grants: grants.rows.map((row) => row.event_name),
    noted: Number(noted.rows[0].n) + Number(wanted.rows[0].n),
  };
}

beforeEach(async () => {
  await settings(true, 500);
});

describe('a photo collected in the app', () => {
  it('is sent to the subscribed guest once, counted once and grants the event: a repeat changes nothing', async () => {
    const agent = newAgent('coletaapp');
    await subscribed(agent);
    const before = await traces(agent);
    const first = await told(agent, A1);
    expect({ status: first.statusCode, body: first.body }).toEqual({ status: 200, body: 'ok' });
    expect((await told(agent, A1)).statusCode).toBe(200);
    await server.jobsDone();
    expect(receivedBy(`${agent}@exemplo.com`)).toHaveLength(1);
    expect(await messagesOf(agent)).toEqual([{ kind: 'photos', status: 'sent', photos: 1, reason: null }]);
    expect(await traces(agent)).toEqual({ counted: before.counted + 1, grants: ['festa_ana'], noted: 1 });
  });

  it('after the page load carried it, adds nothing: the two are one collect', async () => {
    const agent = newAgent('coletaapp');
    await subscribed(agent);
    const before = await traces(agent);
    await collect(agent, '/media/festa_ana/pad/a2.jpg');
    const afterPage = await traces(agent);
    expect(afterPage).toEqual({ counted: before.counted + 1, grants: ['festa_ana'], noted: 1 });
    expect((await told(agent, '/media/festa_ana/pad/a2.jpg')).statusCode).toBe(200);
    await server.jobsDone();
    expect(await traces(agent)).toEqual(afterPage);
    expect(receivedBy(`${agent}@exemplo.com`)).toHaveLength(1);
  });

  it('by a visitor who is not subscribed is counted, and sends nothing', async () => {
    const agent = newAgent('coletaapp');
    const before = await traces(agent);
    expect((await told(agent, '/media/festa_ana/polaroid/p1.jpg')).statusCode).toBe(200);
    await server.jobsDone();
    expect(await traces(agent)).toEqual({ counted: before.counted + 1, grants: ['festa_ana'], noted: 0 });
    expect(await messagesOf(agent)).toEqual([]);
  });
});

describe('a collect the server refuses changes nothing', () => {
  it('a photo the booth has not sent: 404 media_not_found, not even awaited for its upload', async () => {
    const agent = newAgent('coletaapp');
    await subscribed(agent);
    const before = await traces(agent);
    const missing = await told(agent, '/media/festa_ana/pad/ainda-nao.jpg');
    expect({ status: missing.statusCode, error: missing.json<{ error: string }>().error }).toEqual({
      status: 404,
      error: 'media_not_found',
    });
    await upload('ainda-nao.jpg');
    await server.jobsDone();
    expect(await traces(agent)).toEqual(before);
    expect(receivedBy(`${agent}@exemplo.com`)).toEqual([]);
  });

  it('a photo the host hid: 404 media_hidden, in Portuguese', async () => {
    const agent = newAgent('coletaapp');
    await subscribed(agent);
    const url = await upload('escondida.jpg');
    const hidden = await server.call({
      method: 'POST',
      url: '/api/events/festa_ana/moderacao',
      token: owner.token,
      payload: { url, action: 'hide' },
    });
    expect(hidden.statusCode).toBe(200);
    const before = await traces(agent);
    const refused = await told(agent, url);
    expect({ status: refused.statusCode, body: refused.json() }).toEqual({
      status: 404,
      body: { error: 'media_hidden', message: 'Quem organiza o evento ocultou esta foto.' },
    });
    // Nor does its collect link's page, by the same function: it sets no cookie of it either.
    const page = await server.call({
      method: 'GET',
      url: `/collect?id=${url}`,
      headers: { accept: 'text/html', cookie: server.visitorCookie(agent) },
    });
    expect(String(page.headers['set-cookie'] ?? '')).not.toContain('escondida');
    await server.jobsDone();
    expect(await traces(agent)).toEqual(before);
    expect(receivedBy(`${agent}@exemplo.com`)).toEqual([]);
  });

  it("a private event's photo to a guest without its login: 401; an event they may not see: 404", async () => {
    const agent = newAgent('coletaapp');
    const { rows } = await server.db.query<{ file: string }>(
      "SELECT file FROM media WHERE event_name = 'privada' AND unguessable LIMIT 1",
    );
    const before = await traces(agent);
    const locked = await told(agent, `/media/privada/pad/${rows[0].file}`);
    expect({ status: locked.statusCode, error: locked.json<{ error: string }>().error }).toEqual({
      status: 401,
      error: 'media_login_required',
    });
    // To a browser never there, a name anyone could guess opens nothing, and says nothing of the event.
    const stranger = newAgent('coletaapp');
    const guessed = await told(stranger, '/media/privada/pad/x1.jpg');
    expect({ status: guessed.statusCode, error: guessed.json<{ error: string }>().error }).toEqual({
      status: 404,
      error: 'not_found',
    });
    const unknown = await told(stranger, '/media/nenhuma/pad/a1.jpg');
    expect(unknown.statusCode).toBe(404);
    // Knowing the link's name is having been given it (docs/api.md#who-may-see-an-event), as for the file itself: the
    // grant is the media gate's, nothing of the collect's.
    expect((await traces(stranger)).grants).toEqual([]);
    const after = await traces(agent);
    expect({ counted: after.counted, noted: after.noted }).toEqual({ counted: before.counted, noted: 0 });
  });

  it('no agent of the browser’s own: 403 agent_not_vouched; not a media path: 400', async () => {
    const before = (await traces('ninguem000')).counted;
    const anonymous = await told(null, A1);
    expect({ status: anonymous.statusCode, error: anonymous.json<{ error: string }>().error }).toEqual({
      status: 403,
      error: 'agent_not_vouched',
    });
    const agent = newAgent('coletaapp');
    for (const url of ['festa_ana/pad', '/media/festa_ana/nada/a1.jpg', '']) {
      expect([url, (await told(agent, url)).statusCode]).toEqual([url, 400]);
    }
    expect((await told(agent, A1, { payload: { url: A1, agent } })).statusCode).toBe(400);
    expect((await traces(agent)).counted).toBe(before);
  });
});
