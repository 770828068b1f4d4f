import { newInvitationHash } from '../../../../contract/invitationHash';
import { signNotification } from '../../../../server/src/modules/commerce/payments/webhookSignature';
import { anyone, ok, only, optional, signedIn } from './callers';
import { CARD, cardToken, next, orderPayload, placeOrder, shownCoupon, WEBHOOK_SECRET } from './world';
import type { Row } from './callers';

/** The access matrix's rows for the shop and payments, partners and the team. */
export const COMMERCE_ROWS: Row[] = [
  // The shop and payments
  {
    route: 'GET /api/shop/:coupon/:agent',
    request: () => ({ method: 'GET', url: '/api/shop/DEZ/agente001' }),
    expected: anyone(200),
  },
  {
    route: 'POST /api/order/:coupon',
    request: () => ({ method: 'POST', url: '/api/order/DEZ', payload: orderPayload('pix') }),
    expected: optional(200, 200),
  },
  {
    route: 'POST /api/process_payment_card',
    request: async () => {
      const { orderId, claim } = await placeOrder('card');
      const token = await cardToken();
      return {
        method: 'POST',
        url: '/api/process_payment_card',
        payload: {
          transaction_amount: 72,
          token,
          installments: 1,
          payment_method_id: 'visa',
          email: 'cliente@example.com',
          type: 'CPF',
          number: '12345678909',
          orderId,
          // Whoever placed the order (its claim secret): test/server/shop/cardPayments.test.ts refuses anyone else.
          claim,
        },
      };
    },
    view: (response) => (response.json() as { status: string }).status,
    expected: optional(ok('approved'), ok('approved')),
  },
  {
    route: 'POST /api/webhooks/mercadopago',
    label: 'unsigned',
    request: () => ({
      method: 'POST',
      url: '/api/webhooks/mercadopago?data.id=123&type=payment',
      payload: { type: 'payment', data: { id: '123' } },
    }),
    expected: anyone(401),
  },
  {
    route: 'POST /api/webhooks/mercadopago',
    label: 'signed by the provider',
    request: () => {
      const requestId = `pedido-${next()}`;
      const signature = signNotification(WEBHOOK_SECRET, 'merchant1', requestId, String(Math.floor(Date.now() / 1000)));
      return {
        method: 'POST',
        url: '/api/webhooks/mercadopago?data.id=merchant1&type=merchant_order',
        headers: { 'x-request-id': requestId, 'x-signature': signature },
        payload: { type: 'merchant_order' },
      };
    },
    expected: anyone(ok('ok')),
  },
  {
    route: 'POST /api/sandbox/card_tokens',
    request: () => ({ method: 'POST', url: '/api/sandbox/card_tokens', payload: CARD }),
    expected: anyone(200),
  },
  {
    route: 'GET /api/sandbox/payment_methods',
    request: () => ({ method: 'GET', url: '/api/sandbox/payment_methods?bin=423564' }),
    expected: anyone(200),
  },
  {
    // The customer's bank in the sandbox: whoever holds a pending Pix order's number pays it.
    route: 'POST /api/sandbox/pix/:orderId/:outcome',
    request: async () => ({ method: 'POST', url: `/api/sandbox/pix/${(await placeOrder('pix')).orderId}/pay` }),
    view: (response) => (response.json() as { status: string }).status,
    expected: anyone(ok('approved')),
  },
  {
    route: 'GET /api/team_orders',
    request: () => ({ method: 'GET', url: '/api/team_orders' }),
    expected: only('team', 200),
  },
  {
    route: 'POST /api/team_orders/:orderId',
    request: async () => ({
      method: 'POST',
      url: `/api/team_orders/${(await placeOrder('pix')).orderId}`,
      payload: { status: 'approved' },
    }),
    expected: only('team', 200),
  },
  {
    route: 'GET /api/team/devices',
    request: () => ({ method: 'GET', url: '/api/team/devices' }),
    expected: only('team', 200),
  },
  {
    route: 'GET /api/team/events',
    request: () => ({ method: 'GET', url: '/api/team/events?busca=privada' }),
    expected: only('team', 200),
  },
  {
    route: 'POST /api/team/devices/:id/key',
    // A device no other row uses (a new key stops the old one): test/server/deviceKeys.test.ts makes real ones.
    label: 'a device the world does not have',
    request: () => ({ method: 'POST', url: '/api/team/devices/sem-dispositivo/key' }),
    expected: only('team', 404),
  },

  // Partners and the team
  {
    route: 'GET /api/contracts/:partner',
    request: () => ({ method: 'GET', url: '/api/contracts/parceiro1' }),
    expected: only('partnerAAndTeam', 200),
  },
  {
    route: 'GET /api/deals/:partner',
    request: () => ({ method: 'GET', url: '/api/deals/parceiro1' }),
    expected: only('partnerAAndTeam', 200),
  },
  {
    route: 'GET /api/deals/:partner/coupons',
    request: () => ({ method: 'GET', url: '/api/deals/parceiro1/coupons' }),
    expected: only('partnerAAndTeam', 200),
  },
  {
    route: 'POST /api/launch_coupon',
    request: async () => ({
      method: 'POST',
      url: '/api/launch_coupon',
      payload: { partner: 'parceiro1', contractTitle: 'Contrato 1', lastCoupon: await shownCoupon() },
    }),
    expected: only('partnerA', 200),
  },
  {
    route: 'POST /api/create_contract',
    request: () => ({
      method: 'POST',
      url: '/api/create_contract',
      payload: { partner: 'matriz', duration: 30, rate: 10, discount: 5, kit: 'Kit', n_coupons: 3 },
    }),
    expected: only('team', 200),
  },
  {
    route: 'GET /api/check_bname_partner/:name',
    label: 'an owned name',
    request: () => ({ method: 'GET', url: '/api/check_bname_partner/parceiro_dono' }),
    expected: { ...optional(ok('taken'), ok('taken')), team: ok('owned') },
  },
  {
    route: 'GET /api/check_bname_partner/:name',
    label: 'a taken name',
    request: () => ({ method: 'GET', url: '/api/check_bname_partner/parceiro1' }),
    expected: optional(ok('taken'), ok('taken')),
  },
  {
    route: 'POST /api/authorize_hash',
    request: () => ({
      method: 'POST',
      url: '/api/authorize_hash',
      payload: { partnerName: `matriz_${next()}`, hash: newInvitationHash() },
    }),
    expected: only('team', 200),
  },
  {
    // Any signed-in account may accept an invitation; an unknown hash proves it got that far.
    route: 'POST /api/authorize_partner',
    request: () => ({
      method: 'POST',
      url: '/api/authorize_partner',
      payload: { partnerName: 'parceiro_dono', hash: newInvitationHash() },
    }),
    expected: signedIn(404),
  },
  { route: 'GET /api/leads', request: () => ({ method: 'GET', url: '/api/leads' }), expected: only('team', 200) },
  {
    route: 'GET /api/check_team',
    request: () => ({ method: 'GET', url: '/api/check_team' }),
    expected: { ...signedIn(ok('no')), team: ok('ok') },
  },
];
