import type { FastifyRequest } from 'fastify';
import { addToList, COOKIE, encodeList, parseList, parseScalar } from '../../../../../contract/cookieLists';
import { mediaUrl, parseMediaPath } from '../../../../../contract/mediaPath';
import type { Database } from '../../../platform/db/database';
import type { JobQueue } from '../../../platform/db/jobQueue';
import { agentOf, holdersOf, type MediaAccess, mediaSessionOf, readDecodedCookie } from '../../access';
import { collectForVisitor } from '../../collects';
import { grantByWallCode, wallCodeKey } from '../../wall';

/** A cookie of the visitor's to set with the page: its name and its value (not yet encoded). */
export interface VisitorCookieValue {
  name: string;
  value: string;
}

/** What serving a page changes in the visitor's cookies; nothing for most pages. */
export type PageVisit = (request: FastifyRequest) => Promise<VisitorCookieValue[]>;

/**
 * Opening a collect link collects its item (docs/product.md#collect): into the visitor's collection, its
 * event into their events and their last event (docs/product.md#session-and-cookies: the cookies collection, events
 * and bname, where a visitor's lists live). The SPA does it once its scripts run, but on venue
 * Wi-Fi those arrive seconds after the photo the page already shows (modules/firstPaint/http/collectPreload.ts),
 * and a guest who closes the page having seen it would have collected nothing. So the page itself
 * carries the collect, and the SPA starts with it (src/session/persistence.ts); its own collect
 * of the same item then changes nothing, and tells the server nothing more (src/features/collect/collectFlow.ts).
 *
 * Only what the app would collect: the id read as the SPA reads it, media that exists, and only
 * when the media gate lets this visitor see it (a private event's photo is not collected for a
 * visitor without its login), never a hidden photo. A cookie that already says so is not set again. The visit is
 * also the guest's presence at the event (docs/api.md#who-may-see-an-event).
 */
export function collectOnServe(db: Database, access: MediaAccess, queue: Pick<JobQueue, 'enqueue'>): PageVisit {
  const wallCodes = wallCodeKey(access.keys.secret);
  return async (request) => {
    if (request.method !== 'GET' || request.url.split('?')[0] !== '/collect') return [];
    const id = (request.query as Record<string, unknown> | undefined)?.id;
    const ref = typeof id === 'string' ? parseMediaPath(id) : null;
    if (!ref) return [];
    // A wall's QR code: its code opens the event to whoever scanned it, as a collect link does.
    const code = (request.query as Record<string, unknown>).telao;
    const agent = agentOf(request);
    if (typeof code === 'string' && agent) {
      await grantByWallCode(
        db,
        wallCodes,
        ref,
        code,
        holdersOf({ agent, uid: mediaSessionOf(request, access.keys)?.uid ?? null }),
      );
    }
    // What a collect does on the server (the delivery's note, the party's count, the presence grant), as for a
    // collect the app tells of (modules/collects); a photo the booth has not sent yet is noted for its upload.
    const outcome = await collectForVisitor({ db, access, queue }, request, ref, { beforeUpload: 'await' });
    if (outcome !== 'collected') return [];

    const changed: VisitorCookieValue[] = [];
    const add = (name: string, entry: string) => {
      const list = parseList(readDecodedCookie(request, name));
      const next = addToList(list, entry);
      // A full cookie lets its oldest entries go (the SPA keeps the whole list in local storage).
      if (next !== list) changed.push({ name, value: encodeList(next) });
    };
    add(COOKIE.collection, mediaUrl(ref));
    add(COOKIE.events, ref.eventName);
    if (parseScalar(readDecodedCookie(request, COOKIE.bname)) !== ref.eventName)
      changed.push({ name: COOKIE.bname, value: ref.eventName });
    return changed;
  };
}
