import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RuntimeConfig } from '../../../../../contract/wire';
import { firstScreenChunks } from '../../../../../contract/firstPaint/firstScreens';
import { PHOTO_FIRST_SCRIPT } from '../../../../../contract/firstPaint/photoFirst';
import { runtimeConfigScript } from '../../../../../contract/runtimeConfig';
import type { ServerConfig } from '../../../platform/config';
import { escapeAttribute, type PageHead } from './collectPreload';
import { preferredEncoding } from '../../../platform/http/replyCache';
import { routeChunkTags, type RouteChunks } from './routeChunks';

/** One HTML page of the built SPA with this environment's settings written in, ready compressed. */
export interface SpaPage {
  identity: Buffer;
  gzip: Buffer;
  brotli: Buffer;
}

/** What the SPA is told about this environment (src/api/runtimeConfigReader.ts reads it). */
export function runtimeConfigOf(config: ServerConfig): RuntimeConfig {
  return {
    apiBase: config.client.apiBase,
    firebase: {
      apiKey: config.client.firebaseApiKey,
      authDomain: config.client.firebaseAuthDomain,
      projectId: config.firebaseProjectId,
      authEmulatorUrl: config.authEmulatorHost ? `http://${config.authEmulatorHost}` : '',
    },
    mercadoPagoPublicKey: config.client.mercadoPagoPublicKey,
  };
}

/** The page with the settings block first in its head, before any script can ask for them. */
function withRuntimeConfig(html: string, config: RuntimeConfig): string {
  const block = runtimeConfigScript(config);
  // First in the head, else first in the document element; never before the doctype (quirks mode).
  const opening = /<head[^>]*>/i.exec(html) ?? /<html[^>]*>/i.exec(html);
  if (!opening) return `${block}${html}`;
  const at = opening.index + opening[0].length;
  return `${html.slice(0, at)}${block}${html.slice(at)}`;
}

/** A page made once and served many times: compressed as small as it gets. */
function compressedOnce(identity: Buffer): SpaPage {
  return {
    identity,
    gzip: zlib.gzipSync(identity, { level: 9 }),
    brotli: zlib.brotliCompressSync(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
  };
}

/** Reads a built page once at start; the settings do not change while the server runs. */
export function loadSpaPage(distDir: string, file: string, config: RuntimeConfig): SpaPage {
  return compressedOnce(Buffer.from(withRuntimeConfig(fs.readFileSync(path.join(distDir, file), 'utf8'), config)));
}

/**
 * The shell for a page at this address: with its first screen's code named in its head
 * (modules/firstPaint/http/routeChunks.ts) when the build lists it. Made once per screen, then kept.
 */
export function shellsByRoute(shell: SpaPage, chunks: RouteChunks | null): (pathname: string) => SpaPage {
  const made = new Map<string, SpaPage>();
  return (pathname) => {
    const names = firstScreenChunks(pathname);
    if (!chunks || names.length === 0) return shell;
    // The pages of one screen (and booth) share their markup.
    const key = names.join(' ');
    let page = made.get(key);
    if (!page) {
      const tags = routeChunkTags(names, chunks);
      page = tags ? compressedOnce(Buffer.from(withHeadMarkup(shell.identity.toString('utf8'), tags))) : shell;
      made.set(key, page);
    }
    return page;
  };
}

/**
 * Sends a page in the best encoding the client accepts; never cached without a revalidation, and
 * a page drawn from the visitor's own cookies (`privately`) by the browser alone.
 */
export function sendSpaPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: SpaPage,
  { privately = false }: { privately?: boolean } = {},
): FastifyReply {
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  reply
    .header('Content-Type', 'text/html; charset=utf-8')
    .header('Cache-Control', privately ? 'private, no-cache' : 'no-cache')
    .header('Vary', 'Accept-Encoding');
  if (encoding === 'br') return reply.header('Content-Encoding', 'br').send(page.brotli);
  if (encoding === 'gzip') return reply.header('Content-Encoding', 'gzip').send(page.gzip);
  return reply.send(page.identity);
}

/** The page with `markup` at the end of its head (after the settings and the styles), or before its body. */
function withHeadMarkup(html: string, markup: string): string {
  const closing = /<\/head>/i.exec(html) ?? /<body[\s>]/i.exec(html);
  if (!closing) return html;
  return `${html.slice(0, closing.index)}${markup}${html.slice(closing.index)}`;
}

/** The page with `markup` just before its root element (outside what the app renders). */
function beforeRoot(html: string, markup: string): string {
  if (!markup) return html;
  return html.replace(/<div id="?root"?>/, (root) => `${markup}${root}`);
}

/** The build's own script tags (minified: quotes and the attribute's value may be gone). */
const APP_SCRIPT = /<script defer(?:="?defer"?)? src="?(\/assets\/[^"\s>]+\.js)"?><\/script>/g;

/**
 * The page with the app's scripts handed to the photo-first loader (contract/firstPaint/photoFirst.ts): they
 * are asked for once the photo in the page has arrived, instead of sharing the connection with it.
 */
export function scriptsAfterPhoto(html: string): string {
  const sources = [...html.matchAll(APP_SCRIPT)].map((match) => match[1]);
  if (sources.length === 0) return html;
  const loader =
    `<script defer src="${PHOTO_FIRST_SCRIPT}" data-scripts="` + `${escapeAttribute(sources.join(' '))}"></script>`;
  let placed = false;
  return html.replace(APP_SCRIPT, () => {
    if (placed) return '';
    placed = true;
    return loader;
  });
}

export interface PageOptions {
  /** The build has the photo-first loader: a page with a photo in it may hand its scripts to it. */
  photoFirst?: boolean;
  /**
   * The shell naming this page's first screen's code (shellsByRoute), used unless the page draws
   * a photo: then the photo has the connection to itself, and the code waits for it.
   */
  routeShell?: SpaPage;
  /** This page's screen's stylesheets as head markup (routeStyleTags), for markup that asks for them. */
  routeStyles?: string;
}

/**
 * The page for one request: the page itself, or a copy with the head markup this request gets
 * (the collect page's preloads and photo, a booth gallery's first photos). Such a copy is made per request, so it is
 * compressed quickly.
 */
export async function pageForRequest(
  request: FastifyRequest,
  page: SpaPage,
  head?: PageHead,
  options: PageOptions = {},
): Promise<SpaPage> {
  const extras = head ? await head(request) : null;
  const shell = extras?.photo ? page : (options.routeShell ?? page);
  if (!extras || (!extras.head && !extras.root)) return shell;
  const headMarkup = extras.styles && options.routeStyles ? `${options.routeStyles}${extras.head}` : extras.head;
  const html = beforeRoot(withHeadMarkup(shell.identity.toString('utf8'), headMarkup), extras.root);
  const identity = Buffer.from(options.photoFirst && extras.photo ? scriptsAfterPhoto(html) : html);
  // Only the encoding the client takes is made.
  let gzip: Buffer | undefined;
  let brotli: Buffer | undefined;
  return {
    identity,
    get gzip() {
      return (gzip ??= zlib.gzipSync(identity, { level: 6 }));
    },
    get brotli() {
      return (brotli ??= zlib.brotliCompressSync(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }));
    },
  };
}
