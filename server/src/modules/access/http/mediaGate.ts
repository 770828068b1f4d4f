import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isValidFileName, type MediaRef } from '../../../../../contract/mediaPath';
import { isMediaMode } from '../../../../../contract/modes';
import { NAME_PATTERN, type EventName } from '../../../../../contract/names';
import { notFound, unauthenticated } from '../../../platform/errors';
import type { AccessService, FilesAsked, FilesOpening, FilesViewer } from '../accessService';
import { LOGIN_FOR_PRIVATE } from '../eventAccess';
import { agentOf } from './eventGuard';
import { mediaSessionOf, type MediaSessionKeys } from './mediaSession';
import { redirectToPublicBase } from './publicMediaAddress';
import { keepVisitorOutOfSharedCache } from './visitorAgent';
import { wallScreenOf } from './wallSession';

/** A public event's file never changes: any cache may keep it for a year. */
const PUBLIC_MEDIA_CACHE = 'public, max-age=31536000, immutable';
/**
 * A gated file: only the visitor's own browser keeps it (never a shared cache, which would hand it
 * to the next visitor), and asks again before each use (a 304 while the gate still opens), so a
 * logout or an event made private takes effect at once.
 */
const GATED_MEDIA_CACHE = 'private, no-cache';
const REFUSED_CACHE = 'no-store';

/** Says, on a hidden file's 404, that the event's host hid it (src/features/collect reads it). */
export const HIDDEN_HEADER = 'X-Media-Hidden';
export const HIDDEN_MESSAGE = 'Quem organiza o evento ocultou esta foto.';

export interface MediaAccess {
  keys: MediaSessionKeys;
  /** Who may open which event (modules/access/accessService.ts), kept in memory for a gallery's burst of files. */
  guard: AccessService;
}

/** The gated folders: media files, their thumbnails, and the display renditions of photos. */
export type MediaPrefix = '/media/' | '/thumbs/' | '/display/';

/**
 * The event, mode and file a `/media/...`, `/thumbs/...` or `/display/...` URL names, decoded segment by segment
 * as @fastify/static will read it; null for anything else (no such file can exist: a 404). A
 * segment that decodes to a slash, a dot folder or nothing is refused, so the event the gate
 * checks is the folder the file is read from. For a thumbnail or rendition, `file` is the media
 * file it is made from.
 */
export function mediaTarget(url: string, prefix: MediaPrefix): MediaRef | null {
  const pathName = url.split('?')[0];
  if (!pathName.startsWith(prefix)) return null;
  const segments = pathName.slice(prefix.length).split('/');
  if (segments.length !== 3) return null;
  const decoded: string[] = [];
  for (const segment of segments) {
    let value: string;
    try {
      value = decodeURIComponent(segment);
    } catch {
      return null;
    }
    if (value === '' || value === '.' || value === '..' || /[/\\\0]/.test(value)) return null;
    decoded.push(value);
  }
  const [eventName, mode, name] = decoded;
  if (!NAME_PATTERN.test(eventName) || !isMediaMode(mode)) return null;
  const file = prefix === '/media/' ? name : name.endsWith('.webp') ? name.slice(0, -'.webp'.length) : null;
  // Only a name a media file can have: anything else is no file (404), never a question for the store.
  if (file === null || !isValidFileName(file)) return null;
  return { eventName, mode, file };
}

/**
 * Who asks for an event's files: the media cookie's account and team, the agent, and the screen of the event's wall.
 */
export function filesViewer(request: FastifyRequest, keys: MediaSessionKeys, eventName: EventName): FilesViewer {
  const session = mediaSessionOf(request, keys);
  return {
    uid: session?.uid ?? null,
    agent: agentOf(request),
    isTeam: async () => session?.team === true,
    wallScreen: (wallKey) => wallScreenOf(request, keys, eventName, wallKey),
  };
}

/**
 * Whether this request's visitor may see a file of `target`'s event (docs/api.md#who-may-see-an-event;
 * the access service decides it): its random name is a collect link, and a screen of the
 * event's wall sees it while the wall's link stands.
 */
export async function mediaOpening(
  request: FastifyRequest,
  target: MediaRef,
  access: MediaAccess,
): Promise<FilesOpening> {
  return eventMediaOpening(request, target.eventName, access, { byCollectLink: target, byWall: true });
}

/**
 * `mediaOpening` for every file of the event `bname` at once (a ZIP of its gallery): the same
 * answer, except that no file's random name lets anyone in (a collect link opens its own file
 * only, `byCollectLink`), nor a wall's cookie (a screen shows files one at a time: `byWall`).
 */
export async function eventMediaOpening(
  request: FastifyRequest,
  eventName: EventName,
  access: MediaAccess,
  how: FilesAsked = {},
): Promise<FilesOpening> {
  return access.guard.filesOpening(eventName, filesViewer(request, access.keys, eventName), how);
}

/**
 * The gate in front of a media folder (`mediaOpening`): a public event's files cached by anyone,
 * the others' only by the browser let in. Everyone else gets 401 before a byte of the file is
 * read; unknown events 404. It runs on `onRequest`, so HEAD and Range requests pass through it
 * like GET. With a CDN for public files (`publicBase`, MEDIA_PUBLIC_BASE), a public event's file
 * is a redirect there (modules/access/http/publicMedia.ts): its bytes leave the CDN, not the app.
 */
export function registerMediaGate(
  scope: FastifyInstance,
  prefix: MediaPrefix,
  access: MediaAccess,
  publicBase: string | null = null,
): void {
  const cacheOf = new WeakMap<FastifyRequest, string>();
  scope.addHook('onRequest', async (request, reply) => {
    const target = mediaTarget(request.url, prefix);
    if (!target) throw notFound('not_found', 'Não encontrado.');
    let opening = await mediaOpening(request, target, access);
    if (opening === 'unknown') throw notFound('not_found', 'Não encontrado.');
    if (opening === 'refused') throw unauthenticated(LOGIN_FOR_PRIVATE, 'media_login_required');
    const moderation = await access.guard.moderation(target, filesViewer(request, access.keys, target.eventName));
    if (moderation === 'hidden') {
      // As a file that is not there, but for whoever may see the event anyway: its collect link says kindly that the
      // host hid it (docs/product.md#moderation); a HEAD has no body to say it in.
      void reply.header(HIDDEN_HEADER, '1');
      throw notFound('media_hidden', HIDDEN_MESSAGE);
    }
    // The owner and the team still see a hidden file: theirs alone, never a shared cache's or the CDN's.
    if (moderation === 'hiddenButSeen') opening = 'gated';
    if (opening === 'public' && publicBase) {
      const { location, cacheControl } = redirectToPublicBase(publicBase, prefix, target);
      cacheOf.set(request, cacheControl);
      return reply.code(302).header('Location', location).send();
    }
    cacheOf.set(request, opening === 'public' ? PUBLIC_MEDIA_CACHE : GATED_MEDIA_CACHE);
  });
  scope.addHook('onSend', async (request, reply, payload) => {
    const ok =
      reply.statusCode === 200 || reply.statusCode === 206 || reply.statusCode === 304 || reply.statusCode === 302;
    reply.header('Cache-Control', (ok && cacheOf.get(request)) || REFUSED_CACHE);
    if (cacheOf.get(request) === GATED_MEDIA_CACHE) reply.header('Vary', 'Cookie');
    keepVisitorOutOfSharedCache(reply);
    return payload;
  });
}
