import { anyone, only, optional, signedIn } from './callers';
import { LINK_ONLY_ID, linkOnlyFile, next, privateFile, server } from './world';
import { ownAgentOf, ownAgentRequest } from './ownAgent';
import type { Row } from './callers';

/**
 * The access matrix's other rows: downloads, the company's images, who sees an event's media, wall links, link-only
 * invitations and privacy.
 */
export const OTHER_ROWS: Row[] = [
  // The rest
  { route: 'GET /api/health', request: () => ({ method: 'GET', url: '/api/health' }), expected: anyone(200) },
  { route: 'GET /healthz', request: () => ({ method: 'GET', url: '/healthz' }), expected: anyone(200) },
  { route: 'GET /readyz', request: () => ({ method: 'GET', url: '/readyz' }), expected: anyone(200) },
  {
    route: 'GET /media/*',
    request: () => ({ method: 'GET', url: '/media/festa_ana/pad/a1.jpg' }),
    expected: anyone(200),
  },
  {
    // A private event's file by its random name (a collect link): its visitor was there, and sees it
    // signed in, with the media cookie of a login (test/server/privateMedia.test.ts): no token in a
    // header opens it, since images cannot send one.
    route: 'GET /media/*',
    label: "a private event's file, by its collect link",
    request: () => ({ method: 'GET', url: privateFile }),
    // The guest invited to another event, signed in with the media cookie, is given the link now: it grants them this
    // one. The team's media cookie opens every event's files; the wall's cookie the files it shows, granting nothing.
    expected: { ...anyone(401), owner: 200, attendee: 200, packHolder: 200, invited: 200, team: 200, wallHolder: 200 },
  },
  {
    // The name its booth gave it is no secret: nothing tells a stranger the event exists.
    route: 'GET /media/*',
    label: "a private event's file, by another name",
    request: () => ({ method: 'GET', url: '/media/privada/pad/x1.jpg' }),
    // The attacker's browser opened a collect link of the event in the row above: it was there, signed out.
    expected: { ...anyone(404), owner: 404, attendee: 404, packHolder: 404, attendeeSignedOut: 401, agentThief: 401 },
  },
  // 'Baixar todas': a link followed by the browser, so the media cookie and the agent decide, as for the files.
  {
    route: 'GET /api/baixar/:bname/:type',
    label: 'a public event',
    request: () => ({ method: 'GET', url: '/api/baixar/festa_ana/pad' }),
    expected: anyone(200),
  },
  {
    route: 'GET /api/baixar/:bname/:type',
    label: 'a private event',
    request: () => ({ method: 'GET', url: '/api/baixar/privada/pad' }),
    // The guest invited elsewhere opened one of its collect links above (a row before): that granted them the event.
    // So did the attacker's browser, signed out: asked to sign in, as any guest who was there.
    expected: {
      ...anyone(404),
      owner: 200,
      attendee: 200,
      packHolder: 200,
      invited: 200,
      team: 200,
      attendeeSignedOut: 401,
      agentThief: 401,
    },
  },
  {
    route: 'GET /api/baixar/:bname/:type',
    label: 'a link-only event',
    request: () => ({ method: 'GET', url: '/api/baixar/ligada/pad' }),
    // A token in a header is no part of a followed link: the cookie and the agent are.
    expected: { ...anyone(404), invited: 200, team: 200 },
  },
  {
    // 'Minha Coleção' posted as a form: a public event's file is anyone's (each file as the gate decides:
    // test/server/downloads.test.ts).
    route: 'POST /api/baixar/colecao',
    request: () => ({
      method: 'POST',
      url: '/api/baixar/colecao',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'itens=%2Fmedia%2Ffesta_ana%2Fpad%2Fa1.jpg',
    }),
    expected: anyone(200),
  },
  // The company's images (the shop's, the mirror's icons): anyone's, whoever asks.
  {
    route: 'GET /catalogo/*',
    request: () => ({ method: 'GET', url: '/catalogo/produto-cabine.jpg' }),
    expected: anyone(200),
  },
  {
    route: 'GET /thumbs/*',
    request: () => ({ method: 'GET', url: '/thumbs/festa_ana/pad/a1.jpg.webp' }),
    expected: anyone(200),
  },
  {
    route: 'GET /display/*',
    request: () => ({ method: 'GET', url: '/display/festa_ana/pad/a1.jpg.webp' }),
    expected: anyone(200),
  },
  {
    // A link-only event's file by a name anyone could guess (the one its booth gave it): nothing of it to a stranger.
    route: 'GET /media/*',
    label: "a link-only event's file, by another name",
    request: () => ({ method: 'GET', url: '/media/ligada/pad/l1.jpg' }),
    expected: anyone(404),
  },
  {
    // The collect page's rendition of a private event's photo: the same gate as the photo itself.
    route: 'GET /display/*',
    label: "a private event's rendition, by its URL",
    request: () => ({ method: 'GET', url: `${privateFile.replace('/media/', '/display/')}.webp` }),
    // The team's media cookie opens every event's files, the wall's cookie the files it shows.
    expected: { ...anyone(401), owner: 200, attendee: 200, packHolder: 200, invited: 200, team: 200, wallHolder: 200 },
  },

  // Who sees an event's media: the cookie a login trades its token for, and the owner's setting
  // (its owner and the team; it stays private).
  {
    route: 'POST /api/media-session',
    request: () => ({ method: 'POST', url: '/api/media-session' }),
    expected: signedIn(200),
  },
  {
    route: 'DELETE /api/media-session',
    request: () => ({ method: 'DELETE', url: '/api/media-session' }),
    expected: anyone(200),
  },
  {
    route: 'PUT /api/events/:bname/visibility',
    request: () => ({ method: 'PUT', url: '/api/events/privada/visibility', payload: { visibility: 'private' } }),
    expected: { ...only('team', 200), owner: 200 },
  },
  {
    // What people read of the event: its owner and the team change it.
    route: 'PUT /api/events/:bname/title',
    request: () => ({ method: 'PUT', url: '/api/events/privada/title', payload: { title: 'Festa privada' } }),
    expected: { ...only('team', 200), owner: 200 },
  },
  {
    // Counts of who may see it: its owner and the team.
    route: 'GET /api/events/:bname/access',
    request: () => ({ method: 'GET', url: '/api/events/privada/access' }),
    expected: { ...only('team', 200), owner: 200 },
  },
  {
    route: 'GET /api/events/:bname/telao',
    request: () => ({ method: 'GET', url: '/api/events/privada/telao' }),
    expected: { ...only('team', 200), owner: 200 },
  },
  {
    route: 'GET /api/events/:bname/impressoras',
    request: () => ({ method: 'GET', url: '/api/events/privada/impressoras' }),
    expected: { ...only('team', 200), owner: 200 },
  },
  {
    route: 'GET /api/events/:bname/impressao',
    request: () => ({ method: 'GET', url: '/api/events/privada/impressao' }),
    expected: { ...only('team', 200), owner: 200 },
  },
  {
    route: 'PUT /api/events/:bname/impressao',
    request: () => ({ method: 'PUT', url: '/api/events/outra/impressao', payload: { paper: '10x15' } }),
    expected: only('team', 200),
  },
  {
    route: 'GET /api/events/:bname/rostos',
    request: () => ({ method: 'GET', url: '/api/events/privada/rostos' }),
    expected: { ...only('team', 200), owner: 200 },
  },
  {
    // Off on an event nobody here owns: nothing to index, nothing kept.
    route: 'PUT /api/events/:bname/rostos',
    request: () => ({ method: 'PUT', url: '/api/events/outra/rostos', payload: { enabled: false } }),
    expected: only('team', 200),
  },
  // A wall link made and revoked on an event nobody here owns.
  {
    route: 'POST /api/events/:bname/telao',
    request: () => ({ method: 'POST', url: '/api/events/outra/telao' }),
    expected: only('team', 200),
  },
  {
    route: 'DELETE /api/events/:bname/telao',
    request: () => ({ method: 'DELETE', url: '/api/events/outra/telao' }),
    expected: only('team', 200),
  },
  {
    // Revoking every guest's access, on an event nobody here owns (privada's guests stay for the rows above).
    route: 'POST /api/events/:bname/access/revoke',
    request: () => ({ method: 'POST', url: '/api/events/outra/access/revoke' }),
    expected: only('team', 200),
  },

  // A link-only event's invitations: its own link, and a collect link of one of its files. Each
  // grants the event to whoever opens it, so they come after every row that reads `ligada`.
  {
    route: 'GET /api/evento/:id',
    label: "a link-only event's own link (an invitation: it grants)",
    request: () => ({ method: 'GET', url: `/api/evento/${LINK_ONLY_ID}` }),
    expected: signedIn(200),
  },
  {
    route: 'GET /media/*',
    label: "a link-only event's file, by its collect link (it grants)",
    request: () => ({ method: 'GET', url: linkOnlyFile }),
    expected: anyone(200),
  },

  // Privacy (LGPD): by the device's agent, plus the account when a valid token comes along. Last:
  // a signed-in erasure empties the caller's account lists, which rows above read.
  {
    route: 'GET /api/privacy/data/:agent',
    request: () => ownAgentRequest('GET', (agent) => `/api/privacy/data/${agent}`),
    expected: ownAgentOf(optional(200, 200)),
  },
  {
    route: 'POST /api/privacy/erase',
    request: () => {
      const agent = `agentep${next()}`;
      return {
        method: 'POST',
        url: '/api/privacy/erase',
        payload: { agent },
        headers: { cookie: server.visitorCookie(agent) },
      };
    },
    expected: ownAgentOf(optional(200, 200)),
  },
];
