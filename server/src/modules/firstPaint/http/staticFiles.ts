import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { firstScreenChunks } from '../../../../../contract/firstPaint/firstScreens';
import { isPagePath } from '../../../../../contract/pagePaths';
import { PHOTO_FIRST_SCRIPT } from '../../../../../contract/firstPaint/photoFirst';
import { notFound } from '../../../platform/errors';
import type { ServerConfig } from '../../../platform/config';
import { CATALOGUE_PREFIX, catalogueKey, isCatalogueFile } from '../../../platform/storage/catalogue';
import type { MediaStorage } from '../../media';
import type { PageVisit } from './collectOnServe';
import type { PageHead } from './collectPreload';
import {
  type IssueVisitor,
  type MediaAccess,
  mediaTarget,
  registerMediaGate,
  registerPublicMedia,
  sendMediaFile,
  setVisitorCookie,
} from '../../access';
import { sendObject } from '../../../platform/http/objectReply';
import { loadRouteChunks, routeStyleTags } from './routeChunks';
import { loadSpaPage, pageForRequest, runtimeConfigOf, sendSpaPage, shellsByRoute } from './spaPages';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const CATALOGUE_CACHE = 'public, max-age=86400';

/**
 * Files of the build folder that are not the public's, answered 404: the source maps (webpack
 * writes the SPA's for whoever debugs a report; they would hand out the sources), and the
 * compiled server that `npm run build` puts beside the SPA in dist/server, with its own maps.
 */
function isPrivateBuildFile(pathName: string): boolean {
  return /\.map(\.(gz|br))?$/i.test(pathName) || /^\/server(\/|$)/.test(pathName);
}

/**
 * The SPA gives each new visitor an agent id and reloads once (docs/product.md#session-and-cookies); a page given to a
 * browser without its signed agent gives it one (modules/access/http/visitorAgent.ts), which spares the reload.
 */
function giveAgentCookie(request: FastifyRequest, reply: FastifyReply, issue: IssueVisitor): void {
  if (!request.visitorAgent) issue(request, reply);
}

/**
 * What serving this page changes in the visitor's cookies (the collect page's collect:
 * modules/firstPaint/http/collectOnServe.ts), set before the page goes. A failure only loses that: the SPA collects
 * once its scripts run.
 */
async function applyPageVisit(
  request: FastifyRequest,
  reply: FastifyReply,
  visit: PageVisit | undefined,
  secure: boolean,
): Promise<void> {
  if (!visit) return;
  try {
    for (const { name, value } of await visit(request)) setVisitorCookie(reply, name, value, secure);
  } catch (error) {
    request.log.warn({ err: error }, 'page visit failed');
  }
}

export interface MediaGateDependencies {
  access: MediaAccess;
}

/** What a page of the SPA gets beyond the shell for one request. */
export interface PageHooks {
  /** Markup in its head and before its root (the collect page's preloads and photo). */
  head?: PageHead;
  /** Cookies of the visitor's it changes (the collect page's collect). */
  visit?: PageVisit;
  /** Pages drawn from the visitor's cookies (the events list's): `private` to every cache. */
  privately?: (request: FastifyRequest) => boolean;
}

/**
 * Media, thumbnails and display renditions behind the gate of their event's visibility
 * (modules/access/http/mediaGate.ts: a public event's files long-lived in any cache, the others only for whom
 * the gate lets through), then the built SPA with history fallback.
 */
export async function registerStaticFiles(
  app: FastifyInstance,
  config: ServerConfig,
  storage: MediaStorage,
  gate: MediaGateDependencies,
  issueVisitor: IssueVisitor,
  pages: PageHooks = {},
): Promise<void> {
  for (const prefix of ['/media/', '/thumbs/', '/display/'] as const) {
    // Each folder in a scope of its own: the gate's hooks run for its files and nothing else.
    await app.register(async (scope) => {
      registerMediaGate(scope, prefix, gate.access, config.mediaPublicBase);
      scope.route({
        method: ['GET', 'HEAD'],
        url: `${prefix}*`,
        handler: async (request, reply) => {
          const ref = mediaTarget(request.url, prefix);
          if (!ref) throw notFound('not_found', 'Não encontrado.');
          return sendMediaFile(request, reply, storage, prefix, ref);
        },
      });
    });
  }
  // A CDN's way in to public events' files, when one serves them (MEDIA_PUBLIC_BASE).
  if (config.mediaPublicBase) await registerPublicMedia(app, storage, gate.access);

  // The company's images: anyone's, kept a day by any cache (a new seed may replace one), from
  // the object store like the media (every server sees what a seed loaded through any of them).
  await app.register(async (scope) => {
    scope.addHook('onSend', async (_request, reply, payload) => {
      const ok = reply.statusCode === 200 || reply.statusCode === 206 || reply.statusCode === 304;
      reply.header('Cache-Control', ok ? CATALOGUE_CACHE : 'no-store');
      return payload;
    });
    scope.route({
      method: ['GET', 'HEAD'],
      url: `${CATALOGUE_PREFIX}*`,
      handler: async (request, reply) => {
        const name = request.url.split('?')[0].slice(CATALOGUE_PREFIX.length);
        if (!isCatalogueFile(name)) throw notFound('not_found', 'Não encontrado.');
        return sendObject(request, reply, storage.objects, catalogueKey(name));
      },
    });
  });

  const indexFile = path.join(config.distDir, 'index.html');
  const secure = config.publicUrl?.startsWith('https://') ?? false;
  const hasSpa = fs.existsSync(indexFile);
  // index.html holds the pre-rendered landing page; every other route gets the empty shell. Both
  // carry this environment's settings, written in here: the build itself holds none.
  const settings = runtimeConfigOf(config);
  const landing = hasSpa ? loadSpaPage(config.distDir, 'index.html', settings) : null;
  const shell =
    hasSpa && fs.existsSync(path.join(config.distDir, 'app.html'))
      ? loadSpaPage(config.distDir, 'app.html', settings)
      : landing;
  // A build without the loader (an older one, a test's) keeps its scripts where they are.
  const photoFirst = hasSpa && fs.existsSync(path.join(config.distDir, PHOTO_FIRST_SCRIPT.slice(1)));
  const chunks = loadRouteChunks(config.distDir);
  const routeShell = shell ? shellsByRoute(shell, chunks) : null;
  const routeStyles = (pathname: string) => (chunks ? routeStyleTags(firstScreenChunks(pathname), chunks) : '');
  if (landing && shell) {
    await app.register(fastifyStatic, {
      root: config.distDir,
      prefix: '/',
      index: false,
      // The pages go out with their settings (below), never as the files on disk.
      allowedPath: (pathName) => !/^\/(index|app)\.html$/.test(pathName) && !isPrivateBuildFile(pathName),
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        const relative = path.relative(config.distDir, filePath);
        res.header('Cache-Control', relative.startsWith(`assets${path.sep}`) ? IMMUTABLE : 'no-cache');
      },
    });
    app.get('/', (request, reply) => sendSpaPage(request, reply, landing));
    app.get('/index.html', (request, reply) => sendSpaPage(request, reply, landing));
    app.get('/app.html', (request, reply) => sendSpaPage(request, reply, shell));
    app.addHook('onSend', async (request, reply, payload) => {
      if (String(reply.getHeader('content-type') ?? '').startsWith('text/html'))
        giveAgentCookie(request, reply, issueVisitor);
      return payload;
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && isPagePath(url);
    // A page may get markup of its own (the collect page's photo: modules/firstPaint/http/collectPreload.ts; a booth
    // gallery's first photos: modules/firstPaint/http/galleryShell.ts) and change the visitor's cookies (a collect
    // link's collect: modules/firstPaint/http/collectOnServe.ts).
    if (shell && routeShell && isPage) {
      return pageForRequest(request, shell, pages.head, {
        photoFirst,
        routeShell: routeShell(url),
        routeStyles: routeStyles(url),
      }).then(async (page) => {
        // A first visit gets its agent before the visit, so that what the visit grants (a wall's QR code:
        // collectOnServe.ts) is the visitor's.
        giveAgentCookie(request, reply, issueVisitor);
        await applyPageVisit(request, reply, pages.visit, secure);
        return sendSpaPage(request, reply, page, { privately: pages.privately?.(request) ?? false });
      });
    }
    return reply.code(404).send({ error: 'not_found', message: 'Não encontrado.' });
  });
}
