import http from 'node:http';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { type IdentityVerifier, isListedTeamMember, registerAuthGuard, type TeamPolicy } from './modules/identity';
import { siteOrigin, type ServerConfig } from './platform/config';
import type { AppContext } from './platform/context';
import { EVERYTHING, listenForChanges } from './platform/db/changeFeed';
import type { Database } from './platform/db/database';
import { databaseAnswers, registerHealth } from './modules/health';
import {
  configuredMediaStorage,
  countEventMedia,
  MEDIA_DERIVATIVES,
  mediaDerivativeQueues,
  scheduleTileSweep,
} from './modules/media';
import { advisoryKeyLock } from './platform/db/keyLock';
import { startJobQueue, type JobHandler } from './platform/db/jobQueue';
import { PRINT_FILES, PRINT_FILES_SETTINGS, printFilesJob, printSettingsRoutes } from './modules/print';
import {
  createFaceEngine,
  FACE_INDEX,
  FACE_INDEX_SETTINGS,
  type FaceEngine,
  faceIndexJob,
  faceSearchRoutes,
  faceSearchSettingsRoutes,
  scheduleFaceIndexSweep,
} from './modules/faces';
import { registerErrorHandler } from './platform/http/errorHandler';
import { agentSigningKey, createAccessService, loadMediaSessionSecret, registerVisitorAgent } from './modules/access';
import { loggerOptions } from './platform/http/logging';
import { registerRateLimits, routeRateLimit, type RateLimitSettings } from './platform/http/rateLimits';
import { registerSecurityHeaders } from './platform/http/securityHeaders';
import {
  collectOnServe,
  collectPageHead,
  eventsListPageHead,
  firstPageHead,
  galleryPageHead,
  isEventsListPage,
  registerStaticFiles,
} from './modules/firstPaint';
import { registerNulRefusal } from './platform/http/textGuard';
import { liveStreamCaps } from './platform/http/liveStreamCaps';
import { windowCounts } from './platform/db/windowCounts';
import {
  mercadoPagoProvider,
  type PaymentProvider,
  paymentRoutes,
  sandboxProvider,
  sandboxRoutes,
  shopRoutes,
} from './modules/commerce';
import { accountRoutes } from './modules/accounts';
import { boothRoutes } from './modules/booths';
import { deviceRoutes, teamDeviceRoutes } from './modules/devices';
import { downloadRoutes, guestRoutes } from './modules/gallery';
import { wallRoutes } from './modules/wall';
import { leadRoutes } from './modules/leads';
import { eventTitleRoutes, mediaAccessRoutes, teamEventRoutes } from './modules/events';
import { moderationRoutes } from './modules/moderation';
import { partnerRoutes } from './modules/partners';
import { privacyRoutes, scheduleRetention } from './modules/privacy';
import { insightsRoutes } from './modules/insights';
import { guestContactRoutes } from './modules/guestContacts';
import { collectRoutes } from './modules/collects';
import {
  closeTransports,
  configuredTransports,
  deliveryKeys,
  deliveryOwnerRoutes,
  deliveryQueues,
  deliveryRoutes,
  type DeliveryTransports,
  facesFound,
  noteCollect,
  whatsAppWebhookRoutes,
} from './modules/delivery';
import { cleanTemporaryFiles } from './platform/storage/durableWrite';
import { loadDeviceKeyPepper } from './platform/storage/serverSecret';

export interface AppDependencies {
  config: ServerConfig;
  db: Database;
  verifier: IdentityVerifier;
  /** The payment provider; by default Mercado Pago with credentials, else the local sandbox. */
  payments?: PaymentProvider;
  logger?: boolean;
  /** Where log lines go (the tests read them); by default standard output. */
  logStream?: NodeJS.WritableStream;
  /** Told of every route as it is declared (the tests list the routes of a family). */
  onRoute?: (route: RouteOptions) => void;
  /** The rate limits' scale and overrides (the tests raise them); by default the table's times RATE_LIMIT_SCALE. */
  rateLimits?: RateLimitSettings;
  /** The face engine (the tests wrap it to make it fail); by default the model in a worker thread. */
  faceEngine?: () => FaceEngine;
  /** The delivery transports by channel (the tests give fakes); by default the configuration's, closed with the app. */
  deliveryTransports?: DeliveryTransports;
}

/** The nearest `hops` proxies are believed (Fastify does so for a number too, but its types do not say). */
function trustHops(hops: number): (address: string, hop: number) => boolean {
  return (_address, hop) => hop < hops;
}

/** Builds the whole server: API under /api, device API, media, and the SPA. */
export async function buildApp({
  config,
  db,
  verifier,
  payments,
  logger,
  logStream,
  onRoute,
  rateLimits,
  faceEngine = createFaceEngine,
  deliveryTransports,
}: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger === false ? false : loggerOptions(config.logLevel, logStream),
    // Lists travel in path segments and query strings (docs/api.md#the-contracts-calls): allow long ones.
    routerOptions: { maxParamLength: 4096 },
    bodyLimit: 1024 * 1024,
    // The client address (rate limits count by it) is taken from X-Forwarded-For only through the proxies TRUST_PROXY
    // names.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    serverFactory: (handler) => http.createServer({ maxHeaderSize: 256 * 1024 }, handler),
    // Types are checked, never coerced: a number where text is expected is a client error.
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, allErrors: false } },
  });

  // A kill in the middle of a write leaves its temporary file: gone before anything is served.
  const leftovers = await cleanTemporaryFiles(config.dataDir);
  if (leftovers.length > 0) app.log.info({ count: leftovers.length }, 'temporary files of interrupted writes removed');

  const team: TeamPolicy = {
    emails: config.teamEmails,
    isListed: (email) => isListedTeamMember(db, email),
    requireVerifiedEmail: config.authEmulatorHost === null,
  };
  // Its own connection, closed with the app: what the guest routes keep in memory follows it.
  const changes = listenForChanges(db, { onError: (message) => app.log.warn(message) });
  app.addHook('onClose', () => changes.close());
  await changes.ready;
  const storage = configuredMediaStorage(
    config,
    {
      maxEventFiles: config.maxEventMediaFiles,
      countEventFiles: (eventName) => countEventMedia(db, eventName),
      derivationsAtOnce: config.jobWorkers,
    },
    advisoryKeyLock(db),
  );
  // The face model runs in a worker thread, started on the first photo to index or selfie.
  const faces = faceEngine();
  const transports = deliveryTransports ?? configuredTransports(config.delivery);
  let indexFaces: JobHandler = async () => {
    throw new Error('the face index job ran before the queue started');
  };
  const mediaSessionSecret = await loadMediaSessionSecret(config.mediaSessionSecret, config.dataDir);
  const deliveryLinks = deliveryKeys(mediaSessionSecret);
  const delivery = deliveryQueues(
    db,
    { site: siteOrigin(config), objects: storage.objects, keys: deliveryLinks },
    transports,
  );
  const jobs = await startJobQueue(
    db,
    {
      ...mediaDerivativeQueues(db, storage, (message) => app.log.warn(message)),
      [PRINT_FILES]: {
        settings: PRINT_FILES_SETTINGS,
        handler: printFilesJob(db, storage.objects, siteOrigin(config)),
      },
      // Its handler needs the queue (a batch queues the next): bound once the queue exists.
      [FACE_INDEX]: { settings: FACE_INDEX_SETTINGS, handler: (data) => indexFaces(data) },
      ...delivery.queues,
    },
    { workers: config.jobWorkers, onError: (message) => app.log.warn(message) },
  );
  // The photos a face is found in go to the guests subscribed for them, in the transaction that records the faces.
  indexFaces = faceIndexJob(db, storage.objects, faces, jobs, (client, photo, descriptors) =>
    facesFound(client, jobs, photo, descriptors),
  );
  delivery.started(jobs);
  // Before the pool closes (after the app): jobs under way finish, the rest wait in the queue for
  // any server; then the face model's thread stops.
  app.addHook('onClose', async () => {
    await jobs.stop();
    await faces.close();
    // After the jobs that send through them: a message under way is sent, or left to the queue.
    if (!deliveryTransports) await closeTransports(transports);
  });
  // Another server's upload announces itself through the change feed at its commit: its job is
  // looked for at once here too, not at the next poll.
  const stopNudging = changes.onChange((key) => {
    if (key === EVERYTHING || key.startsWith('event:')) jobs.nudge(MEDIA_DERIVATIVES);
  });
  app.addHook('onClose', async () => stopNudging());
  const context: AppContext = {
    config,
    db,
    faces,
    changes,
    verifier,
    team,
    storage,
    jobs,
    payments:
      payments ??
      (config.mercadoPagoAccessToken
        ? mercadoPagoProvider(config.mercadoPagoAccessToken)
        : sandboxProvider(db, config.pix)),
    rateLimit: (route) => routeRateLimit(route, rateLimits ?? { scale: config.rateLimitScale }),
    limitScale: (rateLimits ?? { scale: config.rateLimitScale }).scale ?? 1,
    devicePepper: await loadDeviceKeyPepper(config),
    mediaAccess: {
      keys: {
        secret: mediaSessionSecret,
        secure: config.publicUrl?.startsWith('https://') ?? false,
      },
      guard: createAccessService(db, changes),
    },
    liveStreams: liveStreamCaps({ perServer: config.liveStreamsMax }),
  };

  app.addHook('onClose', async () => context.mediaAccess.guard.close());
  if (onRoute) app.addHook('onRoute', onRoute);
  registerErrorHandler(app);
  registerSecurityHeaders(app, config);
  registerNulRefusal(app);
  await registerRateLimits(
    app,
    windowCounts({ db: config.rateLimitStore === 'database' ? db : null, onError: (message) => app.log.warn(message) }),
  );
  const issueVisitor = registerVisitorAgent(app, {
    key: agentSigningKey(context.mediaAccess.keys.secret),
    secure: context.mediaAccess.keys.secure,
  });

  await app.register(
    async (plain) => {
      const api = plain.withTypeProvider<TypeBoxTypeProvider>();
      registerAuthGuard(api, verifier, team);
      guestRoutes(api, context);
      downloadRoutes(api, context);
      wallRoutes(api, context);
      printSettingsRoutes(api, context);
      faceSearchSettingsRoutes(api, context);
      accountRoutes(api, context);
      shopRoutes(api, context);
      paymentRoutes(api, context);
      partnerRoutes(api, context);
      teamDeviceRoutes(api, context);
      teamEventRoutes(api, context);
      leadRoutes(api, context);
      boothRoutes(api, context);
      faceSearchRoutes(api, context, (agent, ref) => noteCollect(db, jobs, agent, ref));
      privacyRoutes(api, context);
      guestContactRoutes(api, context);
      mediaAccessRoutes(api, context);
      eventTitleRoutes(api, context);
      insightsRoutes(api, context);
      collectRoutes(api, context);
      moderationRoutes(api, context);
      deliveryRoutes(api, context, deliveryLinks);
      deliveryOwnerRoutes(api, context);
      // Only where the configuration chose the sandbox (PAYMENT_SANDBOX=1, never in production):
      // its routes settle payments nobody made (404 everywhere else).
      if (context.payments.sandbox && config.paymentSandbox) sandboxRoutes(api, context);
      await api.register(async (devices) => deviceRoutes(devices, context));
      // Its own scope: its JSON bodies are kept as bytes, for their signature.
      await api.register(async (webhook) => whatsAppWebhookRoutes(webhook, context));
      api.get('/health', async () => {
        await databaseAnswers(db);
        return { status: 'ok' };
      });
    },
    { prefix: '/api' },
  );

  registerHealth(app, context);
  scheduleRetention(app, context);
  scheduleTileSweep(app, db, config.tileWaitSeconds);
  scheduleFaceIndexSweep(app, db, jobs);
  await registerStaticFiles(app, config, context.storage, { access: context.mediaAccess }, issueVisitor, {
    head: firstPageHead([
      collectPageHead(db, config.client.apiBase),
      galleryPageHead(db, config.client.apiBase),
      eventsListPageHead(),
    ]),
    visit: collectOnServe(db, context.mediaAccess, jobs),
    privately: isEventsListPage,
  });
  return app;
}
