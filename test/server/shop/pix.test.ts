import { isValidBrCode } from '../../../server/src/modules/commerce/payments/pix';
import { newTeamMember, newUser, type TestUser } from '../support/testServer';
import {
  cardOrder,
  DISCOUNTED,
  newOrderId,
  order,
  paymentsOf,
  postOrder,
  server,
  spy,
  storedOrder,
  withShopServer,
} from './support';

let bob: TestUser;
let team: TestUser;

withShopServer();

beforeAll(async () => {
  [bob, team] = await Promise.all([newUser('bob'), newTeamMember()]);
});

describe('POST /api/sandbox/pix/{orderId}/pay (the customer pays the Pix)', () => {
  it('settles a pending Pix order to approved, after which its event can be created', async () => {
    const erin = await newUser('erin');
    const payload = order({ eventName: 'Festa Pix' });
    const placed = await postOrder(payload, erin.token);
    expect(placed.json()).toMatchObject({ status: 'pending', amount: DISCOUNTED });
    expect(isValidBrCode(placed.json().pixCode)).toBe(true);
    const notPaid = await server.call({
      method: 'GET',
      url: `/api/create_event/festa_pix/${payload.orderId}`,
      token: erin.token,
    });
    expect(notPaid.statusCode).toBe(403);
    expect(notPaid.json().error).toBe('order_not_paid');

    const paid = await server.call({ method: 'POST', url: `/api/sandbox/pix/${payload.orderId}/pay` });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toEqual({ orderId: payload.orderId, status: 'approved' });
    // Settled as the webhook settles: the payment asked of the provider.
    expect(spy.calls.getPayment).toHaveLength(1);
    expect(await storedOrder(payload.orderId)).toMatchObject({ status: 'approved', payment_method: 'pix' });
    const created = await server.call({
      method: 'GET',
      url: `/api/create_event/festa_pix/${payload.orderId}`,
      token: erin.token,
    });
    expect(created.statusCode).toBe(200);
    // Paid once: a second transfer is refused, and the order's reply says approved without a code.
    expect((await server.call({ method: 'POST', url: `/api/sandbox/pix/${payload.orderId}/pay` })).statusCode).toBe(
      409,
    );
    expect((await postOrder(payload)).json()).toEqual({
      orderId: payload.orderId,
      status: 'approved',
      amount: DISCOUNTED,
    });
  });

  it('refuses the transfer: the order is rejected, and a new Pix code can then be asked for', async () => {
    const payload = order();
    const first = (await postOrder(payload)).json();
    const refused = await server.call({ method: 'POST', url: `/api/sandbox/pix/${payload.orderId}/refuse` });
    expect(refused.json()).toEqual({ orderId: payload.orderId, status: 'rejected' });
    const again = await postOrder(payload);
    expect(again.json()).toMatchObject({ status: 'pending', amount: DISCOUNTED });
    expect(isValidBrCode(again.json().pixCode)).toBe(true);
    expect((await paymentsOf(payload.orderId)).map((p) => p.status)).toEqual(['rejected', 'pending']);
    expect(first.pixCode).toBeDefined();
  });

  it('answers 404 for an unknown order and 409 for a card order', async () => {
    expect((await server.call({ method: 'POST', url: `/api/sandbox/pix/${newOrderId()}/pay` })).statusCode).toBe(404);
    const { orderId } = await cardOrder();
    const card = await server.call({ method: 'POST', url: `/api/sandbox/pix/${orderId}/pay` });
    expect(card.statusCode).toBe(409);
    expect(card.json().error).toBe('order_not_pending');
    expect((await server.call({ method: 'POST', url: `/api/sandbox/pix/${orderId}/other` })).statusCode).toBe(400);
  });
});

describe('the team settles Pix by hand: /api/team_orders', () => {
  it('lists every order, newest first, to the team', async () => {
    const older = order({ eventName: 'Mais antigo' });
    const newer = order({ eventName: 'Mais novo', paymentMethod: 'card' });
    await postOrder(older);
    await postOrder(newer);
    const response = await server.call({ method: 'GET', url: '/api/team_orders', token: team.token });
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(list[0]).toEqual({
      orderId: newer.orderId,
      eventName: 'Mais novo',
      clientName: 'Maria Souza',
      email: 'maria@example.com',
      coupon: 'DEZ',
      paymentMethod: 'card',
      amount: DISCOUNTED,
      status: 'pending',
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(list[1]).toMatchObject({ orderId: older.orderId, paymentMethod: 'pix' });
    const times = list.map((o: { createdAt: string }) => o.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('approves or rejects a pending Pix order; nothing else', async () => {
    const approvedByHand = order();
    const rejectedByHand = order();
    await postOrder(approvedByHand);
    await postOrder(rejectedByHand);
    const settle = (orderId: string, status: string, token = team.token) =>
      server.call({ method: 'POST', url: `/api/team_orders/${orderId}`, payload: { status }, token });

    const approved = await settle(approvedByHand.orderId, 'approved');
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({
      orderId: approvedByHand.orderId,
      status: 'approved',
      paymentMethod: 'pix',
    });
    expect(await storedOrder(approvedByHand.orderId)).toMatchObject({ status: 'approved' });
    expect((await settle(rejectedByHand.orderId, 'rejected')).json().status).toBe('rejected');

    // Already settled, a card order, an unknown one, a status that is not a settlement.
    const twice = await settle(approvedByHand.orderId, 'rejected');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe('order_not_pending');
    expect(await storedOrder(approvedByHand.orderId)).toMatchObject({ status: 'approved' });
    const { orderId: cardOrderId } = await cardOrder();
    expect((await settle(cardOrderId, 'approved')).statusCode).toBe(409);
    expect(await storedOrder(cardOrderId)).toMatchObject({ status: 'pending' });
    expect((await settle(newOrderId(), 'approved')).statusCode).toBe(404);
    expect((await settle(rejectedByHand.orderId, 'pending')).statusCode).toBe(400);
  });

  it('answers 403 to anyone else and 401 signed out, changing nothing', async () => {
    const payload = order();
    await postOrder(payload);
    const list = await server.call({ method: 'GET', url: '/api/team_orders', token: bob.token });
    expect(list.statusCode).toBe(403);
    expect(list.json().error).toBe('not_team');
    const settle = await server.call({
      method: 'POST',
      url: `/api/team_orders/${payload.orderId}`,
      payload: { status: 'approved' },
      token: bob.token,
    });
    expect(settle.statusCode).toBe(403);
    expect((await server.call({ method: 'GET', url: '/api/team_orders' })).statusCode).toBe(401);
    expect(
      (
        await server.call({
          method: 'POST',
          url: `/api/team_orders/${payload.orderId}`,
          payload: { status: 'approved' },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await server.call({
          method: 'POST',
          url: `/api/team_orders/${payload.orderId}`,
          payload: { status: 'approved' },
          token: 'x',
        })
      ).statusCode,
    ).toBe(401);
    expect(await storedOrder(payload.orderId)).toMatchObject({ status: 'pending' });
  });
});
