import { MAX_FACE_SEARCH_EVENTS } from '../../../contract/faceSearch';

/**
 * Where a face search looks: the event of the page that opened the face screen
 * (`?evento=`) first, then every event the visitor was at, once each; as one comma-separated
 * list, the same for the same events (the search's cache key). The server keeps those it opens to
 * the visitor and that have face search on.
 */
export function faceSearchEvents(fromPage: string | undefined, visited: readonly string[]): string {
  const names = new Set([...(fromPage ? [fromPage] : []), ...visited]);
  return [...names].slice(0, MAX_FACE_SEARCH_EVENTS).join(',');
}
