import net from 'node:net';
import path from 'node:path';
import { MAX_EVENT_MEDIA_FILES } from './storage/imageLimits';
import type { S3Settings } from './storage/s3ObjectStore';

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
  /** Mercado Pago access token; null: no real payment (the sandbox's stand-in, settled only as PAYMENT_SANDBOX allows). */
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
  mediaStore: { kind: 'disk' } | ({ kind: 's3' } & S3Settings);
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
}

/**
 * LIVE_STREAMS_MAX's default: what a server with its usual memory holds without trouble (each
 * open stream about 15 KB of heap, 40 KB resident, and one socket: `npm run bench:streams`).
 */
const LIVE_STREAMS_MAX = 5_000;

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function mediaPublicBase(value: string | undefined, production: boolean): string | null {
  if (!value) return null;
  const refuse = () =>
    new ConfigError(
      `MEDIA_PUBLIC_BASE deve ser um endereço ${production ? 'https' : 'http(s)'} sem parâmetros (?), âncora (#) nem usuário e senha; recebido "${value}".`,
    );
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw refuse();
  }
  const schemes = production ? ['https:'] : ['https:', 'http:'];
  if (
    !schemes.includes(url.protocol) ||
    url.search ||
    url.hash ||
    url.username ||
    url.password ||
    /[?#\s]/.test(value.trim())
  )
    throw refuse();
  // The address as URL writes it (what goes into every redirect's Location), without its last slash.
  return url.href.replace(/\/+$/, '');
}

function rateLimitStore(value: string | undefined): 'database' | 'memory' {
  if (value === undefined || value === '' || value === 'database') return 'database';
  if (value === 'memory') return 'memory';
  throw new ConfigError(`RATE_LIMIT_STORE deve ser "database" ou "memory"; recebido "${value}".`);
}

function mediaStore(env: Env): ServerConfig['mediaStore'] {
  const kind = env.MEDIA_STORE || 'disk';
  if (kind === 'disk') return { kind };
  if (kind !== 's3') throw new ConfigError(`MEDIA_STORE deve ser "disk" ou "s3"; recebido "${kind}".`);
  const bucket = env.S3_BUCKET ?? '';
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
    throw new ConfigError(`S3_BUCKET deve ser o nome de um bucket quando MEDIA_STORE=s3; recebido "${bucket}".`);
  const endpoint = env.S3_ENDPOINT || null;
  if (endpoint && !/^https?:\/\/[^/]+\/?$/.test(endpoint))
    throw new ConfigError(`S3_ENDPOINT deve ser uma origem (https://host:porta, sem caminho); recebido "${endpoint}".`);
  const pathStyle = env.S3_FORCE_PATH_STYLE ?? '';
  if (!['', 'true', 'false'].includes(pathStyle))
    throw new ConfigError(`S3_FORCE_PATH_STYLE deve ser "true" ou "false"; recebido "${pathStyle}".`);
  const accessKeyId = env.AWS_ACCESS_KEY_ID ?? '';
  const secretAccessKey = env.AWS_SECRET_ACCESS_KEY ?? '';
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey))
    throw new ConfigError('AWS_ACCESS_KEY_ID e AWS_SECRET_ACCESS_KEY andam juntas: defina as duas ou nenhuma.');
  return {
    kind,
    bucket,
    endpoint,
    region: env.S3_REGION || 'us-east-1',
    forcePathStyle: pathStyle === 'true',
    ...(accessKeyId ? { credentials: { accessKeyId, secretAccessKey } } : {}),
  };
}

function wholeNumber(value: string | undefined, fallback: number, name: string, max: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > max)
    throw new ConfigError(`${name} deve ser um número inteiro de 0 a ${max}; recebido "${value}".`);
  return n;
}

function positiveInteger(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw new ConfigError(`${name} deve ser um número inteiro maior que 0; recebido "${value}".`);
  return n;
}

function port(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535)
    throw new ConfigError(`${name} deve ser um número de porta, de 0 a 65535; recebido "${value}".`);
  return n;
}

/** The names proxy-addr understands besides addresses and ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function proxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const version = net.isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset, empty or `false`, no proxy is believed (the peer's address is the client's);
 * a whole number n ≥ 1, the n proxies nearest the server are (n hops of X-Forwarded-For); a comma
 * list of addresses, CIDR ranges or proxy-addr's names, those proxies are; `true`, every hop is
 * (only when nothing but your proxy can reach the server).
 */
function trustProxy(value: string | undefined): boolean | number | string[] {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops < 1 || hops > 100)
      throw new ConfigError(`TRUST_PROXY deve ser um número de saltos de 1 a 100; recebido "${value}".`);
    return hops;
  }
  const entries = text.split(',').map((entry) => entry.trim());
  const bad = entries.find((entry) => !proxyAddress(entry));
  if (bad !== undefined) {
    throw new ConfigError(
      `TRUST_PROXY deve ser false, true, um número de saltos ou uma lista de endereços e faixas CIDR separados por vírgula; "${bad}" não é nenhum deles.`,
    );
  }
  return entries;
}

function serverSecret(value: string | undefined, name: string): string | null {
  if (value === undefined || value === '') return null;
  if (value.length < 32) throw new ConfigError(`${name} deve ter pelo menos 32 caracteres (um texto aleatório).`);
  return value;
}

/** PAYMENT_SANDBOX: `1` chooses the sandbox, unset, empty or `0` does not; refused in production and beside a token. */
function paymentSandboxChosen(value: string | undefined, production: boolean, hasToken: boolean): boolean {
  const chosen = (value ?? '').trim();
  if (chosen !== '' && chosen !== '0' && chosen !== '1')
    throw new ConfigError(`PAYMENT_SANDBOX deve ser 1 ou 0; recebido "${value}".`);
  if (chosen !== '1') return false;
  if (production)
    throw new ConfigError(
      'PAYMENT_SANDBOX está definida em produção: o servidor não inicia (as rotas do sandbox confirmam pagamentos que ninguém fez).',
    );
  if (hasToken)
    throw new ConfigError(
      'PAYMENT_SANDBOX e MERCADOPAGO_ACCESS_TOKEN estão ambas definidas: escolha o sandbox ou o Mercado Pago.',
    );
  return true;
}

export function loadConfig(env: Env = process.env, cwd = process.cwd()): ServerConfig {
  const production = env.NODE_ENV === 'production';
  const dataDir = path.resolve(cwd, env.DATA_DIR || 'data');
  const authEmulatorHost = env.FIREBASE_AUTH_EMULATOR_HOST || null;
  if (production && authEmulatorHost) {
    // The admin SDK accepts unsigned tokens from the emulator: never in production.
    throw new ConfigError(
      'FIREBASE_AUTH_EMULATOR_HOST está definida em produção: o servidor não inicia (o emulador aceita tokens sem assinatura).',
    );
  }
  const firebaseProjectId = env.FIREBASE_PROJECT_ID || (production ? '' : 'demo-cabine');
  if (!firebaseProjectId) throw new ConfigError('FIREBASE_PROJECT_ID é obrigatória em produção.');
  if (production && firebaseProjectId.startsWith('demo-')) {
    throw new ConfigError(
      `FIREBASE_PROJECT_ID é um projeto de demonstração em produção ("${firebaseProjectId}"): o servidor não inicia.`,
    );
  }
  if (production) {
    // Real money: no sandbox standing in for the provider, no webhook left unverified, no demo Pix
    // key; and real data: no database kept in a local folder.
    const required: [string, string][] = [
      ['DATABASE_URL', 'o servidor de produção usa um PostgreSQL externo; o embutido é só do ambiente local'],
      [
        'MERCADOPAGO_ACCESS_TOKEN',
        'pagamentos com cartão e Pix passam pelo Mercado Pago; o sandbox local nunca roda em produção',
      ],
      ['MERCADOPAGO_WEBHOOK_SECRET', 'as notificações de pagamento do Mercado Pago são verificadas com esse segredo'],
      ['PIX_KEY', 'as transferências Pix precisam chegar à empresa; não há chave padrão em produção'],
    ];
    for (const [name, why] of required) {
      if (!env[name]?.trim()) throw new ConfigError(`${name} é obrigatória em produção (${why}).`);
    }
  }
  const paymentSandbox = paymentSandboxChosen(
    env.PAYMENT_SANDBOX,
    production,
    Boolean(env.MERCADOPAGO_ACCESS_TOKEN?.trim()),
  );
  const publicUrl = env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/+$/, '') : null;
  if (publicUrl && !/^https?:\/\/[^/]+$/.test(publicUrl))
    throw new ConfigError(`PUBLIC_URL deve ser uma origem (https://host:porta, sem caminho); recebido "${publicUrl}".`);
  if (production && !publicUrl?.startsWith('https://')) {
    // Without it the media, visitor and wall cookies would go without Secure, and no HSTS is sent.
    throw new ConfigError(
      `PUBLIC_URL deve ser, em produção, a origem https pela qual as pessoas chegam ao site (https://cabine.example, por exemplo): os cookies são marcados Secure e o HSTS é enviado a partir dela; ${publicUrl ? `recebido "${publicUrl}"` : 'ela não está definida'}.`,
    );
  }
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
