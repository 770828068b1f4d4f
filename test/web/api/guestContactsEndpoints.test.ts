/**
 * The calls of guests' contacts (docs/api.md#guests-contacts): the offer and the contact left, the owner's
 * setting and list, the privacy page's list and withdrawal: what each sends and how it reads the reply
 * (endpointCases.ts).
 */
import { contactListsApi } from '../../../src/features/guestContacts/contactListsApi';
import { guestContactsApi } from '../../../src/features/guestContacts/guestContactsApi';
import { describeEndpoints, type Case } from './endpointCases';

const HASH = 'b'.repeat(64);
const OFFER = { offered: true, title: 'Festa', days: 90, text: 'Quero receber as fotos.', textHash: HASH, left: false };
const CONTACT = {
  name: 'Bia',
  whatsapp: '+5511987654321',
  email: null,
  leftAt: '2026-09-20T23:30:00.000Z',
  expiresAt: '2026-12-19T23:30:00.000Z',
};
const LIST = { enabled: true, days: 90, contacts: [CONTACT] };

const cases: Case[] = [
  {
    name: 'getContactOffer',
    run: (s) => s.dispatch(guestContactsApi.endpoints.getContactOffer.initiate('festa ana/1')),
    method: 'GET',
    path: '/api/contatos/festa%20ana%2F1',
    auth: 'optional',
    reply: { json: OFFER },
    data: OFFER,
  },
  {
    name: 'leaveContact',
    run: (s) =>
      s.dispatch(
        guestContactsApi.endpoints.leaveContact.initiate({
          eventName: 'festa_ana',
          name: 'Bia',
          whatsapp: '(11) 98765-4321',
          consent: HASH,
        }),
      ),
    method: 'POST',
    path: '/api/contatos/festa_ana',
    body: { name: 'Bia', whatsapp: '(11) 98765-4321', consent: HASH },
    auth: 'optional',
    reply: { json: { left: true, expiresAt: '2026-12-19T23:30:00.000Z' } },
    data: { left: true, expiresAt: '2026-12-19T23:30:00.000Z' },
  },
  {
    name: 'getEventContacts',
    run: (s) => s.dispatch(contactListsApi.endpoints.getEventContacts.initiate('festa#ana')),
    method: 'GET',
    path: '/api/events/festa%23ana/contatos',
    auth: 'required',
    reply: { json: LIST },
    data: LIST,
  },
  {
    name: 'setEventContacts',
    run: (s) =>
      s.dispatch(
        contactListsApi.endpoints.setEventContacts.initiate({ eventName: 'festa_ana', enabled: true, days: 30 }),
      ),
    method: 'PUT',
    path: '/api/events/festa_ana/contatos',
    body: { enabled: true, days: 30 },
    auth: 'required',
    reply: { json: { ...LIST, days: 30 } },
    data: { ...LIST, days: 30 },
  },
  {
    name: 'getMyContacts',
    run: (s) => s.dispatch(contactListsApi.endpoints.getMyContacts.initiate('agent01xyz')),
    method: 'GET',
    path: '/api/privacy/contacts/agent01xyz',
    auth: 'none',
    reply: { json: [{ ...CONTACT, bname: 'festa_ana', title: 'Festa' }] },
    data: [{ ...CONTACT, bname: 'festa_ana', title: 'Festa' }],
  },
  {
    name: 'withdrawContact',
    run: (s) =>
      s.dispatch(contactListsApi.endpoints.withdrawContact.initiate({ agent: 'agent01xyz', eventName: 'festa ana' })),
    method: 'DELETE',
    path: '/api/privacy/contacts/agent01xyz/festa%20ana',
    auth: 'none',
    reply: { json: { removed: 1 } },
    data: { removed: 1 },
  },
];

describeEndpoints(cases);
