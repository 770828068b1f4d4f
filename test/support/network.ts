import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/**
 * The fake network of unit and component tests. Every test declares the calls it expects with
 * `network.use(...)`; any other request fails the test (onUnhandledRequest: 'error').
 */
/** The API's base as the SPA computes it in jsdom (origin http://localhost). */
export const API = 'http://localhost/api';

/**
 * The media cookie the session asks for whenever someone signs in (src/session/mediaSession.ts):
 * answered for every test, which `network.use` can override.
 */
export const mediaSessionHandlers = [
  http.post(`${API}/media-session`, () => HttpResponse.json({ expiresAt: Date.now() + 3_600_000 })),
  http.delete(`${API}/media-session`, () => HttpResponse.text('ok')),
];

/**
 * A gallery's live stream (src/api/eventStream.ts): by default the server has none to give (a 404
 * ends the follower at once) and the gallery polls as it always did; a test of the stream
 * answers it with `network.use`.
 */
export const noLiveStreams = http.get(`${API}/live/:bname/:type`, () =>
  HttpResponse.json({ error: 'not_found', message: 'Evento não encontrado.' }, { status: 404 }),
);

/** An owner's event's wall, as the dashboard asks for it: a public event's, with no link of its own. */
export const publicWallLink = http.get(`${API}/events/:bname/telao`, () =>
  HttpResponse.json({ publicId: 'evento-publico-1', key: null, visibility: 'public' }),
);

/** An owner's event's printing, as the dashboard asks for it: the default paper, no printer yet. */
export const noPrinters = [
  http.get(`${API}/events/:bname/impressoras`, () => HttpResponse.json({ printers: [], queued: 0, printing: 0 })),
  http.get(`${API}/events/:bname/impressao`, () => HttpResponse.json({ paper: '10x15' })),
];

/** An owner's event's face search, as the dashboard asks for it: off, as it is by default. */
export const faceSearchOff = http.get(`${API}/events/:bname/rostos`, () =>
  HttpResponse.json({ enabled: false, indexed: 0, waiting: 0, faces: 0 }),
);

/** An owner's event's figures ('A festa em números'), as the dashboard asks for them: a party yet to start. */
export const noNumbersYet = http.get(`${API}/events/:bname/numeros`, ({ params }) =>
  HttpResponse.json({
    bname: params.bname,
    taken: 0,
    booths: [],
    collected: 0,
    shared: 0,
    downloaded: 0,
    printed: 0,
    copiesLeft: 0,
    faceSearches: 0,
    wallViews: 0,
    hours: [],
    top: [],
  }),
);

/** A guest's phone telling of a share (for 'A festa em números'): taken, as the server takes it. */
export const sharesTold = http.post(`${API}/compartilhado`, () => HttpResponse.json('ok'));
/** A photo collected in the app, told to the server (src/features/collect/collectFlow.ts): taken. */
export const collectsTold = http.post(`${API}/coletado`, () => HttpResponse.text('ok'));
/**
 * Guests' contacts, off as they are by default: the dashboard's section, the collect and face pages'
 * offer (nothing asked), and the privacy page's list (nothing left).
 */
export const guestContactsOff = [
  http.get(`${API}/events/:bname/contatos`, () => HttpResponse.json({ enabled: false, days: 90, contacts: [] })),
  http.get(`${API}/contatos/:bname`, () =>
    HttpResponse.json({ offered: false, title: '', days: 0, text: '', textHash: '', left: false }),
  ),
  http.get(`${API}/privacy/contacts/:agent`, () => HttpResponse.json([])),
];

/** No delivery figures yet: an event whose owner has not turned delivery on. */
export const NO_DELIVERY_FIGURES = { subscribed: 0, sent: 0, delivered: 0, failed: 0, capped: 0, capReached: false };

/**
 * Photos delivered by WhatsApp or e-mail, off as they are by default: the dashboard's section, the collect, face and
 * pack pages' offer (nothing offered), and the privacy page's list (nothing asked for).
 */
export const deliveryOff = [
  http.get(`${API}/events/:bname/entregas`, () =>
    HttpResponse.json({ enabled: false, cap: 500, figures: NO_DELIVERY_FIGURES, endedAt: null }),
  ),
  http.get(`${API}/entregas/:bname`, () =>
    HttpResponse.json({
      offered: false,
      title: '',
      text: '',
      textHash: '',
      until: null,
      faceMatchesOffered: false,
      subscription: null,
    }),
  ),
  http.get(`${API}/privacy/entregas/:agent`, () => HttpResponse.json([])),
];

/** An owner's event's photos, as the dashboard asks for them ('Fotos do evento'): none yet, approval off. */
export const noModeration = http.get(`${API}/events/:bname/moderacao`, () =>
  HttpResponse.json({ wallApproval: false, holdGalleries: false, waiting: 0, hidden: 0, media: [], next: null }),
);

export const network = setupServer(
  ...mediaSessionHandlers,
  noLiveStreams,
  publicWallLink,
  ...noPrinters,
  faceSearchOff,
  noNumbersYet,
  sharesTold,
  collectsTold,
  ...guestContactsOff,
  noModeration,
  ...deliveryOff,
);

/** The media server's answer to the collect screen's HEAD: every file exists. */
export const mediaFound = http.head('http://localhost/media/*', () => new HttpResponse(null, { status: 200 }));
