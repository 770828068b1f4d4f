import type { Browser, BrowserContext } from 'playwright-core';

export { launchBrowser } from '../../../scripts/lib/browser';

export function baseUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL missing: run the browser tests through jest (global setup)');
  return url;
}

/** A phone-sized context: the product's guests are on phones. */
export function phoneContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'pt-BR' });
}
