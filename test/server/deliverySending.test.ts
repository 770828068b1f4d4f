import { oneClickUrl } from '../../server/src/modules/delivery/transports/emailTransport';
import { startSecondApp } from './support/testServer';
import {
  collect,
  FACE_A,
  FACE_B,
  figures,
  keepSelfie,
  messagesOf,
  newAgent,
  owner,
  receivedBy,
  server,
  settings,
  subscribed,
  transports,
  upload,
  withDeliveryWorld,
} from './support/deliveryWorld';

/**
 * What is sent to a subscribed guest, and how (docs/product.md#photos-delivered): each photo they
 * collect (at once when stored, when the booth's upload lands if before), each new photo their face
 * is found in, one last message at the party's end; once per guest and photo across retries and
 * servers, batched, capped, stopped at once, never a hidden photo.
 */
withDeliveryWorld();

/** Resolves once `condition` holds (asked every 20 ms); the jest timeout is the limit. */
async function until(condition: () => Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 20));
}

beforeEach(async () => {
  await settings(true, 500);
});

describe('a collected photo', () => {
  it('goes to the guest once, with its links and the way to stop', async () => {
    const agent = newAgent();
    await subscribed(agent);
    await collect(agent, '/media/festa_ana/pad/a1.jpg');
    await collect(agent, '/media/festa_ana/pad/a1.jpg');
    await server.jobsDone();
    const [message, ...more] = receivedBy(`${agent}@exemplo.com`);
    expect(more).toEqual([]);
    expect(message).toMatchObject({
      channel: 'email',
      guestName: 'Convidada',
      eventTitle: 'Festa da Ana',
      kind: 'photos',
      collectionUrl: null,
    });
    expect(message.photos).toHaveLength(1);
    expect(message.photos[0].pageUrl).toMatch(/\/collect\?id=%2Fmedia%2Ffesta_ana%2Fpad%2Fa1\.jpg$/);
    expect(message.stopUrl).toMatch(/\/parar\/[A-Za-z0-9_-]{32}$/);
    // The image's link works without a login, for whoever holds it; altered, it does not.
    const image = await server.call({ method: 'GET', url: new URL(message.photos[0].imageUrl).pathname });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    // Altered anywhere, even in the bits of the last character that base64url decoders ignore.
    const path = new URL(message.photos[0].imageUrl).pathname;
    const altered = path.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    const middle = path.length - 8;
    const alteredInside = `${path.slice(0, middle)}${path[middle] === 'x' ? 'y' : 'x'}${path.slice(middle + 1)}`;
    expect((await server.call({ method: 'GET', url: alteredInside })).statusCode).toBe(404);
    expect((await server.call({ method: 'GET', url: altered })).statusCode).toBe(404);
    expect(await messagesOf(agent)).toEqual([{ kind: 'photos', status: 'sent', photos: 1, reason: null }]);
  });

  it('collected before the booth uploads it goes when the upload lands', async () => {
    const agent = newAgent();
    await subscribed(agent);
    await collect(agent, '/media/festa_ana/pad/chegando.jpg');
    await server.jobsDone();
    expect(receivedBy(`${agent}@exemplo.com`)).toEqual([]);
    await upload('chegando.jpg');
    await server.jobsDone();
    const received = receivedBy(`${agent}@exemplo.com`);
    expect(received).toHaveLength(1);
    expect(received[0].photos[0].pageUrl).toContain('chegando.jpg');
  });

  it('is not sent to a visitor who did not subscribe, nor while the owner has it off', async () => {
    const agent = newAgent();
    await subscribed(agent);
    await settings(false);
    await collect(agent, '/media/festa_ana/pad/a2.jpg');
    await collect(newAgent(), '/media/festa_ana/pad/a2.jpg');
    await server.jobsDone();
    expect(receivedBy(`${agent}@exemplo.com`)).toEqual([]);
    expect(await messagesOf(agent)).toEqual([]);
  });

  it('hidden by the owner is never sent', async () => {
    const agent = newAgent();
    await subscribed(agent);
    const url = await upload('escondida.jpg');
    const hidden = await server.call({
      method: 'POST',
      url: '/api/events/festa_ana/moderacao',
      payload: { url, action: 'hide' },
      token: owner.token,
    });
    expect(hidden.statusCode).toBe(200);
    await collect(agent, url);
    await server.jobsDone();
    expect(receivedBy(`${agent}@exemplo.com`)).toEqual([]);
  });
});

describe('exactly once', () => {
  it('across two app servers collecting the same photo at once, and a retried send', async () => {
    const second = await startSecondApp(server, { deliveryTransports: transports });
    try {
      const agent = newAgent();
      await subscribed(agent);
      const url = await upload('duas.jpg');
      transports.email.next = [{ ok: false, retryable: true, reason: 'limite do provedor' }];
      const page = { method: 'GET' as const, url: `/collect?id=${url}` };
      const headers = { accept: 'text/html', cookie: server.visitorCookie(agent) };
      await Promise.all([server.call({ ...page, headers }), second.call({ ...page, headers })]);
      await server.jobsDone();
      expect(receivedBy(`${agent}@exemplo.com`)).toHaveLength(1);
      expect(transports.email.calls.filter((call) => call.to === `${agent}@exemplo.com`)).toHaveLength(2);
      expect(await messagesOf(agent)).toEqual([{ kind: 'photos', status: 'sent', photos: 1, reason: null }]);
    } finally {
      await second.close();
    }
  });

  it('a server killed between the provider taking it and the mark: run again, the guest gets it once', async () => {
    const agent = newAgent();
    await subscribed(agent);
    transports.email.next = ['accept-then-throw'];
    await collect(agent, '/media/festa_ana/polaroid/p1.jpg');
    await server.jobsDone();
    const calls = transports.email.calls.filter((call) => call.to === `${agent}@exemplo.com`);
    expect(calls).toHaveLength(2);
    expect(calls[0].idempotencyKey).toBe(calls[1].idempotencyKey);
    expect(receivedBy(`${agent}@exemplo.com`)).toHaveLength(1);
    expect((await messagesOf(agent))[0].status).toBe('sent');
  });

  it('a refusal for good is failed at once, with its reason, and counted', async () => {
    const agent = newAgent();
    await subscribed(agent);
    const before = await figures();
    transports.email.next = [{ ok: false, retryable: false, reason: 'endereço inexistente' }];
    await collect(agent, '/media/festa_ana/pad/a1.jpg');
    await server.jobsDone();
    expect(await messagesOf(agent)).toEqual([
      { kind: 'photos', status: 'failed', photos: 1, reason: 'endereço inexistente' },
    ]);
    expect((await figures()).failed).toBe(before.failed + 1);
  });
});

describe('the cap', () => {
  it('past it nothing more is sent, and the figures say so', async () => {
    const sentSoFar = (await figures()).sent;
    await settings(true, sentSoFar + 1);
    const [first, second] = [newAgent(), newAgent()];
    await subscribed(first);
    await subscribed(second);
    await collect(first, '/media/festa_ana/pad/a2.jpg');
    await server.jobsDone();
    await collect(second, '/media/festa_ana/pad/a2.jpg');
    await server.jobsDone();
    expect(receivedBy(`${first}@exemplo.com`)).toHaveLength(1);
    expect(receivedBy(`${second}@exemplo.com`)).toEqual([]);
    expect(await messagesOf(second)).toMatchObject([{ status: 'capped' }]);
    expect(await figures()).toMatchObject({ capReached: true, sent: sentSoFar + 1 });
  });
});

describe('stopping', () => {
  it("'Parar de receber' from a message's link stops the next one at once, without a login", async () => {
    const agent = newAgent();
    await subscribed(agent);
    await collect(agent, '/media/festa_ana/pad/a1.jpg');
    await server.jobsDone();
    const [message] = receivedBy(`${agent}@exemplo.com`);
    const token = message.stopUrl.split('/parar/')[1];
    const link = () => server.call({ method: 'GET', url: `/api/entregas/parar/${token}` });
    expect((await link()).json()).toEqual({ subscribed: true, title: 'Festa da Ana' });
    const stop = await server.call({ method: 'POST', url: `/api/entregas/parar/${token}` });
    expect(stop.json()).toEqual({ stopped: true, title: 'Festa da Ana' });
    await collect(agent, '/media/festa_ana/pad/a2.jpg');
    await server.jobsDone();
    expect(receivedBy(`${agent}@exemplo.com`)).toHaveLength(1);
    expect((await link()).json()).toEqual({ subscribed: false, title: '' });
    expect((await server.call({ method: 'GET', url: `/api/entregas/parar/${'A'.repeat(32)}` })).statusCode).toBe(404);
    // A repeat says so, and changes nothing.
    expect((await server.call({ method: 'POST', url: `/api/entregas/parar/${token}` })).json()).toEqual({
      stopped: false,
      title: '',
    });
  });

  it("a mail client's one-click unsubscribe (RFC 8058, a form to List-Unsubscribe's address) stops it", async () => {
    const agent = newAgent();
    await subscribed(agent);
    await collect(agent, '/media/festa_ana/pad/a1.jpg');
    await server.jobsDone();
    const [message] = receivedBy(`${agent}@exemplo.com`);
    const oneClick = new URL(oneClickUrl(message.stopUrl));
    const form = (payload: string) =>
      server.call({
        method: 'POST',
        url: oneClick.pathname,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload,
      });
    // A form far too big for 'List-Unsubscribe=One-Click' is refused, and stops nothing.
    expect((await form(`List-Unsubscribe=${'x'.repeat(4096)}`)).statusCode).toBe(413);
    expect((await form('List-Unsubscribe=One-Click')).json()).toEqual({ stopped: true, title: 'Festa da Ana' });
    await collect(agent, '/media/festa_ana/pad/a2.jpg');
    await server.jobsDone();
    expect(receivedBy(`${agent}@exemplo.com`)).toHaveLength(1);
  });

  it('a stop while a message waits for its retry sends nothing more', async () => {
    const agent = newAgent();
    await subscribed(agent);
    // Failing again until the stop lands, however slow the machine: each retry waits longer (5 s, 10 s, 20 s).
    transports.email.next = ['throw', 'throw', 'throw'];
    await collect(agent, '/media/festa_ana/pad/a1.jpg');
    // Its first try failed (the network): the next waits for its delay.
    await until(async () => transports.email.calls.some((call) => call.to === `${agent}@exemplo.com`));
    const stop = await server.call({
      method: 'DELETE',
      url: '/api/entregas/festa_ana',
      headers: { cookie: server.visitorCookie(agent) },
    });
    expect(stop.json()).toEqual({ stopped: true, title: 'Festa da Ana' });
    await server.jobsDone();
    expect(receivedBy(`${agent}@exemplo.com`)).toEqual([]);
    expect(await messagesOf(agent)).toMatchObject([{ status: 'stopped' }]);
  });
});

describe('turned off by the owner', () => {
  it('a message waiting for its retry is not sent', async () => {
    const agent = newAgent();
    await subscribed(agent);
    // Failing again until the stop lands, however slow the machine: each retry waits longer (5 s, 10 s, 20 s).
    transports.email.next = ['throw', 'throw', 'throw'];
    await collect(agent, '/media/festa_ana/pad/a2.jpg');
    await until(async () => transports.email.calls.some((call) => call.to === `${agent}@exemplo.com`));
    await settings(false);
    await server.jobsDone();
    expect(receivedBy(`${agent}@exemplo.com`)).toEqual([]);
    expect(await messagesOf(agent)).toMatchObject([
      { status: 'stopped', reason: 'entregas desligadas pelo organizador' },
    ]);
  });
});

describe('face matches', () => {
  it('a new photo the guest’s face is found in goes to them; not to a guest whose face is not in it', async () => {
    await server.db.query("UPDATE events SET face_search = true WHERE name = 'festa_ana'");
    try {
      const [found, other] = [newAgent(), newAgent()];
      await keepSelfie(found, FACE_A);
      await keepSelfie(other, FACE_B);
      await subscribed(found, { faceMatches: true });
      await subscribed(other, { faceMatches: true });
      await upload('rosto.jpg');
      await server.jobsDone();
      const received = receivedBy(`${found}@exemplo.com`);
      expect(received).toHaveLength(1);
      expect(received[0].photos[0].pageUrl).toContain('rosto.jpg');
      expect(receivedBy(`${other}@exemplo.com`)).toEqual([]);
    } finally {
      await server.db.query("UPDATE events SET face_search = false WHERE name = 'festa_ana'");
    }
  });
});

describe("'Pegar todas' of a face search", () => {
  it('collects the photos found: they go to the subscribed guest as any collect', async () => {
    await server.db.query("UPDATE events SET face_search = true WHERE name = 'festa_ana'");
    try {
      const url = await upload('pegar-todas.jpg');
      await server.jobsDone();
      const agent = newAgent();
      await keepSelfie(agent, FACE_A);
      await subscribed(agent);
      const response = await server.call({
        method: 'POST',
        url: `/api/fotos-do-rosto/${agent}/colecao`,
        payload: { fotos: [url] },
        headers: { cookie: server.visitorCookie(agent) },
      });
      expect(response.json()).toEqual({ collected: [url], refused: [] });
      await server.jobsDone();
      const received = receivedBy(`${agent}@exemplo.com`);
      expect(received).toHaveLength(1);
      expect(received[0].photos[0].pageUrl).toContain('pegar-todas.jpg');
    } finally {
      await server.db.query("UPDATE events SET face_search = false WHERE name = 'festa_ana'");
    }
  });
});

describe("the party's end", () => {
  it("sends each subscribed guest one last message with their own photos' and the gallery's links, once", async () => {
    const agent = newAgent();
    await subscribed(agent, { channel: 'whatsapp', address: '(11) 98765-4321' });
    const end = () => server.call({ method: 'POST', url: '/api/events/festa_ana/entregas/fim', token: owner.token });
    expect((await end()).statusCode).toBe(200);
    expect((await end()).json()).toMatchObject({ endedAt: expect.any(String) });
    await server.jobsDone();
    const last = transports.whatsapp.accepted.filter((message) => message.kind === 'event_end');
    expect(last).toHaveLength(1);
    expect(last[0]).toMatchObject({
      to: '+5511987654321',
      photos: [],
      collectionUrl: expect.stringMatching(/\/privacidade\?fotos=[A-Za-z0-9_-]{32}$/),
      galleryUrl: expect.stringContaining('festa_ana'),
    });
  });
});
