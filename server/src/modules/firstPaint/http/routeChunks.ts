import fs from 'node:fs';
import path from 'node:path';
import { escapeAttribute } from './collectPreload';

/**
 * A page opened on one of the guest's first screens (contract/firstPaint/firstScreens.ts) names that screen's
 * code in its head, so the browser downloads it together with the app's own scripts instead of
 * once they have run and asked for it: one trip fewer before the screen is drawn, on a venue's
 * Wi-Fi. The build lists each screen's files in `route-chunks.json` (scripts/lib/routeChunksPlugin.ts).
 */

export const ROUTE_CHUNKS_FILE = 'route-chunks.json';

/** Chunk name → its files, as the build wrote them (only this site's hashed assets). */
export type RouteChunks = ReadonlyMap<string, readonly string[]>;

const ASSET = /^\/assets\/[A-Za-z0-9._-]+\.(js|css)$/;

/** The build's list, or null when it has none (an older build, a test's) or it cannot be read. */
export function loadRouteChunks(distDir: string): RouteChunks | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(path.join(distDir, ROUTE_CHUNKS_FILE), 'utf8'));
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const chunks = new Map<string, string[]>();
  for (const [name, files] of Object.entries(parsed)) {
    if (Array.isArray(files))
      chunks.set(
        name,
        files.filter((file): file is string => typeof file === 'string' && ASSET.test(file)),
      );
  }
  return chunks;
}

/** The preload tags for these files: styles as styles, scripts as scripts (as webpack inserts them). */
export function preloadTags(files: readonly string[]): string {
  return files
    .map(
      (file) =>
        `<link rel="preload" as="${file.endsWith('.css') ? 'style' : 'script'}" href="${escapeAttribute(file)}">`,
    )
    .join('');
}

/** These chunks' files (contract/firstPaint/firstScreens.ts gives a page's), each once. */
function routeFiles(names: readonly string[], chunks: RouteChunks): string[] {
  const files = new Set<string>();
  for (const name of names) for (const file of chunks.get(name) ?? []) files.add(file);
  return [...files];
}

/** The head markup naming these chunks' files. */
export function routeChunkTags(names: readonly string[], chunks: RouteChunks): string {
  return preloadTags(routeFiles(names, chunks));
}

/**
 * These chunks' stylesheets, applied at once: for markup the server draws with a screen's own
 * classes. The app's loader finds them there and does not ask for them again.
 */
export function routeStyleTags(names: readonly string[], chunks: RouteChunks): string {
  return routeFiles(names, chunks)
    .filter((file) => file.endsWith('.css'))
    .map((file) => `<link rel="stylesheet" href="${escapeAttribute(file)}">`)
    .join('');
}
