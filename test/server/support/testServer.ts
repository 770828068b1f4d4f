import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { AuthRequirement } from '../../../server/src/modules/identity/http/authGuard';
import { buildApp } from '../../../server/src/app';
import { firebaseVerifier, type IdentityVerifier } from '../../../server/src/modules/identity/http/identityTokens';
import { loadConfig, type ServerConfig } from '../../../server/src/platform/config';
import { connectDatabase, type Database } from '../../../server/src/platform/db/database';
import { migrate } from '../../../server/src/platform/db/migrate';
import { loadMediaSessionSecret } from '../../../server/src/modules/access/http/mediaSession';
import type { RateLimitSettings } from '../../../server/src/platform/http/rateLimits';
import {
  AGENT_SIGNATURE_COOKIE,
  agentSigningKey,
  signAgent,
} from '../../../server/src/modules/access/http/visitorAgent';
import type { PaymentProvider } from '../../../server/src/modules/commerce/payments/paymentProvider';
import { emulatorSignUp } from '../../../tools/localStack/authEmulator';
import { injectOnce } from './streamInject';
import type { FaceEngine } from '../../../server/src/modules/faces/model/faceEngine';
import type { DeliveryTransports } from '../../../server/src/modules/delivery';

export const TEAM_EMAIL_DOMAIN = 'equipe.test';

/** A route as declared: method, full path (with /api), what it demands of its caller. */
export interface DeclaredRoute {
  method: string;
  url: string;
  auth: AuthRequirement;
  checkRevoked: boolean | undefined;
  /** The parts of the request its schema describes (JSON schema, as TypeBox made it). */
  schema: DeclaredSchema;
}

export interface DeclaredSchema {
  params?: unknown;
  querystring?: unknown;
  body?: unknown;
}

export interface TestServer {
  app: FastifyInstance;
  /** Every route the app declared (HEAD twins of GET routes left out). */
  routes: DeclaredRoute[];
  db: Database;
  config: ServerConfig;
  dataDir: string;
  /** app.inject with the idToken header of `token`, when given. */
  call(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  /** Resolves once the job queue holds nothing waiting, retrying or running (an upload's thumbnail made, say). */
  jobsDone(): Promise<void>;
  /**
   * The cookies of a browser this server gave the visitor `agent` (the agent and its signature,
   * modules/access/http/visitorAgent.ts), for a test that names its visitors; `agent=` alone is nobody's.
   */
  visitorCookie(agent: string): string;
  close(): Promise<void>;
}

/**
 * Resolves once no job of the queue in `db` waits, waits to be retried, or runs; rejects, naming
 * them, when some are still there after `withinMs` (a job that keeps failing, a queue no worker takes).
 */
export async function jobsDone(db: Database, withinMs = 30_000): Promise<void> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const { rows } = await db.query<{ name: string; state: string; data: unknown }>(
      "SELECT name, state::text, data FROM pgboss.job WHERE state IN ('created', 'retry', 'active')",
    );
    if (rows.length === 0) return;
    if (Date.now() > deadline) throw new Error(`jobs still pending after ${withinMs} ms: ${JSON.stringify(rows)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export interface TestServerOptions {
  /** The payment provider the app uses (a spy, say); by default the one the configuration picks. */
  payments?: (db: Database, config: ServerConfig) => PaymentProvider;
  /** Wraps the identity verifier (to watch what the guard asks of it, say). */
  verifier?: (verifier: IdentityVerifier) => IdentityVerifier;
  /** Where the app's log lines go (with LOG_LEVEL in the overrides); by default no logger. */
  logStream?: NodeJS.WritableStream;
  /** The rate limits; by default a thousand times the table's, so that only the rate-limit tests meet them. */
  rateLimits?: RateLimitSettings;
  /** The face engine the app uses (one that fails, say); by default the model. */
  faceEngine?: () => FaceEngine;
  /** The transports of the photos delivered to guests (an in-memory fake, say); by default none. */
  deliveryTransports?: DeliveryTransports;
}

/** A fresh database (migrated) and data folder for one test file, on the shared cluster. */
export async function startTestServer(
  overrides: Record<string, string> = {},
  options: TestServerOptions = {},
): Promise<TestServer> {
  const adminUrl = process.env.TEST_PG_ADMIN_URL;
  if (!adminUrl) throw new Error('TEST_PG_ADMIN_URL missing: run the server tests through jest (global setup)');
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  // A copy of the migrated template (global setup); the migrations below then find nothing to do.
  const template = process.env.TEST_PG_TEMPLATE;
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();

  const databaseUrl = adminUrl.replace(/\/postgres$/, `/${name}`);
  const db = connectDatabase(databaseUrl, 20);
  await migrate(db);

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'server-test-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DIST_DIR: path.join(dataDir, 'no-dist'),
    DATABASE_URL: databaseUrl,
    FIREBASE_PROJECT_ID: process.env.TEST_FIREBASE_PROJECT_ID,
    FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST,
    TEAM_EMAILS: `chefe@${TEAM_EMAIL_DOMAIN},ana@${TEAM_EMAIL_DOMAIN}`,
    LOG_LEVEL: 'silent',
    // The shop's tests pay through the sandbox's routes.
    PAYMENT_SANDBOX: '1',
    ...overrides,
  });
  const firebase = firebaseVerifier(config.firebaseProjectId, config.authEmulatorHost);
  const verifier = options.verifier ? options.verifier(firebase) : firebase;
  const routes: DeclaredRoute[] = [];
  const app = await buildApp({
    config,
    db,
    verifier,
    logger: options.logStream ? true : false,
    logStream: options.logStream,
    payments: options.payments?.(db, config),
    rateLimits: options.rateLimits ?? { scale: 1000 },
    faceEngine: options.faceEngine,
    deliveryTransports: options.deliveryTransports,
    onRoute: (route) => {
      for (const method of [route.method].flat()) {
        if (method === 'HEAD') continue;
        const { params, querystring, query, body } = (route.schema ?? {}) as DeclaredSchema & { query?: unknown };
        routes.push({
          method,
          url: route.url,
          auth: route.config?.auth ?? 'none',
          checkRevoked: route.config?.checkRevoked,
          schema: { params, querystring: querystring ?? query, body },
        });
      }
    },
  });
  await app.ready();
  const visitorKey = agentSigningKey(await loadMediaSessionSecret(config.mediaSessionSecret, config.dataDir));

  return {
    app,
    routes,
    db,
    config,
    dataDir,
    call: ({ token, headers, ...options }) =>
      injectOnce(app, { ...options, headers: { ...(headers ?? {}), ...(token ? { idToken: token } : {}) } }),
    jobsDone: () => jobsDone(db),
    visitorCookie: (agent) => `agent=${agent}; ${AGENT_SIGNATURE_COOKIE}=${signAgent(visitorKey, agent)}`,
    async close() {
      await app.close();
      await db.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

export interface TestUser {
  uid: string;
  email: string;
  token: string;
}

/** A new user of the Auth emulator with a real ID token. */
export async function newUser(prefix = 'user', domain = 'example.com'): Promise<TestUser> {
  const email = `${prefix}-${crypto.randomBytes(5).toString('hex')}@${domain}`;
  const { uid, idToken } = await emulatorSignUp(process.env.TEST_AUTH_EMULATOR_URL ?? '', email, 'segredo-123');
  return { uid, email, token: idToken };
}

export async function newTeamMember(): Promise<TestUser> {
  // Team e-mails are fixed in the config; sign-up of a fixed e-mail twice fails, so sign in then.
  const email = `chefe@${TEAM_EMAIL_DOMAIN}`;
  const url = process.env.TEST_AUTH_EMULATOR_URL ?? '';
  try {
    const { uid, idToken } = await emulatorSignUp(url, email, 'segredo-123');
    return { uid, email, token: idToken };
  } catch {
    const { emulatorSignIn } = await import('../../../tools/localStack/authEmulator');
    const { uid, idToken } = await emulatorSignIn(url, email, 'segredo-123');
    return { uid, email, token: idToken };
  }
}

/**
 * A second app server beside `first`: its own process state and pool, the same database and data folder (what a second
 * server behind a balancer shares).
 */
export interface SecondApp {
  app: FastifyInstance;
  call(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export async function startSecondApp(
  first: TestServer,
  options: Pick<TestServerOptions, 'rateLimits' | 'deliveryTransports'> & { config?: Partial<ServerConfig> } = {},
): Promise<SecondApp> {
  const db = connectDatabase(String(first.config.databaseUrl), 5);
  const app = await buildApp({
    config: { ...first.config, ...options.config },
    db,
    verifier: firebaseVerifier(first.config.firebaseProjectId, first.config.authEmulatorHost),
    logger: false,
    rateLimits: options.rateLimits ?? { scale: 1000 },
    deliveryTransports: options.deliveryTransports,
  });
  await app.ready();
  return {
    app,
    call: ({ token, headers, ...request }) =>
      injectOnce(app, { ...request, headers: { ...(headers ?? {}), ...(token ? { idToken: token } : {}) } }),
    async close() {
      await app.close();
      await db.close();
    },
  };
}
