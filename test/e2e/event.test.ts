/**
 * The event page on a 390 px phone, against the whole stack with the demo seed: every booth of an
 * event is reachable from the carousel and its tiles show whole, an open gallery shows what a
 * booth uploads without a reload (and without moving what the guest looks at), and an event's card
 * counts the booths' media only.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { boothOnce } from './support/boothSimulator';
import { baseUrl, launchBrowser } from './support/browser';
import { demoSeed, seededMedia } from './support/demoSeed';
import { eventually } from './support/eventually';
import { newGuest } from './support/guest';
import { DEVICE_PATHS } from '../../contract/devicePaths';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(() => browser.close());

/** Opens an event as a guest does: collect one of its photos, then 'Ir para Evento'. */
async function openEvent(page: Page, event: string): Promise<Locator> {
  await page.goto(`${baseUrl()}/collect?id=${seededMedia(event, 'pad')[0]}`);
  await page.getByText('Coletado!').waitFor();
  await page.getByRole('button', { name: 'Ir para Evento' }).click();
  await page.getByRole('heading', { level: 2, name: 'Pad' }).waitFor();
  return page.getByRole('region', { name: 'Cabines do evento' });
}

const LABELS: Record<string, string> = {
  pad: 'Pad',
  hashtrack: 'Hashtrack',
  feed: 'Feed',
  polaroid: 'Polaroid',
  boomerang: 'Boomerang',
  360: '360',
  nulo: 'Nulo',
};

/** The booth shown: its route, its gallery's heading, and the tile marked current, all the same. */
async function expectActive(page: Page, carousel: Locator, mode: string): Promise<void> {
  await page.getByRole('heading', { level: 2, name: LABELS[mode], exact: true }).waitFor();
  expect(new URL(page.url()).pathname).toBe(`/eventos/evento/${mode}`);
  const current = carousel.locator('[aria-current="page"]');
  await eventually(async () => expect(await current.allTextContents()).toEqual([LABELS[mode]]));
}

/**
 * Every booth tile is either wholly visible or not at all (no piece of a hidden neighbour at the
 * carousel's edges), and every label lies inside its tile (nothing cut, nothing spilling out).
 */
async function tileGeometry(page: Page) {
  return page.evaluate(() => {
    const visibleSpan = (element: Element) => {
      const box = element.getBoundingClientRect();
      let left = Math.max(box.left, 0);
      let right = Math.min(box.right, window.innerWidth);
      for (let a = element.parentElement; a; a = a.parentElement) {
        const style = getComputedStyle(a);
        if (style.overflowX !== 'visible' || style.clipPath !== 'none') {
          const clip = a.getBoundingClientRect();
          left = Math.max(left, clip.left);
          right = Math.min(right, clip.right);
        }
      }
      const hidden = getComputedStyle(element).visibility === 'hidden';
      return { width: box.width, visible: hidden ? 0 : Math.max(0, right - left) };
    };
    return [...document.querySelectorAll('[aria-label="Cabines do evento"] .booth')].map((tile) => {
      const label = tile.querySelector('.booth__label') as HTMLElement;
      const box = tile.getBoundingClientRect();
      const text = label.getBoundingClientRect();
      const span = visibleSpan(tile);
      return {
        label: label.textContent ?? '',
        partlyVisible: span.visible > 0.5 && span.visible < span.width - 0.5,
        visible: span.visible > 0.5,
        labelInside: text.left >= box.left - 0.5 && text.right <= box.right + 0.5,
        overflows: (tile as HTMLElement).scrollWidth > (tile as HTMLElement).clientWidth,
      };
    });
  });
}

async function expectWholeTiles(page: Page): Promise<void> {
  // After the slide has settled.
  await page.waitForTimeout(400);
  const tiles = await tileGeometry(page);
  expect(tiles.filter((t) => t.partlyVisible)).toEqual([]);
  expect(tiles.filter((t) => t.visible && (!t.labelInside || t.overflows))).toEqual([]);
}

describe('the booth carousel', () => {
  it('reaches every booth of casamento_bia_e_leo (3 booths) by tap and by arrow, and stays there', async () => {
    const { page, errors, close } = await newGuest(browser);
    const carousel = await openEvent(page, 'casamento_bia_e_leo');
    await expectActive(page, carousel, 'pad');
    await expectWholeTiles(page);

    for (const mode of ['polaroid', '360', 'pad', '360', 'polaroid']) {
      await carousel.getByRole('button', { name: LABELS[mode], exact: true }).first().click();
      await expectActive(page, carousel, mode);
      // No bounce back to another booth once the slide settles.
      await page.waitForTimeout(700);
      await expectActive(page, carousel, mode);
      await expectWholeTiles(page);
    }

    await carousel.getByRole('button', { name: 'Próxima cabine' }).click();
    await expectActive(page, carousel, '360');
    await carousel.getByRole('button', { name: 'Próxima cabine' }).click();
    await expectActive(page, carousel, 'pad');
    await carousel.getByRole('button', { name: 'Cabine anterior' }).click();
    await expectActive(page, carousel, '360');
    await page.waitForTimeout(700);
    await expectActive(page, carousel, '360');
    await expectWholeTiles(page);
    expect(errors).toEqual([]);
    await close();
  });

  it('walks festa_ana (7 booths) round with the arrows both ways, every label whole', async () => {
    const { page, errors, close } = await newGuest(browser);
    const carousel = await openEvent(page, 'festa_ana');
    const modes = ['pad', 'hashtrack', 'feed', 'polaroid', 'boomerang', '360', 'nulo'];
    for (let step = 1; step <= modes.length; step += 1) {
      await carousel.getByRole('button', { name: 'Próxima cabine' }).click();
      await expectActive(page, carousel, modes[step % modes.length]);
      await expectWholeTiles(page);
    }
    for (let step = modes.length - 1; step >= 0; step -= 1) {
      await carousel.getByRole('button', { name: 'Cabine anterior' }).click();
      await expectActive(page, carousel, modes[step]);
    }
    // Boomerang, the longest label, is whole in its tile, active or beside the active one.
    await carousel.getByRole('button', { name: 'Próxima cabine' }).click();
    await carousel.getByRole('button', { name: 'Próxima cabine' }).click();
    await carousel.getByRole('button', { name: 'Próxima cabine' }).click();
    await expectActive(page, carousel, 'polaroid');
    await carousel.getByRole('button', { name: 'Boomerang', exact: true }).first().click();
    await expectActive(page, carousel, 'boomerang');
    const boomerang = (await tileGeometry(page)).filter((t) => t.label === 'Boomerang' && t.visible);
    expect(boomerang).toEqual([expect.objectContaining({ labelInside: true, overflows: false, partlyVisible: false })]);
    await expectWholeTiles(page);
    expect(errors).toEqual([]);
    await close();
  });
});

// ---- a gallery's layout ---------------------------------------------------------------------------

/** Where the gallery's tiles stand, row by row (x, y, width, height, rounded). */
async function gridGeometry(page: Page, selector = '.grid') {
  return page.evaluate((gridSelector) => {
    const grid = document.querySelector(gridSelector);
    if (!grid) return null;
    const box = grid.getBoundingClientRect();
    const rows = [...grid.querySelectorAll('.grid__row')]
      .map((row) => [...row.querySelectorAll('.grid__cell')].map((cell) => cell.getBoundingClientRect()))
      .sort((a, b) => a[0].top - b[0].top)
      .map((cells) =>
        cells.map((c) => [Math.round(c.left), Math.round(c.top), Math.round(c.width), Math.round(c.height)]),
      );
    const content = document.querySelector('.site-main')!;
    const padding =
      parseFloat(getComputedStyle(content).paddingLeft) + parseFloat(getComputedStyle(content).paddingRight);
    return {
      left: Math.round(box.left),
      width: Math.round(box.width),
      contentWidth: Math.round(content.getBoundingClientRect().width - padding),
      rows,
    };
  }, selector);
}

/** A row's span from its first tile's left edge to its last tile's right edge. */
const span = (row: number[][]) => row[row.length - 1][0] + row[row.length - 1][2] - row[0][0];

describe("a booth gallery's layout", () => {
  it('fills its first row on a 390 px phone: the newest photos, fewer than a row, share it', async () => {
    const { page, errors, close } = await newGuest(browser);
    await openEvent(page, 'festa_ana');
    const gallery = page.getByRole('list', { name: 'Galeria Pad' });
    await gallery.getByRole('button', { name: /^Foto 1 de / }).waitFor();
    const count = await galleryCount(gallery);
    const grid = await gridGeometry(page);
    // 3 columns: the first row holds what is left over (festa_ana's pad has 4 photos: 1), the others 3.
    expect(count % 3).not.toBe(0);
    expect(grid?.rows.map((row) => row.length)).toEqual(
      [count % 3, ...Array.from({ length: Math.floor(count / 3) }, () => 3)].slice(0, grid?.rows.length),
    );
    for (const row of grid?.rows ?? []) expect(Math.abs(span(row) - (grid?.width ?? 0))).toBeLessThanOrEqual(1);
    expect(errors).toEqual([]);
    await close();
  });

  it("uses a computer's width: rows as wide as the page's content, tiles larger than a phone's", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'pt-BR' });
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/collect?id=${seededMedia('festa_ana', 'pad')[0]}`);
    await page.getByText('Coletado!').waitFor();
    await page.getByRole('button', { name: 'Ir para Evento' }).click();
    await page.getByRole('button', { name: /^Foto 1 de / }).waitFor();
    const grid = await gridGeometry(page);
    expect(grid?.width).toBe(grid?.contentWidth);
    for (const row of grid?.rows ?? []) {
      expect(Math.abs(span(row) - (grid?.width ?? 0))).toBeLessThanOrEqual(1);
      for (const [, , , height] of row) expect(height).toBeGreaterThanOrEqual(200);
    }
    await context.close();
  });

  it(`arrives with its first photos in the page when reloaded, drawn where the app then draws them: nothing moves, no \
hydration error`, async () => {
    const address = `${baseUrl()}/eventos/evento/pad?evento=festa_ana`;
    // The page as it arrives, before any script runs: what the server drew.
    const still = await newGuest(browser, { serviceWorkers: 'block' });
    await still.page.route(/\.js(\?|$)/, (route) => route.abort());
    await still.page.goto(address);
    await still.page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>('[data-gallery-shell] img')].every((img) => img.complete),
    );
    const shown = await still.page.evaluate(() =>
      [...document.querySelectorAll<HTMLImageElement>('[data-gallery-shell] img')].map(
        (img) => new URL(img.src).pathname,
      ),
    );
    const list = ((await (await fetch(`${baseUrl()}/api/all/festa_ana/pad`)).json()) as { product: string[] }).product;
    expect(shown.length).toBeGreaterThan(0);
    expect(shown).toEqual(
      [...list]
        .reverse()
        .slice(0, shown.length)
        .map((media) => `/thumbs${media.slice('/media'.length)}.webp`),
    );
    const drawn = await gridGeometry(still.page, '[data-gallery-shell] .grid');
    await still.close();

    // The same page with its scripts: the app takes over, draws the same photos in the same places, and the server's
    // copy goes.
    const { page, errors, close } = await newGuest(browser, { serviceWorkers: 'block' });
    await page.addInitScript(() => {
      const w = window as unknown as { shifted: number };
      w.shifted = 0;
      new PerformanceObserver((entries) => {
        for (const entry of entries.getEntries() as (PerformanceEntry & { value: number })[]) w.shifted += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(address);
    await page
      .getByRole('list', { name: 'Galeria Pad' })
      .getByRole('button', { name: /^Foto 1 de / })
      .waitFor();
    await page.waitForFunction(() => document.querySelector('[data-gallery-shell]') === null);
    const taken = await gridGeometry(page);
    expect(taken && { ...taken, rows: taken.rows.slice(0, drawn?.rows.length) }).toEqual(drawn);
    expect(await page.evaluate(() => (window as unknown as { shifted: number }).shifted)).toBe(0);
    expect(errors).toEqual([]);
    await close();
  });
});

// ---- live galleries --------------------------------------------------------------------------------

const FEED_DEVICE = (demoSeed().devices ?? []).find((d) => d.id === 'cabine-feed');

/** Uploads a photo as the feed booth of festa_ana, straight through the device API. */
async function uploadAsFeedBooth(file: string, colour: string): Promise<string> {
  if (!FEED_DEVICE?.key) throw new Error('the demo seed has no cabine-feed with a readable key');
  const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
  const response = await fetch(`${baseUrl()}${DEVICE_PATHS.media}?file=${file}`, {
    method: 'POST',
    headers: { 'x-device-id': FEED_DEVICE.id, 'x-device-key': FEED_DEVICE.key, 'content-type': 'image/jpeg' },
    body: photo,
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { url: string }).url;
}

/** The booth simulator, as a newcomer runs it: one photo from the feed booth's camera. */
async function boothCameraOnce(): Promise<string> {
  const log = await boothOnce(['--only', 'camera', '--device', 'cabine-feed']);
  const url = /collect\?id=(\/media\/\S+)/.exec(log)?.[1];
  if (!url) throw new Error(`the simulator did not upload:\n${log}`);
  return url;
}

const thumbOf = (url: string) => `/thumbs${url.slice('/media'.length)}.webp`;

async function openFeedGallery(page: Page): Promise<Locator> {
  const carousel = await openEvent(page, 'festa_ana');
  await carousel.getByRole('button', { name: 'Próxima cabine' }).click();
  await page.getByRole('heading', { level: 2, name: 'Hashtrack' }).waitFor();
  await carousel.getByRole('button', { name: 'Próxima cabine' }).click();
  await page.getByRole('heading', { level: 2, name: 'Feed' }).waitFor();
  const gallery = page.getByRole('list', { name: 'Galeria Feed' });
  await gallery.getByRole('button').first().waitFor();
  return gallery;
}

/** "Foto 1 de 12" -> 12. */
async function galleryCount(gallery: Locator): Promise<number> {
  const label = (await gallery.getByRole('button').first().getAttribute('aria-label')) ?? '';
  return Number(/de (\d+)$/.exec(label)?.[1] ?? NaN);
}

describe('an open booth gallery', () => {
  it(`shows the photo a booth uploads as the server pushes it, newest first, without a reload, and asks the server \
cheaply`, async () => {
    // The wire is read from the page's CDP session, which does not see the service worker's
    // requests (the worker fetches through the same HTTP cache, revalidated the same way).
    const { page, errors, close } = await newGuest(browser, { serviceWorkers: 'block' });
    // The gallery's list as the server answered it, and its live stream.
    // Raw answers by request: Chromium may tell a response's raw headers before the request
    // itself, so each is matched to its URL when counted, not when it comes.
    const rawStatuses = new Map<string, number>();
    const streams: { status: number; type: string }[] = [];
    const urls = new Map<string, string>();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    cdp.on('Network.requestWillBeSent', (event) => urls.set(event.requestId, event.request.url));
    cdp.on('Network.responseReceivedExtraInfo', (event) => {
      rawStatuses.set(event.requestId, event.statusCode);
    });
    cdp.on('Network.responseReceived', (event) => {
      if (new URL(event.response.url).pathname === '/api/live/festa_ana/feed')
        streams.push({ status: event.response.status, type: event.response.mimeType });
    });
    const gallery = await openFeedGallery(page);
    const before = await galleryCount(gallery);
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    // Followed live (docs/api.md#live-galleries): while its stream is open the gallery polls
    // every 30 s only, so a photo shown within the next seconds was pushed, not polled.
    await eventually(() => expect(streams).toEqual([{ status: 200, type: 'text/event-stream' }]));

    const url = await boothCameraOnce();
    await eventually(async () => {
      expect(await gallery.getByRole('button').first().locator('img').getAttribute('src')).toContain(thumbOf(url));
      expect(await galleryCount(gallery)).toBe(before + 1);
    }, 10_000);
    // One stream all along, and the list asked a few times (its first load, the stream's first
    // word, the change): not every 5 s. The answers' raw headers come on their own CDP event,
    // which may arrive after the page has drawn the photo: waited for, not assumed.
    expect(streams).toHaveLength(1);
    const listAnswers = () =>
      [...rawStatuses.keys()].filter(
        (id) => new URL(urls.get(id) ?? 'http://x/').pathname === '/api/all/festa_ana/feed',
      );
    await eventually(() => expect(listAnswers().length).toBeGreaterThanOrEqual(1));
    expect(listAnswers().length).toBeLessThanOrEqual(4);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/eventos/evento/feed');
    expect(errors).toEqual([]);
    await close();
  });

  it('keeps the photo under the guest still while new photos arrive above it', async () => {
    // A gallery taller than the phone.
    for (let i = 0; i < 30; i += 1)
      await uploadAsFeedBooth(`rolagem-${String(i).padStart(2, '0')}.jpg`, i % 2 ? '#f59e0b' : '#6d28d9');
    const { page, errors, close } = await newGuest(browser);
    const gallery = await openFeedGallery(page);
    await eventually(async () => expect(await galleryCount(gallery)).toBeGreaterThanOrEqual(30));
    await page.evaluate(() => window.scrollTo(0, 900));
    await page.waitForTimeout(300);
    const underFinger = () =>
      page.evaluate(() => {
        const tile = document.elementFromPoint(195, 500)?.closest('[role="listitem"]');
        const img = tile?.querySelector('img');
        return img ? { src: img.getAttribute('src'), top: Math.round(tile!.getBoundingClientRect().top) } : null;
      });
    const before = await underFinger();
    expect(before).not.toBeNull();
    const count = await galleryCount(gallery);

    // Two new photos: with 3 columns, a new row at the top at least once.
    await uploadAsFeedBooth('rolagem-nova-1.jpg', '#10b981');
    await uploadAsFeedBooth('rolagem-nova-2.jpg', '#ef4444');
    await eventually(async () => expect(await galleryCount(gallery)).toBe(count + 2), 10_000);
    await page.waitForTimeout(200);
    expect(await underFinger()).toEqual(before);

    // Back at the top, the newest photo is the first tile.
    await page.evaluate(() => window.scrollTo(0, 0));
    await eventually(async () =>
      expect(await gallery.getByRole('button').first().locator('img').getAttribute('src')).toContain(
        thumbOf('/media/festa_ana/feed/rolagem-nova-2.jpg'),
      ),
    );
    expect(errors).toEqual([]);
    await close();
  });
});

// ---- what counts as a guest's photo ------------------------------------------------------------------

describe('a booth gallery opened by its address (a reload)', () => {
  it('asks for its list once, before the app has run, and loads the app once its first photo is in', async () => {
    const { page, errors, close } = await newGuest(browser, { serviceWorkers: 'block' });
    await openEvent(page, 'festa_ana');
    const lists: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/all/festa_ana/pad') lists.push(request.url());
    });
    await page.reload();
    const gallery = page.getByRole('list', { name: 'Galeria Pad' });
    await gallery.getByRole('button').first().waitFor();
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>('[role="list"] img')]
        .slice(0, 3)
        .every((img) => img.complete && img.naturalWidth > 0),
    );

    // One call, the early script's, taken over by the app (the next is the 5 s poll).
    expect(lists).toHaveLength(1);
    const head = await page.evaluate(() => ({
      firstScript: [document.head.querySelector<HTMLScriptElement>('script[src]')].map(
        (script) => script && { src: new URL(script.src).pathname, async: script.async, defer: script.defer },
      )[0],
      preloaded: [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((link) => [
        link.as,
        new URL(link.href).pathname,
      ]),
    }));
    expect(head.firstScript).toEqual({
      src: expect.stringMatching(/^\/assets\/early-requests\.[0-9a-f]+\.js$/),
      async: true,
      defer: false,
    });
    // The page arrives with the gallery's first photos (server/src/modules/firstPaint/http/galleryShell.ts): the
    // app's scripts wait for the first of them (photo first), and no code shares the connection
    // with them; the early script asks for the newest thumbnails all the same.
    expect(await page.evaluate(() => document.querySelector('script[src="/photo-first.js"]') !== null)).toBe(true);
    expect(head.preloaded.filter(([as]) => as === 'script')).toEqual([]);
    const newest = seededMedia('festa_ana', 'pad')
      .slice(-3)
      .reverse()
      .map((media) => `/thumbs${media.slice('/media'.length)}.webp`);
    expect(head.preloaded.filter(([as]) => as === 'image').map(([, href]) => href)).toEqual(newest);
    expect(errors).toEqual([]);
    await close();
  });
});

describe("an event's card and galleries", () => {
  it("count and show only the booths' media, never the event's cover and profile images", async () => {
    const { page, errors, close } = await newGuest(browser);
    const event = demoSeed().events?.find((e) => e.name === 'casamento_bia_e_leo');
    if (!event?.cover || !event.profile)
      throw new Error('the demo seed gives casamento_bia_e_leo a cover and a profile');

    // The card the events list shows.
    await openEvent(page, 'casamento_bia_e_leo');
    await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Eventos' }).click();
    const card = page
      .getByRole('list', { name: 'Seus eventos' })
      .getByRole('button', { name: /Casamento de Bia e Léo/ });
    await card.waitFor();
    const photos = Number(/(\d+) fotos?/.exec((await card.textContent()) ?? '')?.[1]);

    // What the guest can open: every booth's gallery.
    let inGalleries = 0;
    for (const mode of (event.devices ?? []).filter((d) => d !== 'nulo')) {
      const reply = (await (await fetch(`${baseUrl()}/api/all/casamento_bia_e_leo/${mode}`)).json()) as {
        product: string[];
      };
      expect(reply.product).not.toContain(event.cover);
      expect(reply.product).not.toContain(event.profile);
      inGalleries += reply.product.length;
    }
    expect(inGalleries).toBe(
      ['pad', 'polaroid', '360'].flatMap((mode) => seededMedia('casamento_bia_e_leo', mode)).length,
    );
    expect(photos).toBe(inGalleries);

    // festa_ana's feed booth: its gallery shows the booth's photos, not the cover and profile stored beside them.
    const festa = demoSeed().events?.find((e) => e.name === 'festa_ana');
    const feed = (await (await fetch(`${baseUrl()}/api/all/festa_ana/feed`)).json()) as { product: string[] };
    expect(feed.product).not.toContain(festa?.cover);
    expect(feed.product).not.toContain(festa?.profile);
    const gallery = await openFeedGallery(page);
    expect(await galleryCount(gallery)).toBe(feed.product.length);
    expect(errors).toEqual([]);
    await close();
  });
});
