import { photoWithFaces } from '../../../support/faceSelfies';
import { attend, DEVICE_KEYS, mp4 } from '../fixtures';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { next, server, users } from './world';
import { DEVICE_PATHS } from '../../../../contract/devicePaths';

/**
 * The attacker who knows a visitor's id, against a victim who has something to lose:
 * grants to a link-only and a private event, a selfie that finds a photo, a 360 video, a mirror
 * session waiting for them. The matrix's `agentThief` caller (callers.ts) names fresh agents, which
 * hold nothing; this is the same browser against a visitor who holds all of that, before and after.
 */

/** The victim: a visitor whose id leaked (a proxy's log, a mirror's screen, a shared link). */
export const VICTIM = 'agentevitima0001';
/**
 * The attacker's own visitor. Not the matrix's thief: by now that browser has opened collect links
 * of `privada` and `ligada` in the table's rows, and is a guest of both in its own right.
 */
const THIEF = 'agenteladrao0002';

export const victimBrowser = () => ({ cookie: server.visitorCookie(VICTIM) });

/**
 * The attacker's browser, each way it may present the victim's id: its own signed visitor; the
 * victim's id in the `agent` cookie beside its own signature; the victim's id with no signature.
 */
export function thiefBrowsers(): Record<string, { cookie: string }> {
  const own = server.visitorCookie(THIEF);
  return {
    'its own visitor': { cookie: own },
    "the victim's id beside its own signature": { cookie: own.replace(`agent=${THIEF}`, `agent=${VICTIM}`) },
    "the victim's id, unsigned": { cookie: `agent=${VICTIM}` },
  };
}

/** A stranger's browser: what the attacker must get where a route names no agent. */
export const strangerBrowser = () => ({ cookie: server.visitorCookie(`agenteestranho${next()}`) });

/** A request as `server.call` takes it: a token beside the injected options. */
type Request = InjectOptions & { token?: string };

const call = (options: Request, headers: Record<string, string>): Promise<LightMyRequestResponse> =>
  server.call({ ...options, headers: { ...(options.headers ?? {}), ...headers } });

async function succeed(options: Request, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  const response = await call(options, headers);
  if (response.statusCode !== 200)
    throw new Error(`setting up the victim, ${options.method} ${options.url}: ${response.statusCode} ${response.body}`);
  return response;
}

const camera = { 'x-device-id': 'cam1', 'x-device-key': DEVICE_KEYS.camera };
const ultra = { 'x-device-id': 'ultra1', 'x-device-key': DEVICE_KEYS.ultra };
const mirror = { 'x-device-id': 'mirror1', 'x-device-key': DEVICE_KEYS.mirror };

/** The mirror session on the screen the victim scanned, not yet started. */
export let victimMirrorSession = '';

/**
 * Gives the victim their data: grants to `ligada` (open to them signed out), `privada` (asks
 * them to sign in) and festa_ana (its 360 platform's QR code); a booth photo of festa_ana (face
 * search on) that their selfie finds; a 360 video of theirs; a mirror session waiting for them; a contact left at
 * festa_ana to receive its photos.
 */
export async function victimWithData(): Promise<void> {
  await attend(server, 'ligada', VICTIM);
  await attend(server, 'privada', VICTIM);
  await succeed({
    method: 'PUT',
    url: '/api/events/festa_ana/rostos',
    token: users.team.token,
    payload: { enabled: true },
  });
  const photo = Buffer.from((await photoWithFaces()).split(',')[1], 'base64');
  await succeed({
    method: 'POST',
    url: `${DEVICE_PATHS.media}?file=ladrao-${next()}.jpg`,
    headers: { ...camera, 'content-type': 'image/jpeg' },
    payload: photo,
  });
  await server.jobsDone();
  const poligram = await photoWithFaces({ width: 320 });
  await succeed(
    {
      method: 'POST',
      url: `/api/uploadFace/${VICTIM}`,
      payload: { poligram, consentimento: true, eventos: ['festa_ana'] },
    },
    victimBrowser(),
  );
  await succeed({
    method: 'PUT',
    url: '/api/events/festa_ana/contatos',
    token: users.team.token,
    payload: { enabled: true, days: 90 },
  });
  const offer = await succeed({ method: 'GET', url: '/api/contatos/festa_ana' }, victimBrowser());
  await succeed(
    {
      method: 'POST',
      url: '/api/contatos/festa_ana',
      payload: { name: 'Vítima', email: 'vitima@exemplo.com', consent: offer.json<{ textHash: string }>().textHash },
    },
    victimBrowser(),
  );
  const qrid = `girovitima${next()}`;
  await succeed({ method: 'POST', url: DEVICE_PATHS.ultraSession, headers: ultra, payload: { qrid } });
  await succeed(
    { method: 'GET', url: `/api/ultraStartConfig/ultra1/${qrid}/20/Vem_Tremer?agent=${VICTIM}` },
    victimBrowser(),
  );
  await succeed({ method: 'GET', url: DEVICE_PATHS.ultraSettings, headers: ultra });
  await succeed({
    method: 'POST',
    url: `${DEVICE_PATHS.ultraVideo}?file=giro-vitima-${next()}.mp4`,
    headers: { ...ultra, 'content-type': 'video/mp4' },
    payload: mp4(),
  });
  victimMirrorSession = `sessaovitima${next()}`;
  await succeed({
    method: 'POST',
    url: DEVICE_PATHS.mirrorSession,
    headers: mirror,
    payload: { sessionHash: victimMirrorSession },
  });
}

/** What the victim's own browser reads of their data: each answer's status and body. */
export async function victimView(): Promise<Record<string, { status: number; body: unknown }>> {
  const reads: Record<string, InjectOptions> = {
    ligada: { method: 'GET', url: '/api/all/ligada/pad' },
    privada: { method: 'GET', url: '/api/all/privada/pad' },
    faces: { method: 'GET', url: `/api/fotos-do-rosto/${VICTIM}?eventos=festa_ana` },
    results: { method: 'GET', url: `/api/agentResults/${VICTIM}` },
    privacy: { method: 'GET', url: `/api/privacy/data/${VICTIM}` },
    contacts: { method: 'GET', url: `/api/privacy/contacts/${VICTIM}` },
  };
  const view: Record<string, { status: number; body: unknown }> = {};
  for (const [name, options] of Object.entries(reads)) {
    const response = await call(options, victimBrowser());
    view[name] = { status: response.statusCode, body: response.statusCode === 200 ? response.json() : response.body };
  }
  return view;
}

/** The requests that act for the agent they name, each naming the victim's. */
export async function namingTheVictim(): Promise<Record<string, InjectOptions>> {
  const qrid = `girodoladrao${next()}`;
  await succeed({ method: 'POST', url: DEVICE_PATHS.ultraSession, headers: ultra, payload: { qrid } });
  const session = `/api/espelho/mirror1/${victimMirrorSession}/${VICTIM}`;
  return {
    'the face matches': { method: 'GET', url: `/api/fotos-do-rosto/${VICTIM}?eventos=festa_ana` },
    'a new selfie for the victim': {
      method: 'POST',
      url: `/api/uploadFace/${VICTIM}`,
      payload: { poligram: await photoWithFaces({ width: 320 }), consentimento: true, eventos: ['festa_ana'] },
    },
    "'Não me mostre'": { method: 'POST', url: `/api/rostos-ocultos/${VICTIM}` },
    "undoing 'Não me mostre'": { method: 'DELETE', url: `/api/rostos-ocultos/${VICTIM}` },
    'deleting the selfie': { method: 'DELETE', url: `/api/faces/${VICTIM}` },
    'the booth results': { method: 'GET', url: `/api/agentResults/${VICTIM}` },
    "the 360 platform's last video": { method: 'GET', url: `/api/ultraLast/ultra1/festa_ana?agent=${VICTIM}` },
    'a 360 session as the victim': {
      method: 'GET',
      url: `/api/ultraStartConfig/ultra1/${qrid}/20/Vem_Tremer?agent=${VICTIM}`,
    },
    "the mirror's session": { method: 'GET', url: `${session}/start/0` },
    "the mirror's modes": { method: 'GET', url: `${session}/get_modes/0` },
    "the mirror's last image": { method: 'GET', url: `${session}/get_last_image/0` },
    'the privacy data': { method: 'GET', url: `/api/privacy/data/${VICTIM}` },
    'the erasure': { method: 'POST', url: '/api/privacy/erase', payload: { agent: VICTIM } },
    'the contacts left': { method: 'GET', url: `/api/privacy/contacts/${VICTIM}` },
    'withdrawing a contact': { method: 'DELETE', url: `/api/privacy/contacts/${VICTIM}/festa_ana` },
  };
}

/** Sends `options` from `headers`' browser: the status, and the error code of a refusal. */
export async function answer(
  options: InjectOptions,
  headers: Record<string, string>,
): Promise<{ status: number; error?: unknown }> {
  const response = await call(options, headers);
  if (response.statusCode < 400) return { status: response.statusCode };
  const body: unknown = response.headers['content-type']?.toString().includes('json') ? response.json() : null;
  return {
    status: response.statusCode,
    error: body && typeof body === 'object' && 'error' in body ? body.error : undefined,
  };
}
