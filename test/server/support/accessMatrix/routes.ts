import { randomUUID } from 'node:crypto';
import { newInvitationHash } from '../../../../contract/invitationHash';
import { signNotification } from '../../../../server/src/modules/commerce/payments/webhookSignature';
import { photoWithFaces } from '../../../support/faceSelfies';
import { jpeg, mp4 } from '../fixtures';
import type { InjectOptions } from 'fastify';
import {
  anyone,
  device,
  linkOnly,
  ok,
  only,
  optional,
  pick,
  presence,
  signedIn,
  type Expected,
  type Matrix,
  type Row,
} from './callers';
import {
  askedPrint,
  CARD,
  cardNames,
  cardToken,
  LINK_ONLY_ID,
  linkOnlyFile,
  mirrorSession,
  next,
  orderPayload,
  orderTiedToPartnerA,
  PACK,
  paidOrderOfPartnerA,
  PHOTO,
  placeOrder,
  privateFile,
  server,
  shownCoupon,
  takenPrintJob,
  ultraSession,
  upload,
  users,
  WEBHOOK_SECRET,
} from './world';
import { DEVICE_PATHS } from '../../../../contract/devicePaths';

/**
 * The access matrix's table (test/server/accessMatrix.test.ts): a row per route the server
 * declares (a route with several cases, a row per case), its request and what each caller gets.
 *
 * To add a route: one row in ROWS below, `{ route: 'METHOD /path', request: () => ({ ... }), expected: ... }`
 * with one of the helpers of callers.ts (`anyone`, `optional`, `signedIn`, `only`, `device`).
 */
/**
 * A route that acts for the agent it names (docs/api.md#the-visitors-agent-given-by-the-server): the visitor's own
 * browser sends that agent's cookies; the callers whose browsers send their own agent cookie, and
 * the attacker who learnt the agent, are someone else (403).
 */
const ownAgentOf = (matrix: Matrix): Matrix => ({
  ...matrix,
  agentThief: 403,
  wallHolder: 403,
  owner: 403,
  attendee: 403,
  attendeeSignedOut: 403,
  packHolder: 403,
  invited: 403,
  team: 403,
});
const ownAgentOnly = (expected: Expected): Matrix => ownAgentOf(anyone(expected));

/** A request of a fresh visitor to a route that names its agent, from that visitor's browser. */
const ownAgentRequest = (method: 'GET' | 'POST' | 'DELETE', url: (agent: string) => string): InjectOptions => {
  const agent = `agentef${next()}`;
  return { method, url: url(agent), headers: { cookie: server.visitorCookie(agent) } };
};

export const ROWS: Row[] = [
  // Guests at an event
  {
    route: 'GET /api/eventos/:events/:agent',
    request: () => ({ method: 'GET', url: '/api/eventos/festa_ana,privada/agente001' }),
    view: cardNames,
    // The private event's card: to those who may open it, and to a guest who was there signed out (its gallery asks for
    // the login).
    expected: {
      ...optional(ok(['festa_ana']), ok(['festa_ana'])),
      ...pick(anyone(ok(['festa_ana', 'privada'])), ['owner', 'attendee', 'attendeeSignedOut', 'packHolder', 'team']),
    },
  },
  {
    route: 'GET /api/evento/:id',
    request: () => ({ method: 'GET', url: '/api/evento/festa-ana-1' }),
    expected: signedIn(200),
  },
  {
    route: 'GET /api/all/:bname/:type',
    label: 'a public event',
    request: () => ({ method: 'GET', url: '/api/all/festa_ana/pad' }),
    expected: optional(200, 200),
  },
  {
    route: 'GET /api/all/:bname/:type',
    label: 'a private event',
    request: () => ({ method: 'GET', url: '/api/all/privada/pad' }),
    expected: presence(200),
  },
  {
    route: 'GET /api/all/:bname/:type',
    label: 'a link-only event',
    request: () => ({ method: 'GET', url: '/api/all/ligada/pad' }),
    expected: linkOnly(200),
  },
  // A gallery's live stream is opened to whoever may open its list (its reply is read up to its first event).
  {
    route: 'GET /api/live/:bname/:type',
    label: 'a public event',
    request: () => ({ method: 'GET', url: '/api/live/festa_ana/pad' }),
    expected: optional(200, 200),
  },
  {
    route: 'GET /api/live/:bname/:type',
    label: 'a private event',
    request: () => ({ method: 'GET', url: '/api/live/privada/pad' }),
    expected: presence(200),
  },
  {
    route: 'GET /api/live/:bname/:type',
    label: 'a link-only event',
    request: () => ({ method: 'GET', url: '/api/live/ligada/pad' }),
    expected: linkOnly(200),
  },
  // The live wall: a public event's is anyone's; a private one's, its owner's and the
  // team's (and a wall link's, in test/server/wall.test.ts); a guest who was there is not enough.
  {
    route: 'GET /api/telao/:publicId',
    label: 'a public event',
    request: () => ({ method: 'GET', url: '/api/telao/festa-ana-1' }),
    expected: optional(200, 200),
  },
  {
    route: 'GET /api/telao/:publicId',
    label: 'a private event',
    request: () => ({ method: 'GET', url: '/api/telao/privada-1' }),
    expected: { ...optional(404, 404), owner: 200, team: 200 },
  },
  {
    route: 'GET /api/telao/:publicId/noite',
    label: 'a public event',
    request: () => ({ method: 'GET', url: '/api/telao/festa-ana-1/noite' }),
    expected: optional(200, 200),
  },
  {
    route: 'GET /api/telao/:publicId/noite',
    label: 'a private event',
    request: () => ({ method: 'GET', url: '/api/telao/privada-1/noite' }),
    expected: { ...optional(404, 404), owner: 200, team: 200 },
  },
  {
    route: 'GET /api/telao/:publicId/ao-vivo',
    label: 'a public event',
    request: () => ({ method: 'GET', url: '/api/telao/festa-ana-1/ao-vivo' }),
    expected: optional(200, 200),
  },
  {
    route: 'GET /api/telao/:publicId/ao-vivo',
    label: 'a private event',
    request: () => ({ method: 'GET', url: '/api/telao/privada-1/ao-vivo' }),
    expected: { ...optional(404, 404), owner: 200, team: 200 },
  },
  {
    route: 'GET /api/deviceLast/:bname/:device',
    label: 'a public event',
    request: () => ({ method: 'GET', url: '/api/deviceLast/festa_ana/cam1' }),
    expected: optional(200, 200),
  },
  {
    route: 'GET /api/deviceLast/:bname/:device',
    label: 'a private event',
    request: () => ({ method: 'GET', url: '/api/deviceLast/privada/cam2' }),
    expected: presence(200),
  },
  {
    route: 'GET /api/validatePacks/:hashes',
    request: () => ({ method: 'GET', url: `/api/validatePacks/${PACK},PACK5` }),
    expected: anyone(200),
  },
  {
    route: 'GET /api/print/:packHash/:printId',
    request: () => ({ method: 'GET', url: `/api/print/${PACK}/${PHOTO}?request=tap-${randomUUID()}` }),
    expected: anyone(200),
  },
  // Knowing the pack and the request id is the capability (test/server/printStatus.test.ts).
  {
    route: 'GET /api/printStatus/:packHash/:requestId',
    request: async () => ({ method: 'GET', url: `/api/printStatus/${PACK}/${await askedPrint()}` }),
    expected: anyone(200),
  },
  {
    route: 'POST /api/landingForm',
    request: () => ({
      method: 'POST',
      url: '/api/landingForm',
      payload: { nome: 'Maria', evento: 'Casamento', email: 'maria@example.com' },
    }),
    expected: anyone(ok('ok')),
  },

  // The signed-in user's account
  {
    route: 'GET /api/createAccount',
    request: () => ({
      method: 'GET',
      url: `/api/createAccount?account=${encodeURIComponent(JSON.stringify({ displayName: 'Conta' }))}`,
    }),
    // Every signed-in caller has an account by now (beforeAll): nothing is created twice.
    expected: signedIn(ok('already_exists')),
  },
  {
    route: 'GET /api/updateAccount',
    request: () => ({ method: 'GET', url: '/api/updateAccount?events=festa_ana' }),
    expected: signedIn(200),
  },
  {
    route: 'GET /api/account',
    request: () => ({ method: 'GET', url: '/api/account' }),
    view: (response, caller) => {
      const { email } = response.json() as { email: string };
      return caller in users && email === users[caller as keyof typeof users].email ? 'their own' : email;
    },
    expected: signedIn(ok('their own')),
  },
  {
    route: 'GET /api/modifyAccount/add/:list/:value',
    request: () => ({ method: 'GET', url: `/api/modifyAccount/add/collection/${PHOTO}` }),
    expected: signedIn(ok('ok')),
  },
  {
    route: 'POST /api/set_transaction',
    label: 'an order placed signed out, with its claim',
    request: async () => {
      const { orderId, claim } = await placeOrder('pix');
      return { method: 'POST', url: '/api/set_transaction', payload: { transaction: orderId, claim } };
    },
    expected: signedIn(ok('ok')),
  },
  {
    route: 'POST /api/set_transaction',
    label: "partner A's order, with its claim",
    request: async () => {
      const { orderId, claim } = await placeOrder('pix', users.partnerA.token);
      return { method: 'POST', url: '/api/set_transaction', payload: { transaction: orderId, claim } };
    },
    expected: { ...signedIn(404), partnerA: ok('ok') },
  },
  {
    route: 'GET /api/check_bname/:name',
    request: () => ({ method: 'GET', url: '/api/check_bname/festa_ana' }),
    expected: optional(ok('yes'), ok('yes')),
  },
  {
    // The free variant of a taken name: nothing secret, anyone may ask, as check_bname.
    route: 'GET /api/free_bname/:name',
    request: () => ({ method: 'GET', url: '/api/free_bname/festa_ana' }),
    expected: optional(200, 200),
  },
  {
    route: 'GET /api/load_events',
    request: () => ({ method: 'GET', url: '/api/load_events' }),
    expected: signedIn(200),
  },
  {
    route: 'GET /api/load_transactions',
    request: () => ({ method: 'GET', url: '/api/load_transactions' }),
    expected: signedIn(200),
  },
  {
    route: 'GET /api/orders/:orderId',
    label: "partner A's order",
    request: async () => ({
      method: 'GET',
      url: `/api/orders/${(await placeOrder('pix', users.partnerA.token)).orderId}`,
    }),
    expected: { ...optional(404, 404), partnerA: 200 },
  },
  {
    // Whoever's browser sends its claim cookie (the callers whose browsers send their own cookies do not).
    route: 'GET /api/orders/:orderId',
    label: 'an order placed signed out, with its claim cookie',
    request: async () => {
      const { orderId, claim } = await placeOrder('pix');
      return { method: 'GET', url: `/api/orders/${orderId}`, headers: { cookie: `transactionClaim=${claim}` } };
    },
    expected: {
      ...optional(200, 200),
      ...pick(anyone(404), [
        'agentThief',
        'attendeeSignedOut',
        'wallHolder',
        'owner',
        'attendee',
        'packHolder',
        'invited',
        'team',
      ]),
    },
  },
  {
    route: 'GET /api/orders/:orderId',
    label: "an order placed signed out then tied to partner A's account, with its claim cookie",
    request: async () => {
      const { orderId, claim } = await orderTiedToPartnerA();
      return { method: 'GET', url: `/api/orders/${orderId}`, headers: { cookie: `transactionClaim=${claim}` } };
    },
    expected: { ...optional(404, 404), partnerA: 200 },
  },
  {
    route: 'GET /api/create_event/:name/:orderId',
    label: "partner A's paid order",
    request: async () => ({
      method: 'GET',
      url: `/api/create_event/evento_matriz_${next()}/${await paidOrderOfPartnerA()}`,
    }),
    expected: only('partnerA', ok('ok')),
  },

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

  // The mirror and the 360 platform, as guests drive them from their phones
  {
    route: 'GET /api/espelho/:dh/:sh/:agent/start/0',
    request: async () => {
      const session = await mirrorSession('open');
      return { method: 'GET', url: `${session.url}/start/0`, headers: session.headers };
    },
    expected: ownAgentOnly(ok('start_ok')),
  },
  {
    route: 'GET /api/espelho/:dh/:sh/:agent/mode/:mode',
    request: async () => {
      const session = await mirrorSession('started');
      return { method: 'GET', url: `${session.url}/mode/Anime`, headers: session.headers };
    },
    expected: ownAgentOnly(ok('mode_ok')),
  },
  {
    route: 'GET /api/espelho/:dh/:sh/:agent/prompt/:prompt',
    request: async () => {
      const session = await mirrorSession('mode');
      return { method: 'GET', url: `${session.url}/prompt/Ninja`, headers: session.headers };
    },
    expected: ownAgentOnly(ok('prompt_ok')),
  },
  {
    route: 'GET /api/espelho/:dh/:sh/:agent/get_last_image/0',
    request: async () => {
      const session = await mirrorSession('prompt');
      return { method: 'GET', url: `${session.url}/get_last_image/0`, headers: session.headers };
    },
    expected: ownAgentOnly(ok('no_image')),
  },
  {
    route: 'GET /api/espelho/:dh/:sh/:agent/restart/0',
    request: async () => {
      const session = await mirrorSession('started');
      return { method: 'GET', url: `${session.url}/restart/0`, headers: session.headers };
    },
    expected: ownAgentOnly(ok('restart_ok')),
  },
  {
    route: 'GET /api/espelho/:dh/:sh/:agent/get_modes/0',
    request: () => ownAgentRequest('GET', (agent) => `/api/espelho/mirror1/sessao0/${agent}/get_modes/0`),
    expected: ownAgentOnly(200),
  },
  {
    route: 'GET /api/espelho/:dh/:sh/:agent/get_prompts/:mode',
    request: () => ownAgentRequest('GET', (agent) => `/api/espelho/mirror1/sessao0/${agent}/get_prompts/Anime`),
    expected: ownAgentOnly(200),
  },
  {
    route: 'GET /api/ultraLast/:device/:bname',
    label: 'a public event',
    request: () => ({ method: 'GET', url: '/api/ultraLast/ultra1/festa_ana' }),
    expected: optional(200, 200),
  },
  {
    route: 'GET /api/ultraLast/:device/:bname',
    label: 'a private event',
    request: () => ({ method: 'GET', url: '/api/ultraLast/ultra2/privada' }),
    expected: presence(200),
  },
  {
    route: 'GET /api/ultraStartConfig/:device/:qrid/:speed/:music',
    request: async () => {
      const qrid = await ultraSession(false);
      return ownAgentRequest('GET', (agent) => `/api/ultraStartConfig/ultra1/${qrid}/20/Vem_Tremer?agent=${agent}`);
    },
    // The account of whoever configures it is granted the event (presence): a bad token is refused.
    expected: ownAgentOf(optional(ok('success'), ok('success'))),
  },
  {
    route: 'GET /api/ultraLast/:device/:bname',
    label: "a public event, naming the visitor's agent",
    request: () => ownAgentRequest('GET', (agent) => `/api/ultraLast/ultra1/festa_ana?agent=${agent}`),
    expected: ownAgentOf(optional(200, 200)),
  },
  {
    route: 'GET /api/agentResults/:agent',
    request: () => ownAgentRequest('GET', (agent) => `/api/agentResults/${agent}`),
    expected: ownAgentOnly(200),
  },
  {
    route: 'POST /api/uploadFace/:name',
    request: async () => {
      const agent = `agentef${next()}`;
      // From the visitor's own browser: its agent cookie names the agent the server vouches for.
      return {
        method: 'POST',
        url: `/api/uploadFace/${agent}`,
        headers: { cookie: server.visitorCookie(agent) },
        payload: { poligram: await photoWithFaces({ width: 320 }), consentimento: true },
      };
    },
    // The callers whose browsers send their own agent cookie: another agent's face is not theirs to send.
    expected: ownAgentOnly(200),
  },
  // The rest of the face screen's calls: the visitor's own, from their own browser.
  {
    route: 'GET /api/fotos-do-rosto/:agent',
    request: () => ownAgentRequest('GET', (agent) => `/api/fotos-do-rosto/${agent}?eventos=festa_ana`),
    expected: ownAgentOnly(200),
  },
  {
    route: 'POST /api/rostos-ocultos/:agent',
    label: 'no selfie kept',
    request: () => ownAgentRequest('POST', (agent) => `/api/rostos-ocultos/${agent}`),
    expected: ownAgentOnly(404),
  },
  {
    route: 'DELETE /api/rostos-ocultos/:agent',
    request: () => ownAgentRequest('DELETE', (agent) => `/api/rostos-ocultos/${agent}`),
    expected: ownAgentOnly(ok('ok')),
  },
  {
    route: 'POST /api/fotos-do-rosto/:agent/colecao',
    label: 'no selfie kept',
    request: () => ({
      ...ownAgentRequest('POST', (agent) => `/api/fotos-do-rosto/${agent}/colecao`),
      payload: { fotos: ['/media/festa_ana/pad/a1.jpg'] },
    }),
    // 'Pegar todas' collects only what the visitor's own kept selfie finds; a bad token is a 401.
    expected: ownAgentOf(optional(404, 404)),
  },
  {
    route: 'DELETE /api/faces/:agent',
    request: () => ownAgentRequest('DELETE', (agent) => `/api/faces/${agent}`),
    expected: ownAgentOnly(ok('ok')),
  },

  // The devices' own API (x-device-id and x-device-key)
  {
    route: `GET ${DEVICE_PATHS.me}`,
    request: () => ({ method: 'GET', url: DEVICE_PATHS.me }),
    expected: { ...device(200), otherDevice: 200 },
  },
  {
    route: `POST ${DEVICE_PATHS.media}`,
    needs: 'camera',
    request: async () => upload(`${DEVICE_PATHS.media}?file=matriz-${next()}.jpg`, 'image/jpeg', await jpeg()),
    expected: device(200),
  },
  {
    route: `GET ${DEVICE_PATHS.lastPhotoLink}`,
    needs: 'camera',
    request: () => ({ method: 'GET', url: DEVICE_PATHS.lastPhotoLink }),
    expected: device(200),
  },
  {
    route: `GET ${DEVICE_PATHS.printJobs}`,
    needs: 'printer',
    request: () => ({ method: 'GET', url: DEVICE_PATHS.printJobs }),
    expected: device(200),
  },
  {
    route: `POST ${DEVICE_PATHS.printerState}`,
    needs: 'printer',
    request: () => ({ method: 'POST', url: DEVICE_PATHS.printerState, payload: { state: 'ready' } }),
    expected: device(200),
  },
  {
    route: `POST ${DEVICE_PATHS.printJobFailed(':id')}`,
    needs: 'printer',
    request: async () => ({ method: 'POST', url: DEVICE_PATHS.printJobFailed(await takenPrintJob()) }),
    expected: device(200),
  },
  {
    // The printer that took the job gets its file (test/server/printFiles.test.ts): here a job each caller's printer
    // took.
    route: `GET ${DEVICE_PATHS.printJobFile(':id')}`,
    needs: 'printer',
    request: async () => ({ method: 'GET', url: DEVICE_PATHS.printJobFile(await takenPrintJob()) }),
    expected: device(200),
  },
  {
    route: `POST ${DEVICE_PATHS.printJobPrinted(':id')}`,
    needs: 'printer',
    request: async () => ({ method: 'POST', url: DEVICE_PATHS.printJobPrinted(await takenPrintJob()) }),
    expected: device(ok({ status: 'printed' })),
    view: (response) => response.json(),
  },
  {
    route: `POST ${DEVICE_PATHS.mirrorSession}`,
    needs: 'mirror',
    request: () => ({ method: 'POST', url: DEVICE_PATHS.mirrorSession, payload: { sessionHash: `sessao${next()}` } }),
    expected: device(200),
  },
  {
    route: `GET ${DEVICE_PATHS.mirrorJob}`,
    needs: 'mirror',
    request: async () => (await mirrorSession('prompt'), { method: 'GET', url: DEVICE_PATHS.mirrorJob }),
    expected: device(200),
  },
  {
    route: `POST ${DEVICE_PATHS.mirrorImage}`,
    needs: 'mirror',
    request: async () => upload(`${DEVICE_PATHS.mirrorImage}?file=espelho-${next()}.jpg`, 'image/jpeg', await jpeg()),
    expected: device(200),
  },
  {
    route: `POST ${DEVICE_PATHS.ultraSession}`,
    needs: 'ultra',
    request: () => ({ method: 'POST', url: DEVICE_PATHS.ultraSession, payload: { qrid: `giro${next()}` } }),
    expected: device(200),
  },
  {
    route: `GET ${DEVICE_PATHS.ultraSettings}`,
    needs: 'ultra',
    request: async () => (await ultraSession(true), { method: 'GET', url: DEVICE_PATHS.ultraSettings }),
    expected: device(200),
  },
  {
    route: `POST ${DEVICE_PATHS.ultraVideo}`,
    needs: 'ultra',
    request: () => upload(`${DEVICE_PATHS.ultraVideo}?file=giro-${next()}.mp4`, 'video/mp4', mp4()),
    expected: device(200),
  },

  // The rest
  { route: 'GET /api/health', request: () => ({ method: 'GET', url: '/api/health' }), expected: anyone(200) },
  { route: 'GET /healthz', request: () => ({ method: 'GET', url: '/healthz' }), expected: anyone(200) },
  { route: 'GET /readyz', request: () => ({ method: 'GET', url: '/readyz' }), expected: anyone(200) },
  {
    route: 'GET /media/*',
    request: () => ({ method: 'GET', url: '/media/festa_ana/pad/a1.jpg' }),
    expected: anyone(200),
  },
  {
    // A private event's file by its random name (a collect link): its visitor was there, and sees it
    // signed in, with the media cookie of a login (test/server/privateMedia.test.ts): no token in a
    // header opens it, since images cannot send one.
    route: 'GET /media/*',
    label: "a private event's file, by its collect link",
    request: () => ({ method: 'GET', url: privateFile }),
    // The guest invited to another event, signed in with the media cookie, is given the link now: it grants them this
    // one. The team's media cookie opens every event's files; the wall's cookie the files it shows, granting nothing.
    expected: { ...anyone(401), owner: 200, attendee: 200, packHolder: 200, invited: 200, team: 200, wallHolder: 200 },
  },
  {
    // The name its booth gave it is no secret: nothing tells a stranger the event exists.
    route: 'GET /media/*',
    label: "a private event's file, by another name",
    request: () => ({ method: 'GET', url: '/media/privada/pad/x1.jpg' }),
    // The attacker's browser opened a collect link of the event in the row above: it was there, signed out.
    expected: { ...anyone(404), owner: 404, attendee: 404, packHolder: 404, attendeeSignedOut: 401, agentThief: 401 },
  },
  // 'Baixar todas': a link followed by the browser, so the media cookie and the agent decide, as for the files.
  {
    route: 'GET /api/baixar/:bname/:type',
    label: 'a public event',
    request: () => ({ method: 'GET', url: '/api/baixar/festa_ana/pad' }),
    expected: anyone(200),
  },
  {
    route: 'GET /api/baixar/:bname/:type',
    label: 'a private event',
    request: () => ({ method: 'GET', url: '/api/baixar/privada/pad' }),
    // The guest invited elsewhere opened one of its collect links above (a row before): that granted them the event.
    // So did the attacker's browser, signed out: asked to sign in, as any guest who was there.
    expected: {
      ...anyone(404),
      owner: 200,
      attendee: 200,
      packHolder: 200,
      invited: 200,
      team: 200,
      attendeeSignedOut: 401,
      agentThief: 401,
    },
  },
  {
    route: 'GET /api/baixar/:bname/:type',
    label: 'a link-only event',
    request: () => ({ method: 'GET', url: '/api/baixar/ligada/pad' }),
    // A token in a header is no part of a followed link: the cookie and the agent are.
    expected: { ...anyone(404), invited: 200, team: 200 },
  },
  {
    // 'Minha Coleção' posted as a form: a public event's file is anyone's (each file as the gate decides:
    // test/server/downloads.test.ts).
    route: 'POST /api/baixar/colecao',
    request: () => ({
      method: 'POST',
      url: '/api/baixar/colecao',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'itens=%2Fmedia%2Ffesta_ana%2Fpad%2Fa1.jpg',
    }),
    expected: anyone(200),
  },
  // The company's images (the shop's, the mirror's icons): anyone's, whoever asks.
  {
    route: 'GET /catalogo/*',
    request: () => ({ method: 'GET', url: '/catalogo/produto-cabine.jpg' }),
    expected: anyone(200),
  },
  {
    route: 'GET /thumbs/*',
    request: () => ({ method: 'GET', url: '/thumbs/festa_ana/pad/a1.jpg.webp' }),
    expected: anyone(200),
  },
  {
    route: 'GET /display/*',
    request: () => ({ method: 'GET', url: '/display/festa_ana/pad/a1.jpg.webp' }),
    expected: anyone(200),
  },
  {
    // A link-only event's file by a name anyone could guess (the one its booth gave it): nothing of it to a stranger.
    route: 'GET /media/*',
    label: "a link-only event's file, by another name",
    request: () => ({ method: 'GET', url: '/media/ligada/pad/l1.jpg' }),
    expected: anyone(404),
  },
  {
    // The collect page's rendition of a private event's photo: the same gate as the photo itself.
    route: 'GET /display/*',
    label: "a private event's rendition, by its URL",
    request: () => ({ method: 'GET', url: `${privateFile.replace('/media/', '/display/')}.webp` }),
    // The team's media cookie opens every event's files, the wall's cookie the files it shows.
    expected: { ...anyone(401), owner: 200, attendee: 200, packHolder: 200, invited: 200, team: 200, wallHolder: 200 },
  },

  // Who sees an event's media: the cookie a login trades its token for, and the owner's setting
  // (its owner and the team; it stays private).
  {
    route: 'POST /api/media-session',
    request: () => ({ method: 'POST', url: '/api/media-session' }),
    expected: signedIn(200),
  },
  {
    route: 'DELETE /api/media-session',
    request: () => ({ method: 'DELETE', url: '/api/media-session' }),
    expected: anyone(200),
  },
  {
    route: 'PUT /api/events/:bname/visibility',
    request: () => ({ method: 'PUT', url: '/api/events/privada/visibility', payload: { visibility: 'private' } }),
    expected: { ...only('team', 200), owner: 200 },
  },
  {
    // What people read of the event: its owner and the team change it.
    route: 'PUT /api/events/:bname/title',
    request: () => ({ method: 'PUT', url: '/api/events/privada/title', payload: { title: 'Festa privada' } }),
    expected: { ...only('team', 200), owner: 200 },
  },
  {
    // Counts of who may see it: its owner and the team.
    route: 'GET /api/events/:bname/access',
    request: () => ({ method: 'GET', url: '/api/events/privada/access' }),
    expected: { ...only('team', 200), owner: 200 },
  },
  {
    route: 'GET /api/events/:bname/telao',
    request: () => ({ method: 'GET', url: '/api/events/privada/telao' }),
    expected: { ...only('team', 200), owner: 200 },
  },
  {
    route: 'GET /api/events/:bname/impressoras',
    request: () => ({ method: 'GET', url: '/api/events/privada/impressoras' }),
    expected: { ...only('team', 200), owner: 200 },
  },
  {
    route: 'GET /api/events/:bname/impressao',
    request: () => ({ method: 'GET', url: '/api/events/privada/impressao' }),
    expected: { ...only('team', 200), owner: 200 },
  },
  {
    route: 'PUT /api/events/:bname/impressao',
    request: () => ({ method: 'PUT', url: '/api/events/outra/impressao', payload: { paper: '10x15' } }),
    expected: only('team', 200),
  },
  {
    route: 'GET /api/events/:bname/rostos',
    request: () => ({ method: 'GET', url: '/api/events/privada/rostos' }),
    expected: { ...only('team', 200), owner: 200 },
  },
  {
    // Off on an event nobody here owns: nothing to index, nothing kept.
    route: 'PUT /api/events/:bname/rostos',
    request: () => ({ method: 'PUT', url: '/api/events/outra/rostos', payload: { enabled: false } }),
    expected: only('team', 200),
  },
  // A wall link made and revoked on an event nobody here owns.
  {
    route: 'POST /api/events/:bname/telao',
    request: () => ({ method: 'POST', url: '/api/events/outra/telao' }),
    expected: only('team', 200),
  },
  {
    route: 'DELETE /api/events/:bname/telao',
    request: () => ({ method: 'DELETE', url: '/api/events/outra/telao' }),
    expected: only('team', 200),
  },
  {
    // Revoking every guest's access, on an event nobody here owns (privada's guests stay for the rows above).
    route: 'POST /api/events/:bname/access/revoke',
    request: () => ({ method: 'POST', url: '/api/events/outra/access/revoke' }),
    expected: only('team', 200),
  },

  // A link-only event's invitations: its own link, and a collect link of one of its files. Each
  // grants the event to whoever opens it, so they come after every row that reads `ligada`.
  {
    route: 'GET /api/evento/:id',
    label: "a link-only event's own link (an invitation: it grants)",
    request: () => ({ method: 'GET', url: `/api/evento/${LINK_ONLY_ID}` }),
    expected: signedIn(200),
  },
  {
    route: 'GET /media/*',
    label: "a link-only event's file, by its collect link (it grants)",
    request: () => ({ method: 'GET', url: linkOnlyFile }),
    expected: anyone(200),
  },

  // Privacy (LGPD): by the device's agent, plus the account when a valid token comes along. Last:
  // a signed-in erasure empties the caller's account lists, which rows above read.
  {
    route: 'GET /api/privacy/data/:agent',
    request: () => ownAgentRequest('GET', (agent) => `/api/privacy/data/${agent}`),
    expected: ownAgentOf(optional(200, 200)),
  },
  {
    route: 'POST /api/privacy/erase',
    request: () => {
      const agent = `agentep${next()}`;
      return {
        method: 'POST',
        url: '/api/privacy/erase',
        payload: { agent },
        headers: { cookie: server.visitorCookie(agent) },
      };
    },
    expected: ownAgentOf(optional(200, 200)),
  },
];
