import { deliveryConsentText } from '../../../../server/src/modules/delivery/consentText';
import { deliveryKeys, photoToken, subscriptionToken } from '../../../../server/src/modules/delivery/deliveryTokens';
import { loadMediaSessionSecret } from '../../../../server/src/modules/access/http/mediaSession';
import { anyone, only, optional, presence, type Matrix, type Row } from './callers';
import { ownAgentOnly, ownAgentRequest } from './ownAgent';
import { next, server } from './world';

/**
 * The access matrix's rows of the photos delivered to guests (docs/api.md#photos-delivered): the
 * owner's (and the team's) switch, cap, figures and the party's end; the offer and the
 * subscription by whoever may see the event, with their browser's agent; the stop and the photo
 * links of a message, for whoever holds them; the privacy page's list and erasure.
 */

/** festa_ana delivers (the row's request turns it on): the hash of the text its guests agree to. */
async function festaAnaConsent(): Promise<string> {
  const { rows } = await server.db.query<{ title: string; guest_contact_days: number }>(
    "UPDATE events SET delivery = true WHERE name = 'festa_ana' RETURNING title, guest_contact_days",
  );
  return deliveryConsentText(rows[0].title, rows[0].guest_contact_days).hash;
}

const keys = async () => deliveryKeys(await loadMediaSessionSecret(server.config.mediaSessionSecret, server.dataDir));

/** A guest subscribed to festa_ana (a new one each time): the token of their own photos link. */
async function collectionLink(): Promise<string> {
  const consent = await festaAnaConsent();
  await server.db.query(
    "INSERT INTO consent_texts (hash, version, body) VALUES ($1, 'v1', 'texto') ON CONFLICT (hash) DO NOTHING",
    [consent],
  );
  const { rows } = await server.db.query<{ id: string }>(
    `INSERT INTO delivery_subscriptions (event_name, agent, name, channel, address, consent_hash, expires_at)
     VALUES ('festa_ana', $1, 'Convidada', 'email', 'convidada@exemplo.com', $2, now() + interval '30 days')
     RETURNING id`,
    [`colecao${next()}`, consent],
  );
  return subscriptionToken((await keys()).collection, Number(rows[0].id));
}

/** The guest's own signed agent is the subscriber: a caller whose browser holds none is refused (403). */
const byOwnBrowser: Matrix = {
  ...anyone(403),
  forged: 401,
  oddHeader: 401,
  agentThief: 200,
  attendee: 200,
  attendeeSignedOut: 200,
  packHolder: 200,
  invited: 200,
  wallHolder: 200,
};

export const DELIVERY_ROWS: Row[] = [
  {
    route: 'GET /api/events/:bname/entregas',
    request: () => ({ method: 'GET', url: '/api/events/privada/entregas' }),
    expected: { ...only('team', 200), owner: 200 },
  },
  {
    // Off on an event nobody here owns: it changes nothing another row reads.
    route: 'PUT /api/events/:bname/entregas',
    request: () => ({ method: 'PUT', url: '/api/events/outra/entregas', payload: { enabled: false, cap: 500 } }),
    expected: only('team', 200),
  },
  {
    route: 'POST /api/events/:bname/entregas/fim',
    request: () => ({ method: 'POST', url: '/api/events/outra/entregas/fim' }),
    expected: only('team', 200),
  },
  {
    route: 'GET /api/entregas/:bname',
    label: 'a public event',
    request: () => ({ method: 'GET', url: '/api/entregas/festa_ana' }),
    expected: optional(200, 200),
  },
  {
    route: 'GET /api/entregas/:bname',
    label: 'a private event',
    request: () => ({ method: 'GET', url: '/api/entregas/privada' }),
    expected: presence(200),
  },
  {
    route: 'POST /api/entregas/:bname',
    request: async () => ({
      method: 'POST',
      url: '/api/entregas/festa_ana',
      payload: {
        name: 'Convidada',
        channel: 'email',
        address: `entrega${next()}@exemplo.com`,
        consent: await festaAnaConsent(),
        faceMatches: false,
      },
    }),
    expected: byOwnBrowser,
  },
  {
    route: 'DELETE /api/entregas/:bname',
    request: () => ({ method: 'DELETE', url: '/api/entregas/festa_ana' }),
    expected: byOwnBrowser,
  },
  {
    route: 'GET /api/entregas/parar/:token',
    request: async () => ({
      method: 'GET',
      url: `/api/entregas/parar/${subscriptionToken((await keys()).stop, 987_653)}`,
    }),
    expected: anyone(200),
  },
  {
    // The signed token is the proof, whoever holds it: a subscription that is no more answers `stopped: false`.
    route: 'POST /api/entregas/parar/:token',
    request: async () => ({
      method: 'POST',
      url: `/api/entregas/parar/${subscriptionToken((await keys()).stop, 987_654)}`,
    }),
    expected: anyone(200),
  },
  {
    route: 'GET /api/entregas/foto/:token',
    request: async () => {
      const token = photoToken(
        (await keys()).photo,
        { eventName: 'festa_ana', mode: 'pad', file: 'a1.jpg' },
        new Date(Date.now() + 3_600_000),
      );
      return { method: 'GET', url: `/api/entregas/foto/${token}` };
    },
    expected: anyone(200),
  },
  {
    // The guest's own photos link: the signed token is the proof, whoever holds it.
    route: 'GET /api/entregas/colecao/:token',
    request: async () => ({ method: 'GET', url: `/api/entregas/colecao/${await collectionLink()}` }),
    expected: anyone(200),
  },
  {
    // 'Adicionar à minha coleção': collected for the browser that asks, by its own signed agent.
    route: 'POST /api/entregas/colecao/:token',
    request: async () => ({ method: 'POST', url: `/api/entregas/colecao/${await collectionLink()}` }),
    expected: byOwnBrowser,
  },
  {
    route: 'GET /api/privacy/entregas/:agent',
    request: () => ownAgentRequest('GET', (agent) => `/api/privacy/entregas/${agent}`),
    expected: ownAgentOnly(200),
  },
  {
    route: 'DELETE /api/privacy/entregas/:agent/:bname',
    request: () => ownAgentRequest('DELETE', (agent) => `/api/privacy/entregas/${agent}/festa_ana`),
    expected: ownAgentOnly(200),
  },
];
