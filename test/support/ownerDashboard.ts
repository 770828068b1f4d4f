import { http, HttpResponse } from 'msw';
import { ANA } from './fakeIdentity';
import { API } from './network';

/**
 * Ana signed in as the owner of one order whose event is created and public (festa_ana, 'Aniversário'): what
 * '/account?secao=evento' asks before the event's own tools, for the tests of those tools.
 */
export function ownerOfFestaAna() {
  return [
    http.get(`${API}/account`, () =>
      HttpResponse.json({
        email: ANA.email,
        displayName: 'Ana',
        photoURL: '',
        partner: '',
        events: [],
        transactions: [],
      }),
    ),
    http.get(`${API}/load_transactions`, () => HttpResponse.json([])),
    http.get(`${API}/load_events`, () =>
      HttpResponse.json([
        {
          orderId: '123456789',
          eventName: 'Aniversário',
          eventCreated: 1,
          createdName: 'festa_ana',
          visibility: 'public',
          products: [],
        },
      ]),
    ),
    http.get(`${API}/check_team`, () => HttpResponse.text('no')),
  ];
}
