import type { Page } from 'playwright-core';

/**
 * Every image of the page, each scrolled into view (lazy ones load only then) and waited for
 * until it settles (`complete` is true once it loaded or failed): its address, and whether it
 * decoded (a broken picture has no natural width).
 */
export async function imagesOf(page: Page): Promise<Array<{ src: string; decoded: boolean }>> {
  const images = page.locator('img');
  const seen: Array<{ src: string; decoded: boolean }> = [];
  for (const image of await images.all()) {
    await image.scrollIntoViewIfNeeded();
    const handle = await image.elementHandle();
    await page.waitForFunction((element) => (element as HTMLImageElement).complete, handle);
    seen.push(
      await image.evaluate((element: HTMLImageElement) => ({
        src: element.currentSrc || element.src,
        decoded: element.naturalWidth > 0,
      })),
    );
  }
  return seen;
}
