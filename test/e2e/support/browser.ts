import type { Browser, BrowserContext, BrowserContextOptions } from 'playwright-core';

import { connectBrowser, launchBrowser as launchChromium } from '../../../scripts/lib/browser';

/**
 * The run's Chromium (started once by the global setup), or one of the file's own when it needs
 * other command-line flags (a fake camera): each file's contexts are its own either way, and
 * closing what this returns closes them.
 */
export function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  const shared = process.env.E2E_BROWSER_WS;
  return shared && extraArgs.length === 0 ? connectBrowser(shared) : launchChromium(extraArgs, 'shell');
}

export function baseUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL missing: run the browser tests through jest (global setup)');
  return url;
}

/**
 * A phone: the product's guests are on phones. Its size, touch, and an Android user agent (the
 * SDKs look at it: Firebase, for one, prepares Google sign-in up front on mobile browsers).
 */
export function phoneContext(
  browser: Browser,
  options: Pick<BrowserContextOptions, 'serviceWorkers'> = {},
): Promise<BrowserContext> {
  const userAgent =
    `Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${browser.version()} ` +
    `Mobile Safari/537.36`;
  return browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'pt-BR',
    userAgent,
    ...options,
  });
}
