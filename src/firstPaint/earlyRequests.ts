import { isAgentId } from '../../contract/agentId';
import { parseMediaPath, thumbUrl } from '../../contract/mediaPath';
import { isMediaMode, type MediaMode } from '../../contract/modes';
import { isName, type EventName } from '../../contract/names';
import { ROUTES } from '../../contract/routePaths';
import { listSegment, path } from '../lib/urlPath';

/**
 * A booth gallery opened by its address (a reload, a restored tab) waits for the app's code, then
 * for the event's booths and the gallery's list, then for the thumbnails: three trips in a row on
 * a venue's Wi-Fi. What it will ask for is known before any of that code arrives: the address
 * names the booth, the navigation's state names the event (docs/product.md#event-page). A tiny script of
 * its own (src/firstPaint/earlyRequestsScript.ts) asks for those calls and the first thumbnails while the app
 * downloads, and the app takes the answers over (src/firstPaint/earlyResponses.ts) instead of asking
 * again. These rules decide what is asked; the same paths as the app's own calls, or nothing.
 */

/** Where the page leaves its early answers for the app. */
export const EARLY_RESPONSES_KEY = '__cabineEarlyResponses';

/** How long an early answer may be taken over: after that the app's own call is fresher. */
export const EARLY_RESPONSE_TTL_MS = 15_000;

/** The first row of a gallery (three tiles on a phone): the page's largest paint is among them. */
export const EARLY_THUMBS = 3;

/** One booth's media, as the app asks for it (eventsApi's getBoothMedia). */
export function boothMediaPath(eventName: EventName, mode: MediaMode): string {
  return path`/all/${eventName}/${mode}`;
}

/** The events a visitor attended, as the app asks for them (eventsApi's getVisitedEvents). */
export function visitedEventsPath(events: readonly string[], agent: string): string {
  return path`/eventos/${listSegment(events)}/${agent}`;
}

export interface EarlyPage {
  pathname: string;
  /** `history.state` as the browser kept it (react-router keeps the navigation's state under `usr`). */
  historyState: unknown;
  /** The visitor's agent cookie, when there is one. */
  agent: string | null;
}

export interface EarlyPlan {
  /** API paths (without the API base) to ask for now, in order. */
  calls: string[];
  /** The call whose list names the thumbnails to ask for as soon as it answers. */
  gallery: string | null;
}

const NOTHING: EarlyPlan = { calls: [], gallery: null };

function navigationState(historyState: unknown): Record<string, unknown> | null {
  if (typeof historyState !== 'object' || historyState === null) return null;
  const user = (historyState as Record<string, unknown>).usr;
  return typeof user === 'object' && user !== null ? (user as Record<string, unknown>) : null;
}

/**
 * What a page can ask for before its code arrives: for a booth gallery whose navigation names the
 * event, the gallery's list, and the event's booths when the navigation did not carry them (the
 * same rule as the event page: `devices` in the state spares the call). Anything else: nothing.
 */
export function earlyPlan({ pathname, historyState, agent }: EarlyPage): EarlyPlan {
  const match = new RegExp(`^${ROUTES.event}/([^/]+)/?$`).exec(pathname);
  if (!match || !isMediaMode(match[1])) return NOTHING;
  const state = navigationState(historyState);
  // The event page drops commas from the name it is handed; so does this.
  const eventName = typeof state?.bname === 'string' ? state.bname.replace(/,/g, '') : '';
  if (!isName(eventName)) return NOTHING;
  const gallery = boothMediaPath(eventName, match[1]);
  const calls: string[] = [];
  if (!Array.isArray(state?.devices)) calls.push(visitedEventsPath([eventName], isAgentId(agent) ? agent : 'anonimo'));
  calls.push(gallery);
  return { calls, gallery };
}

/**
 * The thumbnails of the first tiles the gallery draws (newest first, as BoothGalleryPage shows
 * them), from the list's reply; nothing for a reply that is not a list of this site's media.
 */
export function firstThumbnails(reply: unknown, count: number = EARLY_THUMBS): string[] {
  if (typeof reply !== 'object' || reply === null) return [];
  const product = (reply as Record<string, unknown>).product;
  if (!Array.isArray(product)) return [];
  const thumbs: string[] = [];
  for (let index = product.length - 1; index >= 0 && thumbs.length < count; index -= 1) {
    const ref = typeof product[index] === 'string' ? parseMediaPath(product[index]) : null;
    if (ref) thumbs.push(thumbUrl(ref));
  }
  return thumbs;
}
