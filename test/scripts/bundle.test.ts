import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import type { StatsCompilation } from 'webpack';
import {
  analyseBuild,
  HEAVY_FOR_LANDING,
  LANDING_AFTER_INTERACTIVE,
  LANDING_BUDGET_BYTES,
  type BundleReport,
} from '../../scripts/bundleReport';
import { launchBrowser } from '../../scripts/lib/browser';
import { SHARED_BUILD_WAIT_MS, sharedProductionBuild } from '../support/sharedBuild';

let report: BundleReport;
let stats: StatsCompilation;
let outputDir: string;

// The run's production build (`npm run build`), shared with the other tests that need one.
beforeAll(async () => {
  const build = await sharedProductionBuild();
  outputDir = build.distDir;
  stats = build.stats();
  report = analyseBuild(stats, outputDir);
}, SHARED_BUILD_WAIT_MS);

it('maps every route chunk of the build to a route, and only existing ones', () => {
  expect(report.unmapped).toEqual([]);
});

it('ships none of the heavy SDKs on the landing route, nor in what it loads once interactive', () => {
  const landing = report.routes.find((r) => r.route === '/');
  expect(landing).toBeDefined();
  expect(landing?.libraries).toEqual(expect.arrayContaining(['react-dom']));
  for (const library of HEAVY_FOR_LANDING) expect(landing?.libraries).not.toContain(library);
  expect(report.landingFirstVisit.libraries).toEqual(expect.arrayContaining(['react-dom']));
  for (const library of HEAVY_FOR_LANDING) expect(report.landingFirstVisit.libraries).not.toContain(library);
});

it(`keeps everything a first visit to the landing page downloads within 130 KB gzip: what makes it interactive and \
what it loads right after`, () => {
  expect(LANDING_BUDGET_BYTES).toBe(130 * 1024);
  const landing = report.routes.find((r) => r.route === '/');
  const visit = report.landingFirstVisit;
  expect(landing?.chunks.length).toBeGreaterThan(0);
  // The offline support's chunk is counted with the page's own scripts.
  expect(LANDING_AFTER_INTERACTIVE).toContain('pwa');
  expect(visit.afterInteractive).toBeGreaterThan(0);
  expect(visit.beforeInteractive).toBe(landing?.gzip);
  expect(visit.gzip).toBe(visit.beforeInteractive + visit.afterInteractive);
  expect(visit.gzip).toBeLessThanOrEqual(LANDING_BUDGET_BYTES);
});

/** The build's folder over HTTP, as a static host would serve it: `/` is the rendered landing page. */
async function serveBuild(root: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
    const file = path.join(root, pathname === '/' ? 'index.html' : pathname);
    if (!file.startsWith(root) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{}');
      return;
    }
    const types: Record<string, string> = {
      '.html': 'text/html',
      '.js': 'text/javascript',
      '.css': 'text/css',
      '.json': 'application/json',
    };
    response
      .writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' })
      .end(fs.readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

it(`counts every script a first visit to the landing page downloads, in a browser: no other chunk comes after it is \
interactive`, async () => {
  const server = await serveBuild(outputDir);
  const browser = await launchBrowser();
  try {
    // Without a service worker: its precache downloads every chunk, for later visits.
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.endsWith('.js')) scripts.push(pathname.slice(1));
    });
    const pwaFiles = LANDING_AFTER_INTERACTIVE.flatMap((name) =>
      (stats.namedChunkGroups?.[name]?.assets ?? []).map((a) => a.name),
    ).filter((f) => f.endsWith('.js'));
    expect(pwaFiles.length).toBeGreaterThan(0);
    const afterInteractive = page.waitForRequest((request) =>
      pwaFiles.some((file) => request.url().endsWith(`/${file}`)),
    );
    await page.goto(`${server.url}/`);
    await afterInteractive;
    // Whatever the page asks for next, in its first seconds.
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1000);
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(3);
    expect(scripts.filter((file) => !report.landingFirstVisit.files.includes(file))).toEqual([]);
  } finally {
    await browser.close();
    await server.close();
  }
}, 60_000);

it(`ships react-slick (the event page's carousel) with the event page alone: in none of the chunks a first visit to \
the landing page downloads`, () => {
  const withSlick = [...report.chunks.values()].filter((chunk) => chunk.libraries.includes('react-slick'));
  expect(withSlick.length).toBeGreaterThan(0);
  const eventPage = new Set((stats.namedChunkGroups?.['route-evento']?.chunks ?? []).map(String));
  for (const chunk of withSlick)
    expect({ chunk: chunk.names, inEventPage: eventPage.has(chunk.id) }).toEqual({
      chunk: chunk.names,
      inEventPage: true,
    });
  expect(report.landingFirstVisit.libraries).not.toContain('react-slick');
  for (const chunk of withSlick) expect(report.landingFirstVisit.chunks).not.toContain(chunk.id);
});

it('loads the pack reply reader (JSON5) only with the screens that read pack replies', () => {
  const withJson5 = [...report.chunks.values()].filter((chunk) => chunk.libraries.includes('json5'));
  expect(withJson5.length).toBeGreaterThan(0);
  const landing = report.routes.find((r) => r.route === '/');
  for (const chunk of withJson5) expect(landing?.chunks).not.toContain(chunk.id);
});

it("ships the wire contract's schema library on no route: the SPA imports its types only", () => {
  expect(report.routes.length).toBeGreaterThan(10);
  for (const route of report.routes)
    expect({ route: route.route, libraries: route.libraries }).toEqual({
      route: route.route,
      libraries: expect.not.arrayContaining(['typebox']),
    });
});

it("ships every machine's flow with its screen, which imports it for its injection alone", () => {
  const assets = path.join(outputDir, 'assets');
  const maps = fs.readdirSync(assets).filter((file) => file.endsWith('.js.map'));
  const shipped = maps.flatMap(
    (file) => (JSON.parse(fs.readFileSync(path.join(assets, file), 'utf8')) as { sources: string[] }).sources,
  );
  const features = path.resolve(__dirname, '../../src/features');
  // Every module that injects a flow, whatever its name (the build keeps those named *Flow.ts).
  const flows = fs
    .readdirSync(features, { recursive: true, encoding: 'utf8' })
    .filter(
      (file) => /\.tsx?$/.test(file) && /\binjectFlow\(\w+\)/.test(fs.readFileSync(path.join(features, file), 'utf8')),
    )
    .map((file) => `/src/features/${file.split(path.sep).join('/')}`);
  expect(flows.length).toBeGreaterThanOrEqual(5);
  expect(flows.filter((flow) => !shipped.some((source) => source.endsWith(flow)))).toEqual([]);
});

it('renders the landing page into index.html with its CSS inline, and leaves app.html an empty shell', () => {
  const index = fs.readFileSync(path.join(outputDir, 'index.html'), 'utf8');
  expect(index).toContain('Sua história/festa/vibe/marca/tecnologia/decoração do seu jeito');
  expect(index).toContain('Fale com a gente');
  expect(index).toMatch(/<style>[^<]*\.hero/);
  expect(index).not.toMatch(/<link[^>]+\.css/);
  const shell = fs.readFileSync(path.join(outputDir, 'app.html'), 'utf8');
  expect(shell).toMatch(/<div id="?root"?><\/div>/);
  expect(shell).toMatch(/<link[^>]+\.css/);
  // The compressed copies are of the rendered page, not of the template.
  expect(zlib.gunzipSync(fs.readFileSync(path.join(outputDir, 'index.html.gz'))).toString()).toBe(index);
});

it('content-hashes every emitted script and precompresses the big ones', () => {
  const assets = fs.readdirSync(path.join(outputDir, 'assets'));
  const scripts = assets.filter((f) => f.endsWith('.js'));
  expect(scripts.length).toBeGreaterThan(10);
  for (const file of scripts) expect(file).toMatch(/\.[0-9a-f]{8}\.js$/);
  const big = scripts.filter((f) => fs.statSync(path.join(outputDir, 'assets', f)).size > 1024);
  for (const file of big) {
    expect(assets).toContain(`${file}.gz`);
    expect(assets).toContain(`${file}.br`);
  }
});

describe('the service worker', () => {
  /** The URLs written into sw.js's precache list. */
  const precached = () =>
    [...fs.readFileSync(path.join(outputDir, 'sw.js'), 'utf8').matchAll(/["']url["']\s*:\s*["']([^"']+)["']/g)].map(
      (m) => m[1],
    );

  it(`precaches the shell, the manifest and the code of every route, and none of the media, maps or compressed \
copies`, () => {
    const urls = precached();
    expect(urls).toEqual(
      expect.arrayContaining(['/index.html', '/app.html', '/manifest.webmanifest', '/icons/icon-192.png']),
    );
    const groups = stats.namedChunkGroups ?? {};
    const routeGroups = Object.keys(groups).filter((name) => name.startsWith('route-') || name === 'pwa');
    expect(routeGroups.length).toBeGreaterThan(15);
    for (const name of routeGroups) {
      for (const file of (groups[name].assets ?? []).map((a) => a.name).filter((f) => /\.(js|css)$/.test(f))) {
        expect({ name, precached: urls.includes(`/${file}`) }).toEqual({ name, precached: true });
      }
    }
    expect(
      urls.filter(
        (url) => /\.(map|gz|br|jpe?g|webp|mp4|gif)$/.test(url) || (url.endsWith('.png') && !url.startsWith('/icons/')),
      ),
    ).toEqual([]);
  });

  it('adds nothing to what the landing page loads before it is interactive', () => {
    const landingChunks = new Set(report.routes.find((r) => r.route === '/')?.chunks ?? []);
    const names = (stats.chunks ?? [])
      .filter((chunk) => landingChunks.has(String(chunk.id)))
      .flatMap((chunk) =>
        (chunk.modules ?? []).flatMap((m) => [m.name ?? '', ...(m.modules ?? []).map((inner) => inner.name ?? '')]),
      );
    expect(names.length).toBeGreaterThan(10);
    expect(names.filter((name) => /workbox|src\/app\/pwa\//.test(name))).toEqual([]);
  });

  it('is written out with its precompressed copies matching it', () => {
    const worker = fs.readFileSync(path.join(outputDir, 'sw.js'));
    expect(zlib.gunzipSync(fs.readFileSync(path.join(outputDir, 'sw.js.gz')))).toEqual(worker);
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(outputDir, 'sw.js.br')))).toEqual(worker);
  });
});
