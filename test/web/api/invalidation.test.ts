/** A change refreshes what it affects: subscribed queries refetch after the mutation. */
import { http, HttpResponse } from 'msw';
import { makeStore } from '../../../src/app/store';
import { accountSyncApi } from '../../../src/session/accountSyncApi';
import { signedIn } from '../../../src/session/authSlice';
import { accountApi } from '../../../src/features/account/accountApi';
import { checkoutApi } from '../../../src/features/checkout/checkoutApi';
import { packsApi } from '../../../src/session/packsApi';
import { partnerApi } from '../../../src/features/partner/partnerApi';
import { printApi } from '../../../src/features/print/printApi';
import { ANA, fakeIdentity } from '../../support/fakeIdentity';
import { API, network } from '../../support/network';

function store() {
  const s = makeStore({ identity: fakeIdentity({ signedInAs: ANA }) });
  s.dispatch(signedIn(ANA));
  return s;
}

/** Counts the hits of a GET and answers with the next value each time. */
function countedGet(url: string, replies: unknown[]) {
  const hits = { count: 0 };
  network.use(
    http.get(url, () => {
      const reply = replies[Math.min(hits.count, replies.length - 1)];
      hits.count += 1;
      return HttpResponse.json(reply as object);
    }),
  );
  return hits;
}

async function settle(condition: () => boolean) {
  for (let i = 0; i < 50 && !condition(); i += 1) await new Promise((r) => setTimeout(r, 10));
}

it('printing a copy refetches the pack list with the new copies', async () => {
  const s = store();
  const hits = countedGet(`${API}/validatePacks/H1`, [
    ["{'H1': {'copies': 2, 'bname': 'f'}}"],
    ["{'H1': {'copies': 1, 'bname': 'f'}}"],
  ]);
  network.use(http.get(`${API}/print/H1/:id`, () => HttpResponse.json({ status: 'queued', copies: 1 })));
  void s.dispatch(packsApi.endpoints.validatePacks.initiate(['H1']));
  await settle(() => hits.count === 1);
  await s.dispatch(printApi.endpoints.printCopy.initiate({ packHash: 'H1', printId: '/media/f/pad/1.jpg' }));
  await settle(() => hits.count === 2);
  await settle(() => packsApi.endpoints.validatePacks.select(['H1'])(s.getState()).data?.[0]?.copies === 1);
  expect(hits.count).toBe(2);
  expect(packsApi.endpoints.validatePacks.select(['H1'])(s.getState()).data).toEqual([
    { hash: 'H1', copies: 1, bname: 'f' },
  ]);
});

it('a print on another pack does not refetch this one', async () => {
  const s = store();
  const hits = countedGet(`${API}/validatePacks/H1`, [["{'H1': {'copies': 2, 'bname': 'f'}}"]]);
  network.use(http.get(`${API}/print/H2/:id`, () => HttpResponse.json({ status: 'queued', copies: 0 })));
  void s.dispatch(packsApi.endpoints.validatePacks.initiate(['H1']));
  await settle(() => hits.count === 1);
  await s.dispatch(printApi.endpoints.printCopy.initiate({ packHash: 'H2', printId: 'x.jpg' }));
  await new Promise((r) => setTimeout(r, 50));
  expect(hits.count).toBe(1);
});

it('collecting into the account refetches the account', async () => {
  const s = store();
  const hits = countedGet(`${API}/account`, [{ email: 'a@b.c' }, { email: 'a@b.c', collection: ['x'] }]);
  network.use(http.get(`${API}/modifyAccount/add/collection/:id`, () => HttpResponse.text('ok')));
  void s.dispatch(accountSyncApi.endpoints.getAccount.initiate());
  await settle(() => hits.count === 1);
  await s.dispatch(accountSyncApi.endpoints.addToAccount.initiate({ list: 'collection', value: '/media/f/pad/1.jpg' }));
  await settle(() => hits.count === 2);
  expect(hits.count).toBe(2);
});

it('an order refetches the transactions', async () => {
  const s = store();
  const hits = countedGet(`${API}/load_transactions`, [[], [{ orderId: '1', eventName: 'f', status: 'pending' }]]);
  network.use(http.post(`${API}/order/:coupon`, () => HttpResponse.json({ orderId: '1', status: 'pending' })));
  void s.dispatch(accountApi.endpoints.loadTransactions.initiate());
  await settle(() => hits.count === 1);
  await s.dispatch(
    checkoutApi.endpoints.placeOrder.initiate({
      coupon: 'C',
      order: {
        products: [],
        total: 0,
        clientName: 'A',
        eventName: 'f',
        eventDate: '2026-01-01',
        eventTime: '10:00',
        paymentMethod: 'pix',
        email: 'a@b.c',
        cpf: '12345678909',
        claim: 'c'.repeat(22),
        orderId: '1',
      },
    }),
  );
  await settle(() => hits.count === 2);
  expect(hits.count).toBe(2);
});

it('creating an event refetches the own events', async () => {
  const s = store();
  const hits = countedGet(`${API}/load_events`, [
    [{ eventName: 'f', eventCreated: 0, products: [] }],
    [{ eventName: 'f', eventCreated: 1, products: [] }],
  ]);
  network.use(http.get(`${API}/create_event/:name/:order`, () => HttpResponse.text('ok')));
  void s.dispatch(accountApi.endpoints.loadEvents.initiate());
  await settle(() => hits.count === 1);
  await s.dispatch(accountApi.endpoints.createEvent.initiate({ name: 'f', orderId: '1' }));
  await settle(() => hits.count === 2);
  expect(hits.count).toBe(2);
});

it('accepting an invitation refetches the account (its partner field)', async () => {
  const s = store();
  const hits = countedGet(`${API}/account`, [{ partner: '' }, { partner: 'p1' }]);
  network.use(http.post(`${API}/authorize_partner`, () => HttpResponse.text('ok')));
  void s.dispatch(accountSyncApi.endpoints.getAccount.initiate());
  await settle(() => hits.count === 1);
  await s.dispatch(partnerApi.endpoints.authorizePartner.initiate({ partnerName: 'p1', hash: 'h' }));
  await settle(() => hits.count === 2);
  expect(hits.count).toBe(2);
});
