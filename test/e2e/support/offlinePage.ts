import type { Page } from 'playwright-core';

/** Waits until every picture inside `selector` has arrived and decoded (not a broken image); answers how many. */
export async function picturesLoaded(page: Page, selector: string): Promise<number> {
  const handle = await page.waitForFunction((css) => {
    const images = [...document.querySelectorAll<HTMLImageElement>(`${css} img`)];
    return images.length > 0 && images.every((img) => img.complete && img.naturalWidth > 0) ? images.length : 0;
  }, selector);
  return (await handle.jsonValue()) as number;
}

/** The paths of the requests saved in one of the service worker's caches (none when it does not exist). */
export function savedPaths(page: Page, cacheName: string): Promise<string[]> {
  return page.evaluate(async (name) => {
    if (!(await caches.has(name))) return [];
    const keys = await (await caches.open(name)).keys();
    return keys.map((request) => new URL(request.url).pathname).sort();
  }, cacheName);
}
