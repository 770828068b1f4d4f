import { randomUUID } from 'node:crypto';
import { anyone, linkOnly, ok, only, optional, pick, presence, signedIn } from './callers';
import {
  askedPrint,
  cardNames,
  next,
  orderTiedToPartnerA,
  PACK,
  paidOrderOfPartnerA,
  PHOTO,
  placeOrder,
  users,
} from './world';
import type { Row } from './callers';

/** The access matrix's rows for guests at an event and the signed-in user's account. */
export const GUEST_ROWS: Row[] = [
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
];
