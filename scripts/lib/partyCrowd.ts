/**
 * bench:party's crowd against one address: phones polling their booth gallery (and, in a venue, their packs),
 * booths uploading, guests printing from a pack and the printer taking its jobs, each request timed by route.
 */
import sharp from 'sharp';
import { DEVICE_PATHS } from '../../contract/devicePaths';

/** Who comes to the party and for how long (bench-party.ts reads them from its command line and environment). */
export interface Crowd {
  /** Every phone behind one address, each a visitor the server gave, checking its packs. */
  venue: boolean;
  seconds: number;
  phones: number;
}

/** In a venue, each phone checks its packs this often (the pack and collect pages ask). */
const PACKS_EVERY_MS = 30_000;
const POLL_MS = 5_000;
const UPLOAD_EVERY_MS = 10_000;
const PRINT_EVERY_MS = 2_000;
const EVENT = 'festa_ana';
/** Six booths over the demo's four photo booths (two of them twice, as a second camera on a mode would be). */
export const BOOTHS = ['pad', 'hashtrack', 'feed', 'polaroid', 'pad', 'feed'] as const;
const MODES = [...new Set(BOOTHS)];
export const PACK = 'PACKDEMO5';

export type Route =
  'visitor' | 'gallery poll' | 'packs' | 'thumbnail' | 'new thumbnail' | 'booth upload' | 'print' | 'printer jobs';
/**
 * A thumbnail asked this soon after its photo's upload may still be in the making (its job under way): counted apart.
 */
const NEW_PHOTO_MS = 1_000;

export interface RunFigures {
  latencies: Map<Route, number[]>;
  errors: Map<Route, number>;
  toScreen: number[];
  uploads: number;
  /** What the errors were: "route: status (or the network's error)" -> count. */
  unexpected: Map<string, number>;
  /** Guests refused: 429 (a limit) or 403 (not known as a visitor). */
  refused: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A photo-like JPEG (noise compresses as a real scene does), one per booth. */
export function boothPhoto(seed: number): Promise<Buffer> {
  return sharp({
    create: {
      width: 1600,
      height: 1200,
      channels: 3,
      background: { r: 60 + seed * 20, g: 120, b: 90 },
      noise: { type: 'gaussian', mean: 128, sigma: 30 },
    },
  })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** One party of `crowd.seconds` against `base`; `run` names its files apart from the other run's. */
export async function party(base: string, run: string, photos: Buffer[], crowd: Crowd): Promise<RunFigures> {
  const figures: RunFigures = {
    latencies: new Map(),
    errors: new Map(),
    toScreen: [],
    uploads: 0,
    unexpected: new Map(),
    refused: 0,
  };
  const fail = (route: Route, what: string) => {
    figures.errors.set(route, (figures.errors.get(route) ?? 0) + 1);
    figures.unexpected.set(`${route}: ${what}`, (figures.unexpected.get(`${route}: ${what}`) ?? 0) + 1);
  };
  const end = Date.now() + crowd.seconds * 1000;
  /** When each uploaded URL was acknowledged. */
  const acknowledged = new Map<string, number>();
  const uploadedByMode = new Map<string, string[]>(MODES.map((mode) => [mode, []]));

  async function timed(
    route: Route,
    url: string,
    init: RequestInit,
    ok: (status: number) => boolean,
  ): Promise<Response | null> {
    const started = performance.now();
    try {
      const response = await fetch(`${base}${url}`, init);
      const body = Buffer.from(await response.arrayBuffer());
      const list = figures.latencies.get(route) ?? [];
      list.push(performance.now() - started);
      figures.latencies.set(route, list);
      if (!ok(response.status)) fail(route, `${response.status} ${body.toString('utf8').slice(0, 80)}`);
      if (response.status === 429 || response.status === 403) figures.refused += 1;
      return new Response(response.status === 304 || response.status === 204 ? null : body, {
        status: response.status,
        headers: response.headers,
      });
    } catch (error) {
      fail(route, (error as Error).message);
      return null;
    }
  }

  /** A phone's first call in a venue: the server gives it its visitor (the agent and its signature, as cookies). */
  async function visitor(): Promise<Record<string, string>> {
    const response = await timed('visitor', '/api/health', { headers: { cookie: 'agent=' } }, (s) => s === 200);
    const given = (response?.headers.getSetCookie() ?? []).map((header) => header.split(';')[0]);
    if (!given.some((cookie) => cookie.startsWith('agent_sig='))) fail('visitor', 'no visitor given');
    return given.length > 0 ? { cookie: given.join('; ') } : {};
  }

  async function packs(cookie: Record<string, string>): Promise<void> {
    await sleep(Math.random() * PACKS_EVERY_MS);
    while (Date.now() < end) {
      await timed('packs', `/api/validatePacks/${PACK}`, { headers: cookie }, (s) => s === 200);
      await sleep(PACKS_EVERY_MS);
    }
  }

  async function phone(index: number): Promise<void> {
    const mode = MODES[index % MODES.length];
    const seen = new Set<string>();
    let etag: string | null = null;
    let first = true;
    await sleep(Math.random() * POLL_MS);
    const cookie = crowd.venue ? await visitor() : {};
    const checkingPacks = crowd.venue ? packs(cookie) : Promise.resolve();
    while (Date.now() < end) {
      const response = await timed(
        'gallery poll',
        `/api/all/${EVENT}/${mode}`,
        { headers: { ...cookie, ...(etag ? { 'if-none-match': etag } : {}) } },
        (s) => s === 200 || s === 304,
      );
      if (response?.status === 200) {
        etag = response.headers.get('etag');
        const { product } = (await response.json()) as { product: string[] };
        const now = Date.now();
        const fresh = product.filter((url) => !seen.has(url));
        for (const url of fresh) {
          seen.add(url);
          const at = acknowledged.get(url);
          if (at !== undefined && !first) figures.toScreen.push(now - at);
        }
        // The gallery draws the new tiles: their thumbnails are asked for (once: they are immutable).
        if (!first) {
          for (const url of fresh.slice(0, 3)) {
            const age = Date.now() - (acknowledged.get(url) ?? 0);
            await timed(
              age < NEW_PHOTO_MS ? 'new thumbnail' : 'thumbnail',
              `${url.replace('/media/', '/thumbs/')}.webp`,
              { headers: cookie },
              (s) => s === 200,
            );
          }
        }
        first = false;
      }
      await sleep(POLL_MS);
    }
    await checkingPacks;
  }

  async function booth(index: number): Promise<void> {
    const mode = BOOTHS[index];
    const headers = {
      'x-device-id': `cabine-${mode}`,
      'x-device-key': `demo-key-cabine-${mode}`,
      'content-type': 'image/jpeg',
    };
    await sleep((index * UPLOAD_EVERY_MS) / BOOTHS.length);
    for (let n = 0; Date.now() < end; n += 1) {
      const file = `festa-${run}-${index}-${n}.jpg`;
      const response = await timed(
        'booth upload',
        `${DEVICE_PATHS.media}?file=${file}`,
        { method: 'POST', headers, body: new Uint8Array(photos[index]) },
        (s) => s === 200,
      );
      if (response?.status === 200) {
        const { url } = (await response.json()) as { url: string };
        acknowledged.set(url, Date.now());
        uploadedByMode.get(mode)?.push(url);
        figures.uploads += 1;
      }
      await sleep(UPLOAD_EVERY_MS);
    }
  }

  async function guestsPrinting(): Promise<void> {
    // In a venue, ten guests take turns (one guest printing every 2 s would be a guest past their limit).
    const guests = crowd.venue ? await Promise.all(Array.from({ length: 10 }, () => visitor())) : [{}];
    for (let n = 0; Date.now() < end; n += 1) {
      const photos = [...acknowledged.keys()];
      const photo = photos[n % Math.max(1, photos.length)] ?? `/media/${EVENT}/pad/pad-01.jpg`;
      // 200 while the pack has copies, 409 once it is spent: both are what a guest is told.
      await timed(
        'print',
        `/api/print/${PACK}/${encodeURIComponent(photo)}?request=impressao-festa-${run}-${String(n).padStart(4, '0')}`,
        { headers: guests[n % guests.length] },
        (s) => s === 200 || s === 409,
      );
      await sleep(PRINT_EVERY_MS);
    }
  }

  async function printer(): Promise<void> {
    const headers = { 'x-device-id': 'impressora-1', 'x-device-key': 'demo-key-impressora-1' };
    while (Date.now() < end) {
      const response = await timed('printer jobs', DEVICE_PATHS.printJobs, { headers }, (s) => s === 200);
      if (response?.status === 200) {
        const jobs = (await response.json()) as { id: number }[];
        for (const job of jobs)
          await timed(
            'printer jobs',
            DEVICE_PATHS.printJobPrinted(job.id),
            { method: 'POST', headers },
            (s) => s === 200,
          );
      }
      await sleep(PRINT_EVERY_MS);
    }
  }

  await Promise.all([
    ...Array.from({ length: crowd.phones }, (_, index) => phone(index)),
    ...BOOTHS.map((_, index) => booth(index)),
    guestsPrinting(),
    printer(),
  ]);
  return figures;
}
