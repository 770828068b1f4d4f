/** Paths whose cached copies are the visitor's own viewing: media, thumbnails, renditions and API replies. */
const PERSONAL_PATH = /^\/(media|thumbs|display|api)\//;

/**
 * Removes this visitor's media and API replies from the browser's Cache Storage (a service worker
 * keeps them for offline use), leaving the app's own files so it still opens offline. Best
 * effort: without the API, or when the browser refuses, there is nothing more to do.
 */
export async function clearCachedMedia(): Promise<number> {
  if (typeof caches === 'undefined') return 0;
  let removed = 0;
  try {
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        if (PERSONAL_PATH.test(new URL(request.url).pathname) && (await cache.delete(request))) removed += 1;
      }
    }
  } catch {
    // A storage the browser locks (private mode, quota): the server's copy is gone already.
  }
  return removed;
}
