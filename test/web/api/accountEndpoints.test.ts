/**
 * The account's calls of docs/api.md#the-contracts-calls (the account, its orders and its events): what each
 * sends and how it reads the reply (endpointCases.ts).
 */
import { accountSyncApi } from '../../../src/session/accountSyncApi';
import { accountApi } from '../../../src/features/account/accountApi';
import { describeEndpoints, type Case } from './endpointCases';

const cases: Case[] = [
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
    run: (s) =>
      s.dispatch(accountApi.endpoints.setEventTitle.initiate({ eventName: 'festa_ana', title: 'Festa da Ana' })),
    method: 'PUT',
    path: '/api/events/festa_ana/title',
    body: { title: 'Festa da Ana' },
    auth: 'required',
    reply: { json: { bname: 'festa_ana', title: 'Festa da Ana' } },
    data: { bname: 'festa_ana', title: 'Festa da Ana' },
  },
];

describeEndpoints(cases);
