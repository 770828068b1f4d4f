import { consentText } from '../../../../server/src/modules/guestContacts/consentText';
import { anyone, only, optional, presence, type Row } from './callers';
import { ownAgentOnly, ownAgentRequest } from './ownAgent';
import { next, server } from './world';

/**
 * The access matrix's rows of guests who leave their contact (docs/api.md#guests-contacts): the
 * owner's (and the team's) setting and list; the form's offer and the contact left by
 * whoever may see the event, with their browser's agent; the privacy page's list and withdrawal.
 */

/** festa_ana asks for contacts (the row's request turns it on): the hash of the text its guests agree to. */
async function festaAnaConsent(): Promise<string> {
  const { rows } = await server.db.query<{ title: string; guest_contact_days: number }>(
    "UPDATE events SET guest_contacts = true WHERE name = 'festa_ana' RETURNING title, guest_contact_days",
  );
  return consentText(rows[0].title, rows[0].guest_contact_days).hash;
}

export const CONTACT_ROWS: Row[] = [
  {
    route: 'GET /api/events/:bname/contatos',
    request: () => ({ method: 'GET', url: '/api/events/privada/contatos' }),
    expected: { ...only('team', 200), owner: 200 },
  },
  {
    // Off on an event nobody here owns: it changes nothing another row reads.
    route: 'PUT /api/events/:bname/contatos',
    request: () => ({ method: 'PUT', url: '/api/events/outra/contatos', payload: { enabled: false, days: 90 } }),
    expected: only('team', 200),
  },
  {
    route: 'GET /api/contatos/:bname',
    label: 'a public event',
    request: () => ({ method: 'GET', url: '/api/contatos/festa_ana' }),
    expected: optional(200, 200),
  },
  {
    route: 'GET /api/contatos/:bname',
    label: 'a private event',
    request: () => ({ method: 'GET', url: '/api/contatos/privada' }),
    expected: presence(200),
  },
  {
    // The contact is the browser's own agent's: a caller whose browser holds none is refused (403), whatever its token.
    route: 'POST /api/contatos/:bname',
    request: async () => ({
      method: 'POST',
      url: '/api/contatos/festa_ana',
      payload: { name: 'Convidada', email: `convidada${next()}@exemplo.com`, consent: await festaAnaConsent() },
    }),
    expected: {
      ...anyone(403),
      forged: 401,
      oddHeader: 401,
      agentThief: 200,
      attendee: 200,
      attendeeSignedOut: 200,
      packHolder: 200,
      invited: 200,
      wallHolder: 200,
    },
  },
  {
    route: 'GET /api/privacy/contacts/:agent',
    request: () => ownAgentRequest('GET', (agent) => `/api/privacy/contacts/${agent}`),
    expected: ownAgentOnly(200),
  },
  {
    route: 'DELETE /api/privacy/contacts/:agent/:bname',
    request: () => ownAgentRequest('DELETE', (agent) => `/api/privacy/contacts/${agent}/festa_ana`),
    expected: ownAgentOnly(200),
  },
];
