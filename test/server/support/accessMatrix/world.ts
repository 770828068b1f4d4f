import { randomUUID } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { IdentityVerifier, VerifyOptions } from '../../../../server/src/modules/identity/http/identityTokens';
import { attend, basicSeed, collectLinkOf, DEVICE_KEYS, loadBasicSeed } from '../fixtures';
import { newTeamMember, newUser, startTestServer, type TestServer, type TestUser } from '../testServer';
import { DEVICE_IDS, OTHER_KIND, type Caller, type DeviceKind, type Expected, type Row } from './callers';
import { DEVICE_PATHS } from '../../../../contract/devicePaths';
import type { PrintJob } from '../../../../contract/wire';

/**
 * The world the access matrix runs in (test/server/accessMatrix.test.ts): a server whose identity
 * verifier is watched, the signed-in callers and the forged tokens, the requests its rows make on
 * the way to the one they test, and how a row is sent as a caller. The bindings are live, set by
 * the hooks `withMatrixServer` registers.
 */

export let server: TestServer;
export const users: Record<
  'guest' | 'owner' | 'attendee' | 'packHolder' | 'invited' | 'partnerA' | 'partnerB' | 'team',
  TestUser
> = {} as never;
/** The cookies a browser of each caller holds (its agent, its media cookie once signed in). */
const cookies: Partial<Record<Caller, string>> = {};
const ATTENDEE_AGENT = 'agentematriz0001';
const PACK_HOLDER_AGENT = 'agentematriz0002';
const INVITED_AGENT = 'agentematriz0003';
/** The browser of the screen showing `privada`'s wall. */
const WALL_AGENT = 'agentematriz0004';
/** The link-only event's own link (its public id): an invitation. */
export const LINK_ONLY_ID = 'ligada-link-1';
/** The private event's pack a guest added. */
const PRIVATE_PACK = 'PACKPRIVADA';
export let forgedToken = '';
export let oddHeaderToken = '';
/** The options the guard asked the verifier for, per request URL. */
export const verifications: { url: string; options: VerifyOptions | undefined }[] = [];
export let currentUrl = '';

/** Files the verifications the guard asks for from now on under `url`: the request being sent. */
export function sending(url: string): void {
  currentUrl = url;
}

const PRIVATE_KEY = 'key-privada-0001';
export const PACK = 'PACKMATRIZ';
let fresh = 0;
export const next = () => (fresh += 1);

const deviceHeaders = (kind: DeviceKind) => ({ 'x-device-id': DEVICE_IDS[kind], 'x-device-key': DEVICE_KEYS[kind] });

/** A request made on the way to the one being tested: it must succeed. */
async function setUp(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse> {
  sending(String(options.url));
  const response = await server.call(options);
  if (response.statusCode >= 300)
    throw new Error(`setting up ${options.method} ${options.url}: ${response.statusCode} ${response.body}`);
  return response;
}

/** The SPA's order of one album with coupon DEZ (80 - 10 % = 72), under a fresh order number. */
export function orderPayload(paymentMethod: 'pix' | 'card') {
  const orderId = String(500_000_000 + next());
  return {
    products: [{ id: 'album', hours: 0, quantity: 1, selectedAccessories: [] }],
    total: 80,
    clientName: 'Cliente',
    eventName: 'Festa',
    eventDate: '2030-07-01',
    eventTime: '20:00',
    paymentMethod,
    email: 'cliente@example.com',
    cpf: '12345678909',
    orderId,
    claim: `claim-${orderId}-matriz`,
  };
}

/** An order placed, signed out unless a token is given. */
export async function placeOrder(
  paymentMethod: 'pix' | 'card',
  token?: string,
): Promise<{ orderId: string; claim: string }> {
  const payload = orderPayload(paymentMethod);
  await setUp({ method: 'POST', url: '/api/order/DEZ', token, payload });
  return payload;
}

/** An order placed signed out, then tied to partner A's account by its claim (set_transaction). */
export async function orderTiedToPartnerA(): Promise<{ orderId: string; claim: string }> {
  const placed = await placeOrder('pix');
  await setUp({
    method: 'POST',
    url: '/api/set_transaction',
    token: users.partnerA.token,
    payload: { transaction: placed.orderId, claim: placed.claim },
  });
  return placed;
}

/** A paid order of partner A's (settled by the team). */
export async function paidOrderOfPartnerA(): Promise<string> {
  const { orderId } = await placeOrder('pix', users.partnerA.token);
  await setUp({
    method: 'POST',
    url: `/api/team_orders/${orderId}`,
    token: users.team.token,
    payload: { status: 'approved' },
  });
  return orderId;
}

/** A sandbox test card the provider approves (holder APRO). */
export const CARD = {
  cardNumber: '4235647728025682',
  cardholderName: 'APRO',
  cardExpirationMonth: '11',
  cardExpirationYear: '2099',
  securityCode: '123',
};

export async function cardToken(): Promise<string> {
  const response = await setUp({ method: 'POST', url: '/api/sandbox/card_tokens', payload: CARD });
  return (response.json() as { id: string }).id;
}

/** A new QR code on the mirror's screen, taken by a new visitor up to `stage`: its routes' common path. */
export async function mirrorSession(
  stage: 'open' | 'started' | 'mode' | 'prompt',
): Promise<{ url: string; headers: Record<string, string> }> {
  const sh = `sessao${next()}`;
  const agent = `agentem${fresh}`;
  const base = `/api/espelho/mirror1/${sh}/${agent}`;
  // The guest's phone: the agent the path names is the one its cookies were signed for.
  const headers = { cookie: server.visitorCookie(agent) };
  await setUp({
    method: 'POST',
    url: DEVICE_PATHS.mirrorSession,
    headers: deviceHeaders('mirror'),
    payload: { sessionHash: sh },
  });
  if (stage !== 'open') await setUp({ method: 'GET', url: `${base}/start/0`, headers });
  if (stage === 'mode' || stage === 'prompt') await setUp({ method: 'GET', url: `${base}/mode/Anime`, headers });
  if (stage === 'prompt') await setUp({ method: 'GET', url: `${base}/prompt/Samurai`, headers });
  return { url: base, headers };
}

/** A new QR code on the 360 platform's screen, configured by a visitor (from their phone) when asked. */
export async function ultraSession(configured: boolean): Promise<string> {
  const qrid = `giro${next()}`;
  await setUp({ method: 'POST', url: DEVICE_PATHS.ultraSession, headers: deviceHeaders('ultra'), payload: { qrid } });
  const agent = `agenteu${fresh}`;
  if (configured)
    await setUp({
      method: 'GET',
      url: `/api/ultraStartConfig/ultra1/${qrid}/20/Vem_Tremer?agent=${agent}`,
      headers: { cookie: server.visitorCookie(agent) },
    });
  return qrid;
}

/** A print job the printer has taken and not yet printed. */
export async function takenPrintJob(): Promise<number> {
  await setUp({
    method: 'GET',
    url: `/api/print/${PACK}/${encodeURIComponent('/media/festa_ana/pad/a1.jpg')}?request=tap-${randomUUID()}`,
  });
  const jobs = (await setUp({ method: 'GET', url: DEVICE_PATHS.printJobs, headers: deviceHeaders('printer') })).json<
    PrintJob[]
  >();
  return jobs[jobs.length - 1].id;
}

/** One print asked for under its own request id: its status is what every caller reads. */
let printRequest: string | null = null;
export async function askedPrint(): Promise<string> {
  if (printRequest) return printRequest;
  const id = `pedidoMatriz${String(next()).padStart(8, '0')}`;
  await setUp({ method: 'GET', url: `/api/print/${PACK}/${PHOTO}?request=${id}` });
  return (printRequest = id);
}

export async function shownCoupon(): Promise<string> {
  const response = await setUp({ method: 'GET', url: '/api/contracts/parceiro1', token: users.team.token });
  return (response.json() as { title: string; last: string }[]).find((c) => c.title === 'Contrato 1')?.last ?? '';
}

export const upload = (url: string, type: string, payload: Buffer): InjectOptions => ({
  method: 'POST',
  url,
  headers: { 'content-type': type },
  payload,
});
export const cardNames = (response: LightMyRequestResponse) =>
  (response.json() as { title: string }[]).map((card) => card.title);

export const WEBHOOK_SECRET = 'segredo-do-webhook-da-matriz';
/** What Meta signs the WhatsApp notifications with, and the word its verification brings. */
export const WHATSAPP_APP_SECRET = 'segredo-do-app-whatsapp-da-matriz';
export const WHATSAPP_VERIFY_TOKEN = 'palavra-do-webhook-whatsapp';
export const PHOTO = encodeURIComponent('/media/festa_ana/pad/a1.jpg');
/** A file of `privada`, by the random name it was stored under (what a collect link names). */
export let privateFile = '';
/** The link-only event's file, under its random name: its collect link. */
export let linkOnlyFile = '';

/** Starts the matrix's server, its callers and their accounts before the tests, and stops it after them. */
export function withMatrixServer(): void {
  beforeAll(async () => {
    server = await startTestServer(
      {
        MERCADOPAGO_WEBHOOK_SECRET: WEBHOOK_SECRET,
        WHATSAPP_APP_SECRET,
        WHATSAPP_VERIFY_TOKEN,
      },
      {
        verifier: (inner: IdentityVerifier): IdentityVerifier => ({
          verify(token, options) {
            verifications.push({ url: currentUrl, options });
            return inner.verify(token, options);
          },
        }),
      },
    );
    const [guest, owner, attendee, packHolder, invited, partnerA, partnerB, team] = await Promise.all([
      newUser('convidado'),
      newUser('dona'),
      newUser('presente'),
      newUser('pacote'),
      newUser('convite'),
      newUser('parceiro-a'),
      newUser('parceiro-b'),
      newTeamMember(),
    ]);
    Object.assign(users, { guest, owner, attendee, packHolder, invited, partnerA, partnerB, team });
    const seed = basicSeed();
    await loadBasicSeed(server, {
      ...seed,
      events: [
        ...(seed.events ?? []),
        { name: 'ligada', publicId: LINK_ONLY_ID, visibility: 'link', devices: ['pad'] },
      ],
      devices: [
        ...(seed.devices ?? []),
        { id: 'cam2', kind: 'booth', event: 'privada', mode: 'pad', key: PRIVATE_KEY },
        { id: 'ultra2', kind: 'ultra', event: 'privada', mode: '360', key: PRIVATE_KEY },
      ],
      media: [
        ...(seed.media ?? []).map((media) => (media.event === 'privada' ? { ...media, device: 'cam2' } : media)),
        { event: 'ligada', mode: 'pad', file: 'l1.jpg', source: 'a1.jpg' },
      ],
      packs: [
        ...(seed.packs ?? []),
        { hash: PACK, event: 'festa_ana', copies: 10_000 },
        { hash: PRIVATE_PACK, event: 'privada', copies: 2 },
      ],
      partners: [...(seed.partners ?? []), { name: 'parceiro_dono' }],
      accounts: [
        { uid: partnerA.uid, email: partnerA.email, partner: 'parceiro1' },
        { uid: partnerB.uid, email: partnerB.email, partner: 'parceiro2' },
      ],
    });
    // Every signed-in caller has an account, so that the account routes answer what they hold.
    for (const user of [guest, owner, attendee, packHolder, invited, team])
      await setUp({ method: 'GET', url: '/api/updateAccount', token: user.token });
    // Who may see `privada`: its owner, a guest who opened one of its collect links, a
    // guest who added one of its packs; each signed in on a browser that keeps its media cookie.
    await server.db.query("UPDATE events SET owner_uid = $1 WHERE name = 'privada'", [owner.uid]);
    await attend(server, 'privada', ATTENDEE_AGENT, attendee.token);
    await setUp({
      method: 'GET',
      url: `/api/validatePacks/${PRIVATE_PACK}`,
      headers: { cookie: server.visitorCookie(PACK_HOLDER_AGENT) },
    });
    await setUp({
      method: 'GET',
      url: `/api/eventos/privada/${PACK_HOLDER_AGENT}`,
      token: packHolder.token,
      headers: { cookie: server.visitorCookie(PACK_HOLDER_AGENT) },
    });
    // Invited to `ligada` by its own link, signed in on a browser with its agent.
    await setUp({
      method: 'GET',
      url: `/api/evento/${LINK_ONLY_ID}`,
      token: invited.token,
      headers: { cookie: server.visitorCookie(INVITED_AGENT) },
    });
    const mediaCookie = async (user: TestUser) =>
      String(
        [
          (await setUp({ method: 'POST', url: '/api/media-session', token: user.token })).headers['set-cookie'],
        ].flat()[0],
      ).split(';')[0];
    cookies.owner = await mediaCookie(owner);
    cookies.attendee = `${server.visitorCookie(ATTENDEE_AGENT)}; ${await mediaCookie(attendee)}`;
    cookies.attendeeSignedOut = server.visitorCookie(ATTENDEE_AGENT);
    cookies.packHolder = `${server.visitorCookie(PACK_HOLDER_AGENT)}; ${await mediaCookie(packHolder)}`;
    cookies.invited = `${server.visitorCookie(INVITED_AGENT)}; ${await mediaCookie(invited)}`;
    // The team's browser too: its media cookie says team, which opens every event's files.
    cookies.team = await mediaCookie(team);
    // A screen given `privada`'s wall link: the wall's answer to the key sets the cookie that opens the files it shows.
    const wallKey = (await setUp({ method: 'POST', url: '/api/events/privada/telao', token: owner.token })).json<{
      key: string;
    }>().key;
    const wall = await setUp({
      method: 'GET',
      url: `/api/telao/privada-1?chave=${wallKey}`,
      headers: { cookie: server.visitorCookie(WALL_AGENT) },
    });
    const wallCookie = [wall.headers['set-cookie']]
      .flat()
      .find((value): value is string => String(value).startsWith('cabine_telao_privada='));
    cookies.wallHolder = `${server.visitorCookie(WALL_AGENT)}; ${String(wallCookie).split(';')[0]}`;
    linkOnlyFile = await collectLinkOf(server, 'ligada');
    privateFile = await collectLinkOf(server, 'privada');
    forgedToken = unsignedJwt({ alg: 'none', typ: 'JWT' }, '');
    oddHeaderToken = unsignedJwt({ alg: 'network', typ: 'JWT' }, 'c2lnbmF0dXJh');
  });

  afterAll(() => server.close());
}

/** Unsigned JWT segments with the claims a Firebase ID token of this project carries. */
export function unsignedJwt(header: object, signature: string): string {
  const projectId = server.config.firebaseProjectId;
  const now = Math.floor(Date.now() / 1000);
  const payload = {
    iss: `https://securetoken.google.com/${projectId}`,
    aud: projectId,
    auth_time: now - 60,
    iat: now - 60,
    exp: now + 3600,
    // The emulator does not check signatures: a forged token of an existing account would pass there (and only there).
    sub: 'conta-forjada-0001',
    user_id: 'conta-forjada-0001',
    email: users.team.email,
    email_verified: true,
    firebase: { identities: { email: [users.team.email] }, sign_in_provider: 'password' },
  };
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part(header)}.${part(payload)}.${signature}`;
}

/** The attacker's own browser: a visitor the server signed, who has learnt another visitor's id. */
const THIEF_AGENT = 'agenteladrao01';

function credentials(caller: Caller, row: Row): { token?: string; headers?: Record<string, string> } {
  switch (caller) {
    case 'signedOut':
      return {};
    case 'agentThief':
      return { headers: { cookie: server.visitorCookie(THIEF_AGENT) } };
    case 'attendeeSignedOut':
    case 'wallHolder':
      return { headers: { cookie: cookies[caller] ?? '' } };
    case 'owner':
    case 'attendee':
    case 'packHolder':
    case 'invited':
    case 'team':
      return { token: users[caller].token, headers: { cookie: cookies[caller] ?? '' } };
    case 'forged':
      return { token: forgedToken };
    case 'oddHeader':
      return { token: oddHeaderToken };
    case 'ownDevice':
      return { headers: deviceHeaders(row.needs ?? 'camera') };
    case 'otherDevice':
      return { headers: deviceHeaders(OTHER_KIND[row.needs ?? 'camera']) };
    default:
      return { token: users[caller].token };
  }
}

/** Sends the row's request as `caller`: the status it got, or status and body where the table gives a body. */
export async function send(row: Row, caller: Caller): Promise<Expected> {
  const request = await row.request();
  const { token, headers } = credentials(caller, row);
  sending(String(request.url));
  const response = await server.call({
    ...request,
    headers: { ...(request.headers ?? {}), ...(headers ?? {}) },
    token,
  });
  const expected = row.expected[caller];
  // A body is compared where the table gives one.
  if (typeof expected === 'object' && response.statusCode === 200)
    return { status: 200, body: row.view ? row.view(response, caller) : response.body };
  return response.statusCode;
}
