import type { Page } from 'playwright-core';

const COLLECTED = 'Coletado!';
const watched = new WeakSet<Page>();

/**
 * Follows a collect link and waits until its screen has said 'Coletado!'. That animation shows for
 * 2 seconds only (src/features/collect/useCollectOnOpen.ts): on a busy machine the page's load
 * event, or a poll for the text, can come after it is gone. So the page notes it the moment it
 * appears, watched from before any of the page's own scripts run, and the journey waits for that note.
 */
export async function openCollectLink(page: Page, url: string): Promise<void> {
  if (!watched.has(page)) {
    watched.add(page);
    await page.addInitScript((text) => {
      const seen = () => {
        const said = [...document.querySelectorAll('[role="status"]')].some((node) => node.textContent === text);
        if (said) document.documentElement.dataset.collectedShown = 'true';
      };
      new MutationObserver(seen).observe(document, { subtree: true, childList: true, characterData: true });
    }, COLLECTED);
  }
  await page.goto(url);
  await page.locator('html[data-collected-shown="true"]').waitFor({ state: 'attached' });
}
