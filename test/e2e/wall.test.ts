/**
 * The live wall ('Telão', issue 27) in Chromium at a TV's sizes, against the whole stack with the
 * demo seed: a booth's upload goes on the wall as the server pushes it, with the QR code of its
 * collect link (read back from the screen), at 1280x720 and 1920x1080 with nothing cut or
 * overflowing; and a wall left open through a server restart goes on showing new photos.
 */
import fs from 'node:fs';
import path from 'node:path';
import jsQR from 'jsqr';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { startStackProcess, type StackProcess, stackFolder } from '../../scripts/lib/stackProcess';
import { freePort } from '../../tools/localStack/freePort';
import { expectAccessible } from './support/accessibility';
import { baseUrl, launchBrowser } from './support/browser';
import { demoSeed } from './support/demoSeed';
import { eventually } from './support/eventually';
import { logIn, newGuest } from './support/guest';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(() => browser.close());

const FESTA = (demoSeed().events ?? []).find((event) => event.name === 'festa_ana');
const FEED_DEVICE = (demoSeed().devices ?? []).find((device) => device.id === 'cabine-feed');
const FESTA_PRINTERS = (demoSeed().devices ?? []).filter((device) => device.kind === 'printer' && device.event === 'festa_ana');
/** Where the journeys leave the wall's screenshots (test-results/ is not committed). */
const SHOTS = path.resolve(__dirname, '../../test-results');

/** Uploads a photo as festa_ana's feed booth to the stack at `base`; its media URL. */
async function upload(base: string, file: string, colour: string): Promise<string> {
  if (!FEED_DEVICE?.key) throw new Error('the demo seed has no cabine-feed with a readable key');
  const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
  const response = await fetch(`${base}/api/device/media?file=${file}`, {
    method: 'POST',
    headers: { 'x-device-id': FEED_DEVICE.id, 'x-device-key': FEED_DEVICE.key, 'content-type': 'image/jpeg' },
    body: photo,
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { url: string }).url;
}

/** A TV's browser on the wall of festa_ana: its page, the wall's streams answered so far, and the page's errors. */
async function openWall(base: string, width: number, height: number) {
  const context = await browser.newContext({ viewport: { width, height }, locale: 'pt-BR', serviceWorkers: 'block' });
  const page = await context.newPage();
  const errors: string[] = [];
  const streams: { status: number; type: string }[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.endsWith('/ao-vivo')) streams.push({ status: response.status(), type: response.headers()['content-type'] ?? '' });
  });
  await page.goto(`${base}/telao?evento=${FESTA?.publicId}`);
  await page.getByRole('heading', { level: 1, name: 'Festa da Ana' }).waitFor();
  await page.locator('.wall__media').waitFor();
  return { page, errors, streams, close: () => context.close() };
}

const onScreen = async (page: Page) => new URL((await page.locator('.wall__media').getAttribute('src')) ?? '', 'http://x').pathname;

/** The QR code on the wall, read back from a screenshot of it. */
async function qrOnScreen(page: Page): Promise<string | null> {
  const shot = await page.locator('.wall__qr').screenshot();
  const { data, info } = await sharp(shot).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data ?? null;
}

/** Where the photo, the QR code and the title lie, and whether anything spills out of the screen. */
function layout(page: Page) {
  return page.evaluate(() => {
    const box = (selector: string) => {
      const rect = document.querySelector(selector)?.getBoundingClientRect();
      return rect ? { left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom } : null;
    };
    return {
      viewport: { width: window.innerWidth, height: window.innerHeight },
      scroll: { width: document.documentElement.scrollWidth, height: document.documentElement.scrollHeight },
      media: box('.wall__media'),
      qr: box('.wall__qr'),
      title: box('.wall__title'),
    };
  });
}

function expectOnScreen(shape: Awaited<ReturnType<typeof layout>>): void {
  const { viewport, scroll } = shape;
  expect(scroll).toEqual(viewport);
  for (const part of [shape.media, shape.qr, shape.title]) {
    expect(part).not.toBeNull();
    expect(part!.left).toBeGreaterThanOrEqual(0);
    expect(part!.top).toBeGreaterThanOrEqual(0);
    expect(part!.right).toBeLessThanOrEqual(viewport.width);
    expect(part!.bottom).toBeLessThanOrEqual(viewport.height);
  }
  // The photo and the QR code side by side, not on top of each other.
  expect(shape.media!.right).toBeLessThanOrEqual(shape.qr!.left);
}

describe('the live wall', () => {
  it("shows a booth's upload at 1280x720 as the server pushes it, with the QR code of that photo's collect link", async () => {
    const wall = await openWall(baseUrl(), 1280, 720);
    // Followed live: while its stream is open the wall polls every 30 s only, so a photo shown
    // within the next seconds was pushed, not polled.
    await eventually(() => expect(wall.streams).toEqual([{ status: 200, type: 'text/event-stream; charset=utf-8' }]));
    await wall.page.getByText('Ao vivo').waitFor();

    const url = await upload(baseUrl(), 'telao-1280.jpg', '#be185d');
    await eventually(async () => expect(await onScreen(wall.page)).toBe(url), 10_000);
    expect(await qrOnScreen(wall.page)).toBe(`${baseUrl()}/collect?id=${encodeURIComponent(url)}`);
    expectOnScreen(await layout(wall.page));
    await expectAccessible(wall.page, '/telao (1280x720)');
    fs.mkdirSync(SHOTS, { recursive: true });
    await wall.page.screenshot({ path: path.join(SHOTS, 'telao-1280x720.png') });
    expect(wall.streams).toHaveLength(1);
    expect(wall.errors).toEqual([]);
    await wall.close();
  });

  it('fills a 1920x1080 screen the same way, its QR code readable', async () => {
    const wall = await openWall(baseUrl(), 1920, 1080);
    const url = await upload(baseUrl(), 'telao-1920.jpg', '#1d4ed8');
    await eventually(async () => expect(await onScreen(wall.page)).toBe(url), 10_000);
    expect(await qrOnScreen(wall.page)).toBe(`${baseUrl()}/collect?id=${encodeURIComponent(url)}`);
    expectOnScreen(await layout(wall.page));
    await expectAccessible(wall.page, '/telao (1920x1080)');
    await wall.page.screenshot({ path: path.join(SHOTS, 'telao-1920x1080.png') });
    expect(wall.errors).toEqual([]);
    await wall.close();
  });
});

describe("the team's events", () => {
  it("opens any event's wall and printers from the team's account", async () => {
    const team = await newGuest(browser);
    await logIn(team.page, 'equipe@cabine.example', 'demo1234');
    await team.page.getByRole('heading', { name: /^Olá, / }).waitFor();
    await team.page.getByRole('navigation', { name: 'Minha conta' }).getByRole('button', { name: 'Eventos da equipe' }).click();
    await team.page.getByRole('searchbox', { name: 'Buscar por nome, título ou e-mail do cliente' }).fill('Festa da Ana');
    await team.page.getByRole('button', { name: 'Buscar' }).click();
    await team.page.getByText('1 evento encontrado para “Festa da Ana”.').waitFor();
    const festa = team.page.getByRole('listitem').filter({ has: team.page.getByRole('heading', { name: 'Festa da Ana' }) });
    await festa.getByRole('button', { name: 'Telão e impressão' }).click();

    // Its printers and queue, as the server has them.
    const printing = festa.getByRole('region', { name: 'Impressão' });
    await printing.getByText(/^Na fila: \d+ · Imprimindo: \d+$/).waitFor();
    expect(FESTA_PRINTERS.length).toBeGreaterThan(0);
    for (const device of FESTA_PRINTERS) await printing.getByText(new RegExp(`^Impressora ${device.id}: `)).waitFor();
    await expectAccessible(team.page, "/account?secao=eventos (an event's tools open)");

    // 'Abrir o telão' opens the wall in a new tab, the team's session opening it.
    const [wall] = await Promise.all([team.page.context().waitForEvent('page'), festa.getByRole('link', { name: 'Abrir o telão' }).click()]);
    await wall.getByRole('heading', { level: 1, name: 'Festa da Ana' }).waitFor();
    expect(new URL(wall.url()).pathname + new URL(wall.url()).search).toBe(`/telao?evento=${FESTA?.publicId}`);
    expect(team.alerts).toEqual([]);
    await team.close();
  });
});

describe('a wall left open while its server restarts', () => {
  let stack: StackProcess | null = null;
  let dir = '';

  afterAll(async () => {
    await stack?.interrupt();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('goes on by itself: a photo uploaded after the restart goes on the wall', async () => {
    dir = stackFolder('e2e-telao-');
    const distDir = path.join(path.dirname(process.env.E2E_DATA_DIR ?? ''), 'dist');
    // The same ports and data after the restart, as a server's own restart keeps them.
    const env = {
      DATA_DIR: path.join(dir, 'data'),
      DIST_DIR: distDir,
      PORT: String(await freePort()),
      AUTH_EMULATOR_PORT: String(await freePort()),
      FIREBASE_AUTH_EMULATOR_HOST: '',
      TEAM_EMAILS: '',
    };
    stack = await startStackProcess(env);
    const base = stack.url.replace(/\/$/, '');
    const wall = await openWall(base, 1280, 720);
    await eventually(() => expect(wall.streams).toHaveLength(1));

    await stack.interrupt();
    stack = null;
    stack = await startStackProcess(env);
    expect(stack.url.replace(/\/$/, '')).toBe(base);
    const url = await upload(base, 'depois-do-reinicio.jpg', '#047857');
    await eventually(async () => expect(await onScreen(wall.page)).toBe(url), 30_000);
    // It came back live, not only polling: a stream open again on the new server.
    await eventually(() => expect(wall.streams.filter((stream) => stream.status === 200).length).toBeGreaterThanOrEqual(2), 30_000);
    await wall.page.getByText('Ao vivo').waitFor();
    expect(wall.errors).toEqual([]);
    await wall.close();
  }, 240_000);
});
