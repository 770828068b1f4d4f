/**
 * Public events' files from a CDN (MEDIA_PUBLIC_BASE), in a real Chromium: a second
 * app server on the run's stack whose public files are sent to a CDN of another origin (nginx's
 * cache in front of that server, as a CDN whose origin is the app would be). The collect page shows its photo from the
 * CDN, the service worker keeps it for offline, and the CDN asks the app once per file.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { startBalancer, stopAll, type RunningProcess } from '../../scripts/lib/appCluster';
import { type StackProcess, stackFolder } from '../../scripts/lib/stackProcess';
import { freePort } from '../../tools/localStack/freePort';
import { startAppBeside } from './support/appBeside';
import { launchBrowser } from './support/browser';
import { seededMedia } from './support/demoSeed';
import { eventually } from './support/eventually';
import { picturesLoaded, savedPaths } from './support/offlinePage';
import { newGuest } from './support/guest';

let browser: Browser;
let stack: StackProcess | null = null;
let cdn: RunningProcess | null = null;
let dir = '';
let cdnBase = '';

beforeAll(async () => {
  browser = await launchBrowser();
  dir = stackFolder('e2e-cdn-');
  const cdnPort = await freePort();
  cdnBase = `http://127.0.0.1:${cdnPort}`;
  // A server of its own (its public files sent to the CDN), on the run's stack's database.
  stack = await startAppBeside({ MEDIA_PUBLIC_BASE: cdnBase });
  cdn = await startBalancer([Number(new URL(stack.url).port)], path.join(dir, 'nginx'), { cdnPort });
});

afterAll(async () => {
  // nginx's master is stopped by SIGTERM: a SIGKILL of it would leave its worker listening.
  await stopAll([cdn], 'SIGTERM');
  await stack?.interrupt();
  await browser.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

it("shows a public event's photo from the CDN on the collect page, and the worker keeps it for offline", async () => {
  const base = stack?.url ?? '';
  const [photo] = seededMedia('festa_ana', 'pad');
  const display = `/display${photo.slice('/media'.length)}.webp`;
  const { page, errors, close } = await newGuest(browser);
  const fromCdn: string[] = [];
  page.on('response', (response) => {
    if (response.url().startsWith(cdnBase)) fromCdn.push(`${new URL(response.url()).pathname} ${response.status()}`);
  });

  await page.goto(`${base}/collect?id=${photo}`);
  await page.getByText('Coletado!').waitFor();
  await page.getByRole('img', { name: 'Foto do evento festa_ana' }).waitFor();
  expect(await picturesLoaded(page, '.collect__stage')).toBeGreaterThan(0);
  // The app's address of the photo sent the browser to the CDN, which had it from the app.
  expect(fromCdn).toContain(`/publico${display} 200`);

  // Under the worker, the rendition from the CDN is kept, under the app's own address.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  await page.reload();
  await page.getByRole('img', { name: 'Foto do evento festa_ana' }).waitFor();
  await eventually(async () => expect(await savedPaths(page, 'cabine-display-v1')).toContain(display));

  await page.context().setOffline(true);
  await page.reload();
  await page.getByRole('img', { name: 'Foto do evento festa_ana' }).waitFor();
  expect(await picturesLoaded(page, '.collect__stage')).toBeGreaterThan(0);
  await page.context().setOffline(false);
  expect(
    errors.filter((error) => !/Failed to fetch|ERR_INTERNET_DISCONNECTED|NetworkError|no-response/.test(error)),
  ).toEqual([]);
  await close();

  // The CDN keeps what the app says it may: the next phone's copy does not reach the app.
  const again = await fetch(`${cdnBase}/publico${display}`);
  expect(again.status).toBe(200);
  expect(again.headers.get('x-cache')).toBe('HIT');
  expect(again.headers.get('access-control-allow-origin')).toBe('*');
});

it('never lets the CDN hold a file the app does not give to everyone, whatever cookies it is sent', async () => {
  const base = stack?.url ?? '';
  // A private event's cover (its name is the seed's) and a file no event has: 404 from the app
  // through the CDN, asked twice, and the second is no copy the CDN kept.
  const privateCover = '/media/formatura_privada/feed/capa.jpg';
  for (const url of [`${cdnBase}/publico${privateCover}`, `${cdnBase}/publico/media/festa_ana/pad/nao-existe.jpg`]) {
    for (const time of [1, 2]) {
      const reply = await fetch(url, { headers: { cookie: 'qualquer=coisa' } });
      expect({ url, time, status: reply.status, cache: reply.headers.get('x-cache') }).toEqual({
        url,
        time,
        status: 404,
        cache: 'MISS',
      });
    }
  }
  // At the app's own address the private cover keeps its gate (a stranger is told nothing of the
  // event: 404), and is never sent to the CDN.
  const gated = await fetch(`${base}${privateCover}`, { redirect: 'manual' });
  expect(gated.status).toBe(404);
  expect(gated.headers.get('location')).toBeNull();
  // A public file's is a redirect to the CDN, kept a few minutes by the browser.
  const [photo] = seededMedia('festa_ana', 'pad');
  const redirect = await fetch(`${base}${photo}`, { redirect: 'manual' });
  expect(redirect.status).toBe(302);
  expect(redirect.headers.get('location')).toBe(`${cdnBase}/publico${photo}`);
});
