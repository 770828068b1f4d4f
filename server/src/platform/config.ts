import path from 'node:path';
import { MAX_EVENT_MEDIA_FILES } from './storage/imageLimits';
import {
  mediaPublicBase,
  mediaStore,
  port,
  positiveInteger,
  rateLimitStore,
  serverSecret,
  trustProxy,
  wholeNumber,
  type Env,
  type MediaStoreSetting,
} from './configReaders';
import { firebaseProject, paymentSandboxChosen, publicOrigin, requireProductionSettings } from './configProduction';
import { deliveryConfig, type DeliveryConfig } from './configDelivery';

export { ConfigError } from './configReaders';

/** Everything the server reads from its environment (docs/configuration.md). */
export interface ServerConfig {
  production: boolean;
  host: string;
  port: number;
  /** Root of everything the server keeps on disk: the embedded database and the media. */
  dataDir: string;
  /** An external PostgreSQL; null (never in production) runs the local stack's embedded one in dataDir. */
  databaseUrl: string | null;
  firebaseProjectId: string;
  /** host:port of the Firebase Auth emulator; never in production. */
  authEmulatorHost: string | null;
  /** Lower-cased e-mails of the team (docs/product.md#roles-and-permissions). */
  teamEmails: string[];
  /** The built SPA; served when it exists. */
  distDir: string;
  /** The public origin (https://... in production): HSTS and absolute links. */
  publicUrl: string | null;
  pix: { key: string; merchantName: string; merchantCity: string };
  /**
   * Mercado Pago access token; null: no real payment (the sandbox's stand-in, settled only as PAYMENT_SANDBOX allows).
   */
  mercadoPagoAccessToken: string | null;
  /**
   * PAYMENT_SANDBOX=1: the payment sandbox is chosen, with its routes that settle a payment nobody
   * made. Only ever by this setting (never in production, never with a token): a server that is
   * merely not production does not open them.
   */
  paymentSandbox: boolean;
  /** The secret Mercado Pago signs its webhooks with (`x-signature`); null: no webhook is believed. */
  mercadoPagoWebhookSecret: string | null;
  /** What the SPA is told at run time (written into every page): one build serves every environment. */
  client: {
    /** API_BASE: the API's base URL when the SPA is served elsewhere; empty: `/api` on the page's origin. */
    apiBase: string;
    firebaseApiKey: string;
    firebaseAuthDomain: string;
    mercadoPagoPublicKey: string;
  };
  logLevel: string;
  /**
   * Which proxies' `X-Forwarded-For` decides the client address (Fastify's `trustProxy`), the
   * address rate limits count by: false (none, the default), a number of hops, or the proxies'
   * addresses and CIDR ranges.
   */
  trustProxy: boolean | number | string[];
  /**
   * MEDIA_SESSION_SECRET: signs the cookie that lets a signed-in visitor's browser load private
   * media (modules/access/http/mediaSession.ts); null: a random one kept in the data folder (one app server).
   */
  mediaSessionSecret: string | null;
  /**
   * DEVICE_KEY_PEPPER: what device keys are hashed with (an HMAC key kept out of the database, so
   * that its copy does not let anyone test keys against it); null keeps one in the data folder.
   */
  deviceKeyPepper: string | null;
  /** MAX_EVENT_MEDIA_FILES: how many files one event's media folder may hold before uploads are refused. */
  maxEventMediaFiles: number;
  /**
   * RATE_LIMIT_SCALE: every rate limit multiplied by it (1, the table's limits, by default). The
   * benchmarks raise it so that their one client address measures the server, not the limiter.
   */
  rateLimitScale: number;
  /**
   * RATE_LIMIT_STORE: where the routes' limits are counted. `database` (the default): in
   * PostgreSQL, shared by every app server; `memory`: in this process alone (one server only).
   */
  rateLimitStore: 'database' | 'memory';
  /**
   * SHUTDOWN_DRAIN_SECONDS: on SIGTERM, how long `/readyz` says 503 while requests are still
   * served, so that the balancer stops sending new ones before the server stops accepting
   * (5 in production, 0 elsewhere; at most 20, within the usual 30 s before SIGKILL).
   */
  shutdownDrainMs: number;
  /**
   * JOB_WORKERS: background jobs (thumbnails, renditions, video posters) this server runs at once,
   * taken from the queue in PostgreSQL that every server shares (1 by default; 0 for a server that
   * only answers requests, leaving the work to the others).
   */
  jobWorkers: number;
  /**
   * TILE_WAIT_SECONDS: how long a booth's upload stays out of its galleries waiting for its job to
   * make its tile (3 by default; at most 900); past it the upload is listed without one, and the
   * first phone to ask makes it. Normally the job is done well before; a queue fallen behind (a
   * burst past what the workers make, a restart with work left over) hides nothing longer.
   */
  tileWaitSeconds: number;
  /**
   * MEDIA_STORE: where media files, thumbnails and renditions are kept. `disk` (the default): the
   * data folder; `s3`: a bucket through the S3 API (S3_BUCKET, S3_REGION, S3_ENDPOINT for another
   * service than AWS, S3_FORCE_PATH_STYLE, and AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY or the
   * SDK's own credentials), shared by every app server.
   */
  mediaStore: MediaStoreSetting;
  /**
   * MEDIA_PUBLIC_BASE: where browsers fetch a public event's files from, a CDN (or caching proxy)
   * whose origin is this app (modules/access/http/publicMedia.ts): its address, optionally with a path, without
   * the trailing slash; null (the default) serves every file from the app itself.
   */
  mediaPublicBase: string | null;
  /**
   * LIVE_STREAMS_MAX: live streams (a gallery's, a wall's) this server holds open at once, in all;
   * one more is refused with 503 and the phone polls instead (platform/http/liveStreamCaps.ts). Each holds
   * a socket and some memory (docs/configuration.md says how much).
   */
  liveStreamsMax: number;
  /** SMTP_*, MAIL_FROM and WHATSAPP_*: how guests' photos are delivered (platform/configDelivery.ts). */
  delivery: DeliveryConfig;
}

/**
 * LIVE_STREAMS_MAX's default: what a server with its usual memory holds without trouble (each
 * open stream about 15 KB of heap, 40 KB resident, and one socket: `npm run bench:streams`).
 */
const LIVE_STREAMS_MAX = 5_000;

export function loadConfig(env: Env = process.env, cwd = process.cwd()): ServerConfig {
  const production = env.NODE_ENV === 'production';
  const dataDir = path.resolve(cwd, env.DATA_DIR || 'data');
  const authEmulatorHost = env.FIREBASE_AUTH_EMULATOR_HOST || null;
  const firebaseProjectId = firebaseProject(env, production, authEmulatorHost);
  if (production) requireProductionSettings(env);
  const paymentSandbox = paymentSandboxChosen(
    env.PAYMENT_SANDBOX,
    production,
    Boolean(env.MERCADOPAGO_ACCESS_TOKEN?.trim()),
  );
  const publicUrl = publicOrigin(env, production);
  return {
    production,
    host: env.HOST || '127.0.0.1',
    port: port(env.PORT, 8080, 'PORT'),
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    firebaseProjectId,
    authEmulatorHost,
    teamEmails: (env.TEAM_EMAILS ?? '')
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
    distDir: path.resolve(cwd, env.DIST_DIR || 'dist'),
    publicUrl,
    pix: {
      key: env.PIX_KEY || 'pix@cabine.example',
      merchantName: env.PIX_MERCHANT_NAME || 'CABINE EVENTOS',
      merchantCity: env.PIX_MERCHANT_CITY || 'SAO PAULO',
    },
    mercadoPagoAccessToken: env.MERCADOPAGO_ACCESS_TOKEN || null,
    paymentSandbox,
    mercadoPagoWebhookSecret: env.MERCADOPAGO_WEBHOOK_SECRET || null,
    client: {
      apiBase: env.API_BASE ?? '',
      firebaseApiKey: env.FIREBASE_API_KEY || (production ? '' : 'demo-api-key'),
      firebaseAuthDomain: env.FIREBASE_AUTH_DOMAIN ?? '',
      mercadoPagoPublicKey: env.MERCADOPAGO_PUBLIC_KEY ?? '',
    },
    logLevel: env.LOG_LEVEL || (production ? 'info' : 'warn'),
    trustProxy: trustProxy(env.TRUST_PROXY),
    mediaSessionSecret: serverSecret(env.MEDIA_SESSION_SECRET, 'MEDIA_SESSION_SECRET'),
    deviceKeyPepper: serverSecret(env.DEVICE_KEY_PEPPER, 'DEVICE_KEY_PEPPER'),
    maxEventMediaFiles: positiveInteger(env.MAX_EVENT_MEDIA_FILES, MAX_EVENT_MEDIA_FILES, 'MAX_EVENT_MEDIA_FILES'),
    rateLimitScale: positiveInteger(env.RATE_LIMIT_SCALE, 1, 'RATE_LIMIT_SCALE'),
    rateLimitStore: rateLimitStore(env.RATE_LIMIT_STORE),
    shutdownDrainMs: wholeNumber(env.SHUTDOWN_DRAIN_SECONDS, production ? 5 : 0, 'SHUTDOWN_DRAIN_SECONDS', 20) * 1000,
    jobWorkers: wholeNumber(env.JOB_WORKERS, 1, 'JOB_WORKERS', 8),
    tileWaitSeconds: wholeNumber(env.TILE_WAIT_SECONDS, 3, 'TILE_WAIT_SECONDS', 900),
    mediaStore: mediaStore(env),
    mediaPublicBase: mediaPublicBase(env.MEDIA_PUBLIC_BASE, production),
    liveStreamsMax: positiveInteger(env.LIVE_STREAMS_MAX, LIVE_STREAMS_MAX, 'LIVE_STREAMS_MAX'),
    delivery: deliveryConfig(env, production),
  };
}

/**
 * The site's origin as guests reach it, for links the server writes where no request says it (a
 * print file's QR code): PUBLIC_URL, or this server's own address on a machine without one.
 */
export function siteOrigin(config: Pick<ServerConfig, 'publicUrl' | 'host' | 'port'>): string {
  if (config.publicUrl) return config.publicUrl;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.port}`;
}
