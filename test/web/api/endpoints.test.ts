/**
 * One request test per row of docs/api.md#the-contracts-calls: what each endpoint sends (method, path with odd
 * characters encoded, query, body, identity header) and how it reads the reply.
 */
import { makeStore } from '../../../src/app/store';
import { accountSyncApi } from '../../../src/session/accountSyncApi';
import { signedIn } from '../../../src/session/authSlice';
import { accountApi } from '../../../src/features/account/accountApi';
import { teamOrdersApi } from '../../../src/features/team/teamOrdersApi';
import { teamDevicesApi } from '../../../src/features/team/teamDevicesApi';
import { checkoutApi } from '../../../src/features/checkout/checkoutApi';
import { collectApi } from '../../../src/features/collect/collectApi';
import { eventsApi } from '../../../src/features/events/eventsApi';
import { faceApi } from '../../../src/features/face/faceApi';
import { landingApi } from '../../../src/features/landing/landingApi';
import { mirrorApi } from '../../../src/features/mirror/mirrorApi';
import { packsApi } from '../../../src/session/packsApi';
import { partnerApi } from '../../../src/features/partner/partnerApi';
import { printApi } from '../../../src/features/print/printApi';
import { shopApi } from '../../../src/features/shop/shopApi';
import { leadsApi } from '../../../src/features/team/leadsApi';
import { teamApi } from '../../../src/features/team/teamApi';
import { ultraApi } from '../../../src/features/ultra/ultraApi';
import { ANA, fakeIdentity } from '../../support/fakeIdentity';
import { recordCalls, type Reply } from '../../support/recordCalls';

type Store = ReturnType<typeof makeStore>;
// Each case dispatches its endpoint's initiate thunk; the result carries data or error.
type Run = (store: Store) => Promise<{ data?: unknown; error?: unknown }>;

const FACE_REPLY = {
  selfie: true,
  hidden: false,
  found: [{ url: '/media/festa_ana/pad/a1.jpg', event: 'festa_ana' }],
  searched: ['festa_ana'],
  unavailable: ['outra'],
};

interface Case {
  name: string;
  run: Run;
  method: string;
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  /** required: sent with the token, refused without one; optional: sent when signed in. */
  auth: 'none' | 'optional' | 'required';
  reply: Reply;
  data: unknown;
}

const TOKEN = 'token-abc.def';
const session = { dh: 'cabine 1', sh: 'sh/2', agent: 'agent01xyz' };
const lead = {
  data: '2026-12-01',
  indicacao: 'Instagram',
  evento: 'Casamento & Festa',
  email: 'ana@example.com',
  instagram: '@ana',
  tiktok: '@ana.tk',
  telefone: '(11) 98888-7777',
  nome: 'Ana',
  comentarios: "<script>alert('x')</script>",
};
const order = {
  products: [],
  total: 100,
  clientName: 'Ana',
  eventName: 'festa',
  eventDate: '2026-12-01',
  eventTime: '20:00',
  paymentMethod: 'pix' as const,
  email: 'ana@example.com',
  cpf: '12345678909',
  orderId: '123456789',
  claim: 'c'.repeat(22),
};

const cases: Case[] = [
  {
    name: 'submitLead',
    run: (s) => s.dispatch(landingApi.endpoints.submitLead.initiate(lead)),
    method: 'POST',
    path: '/api/landingForm',
    body: lead,
    auth: 'none',
    reply: { text: 'ok' },
    data: 'ok',
  },
  {
    name: 'getEvent',
    run: (s) => s.dispatch(eventsApi.endpoints.getEvent.initiate('evt/../1 2')),
    method: 'GET',
    path: '/api/evento/evt%2F..%2F1%202',
    auth: 'required',
    reply: { json: { devices: ['pad', '360'], bname: 'festa_ana' } },
    data: { devices: ['pad', '360'], bname: 'festa_ana' },
  },
  {
    name: 'getBoothMedia',
    run: (s) => s.dispatch(eventsApi.endpoints.getBoothMedia.initiate({ bname: 'festa ana?', type: '360' })),
    method: 'GET',
    path: '/api/all/festa%20ana%3F/360',
    auth: 'optional',
    reply: { json: { product: ['/media/festa/360/a.mp4'] } },
    data: { product: ['/media/festa/360/a.mp4'], version: null },
  },
  {
    name: 'getVisitedEvents',
    run: (s) =>
      s.dispatch(
        eventsApi.endpoints.getVisitedEvents.initiate({ events: ['festa_ana', 'bar#1'], agent: 'agent01xyz' }),
      ),
    method: 'GET',
    path: '/api/eventos/festa_ana%2Cbar%231/agent01xyz',
    auth: 'optional',
    reply: {
      json: [{ title: 'festa_ana', visible: true, profile: '/p.jpg', cover: '/c.jpg', photos: 3, devices: ['pad'] }],
    },
    data: [{ title: 'festa_ana', visible: true, profile: '/p.jpg', cover: '/c.jpg', photos: 3, devices: ['pad'] }],
  },
  {
    name: 'getVisitedEvents with no events',
    run: (s) => s.dispatch(eventsApi.endpoints.getVisitedEvents.initiate({ events: [], agent: 'agent01xyz' })),
    method: 'GET',
    path: '/api/eventos/-/agent01xyz',
    auth: 'optional',
    reply: { json: [] },
    data: [],
  },
  {
    name: 'validatePacks',
    run: (s) => s.dispatch(packsApi.endpoints.validatePacks.initiate(['H7K2', 'Q 9'])),
    method: 'GET',
    path: '/api/validatePacks/H7K2%2CQ%209',
    auth: 'none',
    reply: { json: ["{'H7K2': {'copies': 3, 'bname': 'festa_ana'}}", 'garbage'] },
    data: [{ hash: 'H7K2', copies: 3, bname: 'festa_ana' }],
  },
  {
    name: 'printCopy',
    run: (s) =>
      s.dispatch(printApi.endpoints.printCopy.initiate({ packHash: 'H7K2', printId: '/media/festa/pad/foto 1.jpg' })),
    method: 'GET',
    path: '/api/print/H7K2/%2Fmedia%2Ffesta%2Fpad%2Ffoto%201.jpg',
    auth: 'none',
    reply: { json: { status: 'queued', copies: 2 } },
    data: { status: 'queued', copies: 2 },
  },
  {
    name: 'addToAccount (packs)',
    run: (s) => s.dispatch(accountSyncApi.endpoints.addToAccount.initiate({ list: 'packs', value: 'H7K2' })),
    method: 'GET',
    path: '/api/modifyAccount/add/packs/H7K2',
    auth: 'required',
    reply: { text: 'ok' },
    data: 'ok',
  },
  {
    name: 'addToAccount (collection)',
    run: (s) =>
      s.dispatch(accountSyncApi.endpoints.addToAccount.initiate({ list: 'collection', value: '/media/a b/pad/x.jpg' })),
    method: 'GET',
    path: '/api/modifyAccount/add/collection/%2Fmedia%2Fa%20b%2Fpad%2Fx.jpg',
    auth: 'required',
    reply: { text: 'ok' },
    data: 'ok',
  },
  {
    name: 'getDeviceLast',
    run: (s) => s.dispatch(collectApi.endpoints.getDeviceLast.initiate({ bname: 'festa_ana', device: 'cam 1' })),
    method: 'GET',
    path: '/api/deviceLast/festa_ana/cam%201',
    auth: 'optional',
    reply: { json: { product: [] } },
    data: { product: [] },
  },
  {
    name: 'mirrorStart',
    run: (s) => s.dispatch(mirrorApi.endpoints.mirrorStart.initiate(session)),
    method: 'GET',
    path: '/api/espelho/cabine%201/sh%2F2/agent01xyz/start/0',
    auth: 'none',
    reply: { text: 'start_ok' },
    data: 'start_ok',
  },
  {
    name: 'mirrorSetMode',
    run: (s) => s.dispatch(mirrorApi.endpoints.mirrorSetMode.initiate({ ...session, mode: 'Anime/3D' })),
    method: 'GET',
    path: '/api/espelho/cabine%201/sh%2F2/agent01xyz/mode/Anime%2F3D',
    auth: 'none',
    reply: { text: 'mode_ok' },
    data: 'mode_ok',
  },
  {
    name: 'mirrorSendPrompt',
    run: (s) =>
      s.dispatch(
        mirrorApi.endpoints.mirrorSendPrompt.initiate({ ...session, prompt: 'um astronauta? 100% feliz #top' }),
      ),
    method: 'GET',
    path: '/api/espelho/cabine%201/sh%2F2/agent01xyz/prompt/um%20astronauta%3F%20100%25%20feliz%20%23top',
    auth: 'none',
    reply: { text: 'prompt_ok' },
    data: 'prompt_ok',
  },
  {
    name: 'mirrorLastImage (waiting)',
    run: (s) => s.dispatch(mirrorApi.endpoints.mirrorLastImage.initiate(session)),
    method: 'GET',
    path: '/api/espelho/cabine%201/sh%2F2/agent01xyz/get_last_image/0',
    auth: 'none',
    reply: { text: 'no_image' },
    data: 'no_image',
  },
  {
    name: 'mirrorRestart',
    run: (s) => s.dispatch(mirrorApi.endpoints.mirrorRestart.initiate(session)),
    method: 'GET',
    path: '/api/espelho/cabine%201/sh%2F2/agent01xyz/restart/0',
    auth: 'none',
    reply: { text: 'restart_ok' },
    data: 'restart_ok',
  },
  {
    name: 'mirrorModes',
    run: (s) => s.dispatch(mirrorApi.endpoints.mirrorModes.initiate(session)),
    method: 'GET',
    path: '/api/espelho/cabine%201/sh%2F2/agent01xyz/get_modes/0',
    auth: 'none',
    reply: { json: [{ title: 'Anime', description: 'd', icon: '/i.png', background: '#000' }] },
    data: [{ title: 'Anime', description: 'd', icon: '/i.png', background: '#000' }],
  },
  {
    name: 'mirrorPrompts',
    run: (s) => s.dispatch(mirrorApi.endpoints.mirrorPrompts.initiate({ ...session, mode: 'Anime' })),
    method: 'GET',
    path: '/api/espelho/cabine%201/sh%2F2/agent01xyz/get_prompts/Anime',
    auth: 'none',
    reply: { json: [{ title: 'Samurai', icon: '/s.png', background: '#111' }] },
    data: [{ title: 'Samurai', icon: '/s.png', background: '#111' }],
  },
  {
    name: 'createAccount',
    run: (s) =>
      s.dispatch(
        accountSyncApi.endpoints.createAccount.initiate({
          account: {
            email: 'ana@example.com',
            agent: 'agent01xyz',
            displayName: 'Ana & Zé',
            photoURL: '',
            phone: '11988887777',
            tiktok: '',
            instagram: '@ana',
            transactions: [],
          },
          lists: { collection: ['/media/f/pad/1.jpg', '/media/f/pad/2.jpg'], packs: ['H7K2'], events: [] },
        }),
      ),
    method: 'GET',
    path: '/api/createAccount',
    query: {
      account: JSON.stringify({
        email: 'ana@example.com',
        agent: 'agent01xyz',
        displayName: 'Ana & Zé',
        photoURL: '',
        phone: '11988887777',
        tiktok: '',
        instagram: '@ana',
        transactions: [],
      }),
      collection: '/media/f/pad/1.jpg,/media/f/pad/2.jpg',
      packs: 'H7K2',
      events: '',
    },
    auth: 'required',
    reply: { text: 'already_exists' },
    data: 'already_exists',
  },
  {
    name: 'updateAccount',
    run: (s) =>
      s.dispatch(
        accountSyncApi.endpoints.updateAccount.initiate({
          collection: ['/media/f/pad/1.jpg'],
          packs: [],
          events: ['festa'],
        }),
      ),
    method: 'GET',
    path: '/api/updateAccount',
    query: { collection: '/media/f/pad/1.jpg', packs: '', events: 'festa' },
    auth: 'required',
    reply: { json: { collection: ['/media/f/pad/1.jpg', '/media/f/pad/9.jpg'], packs: ['H7K2'], events: ['festa'] } },
    data: { collection: ['/media/f/pad/1.jpg', '/media/f/pad/9.jpg'], packs: ['H7K2'], events: ['festa'] },
  },
  {
    name: 'getAccount',
    run: (s) => s.dispatch(accountSyncApi.endpoints.getAccount.initiate()),
    method: 'GET',
    path: '/api/account',
    auth: 'required',
    reply: { json: { email: 'ana@example.com', displayName: 'Ana', partner: '', events: [] } },
    data: { email: 'ana@example.com', displayName: 'Ana', partner: '', events: [] },
  },
  {
    name: 'setTransaction',
    run: (s) =>
      s.dispatch(accountSyncApi.endpoints.setTransaction.initiate({ transaction: '123456789', claim: 'k'.repeat(22) })),
    method: 'POST',
    path: '/api/set_transaction',
    body: { transaction: '123456789', claim: 'k'.repeat(22) },
    auth: 'required',
    reply: { text: 'ok' },
    data: 'ok',
  },
  {
    name: 'checkEventName',
    run: (s) => s.dispatch(accountApi.endpoints.checkEventName.initiate('minha festa')),
    method: 'GET',
    path: '/api/check_bname/minha%20festa',
    auth: 'optional',
    reply: { text: 'other' },
    data: 'other',
  },
  {
    name: 'loadEvents',
    run: (s) => s.dispatch(accountApi.endpoints.loadEvents.initiate()),
    method: 'GET',
    path: '/api/load_events',
    auth: 'required',
    reply: { json: [{ eventName: 'festa', eventCreated: 1, products: [] }] },
    data: [{ eventName: 'festa', eventCreated: 1, products: [] }],
  },
  {
    name: 'loadTransactions',
    run: (s) => s.dispatch(accountApi.endpoints.loadTransactions.initiate()),
    method: 'GET',
    path: '/api/load_transactions',
    auth: 'required',
    reply: { json: [{ orderId: '123456789', eventName: 'festa', status: 'approved' }] },
    data: [{ orderId: '123456789', eventName: 'festa', status: 'approved' }],
  },
  {
    name: 'getOrder',
    run: (s) => s.dispatch(accountApi.endpoints.getOrder.initiate('123456789')),
    method: 'GET',
    path: '/api/orders/123456789',
    auth: 'optional',
    reply: {
      json: { orderId: '123456789', eventName: 'festa', status: 'pending', paymentMethod: 'pix', pixCode: '000201' },
    },
    data: { orderId: '123456789', eventName: 'festa', status: 'pending', paymentMethod: 'pix', pixCode: '000201' },
  },
  {
    name: 'createEvent',
    run: (s) => s.dispatch(accountApi.endpoints.createEvent.initiate({ name: 'festa_ana', orderId: '12/34' })),
    method: 'GET',
    path: '/api/create_event/festa_ana/12%2F34',
    auth: 'required',
    reply: { text: 'ok' },
    data: 'ok',
  },
  {
    name: 'createEvent with its title',
    run: (s) =>
      s.dispatch(
        accountApi.endpoints.createEvent.initiate({ name: 'aniversario', orderId: '1234', title: 'Aniversário & cia' }),
      ),
    method: 'GET',
    path: '/api/create_event/aniversario/1234',
    query: { title: 'Aniversário & cia' },
    auth: 'required',
    reply: { text: 'ok' },
    data: 'ok',
  },
  {
    name: 'freeEventName',
    run: (s) => s.dispatch(accountApi.endpoints.freeEventName.initiate('festa-da-ana')),
    method: 'GET',
    path: '/api/free_bname/festa-da-ana',
    auth: 'optional',
    reply: { json: { name: 'festa-da-ana-2' } },
    data: { name: 'festa-da-ana-2' },
  },
  {
    name: 'setEventTitle',
    run: (s) => s.dispatch(accountApi.endpoints.setEventTitle.initiate({ bname: 'festa_ana', title: 'Festa da Ana' })),
    method: 'PUT',
    path: '/api/events/festa_ana/title',
    body: { title: 'Festa da Ana' },
    auth: 'required',
    reply: { json: { bname: 'festa_ana', title: 'Festa da Ana' } },
    data: { bname: 'festa_ana', title: 'Festa da Ana' },
  },
  {
    name: 'getContracts',
    run: (s) => s.dispatch(partnerApi.endpoints.getContracts.initiate('parceiro_1')),
    method: 'GET',
    path: '/api/contracts/parceiro_1',
    auth: 'required',
    reply: { json: [{ title: 'C1', description: 'd', last: 'CUP1', discount: 0.1, kit: 'básico' }] },
    data: [{ title: 'C1', description: 'd', last: 'CUP1', discount: 0.1, kit: 'básico' }],
  },
  {
    name: 'launchCoupon',
    run: (s) =>
      s.dispatch(
        partnerApi.endpoints.launchCoupon.initiate({
          partner: 'parceiro_1',
          contractTitle: 'C1',
          lastCoupon: 'CUP1',
          discount: 0.1,
          kit: 'básico',
        }),
      ),
    method: 'POST',
    path: '/api/launch_coupon',
    body: { partner: 'parceiro_1', contractTitle: 'C1', lastCoupon: 'CUP1', discount: 0.1, kit: 'básico' },
    auth: 'required',
    reply: { text: 'success' },
    data: 'success',
  },
  {
    name: 'uploadFace',
    run: (s) =>
      s.dispatch(
        faceApi.endpoints.uploadFace.initiate({
          agent: 'ana maria',
          image: 'data:image/jpeg;base64,AAAA',
          events: 'festa_ana,outra',
        }),
      ),
    method: 'POST',
    path: '/api/uploadFace/ana%20maria',
    body: { poligram: 'data:image/jpeg;base64,AAAA', consentimento: true, eventos: ['festa_ana', 'outra'] },
    auth: 'none',
    reply: { json: FACE_REPLY },
    data: FACE_REPLY,
  },
  {
    name: 'getFaceMatches',
    run: (s) =>
      s.dispatch(faceApi.endpoints.getFaceMatches.initiate({ agent: 'ana maria', events: 'festa_ana,outra' })),
    method: 'GET',
    path: '/api/fotos-do-rosto/ana%20maria',
    query: { eventos: 'festa_ana,outra' },
    auth: 'none',
    reply: { json: FACE_REPLY },
    data: FACE_REPLY,
  },
  {
    name: 'hideFace',
    run: (s) => s.dispatch(faceApi.endpoints.hideFace.initiate({ agent: 'ana maria', events: 'festa_ana,outra' })),
    method: 'POST',
    path: '/api/rostos-ocultos/ana%20maria',
    query: { eventos: 'festa_ana,outra' },
    auth: 'none',
    reply: { text: 'ok' },
    data: 'ok',
  },
  {
    name: 'unhideFace',
    run: (s) => s.dispatch(faceApi.endpoints.unhideFace.initiate('ana maria')),
    method: 'DELETE',
    path: '/api/rostos-ocultos/ana%20maria',
    auth: 'none',
    reply: { text: 'ok' },
    data: 'ok',
  },
  {
    name: 'collectFound',
    run: (s) =>
      s.dispatch(
        faceApi.endpoints.collectFound.initiate({ agent: 'ana maria', photos: ['/media/festa_ana/pad/a1.jpg'] }),
      ),
    method: 'POST',
    path: '/api/fotos-do-rosto/ana%20maria/colecao',
    body: { fotos: ['/media/festa_ana/pad/a1.jpg'] },
    auth: 'optional',
    reply: { json: { collected: ['/media/festa_ana/pad/a1.jpg'], refused: [] } },
    data: { collected: ['/media/festa_ana/pad/a1.jpg'], refused: [] },
  },
  {
    name: 'getUltraLast (in session)',
    run: (s) =>
      s.dispatch(
        ultraApi.endpoints.getUltraLast.initiate({ device: 'plataforma 1', bname: 'festa_ana', agent: 'agent0001' }),
      ),
    method: 'GET',
    path: '/api/ultraLast/plataforma%201/festa_ana',
    query: { agent: 'agent0001' },
    auth: 'optional',
    reply: { text: 'in_session' },
    data: 'in_session',
  },
  {
    name: 'getUltraLast (ready)',
    run: (s) =>
      s.dispatch(ultraApi.endpoints.getUltraLast.initiate({ device: 'p1', bname: 'festa_ana', agent: 'agent0001' })),
    method: 'GET',
    path: '/api/ultraLast/p1/festa_ana',
    query: { agent: 'agent0001' },
    auth: 'optional',
    reply: { json: { product: ['/media/festa_ana/360/v.mp4'] } },
    data: { product: ['/media/festa_ana/360/v.mp4'] },
  },
  {
    name: 'startUltraConfig',
    run: (s) =>
      s.dispatch(
        ultraApi.endpoints.startUltraConfig.initiate({
          device: 'p1',
          qrid: 'q/1',
          speed: 40,
          music: 'Escolinha_do_Professor',
          agent: 'agent0001',
        }),
      ),
    method: 'GET',
    path: '/api/ultraStartConfig/p1/q%2F1/40/Escolinha_do_Professor',
    query: { agent: 'agent0001' },
    auth: 'none',
    reply: { text: 'success' },
    data: 'success',
  },
  {
    name: 'getShop',
    run: (s) => s.dispatch(shopApi.endpoints.getShop.initiate({ coupon: 'CUPOM 10%', agent: 'agent01xyz' })),
    method: 'GET',
    path: '/api/shop/CUPOM%2010%25/agent01xyz',
    auth: 'none',
    reply: { json: { data: [], discount: 0.1 } },
    data: { data: [], discount: 0.1 },
  },
  {
    name: 'checkTeam',
    run: (s) => s.dispatch(teamApi.endpoints.checkTeam.initiate()),
    method: 'GET',
    path: '/api/check_team',
    auth: 'required',
    reply: { text: 'ok' },
    data: 'ok',
  },
  {
    name: 'loadTeamOrders',
    run: (s) => s.dispatch(teamOrdersApi.endpoints.loadTeamOrders.initiate()),
    method: 'GET',
    path: '/api/team_orders',
    auth: 'required',
    reply: { json: [] },
    data: [],
  },
  {
    name: 'settleTeamOrder',
    run: (s) =>
      s.dispatch(teamOrdersApi.endpoints.settleTeamOrder.initiate({ orderId: '123456789', status: 'approved' })),
    method: 'POST',
    path: '/api/team_orders/123456789',
    body: { status: 'approved' },
    auth: 'required',
    reply: { text: 'ok' },
    data: 'ok',
  },
  {
    name: 'loadTeamDevices',
    run: (s) => s.dispatch(teamDevicesApi.endpoints.loadTeamDevices.initiate()),
    method: 'GET',
    path: '/api/team/devices',
    auth: 'required',
    reply: { json: [] },
    data: [],
  },
  {
    name: 'makeDeviceKey',
    run: (s) => s.dispatch(teamDevicesApi.endpoints.makeDeviceKey.initiate({ id: 'cabine-pad' })),
    method: 'POST',
    path: '/api/team/devices/cabine-pad/key',
    auth: 'required',
    reply: { json: { id: 'cabine-pad', key: 'chave' } },
    data: { id: 'cabine-pad', key: 'chave' },
  },
  {
    name: 'placeOrder',
    run: (s) => s.dispatch(checkoutApi.endpoints.placeOrder.initiate({ coupon: 'CUP/1', order })),
    method: 'POST',
    path: '/api/order/CUP%2F1',
    body: order,
    auth: 'optional',
    reply: { json: { orderId: '123456789', status: 'pending', amount: 90 } },
    data: { orderId: '123456789', status: 'pending', amount: 90 },
  },
  {
    name: 'processCardPayment',
    run: (s) =>
      s.dispatch(
        checkoutApi.endpoints.processCardPayment.initiate({
          transaction_amount: 100,
          token: 'tok_1',
          description: 'Cabine 360',
          installments: 3,
          payment_method_id: 'visa',
          email: 'ana@example.com',
          type: 'CPF',
          number: '12345678909',
          statement_descriptor: 'Cabine 360',
          orderId: '123456789',
        }),
      ),
    method: 'POST',
    path: '/api/process_payment_card',
    body: {
      transaction_amount: 100,
      token: 'tok_1',
      description: 'Cabine 360',
      installments: 3,
      payment_method_id: 'visa',
      email: 'ana@example.com',
      type: 'CPF',
      number: '12345678909',
      statement_descriptor: 'Cabine 360',
      orderId: '123456789',
    },
    auth: 'optional',
    reply: { json: { id: '99', status: 'approved', status_detail: 'accredited' } },
    data: { id: '99', status: 'approved', status_detail: 'accredited' },
  },
  {
    name: 'getDeals',
    run: (s) => s.dispatch(partnerApi.endpoints.getDeals.initiate('parceiro_1')),
    method: 'GET',
    path: '/api/deals/parceiro_1',
    auth: 'required',
    reply: { json: [] },
    data: [],
  },
  {
    name: 'createContract',
    run: (s) =>
      s.dispatch(
        teamApi.endpoints.createContract.initiate({
          partner: 'p1',
          duration: 30,
          rate: 10,
          discount: 5,
          kit: 'k',
          n_coupons: 3,
        }),
      ),
    method: 'POST',
    path: '/api/create_contract',
    body: { partner: 'p1', duration: 30, rate: 10, discount: 5, kit: 'k', n_coupons: 3 },
    auth: 'required',
    reply: { json: { message: 'Contract created' } },
    data: { message: 'Contract created' },
  },
  {
    name: 'checkPartnerName',
    run: (s) => s.dispatch(teamApi.endpoints.checkPartnerName.initiate('novo parceiro')),
    method: 'GET',
    path: '/api/check_bname_partner/novo%20parceiro',
    auth: 'optional',
    reply: { text: 'wrong' },
    data: 'wrong',
  },
  {
    name: 'authorizeHash',
    run: (s) => s.dispatch(teamApi.endpoints.authorizeHash.initiate({ partnerName: 'parceiro_1', hash: 'lq2x3abcde' })),
    method: 'POST',
    path: '/api/authorize_hash',
    body: { partnerName: 'parceiro_1', hash: 'lq2x3abcde' },
    auth: 'required',
    reply: { text: 'ok' },
    data: 'ok',
  },
  {
    name: 'getLeads',
    run: (s) => s.dispatch(leadsApi.endpoints.getLeads.initiate()),
    method: 'GET',
    path: '/api/leads',
    auth: 'required',
    reply: { json: [{ id: 1, createdAt: '2026-11-22T00:00:00.000Z', nome: 'Ana', evento: 'Casamento' }] },
    data: [{ id: 1, createdAt: '2026-11-22T00:00:00.000Z', nome: 'Ana', evento: 'Casamento' }],
  },
  {
    name: 'authorizePartner',
    run: (s) =>
      s.dispatch(partnerApi.endpoints.authorizePartner.initiate({ partnerName: 'parceiro_1', hash: 'lq2x3abcde' })),
    method: 'POST',
    path: '/api/authorize_partner',
    body: { hash: 'lq2x3abcde', partnerName: 'parceiro_1' },
    auth: 'required',
    reply: { text: 'ok' },
    data: 'ok',
  },
];

function signedInStore() {
  const store = makeStore({ identity: fakeIdentity({ signedInAs: ANA, token: TOKEN }) });
  store.dispatch(signedIn(ANA));
  return store;
}

beforeEach(() => {
  // validatePacks logs the entries it skips; keep the test output clean (restored by setupWeb).
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});

describe.each(cases)('$name', ({ run, method, path, query, body, auth, reply, data }) => {
  it(`sends ${method} ${path} and reads the reply`, async () => {
    const calls = recordCalls(reply);
    const result = await run(signedInStore());
    expect(result.error).toBeUndefined();
    expect(result.data).toEqual(data);
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call.method).toBe(method);
    expect(call.rawPath).toBe(path);
    expect(call.query).toEqual(query ?? {});
    if (body === undefined) {
      expect(call.body).toBe('');
    } else {
      expect(call.headers.get('content-type')).toMatch(/^application\/json/);
      expect(JSON.parse(call.body)).toEqual(body);
    }
    expect(call.headers.get('idToken')).toBe(auth === 'none' ? null : TOKEN);
  });

  if (auth === 'required') {
    it('is refused without reaching the network when nobody is signed in', async () => {
      const calls = recordCalls(reply);
      const identity = fakeIdentity({ signedInAs: ANA, token: TOKEN });
      const result = await run(makeStore({ identity }));
      expect(result.error).toMatchObject({ status: 401 });
      expect(calls).toHaveLength(0);
      expect(identity.tokens).toHaveLength(0);
    });
  }

  if (auth === 'optional') {
    it('is sent without a token for an anonymous visitor', async () => {
      const calls = recordCalls(reply);
      const result = await run(makeStore({ identity: fakeIdentity({ signedInAs: null, token: TOKEN }) }));
      expect(result.error).toBeUndefined();
      expect(calls[0].headers.get('idToken')).toBeNull();
    });
  }
});
