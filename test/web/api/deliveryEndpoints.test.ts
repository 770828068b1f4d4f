/**
 * The calls of the photos delivered (docs/api.md#photos-delivered): the guest's offer, subscription and stops, the
 * owner's switch, cap and figures, the privacy page's list and erasure: what each sends and how it reads the reply
 * (endpointCases.ts).
 */
import { deliveryApi } from '../../../src/features/delivery/deliveryApi';
import { deliveryListsApi } from '../../../src/features/delivery/deliveryListsApi';
import { guestCollectionApi } from '../../../src/features/delivery/guestCollectionApi';
import { describeEndpoints, type Case } from './endpointCases';

const HASH = 'c'.repeat(64);
const SUBSCRIPTION = {
  name: 'Bia',
  channel: 'whatsapp',
  maskedAddress: '+55 (11) *****-4321',
  faceMatches: true,
  subscribedAt: '2026-09-20T23:30:00.000Z',
  until: '2026-12-19T23:30:00.000Z',
};
const OFFER = {
  offered: true,
  title: 'Festa',
  text: 'Enviamos as fotos.',
  textHash: HASH,
  until: '2026-12-19T23:30:00.000Z',
  faceMatchesOffered: true,
  subscription: SUBSCRIPTION,
};
const ENDED = '2026-09-21T05:00:00.000Z';
const FIGURES = { subscribed: 3, sent: 2, delivered: 1, failed: 1, capped: 0, capReached: false };
const MINE = [
  {
    bname: 'festa_ana',
    title: 'Festa',
    stopped: false,
    name: 'Bia',
    channel: 'email',
    address: 'bia@exemplo.com',
    subscribedAt: '2026-09-20T23:30:00.000Z',
    until: '2026-12-19T23:30:00.000Z',
    messages: [{ kind: 'photos', photos: 2, status: 'delivered', at: '2026-09-21T00:05:00.000Z' }],
  },
  { bname: 'formatura', title: 'Formatura', stopped: true, stoppedAt: '2026-10-10T02:15:00.000Z', messages: [] },
];
const COLLECTION = {
  bname: 'festa_ana',
  title: 'Festa',
  gallery: '/eventos/evento/pad?evento=festa_ana',
  photos: ['/media/festa_ana/pad/a1.jpg'],
};

const cases: Case[] = [
  {
    name: 'getDeliveryOffer',
    run: (s) => s.dispatch(deliveryApi.endpoints.getDeliveryOffer.initiate('festa ana/1')),
    method: 'GET',
    path: '/api/entregas/festa%20ana%2F1',
    auth: 'optional',
    reply: { json: OFFER },
    data: OFFER,
  },
  {
    name: 'subscribe',
    run: (s) =>
      s.dispatch(
        deliveryApi.endpoints.subscribe.initiate({
          eventName: 'festa_ana',
          name: 'Bia',
          channel: 'whatsapp',
          address: '(11) 98765-4321',
          consent: HASH,
          faceMatches: true,
        }),
      ),
    method: 'POST',
    path: '/api/entregas/festa_ana',
    body: { name: 'Bia', channel: 'whatsapp', address: '(11) 98765-4321', consent: HASH, faceMatches: true },
    auth: 'optional',
    reply: { json: { subscription: SUBSCRIPTION } },
    data: { subscription: SUBSCRIPTION },
  },
  {
    name: 'stopDelivery',
    run: (s) => s.dispatch(deliveryApi.endpoints.stopDelivery.initiate('festa#ana')),
    method: 'DELETE',
    path: '/api/entregas/festa%23ana',
    auth: 'optional',
    reply: { json: { stopped: true, title: 'Festa' } },
    data: { stopped: true, title: 'Festa' },
  },
  {
    name: 'stopByLink',
    run: (s) => s.dispatch(deliveryApi.endpoints.stopByLink.initiate('abcDEF0123456789_-xyz')),
    method: 'POST',
    path: '/api/entregas/parar/abcDEF0123456789_-xyz',
    auth: 'none',
    reply: { json: { stopped: false, title: 'Festa' } },
    data: { stopped: false, title: 'Festa' },
  },
  {
    name: 'getGuestCollection',
    run: (s) => s.dispatch(guestCollectionApi.endpoints.getGuestCollection.initiate('abcDEF0123456789_-xyz')),
    method: 'GET',
    path: '/api/entregas/colecao/abcDEF0123456789_-xyz',
    auth: 'none',
    reply: { json: COLLECTION },
    data: COLLECTION,
  },
  {
    name: 'collectGuestCollection',
    run: (s) => s.dispatch(guestCollectionApi.endpoints.collectGuestCollection.initiate('abcDEF0123456789_-xyz')),
    method: 'POST',
    path: '/api/entregas/colecao/abcDEF0123456789_-xyz',
    auth: 'optional',
    reply: { json: { collected: ['/media/festa_ana/pad/a1.jpg'], refused: [] } },
    data: { collected: ['/media/festa_ana/pad/a1.jpg'], refused: [] },
  },
  {
    name: 'getEventDelivery',
    run: (s) => s.dispatch(deliveryListsApi.endpoints.getEventDelivery.initiate('festa ana')),
    method: 'GET',
    path: '/api/events/festa%20ana/entregas',
    auth: 'required',
    reply: { json: { enabled: true, cap: 500, figures: FIGURES, endedAt: null } },
    data: { enabled: true, cap: 500, figures: FIGURES, endedAt: null },
  },
  {
    name: 'setEventDelivery',
    run: (s) =>
      s.dispatch(
        deliveryListsApi.endpoints.setEventDelivery.initiate({ eventName: 'festa_ana', enabled: true, cap: 0 }),
      ),
    method: 'PUT',
    path: '/api/events/festa_ana/entregas',
    body: { enabled: true, cap: 0 },
    auth: 'required',
    reply: { json: { enabled: true, cap: 0, figures: FIGURES, endedAt: null } },
    data: { enabled: true, cap: 0, figures: FIGURES, endedAt: null },
  },
  {
    name: 'endEventDelivery',
    run: (s) => s.dispatch(deliveryListsApi.endpoints.endEventDelivery.initiate('festa ana')),
    method: 'POST',
    path: '/api/events/festa%20ana/entregas/fim',
    auth: 'required',
    reply: { json: { enabled: true, cap: 0, figures: FIGURES, endedAt: ENDED } },
    data: { enabled: true, cap: 0, figures: FIGURES, endedAt: ENDED },
  },
  {
    name: 'getMyDeliveries',
    run: (s) => s.dispatch(deliveryListsApi.endpoints.getMyDeliveries.initiate('agent01xyz')),
    method: 'GET',
    path: '/api/privacy/entregas/agent01xyz',
    auth: 'none',
    reply: { json: MINE },
    data: MINE,
  },
  {
    name: 'eraseDelivery',
    run: (s) =>
      s.dispatch(deliveryListsApi.endpoints.eraseDelivery.initiate({ agent: 'agent01xyz', eventName: 'festa ana' })),
    method: 'DELETE',
    path: '/api/privacy/entregas/agent01xyz/festa%20ana',
    auth: 'none',
    reply: { json: { removed: 1 } },
    data: { removed: 1 },
  },
];

describeEndpoints(cases);
