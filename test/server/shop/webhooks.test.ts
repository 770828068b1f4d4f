import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { verifyNotification } from '../../../server/src/modules/commerce/payments/webhookSignature';
import { newTeamMember, newUser, type TestUser } from '../support/testServer';
import { sandboxOrdersApi } from '../../../server/src/modules/commerce/payments/sandboxProvider';
import {
  cardOrder,
  cardToken,
  DISCOUNTED,
  order,
  paidCardOrder,
  pay,
  paymentBody,
  paymentsOf,
  postOrder,
  server,
  spy,
  storedOrder,
  withShopServer,
  WEBHOOK_SECRET,
} from './support';

withShopServer();

/**
 * The provider decides an order on its side (a card in review, a chargeback), in the Orders API's
 * words (its order's status, its payment's detail): the sandbox's own record moves.
 */
async function providerDecides(
  orderId: string,
  status: string,
  detail = status === 'processed' ? 'accredited' : 'rejected_by_issuer',
) {
  await server.db.query('UPDATE sandbox_payments SET status = $2, status_detail = $3 WHERE id = $1', [
    orderId,
    status,
    detail,
  ]);
}

/**
 * The whole Mercado Pago order given back, as the team would in Mercado Pago (POST /v1/orders/{id}/refund, here the
 * sandbox's).
 */
async function providerRefunds(orderId: string) {
  expect(await spy.refundPayment(orderId, `refund-${orderId}`)).toMatchObject({ id: orderId, status: 'refunded' });
}

interface Notification {
  secret?: string;
  /** Seconds since the epoch. */
  ts?: number;
  requestId?: string;
  /** The id the signature covers (by default the notified one). */
  signedId?: string;
  /** The x-signature header as sent; null: none. */
  signature?: string | null;
  /** The id signed as sent, not lower-cased as the documentation says (Mercado Pago's order ids have been seen so). */
  signAsSent?: boolean;
  /** The notification's topic: `order`, or `payment` for a Payments API payment. */
  topic?: string;
}

/**
 * Mercado Pago's webhook call about an order (topic `order`), signed as its documentation says:
 * HMAC-SHA256 (hex) of `id:{data.id};request-id:{x-request-id};ts:{ts};` with the secret.
 */
function notify(
  paymentId: string,
  {
    secret = WEBHOOK_SECRET,
    ts = Math.floor(Date.now() / 1000),
    requestId = crypto.randomUUID(),
    signedId,
    signature,
    signAsSent,
    topic = 'order',
  }: Notification = {},
) {
  const id = signedId ?? paymentId;
  const manifest = `id:${signAsSent ? id : id.toLowerCase()};request-id:${requestId};ts:${ts};`;
  const header =
    signature === undefined
      ? `ts=${ts},v1=${crypto.createHmac('sha256', secret).update(manifest).digest('hex')}`
      : signature;
  return server.call({
    method: 'POST',
    url: `/api/webhooks/mercadopago?data.id=${encodeURIComponent(paymentId)}&type=${topic}`,
    headers: { 'x-request-id': requestId, ...(header === null ? {} : { 'x-signature': header }) },
    payload: { action: `${topic}.updated`, api_version: 'v1', type: topic, data: { id: paymentId }, live_mode: false },
  });
}

describe('POST /api/webhooks/mercadopago', () => {
  /** A card order whose payment is in review (CONT), then decided by the provider on its side. */
  async function decidedInReview(status: 'processed' | 'failed') {
    const { orderId, payment } = await paidCardOrder('CONT');
    expect(await storedOrder(orderId)).toMatchObject({ status: 'pending' });
    await providerDecides(payment.id, status);
    return { orderId, paymentId: payment.id };
  }

  it('settles a card in review to approved, by what the provider says, once; replays change nothing', async () => {
    const { orderId, paymentId } = await decidedInReview('processed');
    const response = await notify(paymentId);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('ok');
    expect(spy.calls.getPayment).toEqual([paymentId]);
    expect(await storedOrder(orderId)).toMatchObject({ status: 'approved', payment_id: paymentId });
    expect(await paymentsOf(orderId)).toEqual([
      { id: paymentId, amount: DISCOUNTED, status: 'approved', kind: 'card' },
    ]);
    // The same notification again, and another about the same payment: 200, nothing more.
    const requestId = crypto.randomUUID();
    const ts = Math.floor(Date.now() / 1000);
    for (const replay of [
      notify(paymentId, { requestId, ts }),
      notify(paymentId, { requestId, ts }),
      notify(paymentId),
    ]) {
      const again = await replay;
      expect(again.statusCode).toBe(200);
      expect(again.body).toBe('ok');
    }
    expect(await storedOrder(orderId)).toMatchObject({ status: 'approved', payment_id: paymentId });
    expect(await paymentsOf(orderId)).toHaveLength(1);
  });

  it('settles a refused payment to rejected, and never undoes an approved order', async () => {
    const { orderId, paymentId } = await decidedInReview('failed');
    expect((await notify(paymentId)).statusCode).toBe(200);
    expect(await storedOrder(orderId)).toMatchObject({ status: 'rejected' });

    const paid = await decidedInReview('processed');
    expect((await notify(paid.paymentId)).statusCode).toBe(200);
    await providerDecides(paid.paymentId, 'canceled', 'canceled');
    expect((await notify(paid.paymentId)).statusCode).toBe(200);
    expect(await storedOrder(paid.orderId)).toMatchObject({ status: 'approved' });
  });

  it('believes an order id signed as it is sent (upper case) as well as lower-cased', async () => {
    const { orderId, paymentId } = await decidedInReview('processed');
    expect(paymentId).toMatch(/^ORD[0-9A-Z]+$/);
    expect((await notify(paymentId, { signAsSent: true })).statusCode).toBe(200);
    expect(await storedOrder(orderId)).toMatchObject({ status: 'approved', payment_id: paymentId });
  });

  it('reads the order from the sandbox as the Orders API answers it: its one payment, a Pix its code', async () => {
    const placed = await postOrder(order());
    const stored = await storedOrder(placed.json().orderId);
    const reply = await sandboxOrdersApi(
      server.db,
      server.config.pix,
    )({ method: 'GET', path: `/v1/orders/${stored.payment_id}` });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      id: stored.payment_id,
      type: 'online',
      processing_mode: 'automatic',
      external_reference: placed.json().orderId,
      total_amount: DISCOUNTED.toFixed(2),
      status: 'action_required',
      status_detail: 'waiting_transfer',
      transactions: {
        payments: [
          {
            id: expect.stringMatching(/^PAY[0-9A-Z]{26}$/),
            amount: DISCOUNTED.toFixed(2),
            status: 'action_required',
            status_detail: 'waiting_transfer',
            payment_method: {
              id: 'pix',
              type: 'bank_transfer',
              qr_code: stored.pix_code,
              qr_code_base64: expect.stringMatching(/^iVBORw0KGgo/),
            },
          },
        ],
      },
    });
  });

  it('leaves an order unchanged while the provider still says in_process', async () => {
    const { orderId, payment } = await paidCardOrder('CONT');
    expect((await notify(payment.id)).statusCode).toBe(200);
    expect(await storedOrder(orderId)).toMatchObject({ status: 'pending' });
  });

  it('never trusts the notification: a body claiming approval changes nothing the provider does not say', async () => {
    const { orderId, payment } = await paidCardOrder('CONT');
    const ts = Math.floor(Date.now() / 1000);
    const requestId = crypto.randomUUID();
    const signature =
      `ts=${ts},v1=` +
      crypto
        .createHmac('sha256', WEBHOOK_SECRET)
        .update(`id:${payment.id};request-id:${requestId};ts:${ts};`)
        .digest('hex');
    const response = await server.call({
      method: 'POST',
      url: `/api/webhooks/mercadopago?data.id=${payment.id}&type=order`,
      headers: { 'x-request-id': requestId, 'x-signature': signature },
      payload: {
        type: 'order',
        data: {
          id: payment.id,
          status: 'processed',
          status_detail: 'accredited',
          total_paid_amount: String(DISCOUNTED),
        },
      },
    });
    expect(response.statusCode).toBe(200);
    expect(await storedOrder(orderId)).toMatchObject({ status: 'pending' });
  });

  it('does not approve an order by a payment of another amount', async () => {
    const { orderId, paymentId } = await decidedInReview('processed');
    await server.db.query('UPDATE sandbox_payments SET amount = 1 WHERE id = $1', [paymentId]);
    expect((await notify(paymentId)).statusCode).toBe(200);
    expect(await storedOrder(orderId)).toMatchObject({ status: 'pending' });
  });

  it.each([
    ['no signature', { signature: null }, 'missing_signature'],
    ['an empty signature', { signature: '' }, 'missing_signature'],
    ['another secret', { secret: 'outro-segredo' }, 'invalid_signature'],
    ['a signature of another payment', { signedId: '1234567890' }, 'invalid_signature'],
    ['a signature without v1', { signature: `ts=${Math.floor(Date.now() / 1000)}` }, 'invalid_signature'],
    ['a malformed signature', { signature: 'nonsense' }, 'invalid_signature'],
    ['a timestamp 10 minutes old', { ts: Math.floor(Date.now() / 1000) - 600 }, 'stale_signature'],
    ['a timestamp 10 minutes ahead', { ts: Math.floor(Date.now() / 1000) + 600 }, 'stale_signature'],
  ])('refuses %s with 401 and changes nothing', async (_case, notification, error) => {
    const { orderId, paymentId } = await decidedInReview('processed');
    const response = await notify(paymentId, notification as Notification);
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toBe(error);
    expect(spy.calls.getPayment).toEqual([]);
    expect(await storedOrder(orderId)).toMatchObject({ status: 'pending' });
    // The genuine notification then settles it.
    expect((await notify(paymentId)).statusCode).toBe(200);
    expect(await storedOrder(orderId)).toMatchObject({ status: 'approved' });
  });

  it('answers 200 to a notification about a payment it does not know, or another topic', async () => {
    expect((await notify('9999999999')).statusCode).toBe(200);
    const ts = Math.floor(Date.now() / 1000);
    const requestId = crypto.randomUUID();
    const signature =
      `ts=${ts},v1=` +
      `${crypto.createHmac('sha256', WEBHOOK_SECRET).update(`id:123;request-id:${requestId};ts:${ts};`).digest('hex')}`;
    const other = await server.call({
      method: 'POST',
      url: '/api/webhooks/mercadopago?data.id=123&type=merchant_order',
      headers: { 'x-request-id': requestId, 'x-signature': signature },
      payload: { type: 'merchant_order' },
    });
    expect(other.statusCode).toBe(200);
    expect(spy.calls.getPayment).toEqual(['9999999999']);
  });

  it(`settles a Payments API payment made before the Orders API by its own notifications (topic payment), and looks up \
no other`, async () => {
    const { orderId, payment } = await paidCardOrder('APRO');
    // An order paid before the switch: its payment is the Payments API's.
    const legacy = await cardOrder();
    await server.db.query(
      `INSERT INTO payments (id, idempotency_key, amount, status, status_detail, payment_method_id, order_id, kind,
        provider_api)
       VALUES ('1234567890', 'legacy-1234567890', $1, 'approved', 'accredited', 'visa', $2, 'card', 'payments')`,
      [DISCOUNTED, legacy.orderId],
    );
    await server.db.query("UPDATE orders SET status = 'approved', payment_id = '1234567890' WHERE order_id = $1", [
      legacy.orderId,
    ]);
    spy.legacyPayments.set('1234567890', {
      id: '1234567890',
      status: 'refunded',
      statusDetail: 'refunded',
      amount: DISCOUNTED,
      externalReference: legacy.orderId,
      paymentMethodId: 'visa',
      qrCode: null,
    });
    expect((await notify('1234567890', { topic: 'payment' })).statusCode).toBe(200);
    expect(await storedOrder(legacy.orderId)).toMatchObject({ status: 'refunded', payment_id: '1234567890' });
    // A payment id of ours that is an order's (or none at all) under topic payment: not even asked.
    for (const id of [payment.id, '5555555555']) expect((await notify(id, { topic: 'payment' })).statusCode).toBe(200);
    expect(spy.calls.getLegacyPayment).toEqual(['1234567890']);
    expect(spy.calls.getPayment).toEqual([]);
    expect(await storedOrder(orderId)).toMatchObject({ status: 'approved' });
  });

  it('answers 502 when the provider fails to answer, so that the notification comes again', async () => {
    const { orderId, paymentId } = await decidedInReview('processed');
    spy.failNext('getPayment', { status: 503, error: 'service_unavailable', message: 'down', cause: [] });
    const response = await notify(paymentId);
    expect(response.statusCode).toBe(502);
    expect(await storedOrder(orderId)).toMatchObject({ status: 'pending' });
    expect((await notify(paymentId)).statusCode).toBe(200);
    expect(await storedOrder(orderId)).toMatchObject({ status: 'approved' });
  });

  it('verifies the manifest as documented: alphanumeric ids lower-cased, constant-time, 5 minutes either way', () => {
    const now = Date.UTC(2030, 0, 1);
    const ts = String(now / 1000);
    const v1 = crypto.createHmac('sha256', 's').update(`id:abc123;request-id:r-1;ts:${ts};`).digest('hex');
    const signature = `ts=${ts},v1=${v1}`;
    expect(verifyNotification('s', { signature, requestId: 'r-1', dataId: 'ABC123' }, now)).toBe('valid');
    expect(verifyNotification('s', { signature, requestId: 'r-2', dataId: 'ABC123' }, now)).toBe('invalid');
    expect(verifyNotification('s', { signature, requestId: 'r-1', dataId: 'ABC123' }, now + 5 * 60 * 1000)).toBe(
      'valid',
    );
    expect(verifyNotification('s', { signature, requestId: 'r-1', dataId: 'ABC123' }, now + 5 * 60 * 1000 + 1000)).toBe(
      'stale',
    );
    expect(verifyNotification(null, { signature, requestId: 'r-1', dataId: 'ABC123' }, now)).toBe('invalid');
    expect(verifyNotification('s', { signature: undefined, requestId: 'r-1', dataId: 'ABC123' }, now)).toBe('missing');
  });
});

describe('a refund or a chargeback the provider reports', () => {
  let owner: TestUser;
  let team: TestUser;

  beforeAll(async () => {
    [owner, team] = await Promise.all([newUser('estorno'), newTeamMember()]);
  });

  const galleryOf = (event: string, token?: string) =>
    server.call({ method: 'GET', url: `/api/all/${event}/pad`, token });
  const suspendedAt = async (event: string) =>
    (await server.db.query<{ suspended_at: Date | null }>('SELECT suspended_at FROM events WHERE name = $1', [event]))
      .rows[0].suspended_at;

  it(`moves the paid order to refunded, then charged back, and suspends the event it unlocked: only the team opens \
it`, async () => {
    const { orderId, payment } = await paidCardOrder('APRO', {}, owner.token);
    const event = `festa_${orderId}`;
    expect(
      (await server.call({ method: 'GET', url: `/api/create_event/${event}/${orderId}`, token: owner.token })).body,
    ).toBe('ok');
    expect((await galleryOf(event)).statusCode).toBe(200);
    // A pack of the event, told as one while the order stands (and so kept in the server's memory).
    await server.db.query('INSERT INTO packs (hash, event_name, copies) VALUES ($1, $2, 3)', [`PACK${orderId}`, event]);
    const packsOf = async () =>
      (await server.call({ method: 'GET', url: `/api/validatePacks/PACK${orderId}` })).json<string[]>();
    expect(await packsOf()).toHaveLength(1);

    await providerRefunds(payment.id);
    expect((await notify(payment.id)).statusCode).toBe(200);
    expect(await storedOrder(orderId)).toMatchObject({ status: 'refunded', payment_id: payment.id });
    expect(await suspendedAt(event)).toBeInstanceOf(Date);
    // Its guests, its owner and strangers alike: an unknown event. The team still sees it.
    expect((await galleryOf(event)).statusCode).toBe(404);
    expect((await galleryOf(event, owner.token)).statusCode).toBe(404);
    expect((await galleryOf(event, team.token)).statusCode).toBe(200);
    const listed = (await server.call({ method: 'GET', url: '/api/load_transactions', token: owner.token })).json<
      { orderId: string; status: string }[]
    >();
    expect(listed.find((transaction) => transaction.orderId === orderId)?.status).toBe('refunded');
    // The owner's dashboard still lists the event, and says why it is suspended.
    const ownEvent = async () =>
      (await server.call({ method: 'GET', url: '/api/load_events', token: owner.token }))
        .json<{ orderId: string; suspended?: string }[]>()
        .find((one) => one.orderId === orderId);
    expect(await ownEvent()).toMatchObject({ createdName: event, suspended: 'refunded' });

    // Its files too, even the event being public: a suspended event is the team's alone.
    const file = path.join(server.dataDir, 'media', event, 'pad', 'foto.jpg');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, 'not really a photo');
    await server.db.query(
      "INSERT INTO media (event_name, mode, file, kind, has_thumb) VALUES ($1, 'pad', 'foto.jpg', 'image', false)",
      [event],
    );
    expect((await server.call({ method: 'GET', url: `/media/${event}/pad/foto.jpg` })).statusCode).toBe(404);
    // Its pack is no longer told as one, nor does it print the photo: no copy spent.
    expect(await packsOf()).toEqual([]);
    const print = await server.call({
      method: 'GET',
      url:
        `/api/print/PACK${orderId}/${encodeURIComponent(`/media/${event}/pad/foto.jpg`)}?request=tap-estorno-` +
        `${orderId}`,
    });
    expect(print.statusCode).toBe(404);
    expect((await server.db.query('SELECT copies FROM packs WHERE hash = $1', [`PACK${orderId}`])).rows[0].copies).toBe(
      3,
    );
    // A refunded order is closed: placed again it stays refunded, and no card is charged for it.
    const again = await postOrder(order({ orderId, paymentMethod: 'card' }), owner.token);
    expect(again.json()).toMatchObject({ orderId, status: 'refunded' });
    const charge = await pay(paymentBody(await cardToken('APRO'), DISCOUNTED, orderId));
    expect(charge.statusCode).toBe(409);
    expect(charge.json()).toEqual({
      error: 'order_closed',
      message: 'Este pedido foi estornado e não pode ser pago de novo.',
    });
    expect(spy.calls.chargeCard).toHaveLength(1);
    // The card's bank takes it back too: a chargeback.
    await providerDecides(payment.id, 'charged_back', 'settled');
    await notify(payment.id);
    expect(await storedOrder(orderId)).toMatchObject({ status: 'charged_back' });
    expect(await ownEvent()).toMatchObject({ suspended: 'charged_back' });
    // News that the payment is approved again (a late, replayed one) changes nothing.
    await providerDecides(payment.id, 'processed');
    await notify(payment.id);
    expect(await storedOrder(orderId)).toMatchObject({ status: 'charged_back' });
    expect((await galleryOf(event)).statusCode).toBe(404);
  });

  it('takes a refunded order whose event was never created off the dashboard: there is nothing to create', async () => {
    const { orderId, payment } = await paidCardOrder('APRO', {}, owner.token);
    const listed = async () =>
      (await server.call({ method: 'GET', url: '/api/load_events', token: owner.token })).json<{ orderId: string }[]>();
    expect((await listed()).map((one) => one.orderId)).toContain(orderId);
    await providerRefunds(payment.id);
    await notify(payment.id);
    expect((await listed()).map((one) => one.orderId)).not.toContain(orderId);
    expect(
      (await server.call({ method: 'GET', url: `/api/create_event/festa_${orderId}/${orderId}`, token: owner.token }))
        .statusCode,
    ).toBe(403);
  });

  it("changes nothing for a refund of a payment that did not pay the order, nor for a pending order's", async () => {
    const { orderId, payment } = await paidCardOrder('APRO');
    // A second payment of the same order (a Pix paid after the card) refunded by the team: the order stays paid.
    await server.db.query(
      'INSERT INTO sandbox_payments (id, payment_id, idempotency_key, payment_method_id, amount, status, ' +
        "status_detail, external_reference) VALUES ('ORD9990001', 'PAY9990001', 'k-9990001', 'pix', $1, " +
        "'refunded', 'refunded', $2)",
      [DISCOUNTED, orderId],
    );
    await notify('ORD9990001');
    expect(await storedOrder(orderId)).toMatchObject({ status: 'approved', payment_id: payment.id });

    const review = await paidCardOrder('CONT');
    await providerDecides(review.payment.id, 'refunded', 'refunded');
    await notify(review.payment.id);
    expect(await storedOrder(review.orderId)).toMatchObject({ status: 'pending' });
  });
});
