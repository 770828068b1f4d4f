import path from 'node:path';

/** Everything the server reads from its environment (README, "Configuration"). */
export interface ServerConfig {
  production: boolean;
  host: string;
  port: number;
  /** Root of everything the server keeps on disk: the embedded database and the media. */
  dataDir: string;
  /** An external PostgreSQL; null runs the embedded one in dataDir. */
  databaseUrl: string | null;
  firebaseProjectId: string;
  /** host:port of the Firebase Auth emulator; never in production. */
  authEmulatorHost: string | null;
  /** Lower-cased e-mails of the team (SPEC section 6). */
  teamEmails: string[];
  /** The built SPA; served when it exists. */
  distDir: string;
  /** The public origin (https://... in production): HSTS and absolute links. */
  publicUrl: string | null;
  pix: { key: string; merchantName: string; merchantCity: string };
  /** Mercado Pago access token; null runs the local sandbox (never in production). */
  mercadoPagoAccessToken: string | null;
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
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function port(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new ConfigError(`${name} must be a port number, got "${value}"`);
  return n;
}

export function loadConfig(env: Env = process.env, cwd = process.cwd()): ServerConfig {
  const production = env.NODE_ENV === 'production';
  const dataDir = path.resolve(cwd, env.DATA_DIR || 'data');
  const authEmulatorHost = env.FIREBASE_AUTH_EMULATOR_HOST || null;
  if (production && authEmulatorHost) {
    // The admin SDK accepts unsigned tokens from the emulator: never in production.
    throw new ConfigError('FIREBASE_AUTH_EMULATOR_HOST is set in production: refusing to start.');
  }
  const firebaseProjectId = env.FIREBASE_PROJECT_ID || (production ? '' : 'demo-cabine');
  if (!firebaseProjectId) throw new ConfigError('FIREBASE_PROJECT_ID is required in production.');
  if (production && firebaseProjectId.startsWith('demo-')) {
    throw new ConfigError('FIREBASE_PROJECT_ID is a demo project in production: refusing to start.');
  }
  if (production) {
    // Real money: no sandbox standing in for the provider, no webhook left unverified, no demo Pix key.
    const required: [string, string][] = [
      ['MERCADOPAGO_ACCESS_TOKEN', 'card and Pix payments go through Mercado Pago; the local sandbox never runs in production'],
      ['MERCADOPAGO_WEBHOOK_SECRET', "Mercado Pago's payment notifications are verified with it"],
      ['PIX_KEY', 'Pix transfers must reach the company, there is no default key in production'],
    ];
    for (const [name, why] of required) {
      if (!env[name]?.trim()) throw new ConfigError(`${name} is required in production (${why}).`);
    }
  }
  const publicUrl = env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/+$/, '') : null;
  if (publicUrl && !/^https?:\/\/[^/]+$/.test(publicUrl)) throw new ConfigError(`PUBLIC_URL must be an origin, got "${publicUrl}"`);
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
    mercadoPagoWebhookSecret: env.MERCADOPAGO_WEBHOOK_SECRET || null,
    client: {
      apiBase: env.API_BASE ?? '',
      firebaseApiKey: env.FIREBASE_API_KEY || (production ? '' : 'demo-api-key'),
      firebaseAuthDomain: env.FIREBASE_AUTH_DOMAIN ?? '',
      mercadoPagoPublicKey: env.MERCADOPAGO_PUBLIC_KEY ?? '',
    },
    logLevel: env.LOG_LEVEL || (production ? 'info' : 'warn'),
  };
}
