import { getAuth } from 'firebase-admin/auth';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import Fastify, { type InjectOptions, type LightMyRequestResponse } from 'fastify';
import { newInvitationHash } from '../../contract/invitationHash';
import { registerAuthGuard } from '../../server/src/auth/guard';
import { firebaseVerifier, type IdentityVerifier, type VerifyOptions } from '../../server/src/auth/identity';
import { registerErrorHandler } from '../../server/src/http/errorHandler';
import { signNotification } from '../../server/src/payments/webhookSignature';
import { basicSeed, DEVICE_KEYS, jpeg, loadBasicSeed, mp4 } from './support/fixtures';
import { newTeamMember, newUser, startTestServer, type DeclaredRoute, type TestServer, type TestUser } from './support/testServer';

/**
 * The access matrix (issue 14): every route the server declares, every kind of caller, the status
 * each one gets (and, where it says something, the reply). Requests are valid for their route, so
 * that a status says who may call it, not what was wrong with the request.
 *
 * To add a route: one row in ROWS below, `{ route: 'METHOD /path', request: () => ({ ... }), expected: ... }`
 * with one of the helpers (`anyone`, `optional`, `signedIn`, `only`, `device`).
 */

type Caller =
  | 'signedOut'
  /** An unsigned JWT (`alg: none`) whose claims look like a real session. */
  | 'forged'
  /** A JWT whose header names an algorithm that does not exist (`{"alg":"network"}`). */
  | 'oddHeader'
  /** A plain signed-in user. */
  | 'guest'
  | 'partnerA'
  | 'partnerB'
  | 'team'
  /** The key of a device of the kind the route needs (a camera where it needs none). */
  | 'ownDevice'
  /** The key of a device of another kind (a camera on a printer route, a printer on a camera route). */
  | 'otherDevice';

const CALLERS: readonly Caller[] = ['signedOut', 'forged', 'oddHeader', 'guest', 'partnerB', 'team', 'ownDevice', 'otherDevice', 'partnerA'];

type DeviceKind = 'camera' | 'printer' | 'mirror' | 'ultra';
const OTHER_KIND: Record<DeviceKind, DeviceKind> = { camera: 'printer', printer: 'camera', mirror: 'camera', ultra: 'camera' };
const DEVICE_IDS: Record<DeviceKind, string> = { camera: 'cam1', printer: 'printer1', mirror: 'mirror1', ultra: 'ultra1' };

type Expected = number | { status: number; body: unknown };
type Matrix = Record<Caller, Expected>;

interface Row {
  /** `METHOD /path` as declared (`server.routes`). */
  route: string;
  /** Which case of the route, when it has several. */
  label?: string;
  /** The device kind the route is for (device API). */
  needs?: DeviceKind;
  /** The request, made when it is sent: state-changing routes get fresh values for every caller. */
  request: () => Promise<InjectOptions> | InjectOptions;
  /** What of a 200 reply the table compares, where `expected` gives a body (by default the text). */
  view?: (response: LightMyRequestResponse, caller: Caller) => unknown;
  expected: Matrix;
}

// --- the table's helpers ---------------------------------------------------------------------

/** The same for every caller: a public route reads no token and no device key. */
const anyone = (expected: Expected): Matrix => ({
  signedOut: expected,
  forged: expected,
  oddHeader: expected,
  guest: expected,
  partnerA: expected,
  partnerB: expected,
  team: expected,
  ownDevice: expected,
  otherDevice: expected,
});

/** Identity is optional: without a token (a device has none) `anonymous`; a bad token is a 401 all the same. */
const optional = (anonymous: Expected, signed: Expected): Matrix => ({
  signedOut: anonymous,
  forged: 401,
  oddHeader: 401,
  guest: signed,
  partnerA: signed,
  partnerB: signed,
  team: signed,
  ownDevice: anonymous,
  otherDevice: anonymous,
});

/** Any signed-in user; everyone else 401. */
const signedIn = (expected: Expected): Matrix => optional(401, expected);

/** A role's route: 401 without a valid session, `refused` for the signed-in callers who lack the role. */
const only = (who: 'team' | 'partnerA' | 'partnerAAndTeam', allowed: Expected, refused: Expected = 403): Matrix => ({
  ...signedIn(refused),
  partnerA: who === 'team' ? refused : allowed,
  team: who === 'partnerA' ? refused : allowed,
});

/** The device API: the device of the route's kind, 403 for another kind, 401 for anyone without a key. */
const device = (expected: Expected): Matrix => ({ ...anyone(401), ownDevice: expected, otherDevice: 403 });

const ok = (body: unknown): Expected => ({ status: 200, body });

// --- the world ---------------------------------------------------------------------------------

let server: TestServer;
const users: Record<'guest' | 'partnerA' | 'partnerB' | 'team', TestUser> = {} as never;
let forgedToken = '';
let oddHeaderToken = '';
/** The options the guard asked the verifier for, per request URL. */
const verifications: { url: string; options: VerifyOptions | undefined }[] = [];
let currentUrl = '';

const PRIVATE_KEY = 'key-privada-0001';
const PACK = 'PACKMATRIZ';
let fresh = 0;
const next = () => (fresh += 1);

const deviceHeaders = (kind: DeviceKind) => ({ 'x-device-id': DEVICE_IDS[kind], 'x-device-key': DEVICE_KEYS[kind] });

/** A request made on the way to the one being tested: it must succeed. */
async function setUp(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse> {
  currentUrl = String(options.url);
  const response = await server.call(options);
  if (response.statusCode >= 300) throw new Error(`setting up ${options.method} ${options.url}: ${response.statusCode} ${response.body}`);
  return response;
}

/** The SPA's order of one album with coupon DEZ (80 - 10 % = 72), under a fresh order number. */
function orderPayload(paymentMethod: 'pix' | 'card') {
  const orderId = String(500_000_000 + next());
  return {
    products: [{ id: 'album', name: 'Álbum', type: 'product', hours: 0, quantity: 1, selectedAccessories: [], unitPrice: 80, totalPrice: 80 }],
    total: 80,
    clientName: 'Cliente',
    eventName: 'Festa',
    eventDate: '2030-07-01',
    eventTime: '20:00',
    paymentMethod,
    email: 'cliente@example.com',
    cpf: '12345678909',
    orderId,
    claim: `claim-${orderId}-matriz`,
  };
}

/** An order placed, signed out unless a token is given. */
async function placeOrder(paymentMethod: 'pix' | 'card', token?: string): Promise<{ orderId: string; claim: string }> {
  const payload = orderPayload(paymentMethod);
  await setUp({ method: 'POST', url: '/api/order/DEZ', token, payload });
  return payload;
}

/** A paid order of partner A's (settled by the team). */
async function paidOrderOfPartnerA(): Promise<string> {
  const { orderId } = await placeOrder('pix', users.partnerA.token);
  await setUp({ method: 'POST', url: `/api/team_orders/${orderId}`, token: users.team.token, payload: { status: 'approved' } });
  return orderId;
}

/** A sandbox test card the provider approves (holder APRO). */
const CARD = { cardNumber: '4235647728025682', cardholderName: 'APRO', cardExpirationMonth: '11', cardExpirationYear: '2099', securityCode: '123' };

async function cardToken(): Promise<string> {
  const response = await setUp({ method: 'POST', url: '/api/sandbox/card_tokens', payload: CARD });
  return (response.json() as { id: string }).id;
}

/** A new QR code on the mirror's screen, taken by a new visitor up to `stage`: its routes' common path. */
async function mirrorSession(stage: 'open' | 'started' | 'mode' | 'prompt'): Promise<string> {
  const sh = `sessao${next()}`;
  const agent = `agenteM${fresh}`;
  const base = `/api/espelho/mirror1/${sh}/${agent}`;
  await setUp({ method: 'POST', url: '/api/device/mirror/session', headers: deviceHeaders('mirror'), payload: { sessionHash: sh } });
  if (stage !== 'open') await setUp({ method: 'GET', url: `${base}/start/0` });
  if (stage === 'mode' || stage === 'prompt') await setUp({ method: 'GET', url: `${base}/mode/Anime` });
  if (stage === 'prompt') await setUp({ method: 'GET', url: `${base}/prompt/Samurai` });
  return base;
}

/** A new QR code on the 360 platform's screen, configured by a visitor when asked. */
async function ultraSession(configured: boolean): Promise<string> {
  const qrid = `giro${next()}`;
  await setUp({ method: 'POST', url: '/api/device/ultra/session', headers: deviceHeaders('ultra'), payload: { qrid } });
  if (configured) await setUp({ method: 'GET', url: `/api/ultraStartConfig/ultra1/${qrid}/20/Vem_Tremer?agent=agenteU${fresh}` });
  return qrid;
}

/** A print job the printer has taken and not yet printed. */
async function takenPrintJob(): Promise<number> {
  await setUp({ method: 'GET', url: `/api/print/${PACK}/${encodeURIComponent('/media/festa_ana/pad/a1.jpg')}` });
  const jobs = (await setUp({ method: 'GET', url: '/api/device/print-jobs', headers: deviceHeaders('printer') })).json() as { id: number }[];
  return jobs[jobs.length - 1].id;
}

/** One print asked for under its own request id: its status is what every caller reads. */
let printRequest: string | null = null;
async function askedPrint(): Promise<string> {
  if (printRequest) return printRequest;
  const id = `pedidoMatriz${String(next()).padStart(8, '0')}`;
  await setUp({ method: 'GET', url: `/api/print/${PACK}/${PHOTO}?request=${id}` });
  return (printRequest = id);
}

async function shownCoupon(): Promise<string> {
  const response = await setUp({ method: 'GET', url: '/api/contracts/parceiro1', token: users.team.token });
  return (response.json() as { title: string; last: string }[]).find((c) => c.title === 'Contrato 1')?.last ?? '';
}

const upload = (url: string, type: string, payload: Buffer): InjectOptions => ({ method: 'POST', url, headers: { 'content-type': type }, payload });
const cardNames = (response: LightMyRequestResponse) => (response.json() as { title: string }[]).map((card) => card.title);

const WEBHOOK_SECRET = 'segredo-do-webhook-da-matriz';
const PHOTO = encodeURIComponent('/media/festa_ana/pad/a1.jpg');

// --- the table -----------------------------------------------------------------------------------

const ROWS: Row[] = [
  // Guests at an event
  {
    route: 'GET /api/eventos/:events/:agent',
    request: () => ({ method: 'GET', url: '/api/eventos/festa_ana,privada/agente001' }),
    view: cardNames,
    expected: optional(ok(['festa_ana']), ok(['festa_ana', 'privada'])),
  },
  { route: 'GET /api/evento/:id', request: () => ({ method: 'GET', url: '/api/evento/festa-ana-1' }), expected: signedIn(200) },
  { route: 'GET /api/all/:bname/:type', label: 'a public event', request: () => ({ method: 'GET', url: '/api/all/festa_ana/pad' }), expected: optional(200, 200) },
  { route: 'GET /api/all/:bname/:type', label: 'a private event', request: () => ({ method: 'GET', url: '/api/all/privada/pad' }), expected: optional(401, 200) },
  { route: 'GET /api/deviceLast/:bname/:device', label: 'a public event', request: () => ({ method: 'GET', url: '/api/deviceLast/festa_ana/cam1' }), expected: optional(200, 200) },
  { route: 'GET /api/deviceLast/:bname/:device', label: 'a private event', request: () => ({ method: 'GET', url: '/api/deviceLast/privada/cam2' }), expected: optional(401, 200) },
  { route: 'GET /api/validatePacks/:hashes', request: () => ({ method: 'GET', url: `/api/validatePacks/${PACK},PACK5` }), expected: anyone(200) },
  { route: 'GET /api/print/:packHash/:printId', request: () => ({ method: 'GET', url: `/api/print/${PACK}/${PHOTO}` }), expected: anyone(200) },
  // Knowing the pack and the request id is the capability (test/server/printStatus.test.ts).
  { route: 'GET /api/printStatus/:packHash/:requestId', request: async () => ({ method: 'GET', url: `/api/printStatus/${PACK}/${await askedPrint()}` }), expected: anyone(200) },
  {
    route: 'POST /api/landingForm',
    request: () => ({ method: 'POST', url: '/api/landingForm', payload: { nome: 'Maria', evento: 'Casamento', email: 'maria@example.com' } }),
    expected: anyone(ok('ok')),
  },

  // The signed-in user's account
  {
    route: 'GET /api/createAccount',
    request: () => ({ method: 'GET', url: `/api/createAccount?account=${encodeURIComponent(JSON.stringify({ displayName: 'Conta' }))}` }),
    // Every signed-in caller has an account by now (beforeAll): nothing is created twice.
    expected: signedIn(ok('already_exists')),
  },
  { route: 'GET /api/updateAccount', request: () => ({ method: 'GET', url: '/api/updateAccount?events=festa_ana' }), expected: signedIn(200) },
  {
    route: 'GET /api/account',
    request: () => ({ method: 'GET', url: '/api/account' }),
    view: (response, caller) => {
      const { email } = response.json() as { email: string };
      return caller in users && email === users[caller as keyof typeof users].email ? 'their own' : email;
    },
    expected: signedIn(ok('their own')),
  },
  { route: 'GET /api/modifyAccount/add/:list/:value', request: () => ({ method: 'GET', url: `/api/modifyAccount/add/collection/${PHOTO}` }), expected: signedIn(ok('ok')) },
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
  { route: 'GET /api/check_bname/:name', request: () => ({ method: 'GET', url: '/api/check_bname/festa_ana' }), expected: optional(ok('yes'), ok('yes')) },
  { route: 'GET /api/load_events', request: () => ({ method: 'GET', url: '/api/load_events' }), expected: signedIn(200) },
  { route: 'GET /api/load_transactions', request: () => ({ method: 'GET', url: '/api/load_transactions' }), expected: signedIn(200) },
  {
    route: 'GET /api/create_event/:name/:orderId',
    label: "partner A's paid order",
    request: async () => ({ method: 'GET', url: `/api/create_event/evento_matriz_${next()}/${await paidOrderOfPartnerA()}` }),
    expected: only('partnerA', ok('ok')),
  },

  // The shop and payments
  { route: 'GET /api/shop/:coupon/:agent', request: () => ({ method: 'GET', url: '/api/shop/DEZ/agente001' }), expected: anyone(200) },
  { route: 'POST /api/order/:coupon', request: () => ({ method: 'POST', url: '/api/order/DEZ', payload: orderPayload('pix') }), expected: optional(200, 200) },
  {
    route: 'POST /api/process_payment_card',
    request: async () => {
      const { orderId } = await placeOrder('card');
      const token = await cardToken();
      return {
        method: 'POST',
        url: '/api/process_payment_card',
        payload: { transaction_amount: 72, token, installments: 1, payment_method_id: 'visa', email: 'cliente@example.com', type: 'CPF', number: '12345678909', orderId },
      };
    },
    view: (response) => (response.json() as { status: string }).status,
    expected: optional(ok('approved'), ok('approved')),
  },
  {
    route: 'POST /api/webhooks/mercadopago',
    label: 'unsigned',
    request: () => ({ method: 'POST', url: '/api/webhooks/mercadopago?data.id=123&type=payment', payload: { type: 'payment', data: { id: '123' } } }),
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
  { route: 'POST /api/sandbox/card_tokens', request: () => ({ method: 'POST', url: '/api/sandbox/card_tokens', payload: CARD }), expected: anyone(200) },
  { route: 'GET /api/sandbox/payment_methods', request: () => ({ method: 'GET', url: '/api/sandbox/payment_methods?bin=423564' }), expected: anyone(200) },
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
    request: async () => ({ method: 'POST', url: `/api/team_orders/${(await placeOrder('pix')).orderId}`, payload: { status: 'approved' } }),
    expected: only('team', 200),
  },

  // Partners and the team
  { route: 'GET /api/contracts/:partner', request: () => ({ method: 'GET', url: '/api/contracts/parceiro1' }), expected: only('partnerAAndTeam', 200) },
  { route: 'GET /api/deals/:partner', request: () => ({ method: 'GET', url: '/api/deals/parceiro1' }), expected: only('partnerAAndTeam', 200) },
  {
    route: 'POST /api/launch_coupon',
    request: async () => ({ method: 'POST', url: '/api/launch_coupon', payload: { partner: 'parceiro1', contractTitle: 'Contrato 1', lastCoupon: await shownCoupon() } }),
    expected: only('partnerA', 200),
  },
  {
    route: 'POST /api/create_contract',
    request: () => ({ method: 'POST', url: '/api/create_contract', payload: { partner: 'matriz', duration: 30, rate: 10, discount: 5, kit: 'Kit', n_coupons: 3 } }),
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
    request: () => ({ method: 'POST', url: '/api/authorize_hash', payload: { partnerName: `matriz_${next()}`, hash: newInvitationHash() } }),
    expected: only('team', 200),
  },
  {
    // Any signed-in account may accept an invitation; an unknown hash proves it got that far.
    route: 'POST /api/authorize_partner',
    request: () => ({ method: 'POST', url: '/api/authorize_partner', payload: { partnerName: 'parceiro_dono', hash: newInvitationHash() } }),
    expected: signedIn(404),
  },
  { route: 'GET /api/leads', request: () => ({ method: 'GET', url: '/api/leads' }), expected: only('team', 200) },
  { route: 'GET /api/check_team', request: () => ({ method: 'GET', url: '/api/check_team' }), expected: { ...signedIn(ok('no')), team: ok('ok') } },

  // The mirror and the 360 platform, as guests drive them from their phones
  { route: 'GET /api/espelho/:dh/:sh/:agent/start/0', request: async () => ({ method: 'GET', url: `${await mirrorSession('open')}/start/0` }), expected: anyone(ok('start_ok')) },
  { route: 'GET /api/espelho/:dh/:sh/:agent/mode/:mode', request: async () => ({ method: 'GET', url: `${await mirrorSession('started')}/mode/Anime` }), expected: anyone(ok('mode_ok')) },
  { route: 'GET /api/espelho/:dh/:sh/:agent/prompt/:prompt', request: async () => ({ method: 'GET', url: `${await mirrorSession('mode')}/prompt/Ninja` }), expected: anyone(ok('prompt_ok')) },
  { route: 'GET /api/espelho/:dh/:sh/:agent/get_last_image/0', request: async () => ({ method: 'GET', url: `${await mirrorSession('prompt')}/get_last_image/0` }), expected: anyone(ok('no_image')) },
  { route: 'GET /api/espelho/:dh/:sh/:agent/restart/0', request: async () => ({ method: 'GET', url: `${await mirrorSession('started')}/restart/0` }), expected: anyone(ok('restart_ok')) },
  { route: 'GET /api/espelho/:dh/:sh/:agent/get_modes/0', request: () => ({ method: 'GET', url: '/api/espelho/mirror1/sessao0/agente001/get_modes/0' }), expected: anyone(200) },
  { route: 'GET /api/espelho/:dh/:sh/:agent/get_prompts/:mode', request: () => ({ method: 'GET', url: '/api/espelho/mirror1/sessao0/agente001/get_prompts/Anime' }), expected: anyone(200) },
  { route: 'GET /api/ultraLast/:device/:bname', label: 'a public event', request: () => ({ method: 'GET', url: '/api/ultraLast/ultra1/festa_ana' }), expected: optional(200, 200) },
  { route: 'GET /api/ultraLast/:device/:bname', label: 'a private event', request: () => ({ method: 'GET', url: '/api/ultraLast/ultra2/privada' }), expected: optional(401, 200) },
  {
    route: 'GET /api/ultraStartConfig/:device/:qrid/:speed/:music',
    request: async () => ({ method: 'GET', url: `/api/ultraStartConfig/ultra1/${await ultraSession(false)}/20/Vem_Tremer?agent=agente001` }),
    expected: anyone(ok('success')),
  },
  { route: 'GET /api/agentResults/:agent', request: () => ({ method: 'GET', url: '/api/agentResults/agente001' }), expected: anyone(200) },
  {
    route: 'POST /api/uploadFace/:name',
    request: async () => ({ method: 'POST', url: `/api/uploadFace/agenteF${next()}`, payload: { poligram: `data:image/jpeg;base64,${(await jpeg()).toString('base64')}` } }),
    expected: anyone(ok('ok')),
  },
  { route: 'DELETE /api/faces/:agent', request: () => ({ method: 'DELETE', url: `/api/faces/agenteF${next()}` }), expected: anyone(ok('ok')) },

  // The devices' own API (x-device-id and x-device-key)
  { route: 'GET /api/device/me', request: () => ({ method: 'GET', url: '/api/device/me' }), expected: { ...device(200), otherDevice: 200 } },
  { route: 'POST /api/device/media', needs: 'camera', request: async () => upload(`/api/device/media?file=matriz-${next()}.jpg`, 'image/jpeg', await jpeg()), expected: device(200) },
  { route: 'GET /api/device/print-jobs', needs: 'printer', request: () => ({ method: 'GET', url: '/api/device/print-jobs' }), expected: device(200) },
  {
    route: 'POST /api/device/print-jobs/:id/printed',
    needs: 'printer',
    request: async () => ({ method: 'POST', url: `/api/device/print-jobs/${await takenPrintJob()}/printed` }),
    expected: device(ok({ status: 'printed' })),
    view: (response) => response.json(),
  },
  { route: 'POST /api/device/mirror/session', needs: 'mirror', request: () => ({ method: 'POST', url: '/api/device/mirror/session', payload: { sessionHash: `sessao${next()}` } }), expected: device(200) },
  { route: 'GET /api/device/mirror/job', needs: 'mirror', request: async () => (await mirrorSession('prompt'), { method: 'GET', url: '/api/device/mirror/job' }), expected: device(200) },
  { route: 'POST /api/device/mirror/image', needs: 'mirror', request: async () => upload(`/api/device/mirror/image?file=espelho-${next()}.jpg`, 'image/jpeg', await jpeg()), expected: device(200) },
  { route: 'POST /api/device/ultra/session', needs: 'ultra', request: () => ({ method: 'POST', url: '/api/device/ultra/session', payload: { qrid: `giro${next()}` } }), expected: device(200) },
  { route: 'GET /api/device/ultra/settings', needs: 'ultra', request: async () => (await ultraSession(true), { method: 'GET', url: '/api/device/ultra/settings' }), expected: device(200) },
  { route: 'POST /api/device/ultra/video', needs: 'ultra', request: () => upload(`/api/device/ultra/video?file=giro-${next()}.mp4`, 'video/mp4', mp4()), expected: device(200) },

  // The rest
  { route: 'GET /api/health', request: () => ({ method: 'GET', url: '/api/health' }), expected: anyone(200) },
  { route: 'GET /media/*', request: () => ({ method: 'GET', url: '/media/festa_ana/pad/a1.jpg' }), expected: anyone(200) },
  {
    // A private event's file needs the media cookie of a login (test/server/privateMedia.test.ts):
    // no token in a header opens it, since images cannot send one.
    route: 'GET /media/*',
    label: "a private event's file, by its URL",
    request: () => ({ method: 'GET', url: '/media/privada/pad/x1.jpg' }),
    expected: anyone(401),
  },
  { route: 'GET /thumbs/*', request: () => ({ method: 'GET', url: '/thumbs/festa_ana/pad/a1.jpg.webp' }), expected: anyone(200) },
  { route: 'GET /display/*', request: () => ({ method: 'GET', url: '/display/festa_ana/pad/a1.jpg.webp' }), expected: anyone(200) },
  {
    // The collect page's rendition of a private event's photo: the same gate as the photo itself.
    route: 'GET /display/*',
    label: "a private event's rendition, by its URL",
    request: () => ({ method: 'GET', url: '/display/privada/pad/x1.jpg.webp' }),
    expected: anyone(401),
  },

  // Who sees an event's media: the cookie a login trades its token for, and the owner's setting
  // (nobody above owns `privada`: the team only; it stays private).
  { route: 'POST /api/media-session', request: () => ({ method: 'POST', url: '/api/media-session' }), expected: signedIn(200) },
  { route: 'DELETE /api/media-session', request: () => ({ method: 'DELETE', url: '/api/media-session' }), expected: anyone(200) },
  {
    route: 'PUT /api/events/:bname/visibility',
    request: () => ({ method: 'PUT', url: '/api/events/privada/visibility', payload: { visibility: 'private' } }),
    expected: only('team', 200),
  },

  // Privacy (LGPD): by the device's agent, plus the account when a valid token comes along. Last:
  // a signed-in erasure empties the caller's account lists, which rows above read.
  { route: 'GET /api/privacy/data/:agent', request: () => ({ method: 'GET', url: `/api/privacy/data/agenteP${next()}` }), expected: optional(200, 200) },
  { route: 'POST /api/privacy/erase', request: () => ({ method: 'POST', url: '/api/privacy/erase', payload: { agent: `agenteP${next()}` } }), expected: optional(200, 200) },
];

// --- running it ----------------------------------------------------------------------------------

/** Unsigned JWT segments with the claims a Firebase ID token of this project carries. */
function unsignedJwt(header: object, signature: string): string {
  const projectId = server.config.firebaseProjectId;
  const now = Math.floor(Date.now() / 1000);
  const payload = {
    iss: `https://securetoken.google.com/${projectId}`,
    aud: projectId,
    auth_time: now - 60,
    iat: now - 60,
    exp: now + 3600,
    // The emulator does not check signatures: a forged token of an existing account would pass there (and only there).
    sub: 'conta-forjada-0001',
    user_id: 'conta-forjada-0001',
    email: users.team.email,
    email_verified: true,
    firebase: { identities: { email: [users.team.email] }, sign_in_provider: 'password' },
  };
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part(header)}.${part(payload)}.${signature}`;
}

function credentials(caller: Caller, row: Row): { token?: string; headers?: Record<string, string> } {
  switch (caller) {
    case 'signedOut':
      return {};
    case 'forged':
      return { token: forgedToken };
    case 'oddHeader':
      return { token: oddHeaderToken };
    case 'ownDevice':
      return { headers: deviceHeaders(row.needs ?? 'camera') };
    case 'otherDevice':
      return { headers: deviceHeaders(OTHER_KIND[row.needs ?? 'camera']) };
    default:
      return { token: users[caller].token };
  }
}

async function send(row: Row, caller: Caller): Promise<Expected> {
  const request = await row.request();
  const { token, headers } = credentials(caller, row);
  currentUrl = String(request.url);
  const response = await server.call({ ...request, headers: { ...(request.headers ?? {}), ...(headers ?? {}) }, token });
  const expected = row.expected[caller];
  // A body is compared where the table gives one.
  if (typeof expected === 'object' && response.statusCode === 200) return { status: 200, body: row.view ? row.view(response, caller) : response.body };
  return response.statusCode;
}

const key = (route: Pick<DeclaredRoute, 'method' | 'url'>) => `${route.method} ${route.url}`;

beforeAll(async () => {
  server = await startTestServer(
    { MERCADOPAGO_WEBHOOK_SECRET: WEBHOOK_SECRET },
    {
      verifier: (inner: IdentityVerifier): IdentityVerifier => ({
        verify(token, options) {
          verifications.push({ url: currentUrl, options });
          return inner.verify(token, options);
        },
      }),
    },
  );
  const [guest, partnerA, partnerB, team] = await Promise.all([newUser('convidado'), newUser('parceiro-a'), newUser('parceiro-b'), newTeamMember()]);
  Object.assign(users, { guest, partnerA, partnerB, team });
  const seed = basicSeed();
  await loadBasicSeed(server, {
    ...seed,
    devices: [
      ...(seed.devices ?? []),
      { id: 'cam2', kind: 'booth', event: 'privada', mode: 'pad', key: PRIVATE_KEY },
      { id: 'ultra2', kind: 'ultra', event: 'privada', mode: '360', key: PRIVATE_KEY },
    ],
    media: (seed.media ?? []).map((media) => (media.event === 'privada' ? { ...media, device: 'cam2' } : media)),
    packs: [...(seed.packs ?? []), { hash: PACK, event: 'festa_ana', copies: 10_000 }],
    partners: [...(seed.partners ?? []), { name: 'parceiro_dono' }],
    accounts: [
      { uid: partnerA.uid, email: partnerA.email, partner: 'parceiro1' },
      { uid: partnerB.uid, email: partnerB.email, partner: 'parceiro2' },
    ],
  });
  // Every signed-in caller has an account, so that the account routes answer what they hold.
  for (const user of [guest, team]) await setUp({ method: 'GET', url: '/api/updateAccount', token: user.token });
  forgedToken = unsignedJwt({ alg: 'none', typ: 'JWT' }, '');
  oddHeaderToken = unsignedJwt({ alg: 'network', typ: 'JWT' }, 'c2lnbmF0dXJh');
});

afterAll(() => server.close());

describe('the access matrix', () => {
  it('has a row for every route the server declares, and none for a route it does not', () => {
    const declared = new Set(server.routes.map(key));
    const tabled = new Set(ROWS.map((row) => row.route));
    const missing = [...declared].filter((route) => !tabled.has(route)).sort();
    const stale = [...tabled].filter((route) => !declared.has(route)).sort();
    const helper = { none: 'anyone(200)', optional: 'optional(200, 200)', required: 'signedIn(200)', team: "only('team', 200)" };
    const howTo = (route: string) => {
      const auth = server.routes.find((declared) => key(declared) === route)?.auth ?? 'none';
      return `${route}: add its row to ROWS in test/server/accessMatrix.test.ts, e.g. { route: '${route}', request: () => ({ method: '${route.split(' ')[0]}', url: '...' }), expected: ${helper[auth]} }`;
    };
    expect({ missing: missing.map(howTo), stale: stale.map((route) => `${route}: no longer declared, remove its row`) }).toEqual({ missing: [], stale: [] });
  });

  it.each(ROWS.map((row) => [`${row.route}${row.label ? ` (${row.label})` : ''}`, row] as const))('%s', async (_name, row) => {
    const actual: Partial<Matrix> = {};
    // Partner A last: a launch of the shown coupon changes its contract.
    for (const caller of CALLERS) actual[caller] = await send(row, caller);
    expect(actual).toEqual(row.expected);
  });

  it('answers 401 to a token that is not a JWT at all, wherever a token is read', async () => {
    const reading = ROWS.filter((row) => server.routes.some((route) => key(route) === row.route && route.auth !== 'none'));
    expect(reading.length).toBeGreaterThanOrEqual(20);
    for (const row of reading) {
      const request = await row.request();
      const response = await server.call({ ...request, token: 'nope' });
      expect({ route: row.route, status: response.statusCode }).toEqual({ route: row.route, status: 401 });
    }
  });
});

describe('the forged and odd-header tokens outside the emulator', () => {
  // The emulator signs nothing, so it checks no algorithm: it refuses these tokens for their
  // unknown account. Production refuses them for their header, before it fetches any key, with
  // a message that says "network": still the caller's fault (401), never an outage (503).
  it('are refused with 401 by the guard with the production verifier, without asking the network', async () => {
    const app = Fastify();
    registerErrorHandler(app);
    registerAuthGuard(app, firebaseVerifier(server.config.firebaseProjectId, null), { emails: [], isListed: async () => false, requireVerifiedEmail: true });
    app.get('/conta', { config: { auth: 'required' } }, async () => 'ok');
    const tokens = { forged: forgedToken, oddHeader: oddHeaderToken, oddHeaderWithKeyId: unsignedJwt({ alg: 'network', kid: 'chave-1', typ: 'JWT' }, 'c2lnbmF0dXJh') };
    const emulator = process.env.FIREBASE_AUTH_EMULATOR_HOST;
    delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
    const statuses: Record<string, number> = {};
    try {
      for (const [name, token] of Object.entries(tokens)) statuses[name] = (await app.inject({ method: 'GET', url: '/conta', headers: { idtoken: token } })).statusCode;
    } finally {
      process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator;
      await app.close();
    }
    expect(statuses).toEqual({ forged: 401, oddHeader: 401, oddHeaderWithKeyId: 401 });
  });
});

// --- revoked sessions: the partner and team family ------------------------------------------------

/** Paths of the partner and team family; every team-only route belongs to it too. */
const FAMILY_PREFIXES = [
  '/api/contracts',
  '/api/deals',
  '/api/launch_coupon',
  '/api/create_contract',
  '/api/check_bname_partner',
  '/api/authorize_',
  '/api/check_team',
  '/api/team',
  '/api/leads',
  '/api/partner',
];

const inFamily = (route: DeclaredRoute) => route.auth === 'team' || FAMILY_PREFIXES.some((prefix) => route.url.startsWith(prefix));

describe('revoked sessions', () => {
  it('are checked on every route of the partner and team family: team routes by default, the others by their config', () => {
    const family = server.routes.filter(inFamily);
    expect(family.length).toBeGreaterThanOrEqual(10);
    expect(family.filter((r) => !(r.checkRevoked ?? r.auth === 'team'))).toEqual([]);
  });

  it('are what the guard asks the identity service about for the family, and not for plain account routes', async () => {
    const familyRoutes = new Set(server.routes.filter(inFamily).map(key));
    const familyRows = ROWS.filter((row) => familyRoutes.has(row.route));
    verifications.length = 0;
    const sent: string[] = [];
    for (const row of familyRows) {
      await send(row, 'team');
      sent.push(currentUrl);
    }
    currentUrl = '/api/account';
    expect((await server.call({ method: 'GET', url: '/api/account', token: users.partnerA.token })).statusCode).toBe(200);
    const family = verifications.filter((v) => v.url !== '/api/account');
    expect([...new Set(family.map((v) => v.url))].sort()).toEqual([...new Set(sent)].sort());
    expect(family.filter((v) => v.options?.checkRevoked !== true)).toEqual([]);
    expect(verifications.filter((v) => v.url === '/api/account').map((v) => v.options?.checkRevoked)).toEqual([false]);
  });

  it('and a disabled account are refused with 401', async () => {
    const user = await newUser('desativado');
    expect((await server.call({ method: 'GET', url: '/api/check_team', token: user.token })).statusCode).toBe(200);
    const admin = initializeApp({ projectId: server.config.firebaseProjectId }, `access-matrix-${Date.now()}`);
    try {
      await getAuth(admin).updateUser(user.uid, { disabled: true });
    } finally {
      await deleteApp(admin);
    }
    const response = await server.call({ method: 'GET', url: '/api/check_team', token: user.token });
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toBe('unauthenticated');
  });
});
