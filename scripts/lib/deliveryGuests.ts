/**
 * bench:delivery's guests and booth over HTTP, as phones and a booth do: each guest is a visitor the server gave
 * (its cookies), reads the offer and subscribes with its consent text's hash, and opens the collect link of each
 * photo before the booth uploads it; the booth uploads a photo and the bench notes when the upload began.
 */
import { DEVICE_PATHS } from '../../contract/devicePaths';
import { contactEmail, whatsappNumber } from '../../contract/guestContact';
import type { DeliveryOffer } from '../../contract/wire';
import type { Guest } from './deliveryCount';

export const EVENT = 'festa_ana';
const BOOTH = { mode: 'pad', device: 'cabine-pad', key: 'demo-key-cabine-pad' } as const;

export interface SubscribedGuest extends Guest {
  /** The visitor's cookies (agent and its signature). */
  cookie: string;
}

async function expectOk(response: Response, what: string): Promise<Response> {
  if (response.ok) return response;
  throw new Error(`${what}: ${response.status} ${(await response.text()).slice(0, 200)}`);
}

/** A phone's first call: the server gives it its visitor (the agent and its signature, as cookies). */
async function visitor(base: string): Promise<string> {
  const response = await expectOk(await fetch(`${base}/api/health`, { headers: { cookie: 'agent=' } }), 'visitor');
  await response.arrayBuffer();
  const given = response.headers.getSetCookie().map((header) => header.split(';')[0]);
  if (!given.some((cookie) => cookie.startsWith('agent_sig='))) throw new Error('visitor: no signed agent given');
  return given.join('; ');
}

/** Guest `n`'s address: even guests by e-mail, odd ones by WhatsApp (a Brazilian mobile number). */
export function addressOf(n: number): Guest {
  if (n % 2 === 0) return { channel: 'email', address: contactEmail(`convidado${n}@exemplo.com`) ?? '' };
  const typed = `(11) 9${String(8000_0000 + n).slice(0, 4)}-${String(8000_0000 + n).slice(4)}`;
  const address = whatsappNumber(typed);
  if (!address) throw new Error(`guest ${n}: ${typed} is no WhatsApp number`);
  return { channel: 'whatsapp', address };
}

/** Guest `n` becomes a visitor and subscribes to the event's delivery under its consent text. */
export async function subscribeGuest(base: string, n: number): Promise<SubscribedGuest> {
  const cookie = await visitor(base);
  const offered = await expectOk(await fetch(`${base}/api/entregas/${EVENT}`, { headers: { cookie } }), 'offer');
  const offer = (await offered.json()) as DeliveryOffer;
  if (!offer.offered) throw new Error(`${EVENT} does not offer delivery`);
  const guest = addressOf(n);
  const response = await fetch(`${base}/api/entregas/${EVENT}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: `Convidado ${n}`,
      channel: guest.channel,
      address: guest.address,
      consent: offer.textHash,
      faceMatches: false,
    }),
  });
  await (await expectOk(response, `subscribe guest ${n}`)).arrayBuffer();
  return { ...guest, cookie };
}

/** The media URL a booth photo of this name gets. */
export const photoUrl = (file: string) => `/media/${EVENT}/${BOOTH.mode}/${file}`;

/** The guest opens the photo's collect link (the page), as from the booth's screen, before the photo is uploaded. */
export async function collect(base: string, guest: SubscribedGuest, photo: string): Promise<void> {
  const response = await fetch(`${base}/collect?id=${encodeURIComponent(photo)}`, {
    headers: { accept: 'text/html', cookie: guest.cookie },
  });
  await (await expectOk(response, `collect ${photo}`)).arrayBuffer();
}

/** `count` at a time, in order: a crowd of phones without opening every connection at once. */
export async function inTurns<T>(count: number, total: number, one: (n: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array<T>(total);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(count, total) }, async () => {
      while (next < total) {
        const n = next;
        next += 1;
        results[n] = await one(n);
      }
    }),
  );
  return results;
}

/**
 * The booth uploads `file`; answers when the upload began (the delay a guest waits starts then). A failed upload
 * is tried again, as the booth does (the same file: the server keeps one).
 */
export async function uploadPhoto(base: string, file: string, photo: Buffer): Promise<number> {
  const began = Date.now();
  let last = '';
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const response = await fetch(`${base}${DEVICE_PATHS.media}?file=${file}`, {
        method: 'POST',
        headers: { 'x-device-id': BOOTH.device, 'x-device-key': BOOTH.key, 'content-type': 'image/jpeg' },
        body: new Uint8Array(photo),
      });
      const body = await response.text();
      if (response.ok) return began;
      last = `${response.status} ${body.slice(0, 200)}`;
    } catch (error) {
      last = (error as Error).message;
    }
  }
  throw new Error(`upload ${file}: ${last}`);
}
