import { newUser, type TestUser } from '../support/testServer';
import {
  AGENT,
  albumLine,
  cardOrder,
  DISCOUNTED,
  newOrderId,
  order,
  paidCardOrder,
  payOrder,
  postOrder,
  server,
  storedOrder,
  withShopServer,
} from './support';

let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let dave: TestUser;

withShopServer();

beforeAll(async () => {
  [alice, bob, carol, dave] = await Promise.all([newUser('alice'), newUser('bob'), newUser('carol'), newUser('dave')]);
});

describe('orders of an account: /api/set_transaction, /api/load_transactions', () => {
  function link(transaction: unknown, claim: unknown, token?: string) {
    return server.call({ method: 'POST', url: '/api/set_transaction', payload: { transaction, claim }, token });
  }

  it('links an anonymous order to the signed-in holder of its claim, who then sees it', async () => {
    const payload = order({ eventName: 'Festa Anônima' });
    const placed = (await postOrder(payload)).json();
    const linked = await link(payload.orderId, payload.claim, bob.token);
    expect(linked.statusCode).toBe(200);
    expect(linked.body).toBe('ok');
    expect((await storedOrder(payload.orderId)).uid).toBe(bob.uid);
    // Linking again is harmless.
    expect((await link(payload.orderId, payload.claim, bob.token)).statusCode).toBe(200);
    const list = await server.call({ method: 'GET', url: '/api/load_transactions', token: bob.token });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toContainEqual({
      orderId: payload.orderId,
      eventName: 'Festa Anônima',
      status: 'pending',
      paymentMethod: 'pix',
      amount: DISCOUNTED,
      pixCode: placed.pixCode,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
    const aliceList = await server.call({ method: 'GET', url: '/api/load_transactions', token: alice.token });
    expect(aliceList.json().map((t: { orderId: string }) => t.orderId)).not.toContain(payload.orderId);
  });

  it('answers a wrong claim, an unknown order and another account order alike (404), linking nothing', async () => {
    const payload = order();
    expect((await postOrder(payload)).statusCode).toBe(200);
    const wrongClaim = await link(payload.orderId, 'segredo-adivinhado-000000', alice.token);
    const unknown = await link(newOrderId(), payload.claim, alice.token);
    expect(wrongClaim.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(wrongClaim.json()).toEqual({ error: 'order_not_found', message: 'Pedido não encontrado.' });
    expect(wrongClaim.body).toBe(unknown.body);
    expect(wrongClaim.headers['content-type']).toBe(unknown.headers['content-type']);
    expect((await storedOrder(payload.orderId)).uid).toBeNull();

    // Once it is Bob's, even the right claim does not give it to Alice, nor says whose it is.
    expect((await link(payload.orderId, payload.claim, bob.token)).statusCode).toBe(200);
    const taken = await link(payload.orderId, payload.claim, alice.token);
    expect(taken.statusCode).toBe(404);
    expect(taken.body).toBe(unknown.body);
    expect((await storedOrder(payload.orderId)).uid).toBe(bob.uid);
  });

  it("answers ok to the caller's own order, and never links an order without a claim (seeded)", async () => {
    const own = order();
    expect((await postOrder(own, alice.token)).statusCode).toBe(200);
    expect((await link(own.orderId, 'qualquer-segredo-000000000', alice.token)).statusCode).toBe(200);
    await server.db.query('UPDATE orders SET uid = NULL, claim_hash = NULL WHERE order_id = $1', [own.orderId]);
    expect((await link(own.orderId, own.claim, alice.token)).statusCode).toBe(404);
  });

  it(`lists only the caller orders, newest first, with their method and amount; a code only while a Pix \
waits`, async () => {
    const user = dave;
    const before = (await server.call({ method: 'GET', url: '/api/load_transactions', token: user.token })).json();
    const first = order({ eventName: 'Primeiro' });
    const second = await cardOrder({ eventName: 'Segundo' }, user.token);
    const firstReply = (await postOrder(first, user.token)).json();
    // Newest first: the Pix order was placed last.
    const list = (await server.call({ method: 'GET', url: '/api/load_transactions', token: user.token })).json();
    expect(list.slice(0, 2)).toEqual([
      {
        orderId: first.orderId,
        eventName: 'Primeiro',
        status: 'pending',
        paymentMethod: 'pix',
        amount: DISCOUNTED,
        pixCode: firstReply.pixCode,
        createdAt: expect.any(String),
      },
      {
        orderId: second.orderId,
        eventName: 'Segundo',
        status: 'pending',
        paymentMethod: 'card',
        amount: DISCOUNTED,
        createdAt: expect.any(String),
      },
    ]);
    expect(list).toHaveLength(before.length + 2);
    // Paid: no code any more.
    await server.call({ method: 'POST', url: `/api/sandbox/pix/${first.orderId}/pay` });
    const paid = (await server.call({ method: 'GET', url: '/api/load_transactions', token: user.token })).json();
    expect(paid[0]).toEqual({
      orderId: first.orderId,
      eventName: 'Primeiro',
      status: 'approved',
      paymentMethod: 'pix',
      amount: DISCOUNTED,
      createdAt: expect.any(String),
    });
  });

  it('answers 400 for a malformed order or claim', async () => {
    for (const transaction of ['../1', 'a b', 123456789, '', 'x'.repeat(65)]) {
      const response = await link(transaction, 'segredo-valido-0000000000', bob.token);
      expect({ transaction, status: response.statusCode }).toEqual({ transaction, status: 400 });
    }
    for (const claim of [undefined, '', 'curto', 'x'.repeat(65), 'com espaço no meio 000000', 42]) {
      const response = await link('555555555', claim, bob.token);
      expect({ claim, status: response.statusCode }).toEqual({ claim, status: 400 });
    }
    const extra = await server.call({
      method: 'POST',
      url: '/api/set_transaction',
      payload: { transaction: '555555555', claim: 'segredo-valido-0000000000', uid: alice.uid },
      token: bob.token,
    });
    expect(extra.statusCode).toBe(400);
  });

  it('answers 401 without a valid token', async () => {
    expect((await link('555555555', 'segredo-valido-0000000000')).statusCode).toBe(401);
    expect((await link('555555555', 'segredo-valido-0000000000', 'x')).statusCode).toBe(401);
    expect((await server.call({ method: 'GET', url: '/api/load_transactions' })).statusCode).toBe(401);
    expect((await server.call({ method: 'GET', url: '/api/load_transactions', token: 'x' })).statusCode).toBe(401);
  });
});

describe('one order as its buyer follows it: /api/orders/:orderId', () => {
  const ask = (orderId: string, { token, claim }: { token?: string; claim?: string } = {}) =>
    server.call({
      method: 'GET',
      url: `/api/orders/${orderId}`,
      token,
      headers: claim ? { cookie: `transactionClaim=${claim}` } : {},
    });

  it(`answers the browser that placed it signed out (its claim cookie) with its state and code, until it is \
paid`, async () => {
    const payload = order({ eventName: 'Festa Anônima' });
    const placed = (await postOrder(payload)).json();
    const waiting = await ask(payload.orderId, { claim: payload.claim });
    expect(waiting.statusCode).toBe(200);
    expect(waiting.headers['cache-control']).toBe('private, no-store');
    expect(waiting.json()).toEqual({
      orderId: payload.orderId,
      eventName: 'Festa Anônima',
      status: 'pending',
      paymentMethod: 'pix',
      amount: DISCOUNTED,
      pixCode: placed.pixCode,
      createdAt: expect.any(String),
    });
    await server.call({ method: 'POST', url: `/api/sandbox/pix/${payload.orderId}/pay` });
    const paid = (await ask(payload.orderId, { claim: payload.claim })).json();
    expect(paid).toMatchObject({ status: 'approved' });
    expect(paid).not.toHaveProperty('pixCode');
  });

  it(`answers its account; nobody else, whatever they hold: an unknown order, a wrong claim and another account alike \
(404)`, async () => {
    const payload = order();
    expect((await postOrder(payload, alice.token)).statusCode).toBe(200);
    expect((await ask(payload.orderId, { token: alice.token })).json()).toMatchObject({
      orderId: payload.orderId,
      status: 'pending',
    });
    const unknown = await ask(newOrderId(), { claim: payload.claim });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'order_not_found', message: 'Pedido não encontrado.' });
    for (const other of [
      ask(payload.orderId),
      ask(payload.orderId, { token: bob.token }),
      ask(payload.orderId, { claim: 'segredo-adivinhado-000000' }),
      // The claim opens an order only before it is an account's.
      ask(payload.orderId, { claim: payload.claim }),
      ask(payload.orderId, { claim: payload.claim, token: bob.token }),
    ]) {
      const response = await other;
      expect(response.statusCode).toBe(404);
      expect(response.body).toBe(unknown.body);
    }
  });

  it('once the order placed signed out is tied to an account, only that account reads it', async () => {
    const payload = order();
    expect((await postOrder(payload)).statusCode).toBe(200);
    expect((await ask(payload.orderId, { claim: payload.claim })).statusCode).toBe(200);
    expect(
      (
        await server.call({
          method: 'POST',
          url: '/api/set_transaction',
          payload: { transaction: payload.orderId, claim: payload.claim },
          token: bob.token,
        })
      ).statusCode,
    ).toBe(200);
    expect((await ask(payload.orderId, { claim: payload.claim })).statusCode).toBe(404);
    expect((await ask(payload.orderId, { claim: payload.claim, token: alice.token })).statusCode).toBe(404);
    expect((await ask(payload.orderId, { token: bob.token })).statusCode).toBe(200);
  });

  it('answers 400 for a malformed order number and 401 for a bad token', async () => {
    for (const orderId of ['12345678', '012345678', 'abcdefghi', '1234567890'])
      expect((await ask(orderId)).statusCode).toBe(400);
    expect((await ask('555555555', { token: 'x' })).statusCode).toBe(401);
  });
});

describe('events of paid orders: /api/load_events, /api/create_event, /api/check_bname', () => {
  let paidOrder: string;
  let secondPaidOrder: string;
  let pendingOrder: string;

  beforeAll(async () => {
    paidOrder = (await paidCardOrder('APRO', { eventName: 'Festa da Carol' }, carol.token)).orderId;
    // Album only: 80 × 2 = 160, 144 with DEZ.
    const second = await cardOrder({ products: [albumLine()] }, carol.token);
    secondPaidOrder = second.orderId;
    expect((await payOrder(secondPaidOrder, 'APRO', 144)).status).toBe('approved');
    const pix = order();
    pendingOrder = pix.orderId;
    expect((await postOrder(pix, carol.token)).statusCode).toBe(200);
  });

  it('lists the approved orders with their products and order id', async () => {
    const response = await server.call({ method: 'GET', url: '/api/load_events', token: carol.token });
    expect(response.statusCode).toBe(200);
    const events = response.json();
    expect(events).toHaveLength(2);
    expect(events).toContainEqual({
      eventName: 'Festa da Carol',
      eventCreated: 0,
      // No event made from the order yet: no name, and so no visibility to set.
      createdName: null,
      orderId: paidOrder,
      products: [
        { name: 'Cabine 360', hours: 3, accessories: [{ name: 'Neon' }] },
        { name: 'Álbum', hours: 0, accessories: [] },
      ],
    });
    expect(events.map((e: { orderId: string }) => e.orderId)).not.toContain(pendingOrder);
  });

  it('answers an empty list to a user without paid orders and 401 without a token', async () => {
    expect((await server.call({ method: 'GET', url: '/api/load_events', token: bob.token })).json()).toEqual([]);
    expect((await server.call({ method: 'GET', url: '/api/load_events' })).statusCode).toBe(401);
    expect((await server.call({ method: 'GET', url: '/api/load_events', token: 'x' })).statusCode).toBe(401);
  });

  it('answers yes, no or other to a name check', async () => {
    const check = async (name: string) => {
      const response = await server.call({ method: 'GET', url: `/api/check_bname/${name}` });
      expect(response.statusCode).toBe(200);
      return response.body;
    };
    expect(await check('festa_ana')).toBe('yes');
    expect(await check('festa_da_carol')).toBe('no');
    expect(await check(encodeURIComponent('festa da carol'))).toBe('other');
    expect(await check(encodeURIComponent('../festa_ana'))).toBe('other');
    expect((await server.call({ method: 'GET', url: '/api/check_bname/%2E%2E' })).statusCode).toBe(404);
    expect(await check('x'.repeat(65))).toBe('other');
    expect((await server.call({ method: 'GET', url: `/api/check_bname/${'x'.repeat(300)}` })).statusCode).toBe(400);
  });

  it('refuses an order that is not the caller, or not paid, with 403', async () => {
    const other = await server.call({
      method: 'GET',
      url: `/api/create_event/festa_do_bob/${paidOrder}`,
      token: bob.token,
    });
    expect(other.statusCode).toBe(403);
    expect(other.json().error).toBe('not_your_order');
    const unknown = await server.call({
      method: 'GET',
      url: '/api/create_event/festa_do_bob/999999998',
      token: carol.token,
    });
    expect(unknown.statusCode).toBe(403);
    const pending = await server.call({
      method: 'GET',
      url: `/api/create_event/festa_pendente/${pendingOrder}`,
      token: carol.token,
    });
    expect(pending.statusCode).toBe(403);
    expect(pending.json().error).toBe('order_not_paid');
    expect((await server.call({ method: 'GET', url: '/api/check_bname/festa_do_bob' })).body).toBe('no');
    expect((await server.call({ method: 'GET', url: '/api/check_bname/festa_pendente' })).body).toBe('no');
  });

  it('refuses a taken name with 409', async () => {
    const response = await server.call({
      method: 'GET',
      url: `/api/create_event/festa_ana/${paidOrder}`,
      token: carol.token,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: 'name_taken', message: 'Nome já existe' });
  });

  it('refuses invalid names with 400, and answers 401 without a token', async () => {
    for (const name of [
      encodeURIComponent('festa carol'),
      encodeURIComponent('../x'),
      'x'.repeat(65),
      'x'.repeat(300),
      encodeURIComponent('fésta'),
    ]) {
      const response = await server.call({
        method: 'GET',
        url: `/api/create_event/${name}/${paidOrder}`,
        token: carol.token,
      });
      expect({ name: name.slice(0, 20), status: response.statusCode }).toEqual({
        name: name.slice(0, 20),
        status: 400,
      });
    }
    expect(
      (
        await server.call({
          method: 'GET',
          url: `/api/create_event/festa_x/${encodeURIComponent('1 OR 1')}`,
          token: carol.token,
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await server.call({ method: 'GET', url: `/api/create_event/%2E%2E/${paidOrder}`, token: carol.token }))
        .statusCode,
    ).toBe(404);
    expect((await server.call({ method: 'GET', url: `/api/create_event/festa_x/${paidOrder}` })).statusCode).toBe(401);
    expect(
      (await server.call({ method: 'GET', url: `/api/create_event/festa_x/${paidOrder}`, token: 'x' })).statusCode,
    ).toBe(401);
    // A title must hold something to read, and fit the wall's headline.
    for (const title of ['%20%20%20', '', 'x'.repeat(81)]) {
      const response = await server.call({
        method: 'GET',
        url: `/api/create_event/festa_x/${paidOrder}?title=${title}`,
        token: carol.token,
      });
      expect(response.statusCode).toBe(400);
    }
    expect((await server.call({ method: 'GET', url: '/api/check_bname/festa_x' })).body).toBe('no');
  });

  it('creates the event with the booth modes of the order and the title the owner typed, once per order', async () => {
    const title = encodeURIComponent('  Festa   da Carol ✨ ');
    const response = await server.call({
      method: 'GET',
      url: `/api/create_event/festa_da_carol/${paidOrder}?title=${title}`,
      token: carol.token,
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('ok');
    expect((await server.call({ method: 'GET', url: '/api/check_bname/festa_da_carol' })).body).toBe('yes');
    const cards = await server.call({ method: 'GET', url: `/api/eventos/festa_da_carol/${AGENT}` });
    // The card's `title` is the original API's, the name; what people read is the title, cleaned.
    expect(cards.json()).toEqual([
      expect.objectContaining({
        title: 'festa_da_carol',
        displayTitle: 'Festa da Carol ✨',
        devices: ['360'],
        photos: 0,
      }),
    ]);
    const events = (await server.call({ method: 'GET', url: '/api/load_events', token: carol.token })).json();
    expect(events.find((e: { orderId: string }) => e.orderId === paidOrder)).toMatchObject({
      eventCreated: 1,
      createdName: 'festa_da_carol',
      createdTitle: 'Festa da Carol ✨',
    });
    const account = (await server.call({ method: 'GET', url: '/api/account', token: carol.token })).json();
    expect(account.events).toContain('festa_da_carol');

    const again = await server.call({
      method: 'GET',
      url: `/api/create_event/outro_nome/${paidOrder}`,
      token: carol.token,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('already_created');
    expect((await server.call({ method: 'GET', url: '/api/check_bname/outro_nome' })).body).toBe('no');
  });

  it('refuses a name just taken by another order with 409, and gives an order without booths no devices', async () => {
    const taken = await server.call({
      method: 'GET',
      url: `/api/create_event/festa_da_carol/${secondPaidOrder}`,
      token: carol.token,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe('name_taken');
    const created = await server.call({
      method: 'GET',
      url: `/api/create_event/album_da_carol/${secondPaidOrder}`,
      token: carol.token,
    });
    expect(created.statusCode).toBe(200);
    // Created without a title (the original call): its name is its title.
    expect((await server.call({ method: 'GET', url: `/api/eventos/album_da_carol/${AGENT}` })).json()).toEqual([
      expect.objectContaining({ title: 'album_da_carol', displayTitle: 'album_da_carol', devices: [] }),
    ]);
  });

  it("offers the name itself when free, else its first free variant ('-2', '-3', ...)", async () => {
    const free = async (name: string) => server.call({ method: 'GET', url: `/api/free_bname/${name}` });
    expect((await free('nome_livre')).json()).toEqual({ name: 'nome_livre' });
    expect((await free('festa_da_carol')).json()).toEqual({ name: 'festa_da_carol-2' });
    const taken = await server.call({
      method: 'GET',
      url: `/api/check_bname/${(await free('festa_da_carol')).json().name}`,
    });
    expect(taken.body).toBe('no');
    expect((await free('minha%20festa')).statusCode).toBe(400);
  });

  it('lets the owner (or the team) change the title people read, and nobody else', async () => {
    const rename = (title: unknown, token?: string, eventName = 'festa_da_carol') =>
      server.call({ method: 'PUT', url: `/api/events/${eventName}/title`, token, payload: { title } });
    const renamed = await rename(' Aniversário  da Carol ', carol.token);
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({ bname: 'festa_da_carol', title: 'Aniversário da Carol' });
    const cards = await server.call({ method: 'GET', url: `/api/eventos/festa_da_carol/${AGENT}` });
    expect(cards.json()).toEqual([
      expect.objectContaining({ title: 'festa_da_carol', displayTitle: 'Aniversário da Carol' }),
    ]);
    const events = (await server.call({ method: 'GET', url: '/api/load_events', token: carol.token })).json();
    expect(events.find((e: { orderId: string }) => e.orderId === paidOrder).createdTitle).toBe('Aniversário da Carol');

    expect((await rename('Festa do Bob', bob.token)).statusCode).toBe(403);
    expect((await rename('Festa', undefined)).statusCode).toBe(401);
    expect((await rename('Festa', carol.token, 'nao_existe')).statusCode).toBe(404);
    for (const bad of ['   ', '', 'x'.repeat(81), 42, null])
      expect((await rename(bad, carol.token)).statusCode).toBe(400);
    expect(
      (await server.call({ method: 'GET', url: `/api/eventos/festa_da_carol/${AGENT}` })).json()[0].displayTitle,
    ).toBe('Aniversário da Carol');
  });
});
