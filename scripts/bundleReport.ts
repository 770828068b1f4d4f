/**
 * Reads a webpack production build (its stats and emitted files) and tells, per route, which
 * JavaScript a browser downloads to show it, and which heavy libraries each chunk holds.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { StatsCompilation } from 'webpack';

/** Libraries worth naming when a chunk holds them (the design card's heavy dependencies). */
export const HEAVY_LIBRARIES: Record<string, RegExp> = {
  react: /node_modules\/react\//,
  'react-dom': /node_modules\/react-dom\//,
  'redux-toolkit': /node_modules\/(@reduxjs\/toolkit|redux|immer|reselect)\//,
  'react-router': /node_modules\/react-router(-dom)?\//,
  firebase: /node_modules\/(@firebase|firebase)\//,
  'react-slick': /node_modules\/(react-slick|slick-carousel|enquire\.js|json2mq)\//,
  'react-webcam': /node_modules\/react-webcam\//,
  'qrcode.react': /node_modules\/qrcode\.react\//,
  mercadopago: /node_modules\/@mercadopago\//,
  // The pack reply's reader: only the screens that validate packs need it.
  json5: /node_modules\/json5\//,
  // The wire schemas are the server's: the SPA imports their types only.
  typebox: /node_modules\/@sinclair\/typebox\//,
};

/** Route -> the lazy chunk groups it needs beyond the entry point (nested routes add up). */
export const ROUTE_CHUNKS: Record<string, string[]> = {
  '/': [],
  '/eventos': ['route-eventos'],
  '/eventos/evento/pad': ['route-evento', 'route-evento-galeria'],
  '/eventos/evento/nulo': ['route-evento', 'route-evento-nulo'],
  '/packs': ['route-packs'],
  '/collect': ['route-collect'],
  '/deviceLast': ['route-deviceLast'],
  '/collection': ['route-collection'],
  '/espelho': ['route-espelho'],
  '/login': ['route-login'],
  '/signup': ['route-signup'],
  '/account': ['route-account'],
  '/face': ['route-face'],
  '/ultraLast': ['route-ultraLast'],
  '/ultraQR': ['route-ultraQR'],
  '/shop': ['route-shop'],
  '/checkout': ['route-checkout'],
  '/partner': ['route-partner'],
  '/deals': ['route-deals'],
  '/createContract': ['route-createContract'],
  '/authorizePartner': ['route-authorizePartner'],
  '/invitation': ['route-invitation'],
  '/privacidade': ['route-privacy'],
  '/telao': ['route-telao'],
  '/ajuda': ['route-ajuda'],
  '/parar': ['route-privacy'],
};

/**
 * What a first visit to the landing page may download, gzip: the scripts it needs to be
 * interactive and those it loads right after (both counted).
 */
export const LANDING_BUDGET_BYTES = 130 * 1024;

/**
 * The chunk groups the landing page asks for once it is interactive, on every visit (src/main.tsx:
 * the offline support). The bundle test checks in a browser that a first visit downloads no
 * other script.
 */
export const LANDING_AFTER_INTERACTIVE = ['pwa'];

/** Libraries the landing page must not load up front. */
export const HEAVY_FOR_LANDING = ['firebase', 'react-slick', 'react-webcam', 'qrcode.react', 'mercadopago', 'json5'];

export interface ChunkReport {
  id: string;
  names: string[];
  files: string[];
  raw: number;
  gzip: number;
  libraries: string[];
}

export interface RouteReport {
  route: string;
  chunks: string[];
  raw: number;
  gzip: number;
  libraries: string[];
}

/** What a first visit to the landing page downloads: before it is interactive, and right after. */
export interface FirstVisitReport {
  chunks: string[];
  /** The files, as the browser asks for them (`assets/...js`). */
  files: string[];
  beforeInteractive: number;
  afterInteractive: number;
  /** gzip, both counted. */
  gzip: number;
  libraries: string[];
}

export interface BundleReport {
  chunks: Map<string, ChunkReport>;
  routes: RouteReport[];
  landingFirstVisit: FirstVisitReport;
  /** Route chunk groups the build has that ROUTE_CHUNKS does not name (or the reverse). */
  unmapped: string[];
}

function librariesOf(moduleNames: string[]): string[] {
  return Object.entries(HEAVY_LIBRARIES)
    .filter(([, pattern]) => moduleNames.some((name) => pattern.test(name)))
    .map(([library]) => library);
}

function moduleNames(chunk: NonNullable<StatsCompilation['chunks']>[number]): string[] {
  const names: string[] = [];
  for (const mod of chunk.modules ?? []) {
    if (mod.name) names.push(mod.name);
    for (const inner of mod.modules ?? []) if (inner.name) names.push(inner.name);
  }
  return names;
}

export function analyseBuild(stats: StatsCompilation, outputDir: string): BundleReport {
  const chunks = new Map<string, ChunkReport>();
  for (const chunk of stats.chunks ?? []) {
    const files = [...(chunk.files ?? [])].filter((file) => file.endsWith('.js'));
    let raw = 0;
    let gzip = 0;
    for (const file of files) {
      const content = fs.readFileSync(path.join(outputDir, file));
      raw += content.length;
      gzip += zlib.gzipSync(content, { level: 9 }).length;
    }
    const id = String(chunk.id);
    chunks.set(id, { id, names: chunk.names ?? [], files, raw, gzip, libraries: librariesOf(moduleNames(chunk)) });
  }

  const groups = stats.namedChunkGroups ?? {};
  const entryChunks = (stats.entrypoints?.main?.chunks ?? []).map(String);
  const routes: RouteReport[] = Object.entries(ROUTE_CHUNKS).map(([route, groupNames]) => {
    const ids = new Set(entryChunks);
    for (const name of groupNames) for (const id of groups[name]?.chunks ?? []) ids.add(String(id));
    const parts = [...ids].map((id) => chunks.get(id)).filter((c): c is ChunkReport => c !== undefined);
    return {
      route,
      chunks: [...ids],
      raw: parts.reduce((sum, c) => sum + c.raw, 0),
      gzip: parts.reduce((sum, c) => sum + c.gzip, 0),
      libraries: [...new Set(parts.flatMap((c) => c.libraries))],
    };
  });

  const landing = routes.find((r) => r.route === '/');
  const before = new Set(landing?.chunks ?? []);
  const after = new Set(
    LANDING_AFTER_INTERACTIVE.flatMap((name) => (groups[name]?.chunks ?? []).map(String)).filter(
      (id) => !before.has(id),
    ),
  );
  const visited = [...before, ...after].map((id) => chunks.get(id)).filter((c): c is ChunkReport => c !== undefined);
  const gzipOf = (ids: Set<string>) => [...ids].reduce((sum, id) => sum + (chunks.get(id)?.gzip ?? 0), 0);
  const landingFirstVisit: FirstVisitReport = {
    chunks: visited.map((c) => c.id),
    files: visited.flatMap((c) => c.files),
    beforeInteractive: gzipOf(before),
    afterInteractive: gzipOf(after),
    gzip: gzipOf(before) + gzipOf(after),
    libraries: [...new Set(visited.flatMap((c) => c.libraries))],
  };

  const mapped = new Set(Object.values(ROUTE_CHUNKS).flat());
  const built = Object.keys(groups).filter((name) => name.startsWith('route-') && name !== 'route-notFound');
  const unmapped = [...built.filter((name) => !mapped.has(name)), ...[...mapped].filter((name) => !(name in groups))];
  return { chunks, routes, landingFirstVisit, unmapped };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1).padStart(7);

export function formatReport(report: BundleReport): string {
  const lines: string[] = [];
  lines.push('JS loaded per route (KB)');
  lines.push(`${'route'.padEnd(22)} ${'raw'.padStart(7)} ${'gzip'.padStart(7)}  heavy libraries`);
  for (const r of report.routes) {
    lines.push(`${r.route.padEnd(22)} ${kb(r.raw)} ${kb(r.gzip)}  ${r.libraries.join(', ')}`);
  }
  lines.push('');
  lines.push('Chunks (KB)');
  lines.push(`${'chunk'.padEnd(34)} ${'raw'.padStart(7)} ${'gzip'.padStart(7)}  heavy libraries`);
  const sorted = [...report.chunks.values()].filter((c) => c.files.length > 0).sort((a, b) => b.gzip - a.gzip);
  for (const c of sorted) {
    const label = (c.names.join('+') || `#${c.id}`).slice(0, 34);
    lines.push(`${label.padEnd(34)} ${kb(c.raw)} ${kb(c.gzip)}  ${c.libraries.join(', ')}`);
  }
  if (report.unmapped.length > 0) lines.push('', `Route chunks missing from the map: ${report.unmapped.join(', ')}`);
  return lines.join('\n');
}
