/**
 * Whether a page can be installed as an app, asked of Chrome itself over the DevTools protocol (Lighthouse 12
 * dropped its PWA category): Chrome's installability errors, the manifest link, a service worker ready in time.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

/** How long the page has to get a service worker ready before the check says it has none. */
const SERVICE_WORKER_WAIT_MS = 10_000;

export interface Installability {
  /** Chrome's reasons the page cannot be installed (Page.getInstallabilityErrors); empty: installable. */
  errors: string[];
  manifest: boolean;
  serviceWorker: 'ready' | 'none' | 'unsupported';
}

/**
 * Opens the page in Chromium and asks Chrome what keeps it from being installed, whether it
 * links a manifest, and whether a service worker becomes ready for it.
 */
export async function installability(url: string, chrome: string): Promise<Installability> {
  // A profile on disk: Chrome never offers to install from an incognito window.
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-pwa-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: chrome, args: ['--no-sandbox'] });
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    const serviceWorker = await page.evaluate(async (waitMs) => {
      if (!('serviceWorker' in navigator)) return 'unsupported' as const;
      const timeout = new Promise<'none'>((resolve) => setTimeout(() => resolve('none'), waitMs));
      return Promise.race([navigator.serviceWorker.ready.then(() => 'ready' as const), timeout]);
    }, SERVICE_WORKER_WAIT_MS);
    const manifest = await page.evaluate(() => document.querySelector('link[rel="manifest"]') !== null);
    const session = await context.newCDPSession(page);
    const { installabilityErrors } = await session.send('Page.getInstallabilityErrors');
    const errors = installabilityErrors.map((e) =>
      [e.errorId, ...e.errorArguments.map((a) => `${a.name}=${a.value}`)].join(' '),
    );
    return { errors, manifest, serviceWorker };
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }
}

export function installabilityCell(check: Installability): string {
  if (check.errors.length === 0 && check.serviceWorker === 'ready') return 'installable';
  const missing = [!check.manifest && 'no manifest', check.serviceWorker !== 'ready' && 'no service worker'].filter(
    Boolean,
  );
  return `NOT installable (${missing.join(', ') || 'see below'})`;
}
