/**
 * The live wall ('Telão') in Chromium at a TV's sizes, against the whole stack with the
 * demo seed: a booth's upload goes on the wall as the server pushes it, with the QR code of its
 * collect link (read back from the screen), at 1280x720 and 1920x1080 with nothing cut or
 * overflowing; and a wall left open through a server restart goes on showing new photos.
 * A night of photos: while a booth keeps uploading, each new one goes on the wall
 * first and the whole night comes back in turn; once the owner takes every guest's access, the
 * owner's wall follows the event to its new address with QR codes that open it, and the owner
 * is shown the new link.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import jsQR from 'jsqr';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { connectStackDatabase } from '../../scripts/lib/stackDatabase';
import type { StackProcess } from '../../scripts/lib/stackProcess';
import type { SeedFile } from '../../server/src/modules/seed/seedFormat';
import { freePort } from '../../tools/localStack/freePort';
import { expectAccessible } from './support/accessibility';
import { startAppBeside } from './support/appBeside';
import { seedIn } from './support/seedBeside';
import { baseUrl, launchBrowser } from './support/browser';
import { demoSeed } from './support/demoSeed';
import { eventually } from './support/eventually';
import { logIn, newGuest } from './support/guest';
import { DEVICE_PATHS } from '../../contract/devicePaths';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(() => browser.close());

const FESTA = (demoSeed().events ?? []).find((event) => event.name === 'festa_ana');
const FEED_DEVICE = (demoSeed().devices ?? []).find((device) => device.id === 'cabine-feed');
const FESTA_PRINTERS = (demoSeed().devices ?? []).filter(
  (device) => device.kind === 'printer' && device.event === 'festa_ana',
);
/** Where the journeys leave the wall's screenshots (test-results/ is not committed). */
const SHOTS = path.resolve(__dirname, '../../test-results');

/** Uploads a photo as festa_ana's feed booth to the stack at `base`; its media URL. */
async function upload(base: string, file: string, colour: string): Promise<string> {
  if (!FEED_DEVICE?.key) throw new Error('the demo seed has no cabine-feed with a readable key');
  const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
  const response = await fetch(`${base}${DEVICE_PATHS.media}?file=${file}`, {
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
    if (new URL(response.url()).pathname.endsWith('/ao-vivo'))
      streams.push({ status: response.status(), type: response.headers()['content-type'] ?? '' });
  });
  await page.goto(`${base}/telao?evento=${FESTA?.publicId}`);
  await page.getByRole('heading', { level: 1, name: 'Festa da Ana' }).waitFor();
  await page.locator('.wall__media').waitFor();
  return { page, errors, streams, close: () => context.close() };
}

const onScreen = async (page: Page) =>
  new URL((await page.locator('.wall__media').getAttribute('src')) ?? '', 'http://x').pathname;

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
  it(`shows a booth's upload at 1280x720 as the server pushes it, with the QR code of that photo's collect \
link`, async () => {
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
    await team.page
      .getByRole('navigation', { name: 'Minha conta' })
      .getByRole('button', { name: 'Eventos da equipe' })
      .click();
    await team.page
      .getByRole('searchbox', { name: 'Buscar por nome, título ou e-mail do cliente' })
      .fill('Festa da Ana');
    await team.page.getByRole('button', { name: 'Buscar' }).click();
    await team.page.getByText('1 evento encontrado para “Festa da Ana”.').waitFor();
    const festa = team.page
      .getByRole('listitem')
      .filter({ has: team.page.getByRole('heading', { name: 'Festa da Ana' }) });
    await festa.getByRole('button', { name: 'Telão e impressão' }).click();

    // Its printers and queue, as the server has them.
    const printing = festa.getByRole('region', { name: 'Impressão' });
    await printing.getByText(/^Na fila: \d+ · Imprimindo: \d+$/).waitFor();
    expect(FESTA_PRINTERS.length).toBeGreaterThan(0);
    // Named as people know them, never by the device's id.
    const names =
      FESTA_PRINTERS.length > 1 ? FESTA_PRINTERS.map((_, index) => `Impressora ${index + 1}`) : ['Impressora'];
    for (const name of names) await printing.getByText(new RegExp(`^${name}: `)).waitFor();
    for (const device of FESTA_PRINTERS) expect(await printing.getByText(device.id).count()).toBe(0);
    await expectAccessible(team.page, "/account?secao=eventos (an event's tools open)");

    // 'Abrir o telão' opens the wall in a new tab, the team's session opening it.
    const [wall] = await Promise.all([
      team.page.context().waitForEvent('page'),
      festa.getByRole('link', { name: 'Abrir o telão' }).click(),
    ]);
    await wall.getByRole('heading', { level: 1, name: 'Festa da Ana' }).waitFor();
    expect(new URL(wall.url()).pathname + new URL(wall.url()).search).toBe(`/telao?evento=${FESTA?.publicId}`);
    expect(team.alerts).toEqual([]);
    await team.close();
  });
});

describe('a wall left open while its server restarts', () => {
  let stack: StackProcess | null = null;

  afterAll(() => stack?.interrupt());

  it('goes on by itself: a photo uploaded after the restart goes on the wall', async () => {
    // A server of its own on the run's stack (its database, data and emulator), restarted on the
    // same port, as a server's own restart keeps it.
    const env = { PORT: String(await freePort()) };
    stack = await startAppBeside(env);
    const base = stack.url.replace(/\/$/, '');
    const wall = await openWall(base, 1280, 720);
    await eventually(() => expect(wall.streams).toHaveLength(1));

    await stack.interrupt();
    stack = null;
    stack = await startAppBeside(env);
    expect(stack.url.replace(/\/$/, '')).toBe(base);
    const url = await upload(base, 'depois-do-reinicio.jpg', '#047857');
    await eventually(async () => expect(await onScreen(wall.page)).toBe(url), 30_000);
    // It came back live, not only polling: a stream open again on the new server.
    await eventually(
      () => expect(wall.streams.filter((stream) => stream.status === 200).length).toBeGreaterThanOrEqual(2),
      30_000,
    );
    await wall.page.getByText('Ao vivo').waitFor();
    expect(wall.errors).toEqual([]);
    await wall.close();
  }, 240_000);
});

/** A seed beside the running stack, in the folder of its photos. */
const seed = (dir: string, content: SeedFile) => seedIn(dir, content);

/** A photo of the night: a colour of its own and its number, large, as a booth's strip would be. */
function nightPhoto(n: number): Promise<Buffer> {
  const hue = (n * 47) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="640">
    <rect width="100%" height="100%" fill="hsl(${hue},70%,45%)"/>
    <text x="50%" y="56%" font-family="sans-serif" font-size="220" font-weight="700" fill="white"
      text-anchor="middle">${n}</text></svg>`;
  return sharp(Buffer.from(svg)).jpeg().toBuffer();
}

describe('a night of photos on the wall', () => {
  const tag = crypto.randomBytes(4).toString('hex');
  const event = `noite_${tag}`;
  const device = { id: `cabine-${tag}`, key: `chave-${tag}-0001` };
  const owner = { uid: `dona-${tag}`, email: `dona-${tag}@example.com`, password: 'segredo-123' };
  const orderId = `${100_000_000 + crypto.randomInt(800_000_000)}`;
  const PHOTOS = 30;
  let dir = '';
  /** The night, oldest first, as the database orders it. */
  let night: string[] = [];
  let publicId = '';

  const uploadTo = async (n: number): Promise<string> => {
    const response = await fetch(`${baseUrl()}${DEVICE_PATHS.media}?file=nova-${n}.jpg`, {
      method: 'POST',
      headers: { 'x-device-id': device.id, 'x-device-key': device.key, 'content-type': 'image/jpeg' },
      body: new Uint8Array(await nightPhoto(n)),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { url: string }).url;
  };

  /** The owner's computer on the event's wall (the owner needs no wall link), its clock in the test's hands. */
  async function ownersWall(viewport: { width: number; height: number }) {
    const context = await browser.newContext({ viewport, locale: 'pt-BR', serviceWorkers: 'block' });
    await context.clock.install();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await logIn(page, owner.email, owner.password);
    await page.waitForURL(`${baseUrl()}/account`);
    await page.goto(`${baseUrl()}/telao?evento=${publicId}`);
    await page.getByRole('heading', { level: 1, name: 'Noite da Festa' }).waitFor();
    await page.locator('.wall__media').waitFor();
    return { page, errors, close: () => context.close() };
  }
  /** The wall's slide's time passes (8 s), in the page's clock. */
  const nextSlide = (page: Page) => page.clock.fastForward(8_000);

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'telao-noite-'));
    const media: NonNullable<SeedFile['media']> = [];
    for (let n = 1; n <= PHOTOS; n += 1) {
      fs.writeFileSync(path.join(dir, `foto-${n}.jpg`), await nightPhoto(n));
      media.push({
        event,
        mode: 'pad',
        file: `foto-${String(n).padStart(2, '0')}.jpg`,
        source: `foto-${n}.jpg`,
        device: device.id,
      });
    }
    await seed(dir, {
      accounts: [{ uid: owner.uid, email: owner.email, password: owner.password, displayName: 'Dona da Noite' }],
      orders: [
        {
          orderId,
          coupon: 'BEMVINDO10',
          uid: owner.uid,
          clientName: 'Dona da Noite',
          email: owner.email,
          cpf: '52998224725',
          eventName: 'Noite da Festa',
          eventDate: '2026-11-28',
          eventTime: '21:00',
          paymentMethod: 'card',
          status: 'approved',
          products: [{ id: 'totem-fotos' }],
        },
      ],
      events: [{ name: event, title: 'Noite da Festa', visibility: 'link', devices: ['pad'] }],
      devices: [{ id: device.id, kind: 'booth', event, mode: 'pad', key: device.key }],
      media,
    });
    // An hour of party: the photos two minutes apart, the last a minute ago; the event is the
    // owner's, made by their paid order (as 'Criar meu Evento' makes it).
    const db = await connectStackDatabase(process.env.E2E_DATA_DIR ?? '');
    try {
      await db.query('UPDATE events SET owner_uid = $2, order_id = $3 WHERE name = $1', [event, owner.uid, orderId]);
      await db.query(
        `UPDATE media m SET created_at = now() - interval '61 minutes' + o.n * interval '2 minutes'
           FROM (SELECT id, row_number() OVER (ORDER BY source_name) AS n FROM media WHERE event_name = $1) o
          WHERE m.id = o.id`,
        [event],
      );
      night = (
        await db.query<{ url: string }>(
          "SELECT '/media/' || event_name || '/' || mode || '/' || file AS url FROM media WHERE event_name = " +
            "$1 AND role = 'booth' ORDER BY created_at, id",
          [event],
        )
      ).rows.map((row) => row.url);
      publicId = (await db.query<{ public_id: string }>('SELECT public_id FROM events WHERE name = $1', [event]))
        .rows[0].public_id;
    } finally {
      await db.end();
    }
    expect(night).toHaveLength(PHOTOS);
  }, 120_000);

  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it(`shows each new photo of a busy booth first, and brings the whole night back in turn, from its first \
photo`, async () => {
    const wall = await ownersWall({ width: 1280, height: 800 });
    const shown: string[] = [await onScreen(wall.page)];
    const fresh: string[] = [];
    // A booth busier than the wall: a new photo every other slide, for forty slides.
    for (let slide = 1; slide <= 40; slide += 1) {
      if (slide % 2 === 1) {
        const url = await uploadTo(slide);
        fresh.push(url);
        // On the wall at once, pushed by the stream: no clock moved.
        await eventually(async () => expect(await onScreen(wall.page)).toBe(url), 10_000);
        shown.push(url);
      }
      await nextSlide(wall.page);
      await eventually(async () => expect(await onScreen(wall.page)).not.toBe(shown.at(-1)));
      shown.push(await onScreen(wall.page));
    }
    // The night came back in its order, from its first photo, between the new ones.
    // (The first slide is the newest photo, as the wall opens.)
    const old = shown.slice(1).filter((url) => night.includes(url));
    expect(old.slice(0, 15)).toEqual(night.slice(0, 15));
    for (const url of fresh) expect(shown).toContain(url);
    expect(wall.errors).toEqual([]);

    if (process.env.SCREENSHOTS_DIR) {
      // An old photo of the night on screen, its fade-in done.
      fs.mkdirSync(process.env.SCREENSHOTS_DIR, { recursive: true });
      await wall.page.screenshot({
        path: path.join(process.env.SCREENSHOTS_DIR, 'wall-night-computer.png'),
        animations: 'disabled',
      });
      const phone = await browser.newContext({
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 2,
        isMobile: true,
        locale: 'pt-BR',
      });
      await phone.clock.install();
      const page = await phone.newPage();
      await logIn(page, owner.email, owner.password);
      await page.waitForURL(`${baseUrl()}/account`);
      await page.goto(`${baseUrl()}/telao?evento=${publicId}`);
      await page.locator('.wall__media').waitFor();
      const newest = await onScreen(page);
      await nextSlide(page);
      await eventually(async () => expect(await onScreen(page)).not.toBe(newest));
      await page.screenshot({
        path: path.join(process.env.SCREENSHOTS_DIR, 'wall-night-phone.png'),
        animations: 'disabled',
      });
      await phone.close();
    }
    await wall.close();
  }, 180_000);

  it(`follows the owner's event to its new link once every guest's access is taken, its QR codes opening the event, \
and shows the owner the new link`, async () => {
    const wall = await ownersWall({ width: 1280, height: 800 });
    const ownerPhone = await newGuest(browser);
    await logIn(ownerPhone.page, owner.email, owner.password);
    await ownerPhone.page.waitForURL(`${baseUrl()}/account`);
    await ownerPhone.page.goto(`${baseUrl()}/account?secao=evento`);
    const access = ownerPhone.page.getByRole('region', { name: `Convidados com acesso a ${event}` });
    await access.getByRole('button', { name: 'Tirar o acesso de todos' }).click();
    await access.getByRole('button', { name: 'Sim, tirar o acesso' }).click();
    await access.getByText('Acesso retirado de todos os convidados. O link do evento mudou.').waitFor();

    // The owner sees the new link, to copy or to scan.
    const link = await access.getByRole('textbox', { name: 'Novo link do evento' }).inputValue();
    const moved = new URL(link).searchParams.get('id') ?? '';
    expect(link).toBe(`${baseUrl()}/eventos/evento?id=${moved}`);
    expect(moved).not.toBe(publicId);
    await access.getByRole('img', { name: 'QR code do novo link do evento' }).waitFor();
    await expectAccessible(ownerPhone.page, '/account?secao=evento (the new link after revoking)');
    if (process.env.SCREENSHOTS_DIR) {
      await access.scrollIntoViewIfNeeded();
      await ownerPhone.page.screenshot({
        path: path.join(process.env.SCREENSHOTS_DIR, 'wall-revoked-owner-phone.png'),
      });
    }

    // The wall learnt of it by itself and went on at the new address.
    await wall.page.waitForURL(`${baseUrl()}/telao?evento=${moved}`, { timeout: 20_000 });
    await wall.page.locator('.wall__media').waitFor();
    await nextSlide(wall.page);
    const photo = await onScreen(wall.page);
    expect(night).toContain(photo);
    const qr = await qrOnScreen(wall.page);
    // The photo's collect link with the wall code of the event as it is now.
    const [collect, code] = (qr ?? '').split('&telao=');
    expect(collect).toBe(`${baseUrl()}/collect?id=${encodeURIComponent(photo)}`);
    expect(code).toMatch(/^[A-Za-z0-9_-]{22}$/);

    // A phone in the room scans it: the photo is theirs, not 'Esta foto não foi encontrada'.
    const guest = await newGuest(browser);
    await guest.page.goto(qr ?? '');
    await guest.page.getByText('Coletado!').waitFor();
    expect(await guest.page.getByText('Esta foto não foi encontrada', { exact: false }).count()).toBe(0);
    // While the photo's own link, handed out before, was taken back.
    const before = await newGuest(browser);
    await before.page.goto(`${baseUrl()}/collect?id=${photo}`);
    await before.page.getByText('Esta foto não foi encontrada', { exact: false }).waitFor();

    expect(wall.errors).toEqual([]);
    await Promise.all([wall.close(), ownerPhone.close(), guest.close(), before.close()]);
  }, 180_000);
});
