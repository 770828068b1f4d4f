/**
 * `npm run bench:lighthouse`: Lighthouse (mobile: Moto G class phone, slow 4G, 4x CPU, simulated)
 * on the landing page, a collect link of a seeded public photo and a booth gallery, served by the
 * production build with the demo seed exactly as `npm start` serves it, several runs each; prints
 * each run, then one table of the medians (performance, accessibility, LCP, TBT, CLS) and the
 * installability checks (Lighthouse 12 dropped its PWA category: the checks are asked of Chrome
 * itself over the DevTools protocol).
 *
 *   LIGHTHOUSE_RUNS=3 npm run bench:lighthouse          (5 runs by default)
 *   LIGHTHOUSE_PATH=/eventos npm run bench:lighthouse   (one page instead of the three)
 *   LIGHTHOUSE_PAGES=gallery npm run bench:lighthouse   (the pages whose label holds this)
 *   LIGHTHOUSE_REPORT_DIR=/tmp/lh npm run bench:lighthouse  (every run's whole report kept there, as JSON)
 *   LIGHTHOUSE_PRESET=desktop npm run bench:lighthouse
 *     (Lighthouse's desktop preset: a 1350x940 screen, no CPU slowdown)
 */
import fs from 'node:fs';
import path from 'node:path';
import type { RunnerResult } from 'lighthouse';
import { chromium } from 'playwright-core';
import { freePort } from '../tools/localStack/freePort';
import { startStackProcess, type StackProcess, stackFolder } from './lib/stackProcess';
import { line, medianRun, table, type Run } from './lib/lighthouseReport';
import { installability, type Installability } from './lib/pwaInstallability';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
/** A wall is a TV and a dashboard a computer: Lighthouse's desktop preset measures them as such. */
const DESKTOP = process.env.LIGHTHOUSE_PRESET === 'desktop';
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** Besides playwright-core's own (headless among them). */
const CHROME_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
interface Page {
  label: string;
  path: string;
  /**
   * How a guest reaches the page before it is measured, when its address alone is not enough: a
   * booth gallery gets its event from the navigation (docs/product.md#event-page), so it is measured as
   * the reload of a gallery the guest opened, storage cleared, its navigation state kept.
   */
  reachedBy?: 'collect-then-event';
}

const COLLECT_LINK = '/collect?id=/media/festa_ana/pad/pad-01.jpg';

/** The demo seed's festa_ana is public: its first pad photo and its pad booth's gallery. */
const PAGES: Page[] = process.env.LIGHTHOUSE_PATH
  ? [{ label: process.env.LIGHTHOUSE_PATH, path: process.env.LIGHTHOUSE_PATH }]
  : [
      { label: 'landing /', path: '/' },
      { label: 'collect', path: COLLECT_LINK },
      { label: 'booth gallery (pad)', path: '/eventos/evento/pad', reachedBy: 'collect-then-event' as const },
    ].filter((page) => page.label.includes(process.env.LIGHTHOUSE_PAGES ?? ''));

/**
 * Chromium for one Lighthouse run, started by playwright-core (the tooling's one browser driver)
 * with the DevTools port Lighthouse connects to. Playwright leaves alone the tabs Lighthouse opens
 * there (they are not in a context of its own).
 */
async function launchChrome(): Promise<{ port: number; close: () => Promise<void> }> {
  const port = await freePort();
  const browser = await chromium.launch({
    executablePath: CHROME,
    args: [...CHROME_FLAGS, `--remote-debugging-port=${port}`],
  });
  return { port, close: () => browser.close() };
}

/**
 * The guest's way to the pad gallery: the collect link, 'Coletado!', 'Ir para Evento'. Then
 * Lighthouse measures the reload of that gallery, cold (storage and caches cleared) and throttled,
 * which keeps the event the navigation carried. Lighthouse measures a navigation in a tab already
 * open only through its user-flow API, which takes a Puppeteer page: puppeteer-core is here for
 * that alone, the page handed to Lighthouse.
 */
async function galleryReload(port: number, base: string, url: string): Promise<RunnerResult | undefined> {
  const { default: puppeteer } = await import('puppeteer-core');
  const { navigation } = await import('lighthouse');
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const page = await browser.newPage();
    await page.goto(`${base}${COLLECT_LINK}`, { waitUntil: 'load' });
    await page.waitForFunction(() => document.body.innerText.includes('Coletado!'), { timeout: 30_000 });
    await page.evaluate(() =>
      [...document.querySelectorAll('button')]
        .find((button) => button.textContent?.trim() === 'Ir para Evento')
        ?.click(),
    );
    await page.waitForFunction(
      (path: string) => location.pathname === path && document.querySelector('[role="list"] img') !== null,
      { timeout: 30_000 },
      new URL(url).pathname,
    );
    // A cold reload, as a guest's first load: no service worker, caches, cookies or storage left
    // (Lighthouse itself does not clear them for a navigation it does not start).
    const session = await page.createCDPSession();
    await session.send('Storage.clearDataForOrigin', { origin: base, storageTypes: 'all' });
    await session.send('Network.clearBrowserCache');
    // The worker's removal is finished asynchronously: until then it would answer the reload
    // from its precache. Its fetch handler is bypassed for this page, so the reload is cold.
    await session.send('Network.enable');
    await session.send('Network.setBypassServiceWorker', { bypass: true });
    return await navigation(page, async () => void (await page.reload()), {
      flags: { logLevel: 'error', onlyCategories: ['performance', 'accessibility'], disableStorageReset: true },
    });
  } finally {
    await browser.disconnect();
  }
}

async function audit(page: Page, base: string): Promise<Run> {
  const url = `${base}${page.path}`;
  const { default: lighthouse } = await import('lighthouse');
  const chrome = await launchChrome();
  try {
    const result = page.reachedBy
      ? await galleryReload(chrome.port, base, url)
      : await lighthouse(
          url,
          { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] },
          DESKTOP ? (await import('lighthouse/core/config/desktop-config.js')).default : undefined,
        );
    const lhr = result?.lhr;
    if (!lhr) throw new Error('Lighthouse returned no report');
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    // A page that came from the service worker or a cache is not the first load being measured.
    const requests =
      (
        lhr.audits['network-requests']?.details as
          { items?: Array<{ resourceType?: string; transferSize?: number }> } | undefined
      )?.items ?? [];
    if (!requests.some((request) => request.resourceType === 'Document' && (request.transferSize ?? 0) > 0)) {
      throw new Error('the page did not come from the network (a service worker or a cache answered)');
    }
    const reportDir = process.env.LIGHTHOUSE_REPORT_DIR;
    if (reportDir) {
      fs.mkdirSync(reportDir, { recursive: true });
      fs.writeFileSync(
        path.join(reportDir, `${new URL(url).pathname.replace(/\W+/g, '_')}-${Date.now()}.json`),
        JSON.stringify(lhr),
      );
    }
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    if (process.env.LIGHTHOUSE_VERBOSE) {
      const brief = (value: unknown, length: number) => (JSON.stringify(value) ?? '').slice(0, length);
      for (const ref of [
        ...(lhr.categories.accessibility?.auditRefs ?? []),
        ...(lhr.categories.performance?.auditRefs ?? []),
      ]) {
        const a = lhr.audits[ref.id];
        if (a && a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
          console.log(`  ${a.id}: ${a.title}`, brief(a.details, 600));
      }
      console.log('  LCP element:', brief(lhr.audits['largest-contentful-paint-element']?.details, 800));
      console.log(
        '  LCP breakdown:',
        brief(lhr.audits['lcp-breakdown-insight']?.details ?? lhr.audits['lcp-phases-insight']?.details, 800),
      );
    }
    return {
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
      lcp: numeric('largest-contentful-paint'),
      tbt: numeric('total-blocking-time'),
      cls: numeric('cumulative-layout-shift'),
      fcp: numeric('first-contentful-paint'),
    };
  } finally {
    await chrome.close();
  }
}

async function auditWithRetries(page: Page, base: string, label: string): Promise<Run> {
  // A trace can come back broken on a busy machine (NO_NAVSTART): that run is tried again.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await audit(page, base);
    } catch (error) {
      if (attempt >= 3) throw error;
      console.log(`${label}: ${(error as Error).message}; trying again`);
    }
  }
}

async function main(): Promise<void> {
  const dir = stackFolder('bench-lighthouse-');
  let stack: StackProcess | null = null;
  try {
    // The demo seed (its public festa_ana) gives the collect link and the gallery their media.
    // Nobody signs in: an emulator address that is never called spares starting the emulator.
    stack = await startStackProcess(
      {
        DATA_DIR: path.join(dir, 'data'),
        DIST_DIR: path.join(dir, 'dist'),
        SKIP_BUILD: '0',
        FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9',
      },
      { timeoutMs: 300_000 },
    );
    const rows: { page: Page; median: Run; check: Installability }[] = [];
    for (const page of PAGES) {
      const url = `${stack.url}${page.path}`;
      console.log(
        `\n${page.label}: Lighthouse ${RUNS} runs on ${url} (${DESKTOP ? 'desktop' : 'mobile'}, simulated throttling)`,
      );
      const runs: Run[] = [];
      for (let i = 1; i <= RUNS; i += 1) {
        const run = await auditWithRetries(page, stack.url, `run ${i}`);
        runs.push(run);
        console.log(line(`run ${i}`, run));
      }
      const check = await installability(url, CHROME);
      rows.push({ page, median: medianRun(runs), check });
      console.log(line('median', medianRun(runs)));
    }

    console.log(
      `\nMedians of ${RUNS} runs per page (` +
        `${DESKTOP ? 'desktop: 1350x940, no CPU slowdown' : 'mobile: slow 4G, 4x CPU slowdown'}, simulated)\n`,
    );
    console.log(table(rows));
    console.log(
      '\nInstallability (Chrome DevTools Protocol Page.getInstallabilityErrors after load; service worker: ' +
        'navigator.serviceWorker.ready within 10 s):',
    );
    for (const { page, check } of rows) {
      const errors = check.errors.length > 0 ? check.errors.join('; ') : 'none';
      console.log(
        `  ${page.label}: manifest ${check.manifest ? 'linked' : 'MISSING'}, service worker ` +
          `${check.serviceWorker === 'ready' ? 'ready' : 'NOT READY'}, Chrome's errors: ${errors}`,
      );
    }
  } finally {
    await stack?.interrupt();
    fs.rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }
}

main().catch((error: unknown) => {
  console.error('bench:lighthouse failed:', error);
  process.exitCode = 1;
});
