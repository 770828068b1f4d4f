import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/src/app';
import { firebaseVerifier } from '../../server/src/modules/identity/http/identityTokens';
import { loadConfig, type ServerConfig } from '../../server/src/platform/config';
import { openDatabase, type OpenedDatabase } from './openDatabase';
import { startAuthEmulator, ensureEmulatorUser, type AuthEmulator } from './authEmulator';
import { ensureSpaBuilt, PORTABLE_SPA_ENV } from './spaBuild';
import {
  anySeedLoaded,
  loadSeedFile,
  seedDeviceKeys,
  validateSeed,
  type SeedFile,
} from '../../server/src/modules/seed';
import { configuredMediaStorage } from '../../server/src/modules/media/storage/mediaStorage';
import { startLocalDelivery, type LocalDelivery } from './localDelivery';

interface RunningStack {
  config: ServerConfig;
  url: string;
  emulator: AuthEmulator | null;
  banner: string;
  app: FastifyInstance;
  /** The mail and WhatsApp stand-ins this stack started (null: a real one is configured). */
  standIns: Pick<LocalDelivery, 'mail' | 'whatsApp'>;
}

export interface Stack {
  /** Starts everything; rejects (having stopped what it started) when a step fails or stop() came first. */
  start(): Promise<RunningStack>;
  /** Stops whatever has started so far, at any moment, in reverse order. */
  stop(): Promise<void>;
}

export class StackStopped extends Error {}

export interface StackOptions {
  root: string;
  env: NodeJS.ProcessEnv;
  log: (line: string) => void;
}

const DEMO_SEED = 'tools/demoSeed/demo.json';

function readSeed(file: string): SeedFile {
  return validateSeed(JSON.parse(fs.readFileSync(file, 'utf8')));
}

/** What to try first, from the demo seed. */
function banner(url: string, seed: SeedFile | null, emulator: AuthEmulator | null, delivery: string[]): string {
  const lines = ['', `  Pronto: ${url}  (Node.js ${process.version})`, ''];
  if (seed) {
    const event = seed.events?.find(
      (e) =>
        (e.visibility ?? (e.visible === false ? 'private' : 'public')) === 'public' &&
        (seed.media ?? []).some((m) => m.event === e.name),
    );
    const photo = seed.media?.find((m) => m.event === event?.name && m.mode === 'pad');
    const pack = seed.packs?.find((p) => p.copies > 0);
    const coupon = seed.coupons?.[0];
    if (event)
      lines.push(`  Evento:        ${url}/eventos/evento/pad?id=${event.publicId ?? ''}  (com um login abaixo)`);
    if (photo) lines.push(`  Coletar foto:  ${url}/collect?id=/media/${photo.event}/${photo.mode}/${photo.file}`);
    if (pack) lines.push(`  Pack:          ${url}/packs?pack=${pack.hash}`);
    if (coupon) lines.push(`  Loja (cupom):  ${url}/shop?coupon=${coupon.code}`);
    const logins = (seed.accounts ?? []).filter((a) => a.password);
    if (logins.length > 0) {
      lines.push('', '  Logins de demonstração:');
      for (const account of logins)
        lines.push(`    ${account.email} / ${account.password}  (${account.displayName ?? account.uid})`);
    }
    lines.push('', '  Simulador das cabines (nova foto, impressões): npm run booth');
  }
  if (emulator) lines.push(`  Firebase Auth emulator: ${emulator.url}`);
  lines.push(...delivery);
  lines.push('  Ctrl-C para parar.', '');
  return lines.join('\n');
}

/** The whole product on one machine, as `npm start` and the browser tests run it. */
export function createStack({ root, env, log }: StackOptions): Stack {
  const cleanups: { what: string; run: () => Promise<void> }[] = [];
  let stopped = false;
  let stopping: Promise<void> | null = null;
  const stop = () => {
    stopped = true;
    stopping ??= (async () => {
      for (let step = cleanups.pop(); step; step = cleanups.pop()) {
        if (step.what) log(`parando ${step.what}...`);
        await step.run().catch((error: unknown) => log(`${step.what}: ${String(error)}`));
      }
    })();
    return stopping;
  };
  /** Registers what a step started, or undoes it at once when a stop came meanwhile. */
  const started = async (what: string, cleanup: () => Promise<void>) => {
    if (stopped) {
      await cleanup().catch(() => undefined);
      throw new StackStopped('stopped during start');
    }
    cleanups.push({ what, run: cleanup });
  };
  const start = () =>
    startStack({ root, env, log }, started).catch(async (error: unknown) => {
      await stop();
      throw error;
    });
  return { start, stop };
}

/**
 * The local stack chooses the payment sandbox itself, unless given Mercado Pago's token or told
 * otherwise (PAYMENT_SANDBOX): the server never chooses it on its own (docs/payments.md).
 */
function withLocalPayments(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  if (env.PAYMENT_SANDBOX !== undefined || env.MERCADOPAGO_ACCESS_TOKEN || env.NODE_ENV === 'production') return env;
  return { ...env, PAYMENT_SANDBOX: '1' };
}

async function startStack(
  { root, env: given, log }: StackOptions,
  started: (what: string, cleanup: () => Promise<void>) => Promise<void>,
): Promise<RunningStack> {
  const paymentsEnv = withLocalPayments(given);
  const production = paymentsEnv.NODE_ENV === 'production';
  let emulator: AuthEmulator | null = null;
  const firstConfig = loadConfig({ ...paymentsEnv, FIREBASE_AUTH_EMULATOR_HOST: undefined }, root);
  // The transports nobody configured get their stand-ins, as payments get the sandbox.
  const delivery = await startLocalDelivery(paymentsEnv, firstConfig.dataDir, log);
  await started('os stand-ins de e-mail e WhatsApp', () => delivery.stop());
  const env = { ...paymentsEnv, ...delivery.env };
  if (!production && !env.FIREBASE_AUTH_EMULATOR_HOST) {
    fs.mkdirSync(firstConfig.dataDir, { recursive: true });
    const emulatorPort = Number(env.AUTH_EMULATOR_PORT ?? 9099);
    emulator = await startAuthEmulator({
      projectId: firstConfig.firebaseProjectId,
      // 0: any free port (tests, benchmarks)
      port: emulatorPort > 0 ? emulatorPort : undefined,
      stateDir: path.join(firstConfig.dataDir, 'auth-emulator'),
      pidFile: path.join(firstConfig.dataDir, 'auth-emulator.pid'),
      log,
    });
    const running = emulator;
    await started('o emulador de login', () => running.stop());
  }
  const config = loadConfig(
    { ...env, FIREBASE_AUTH_EMULATOR_HOST: emulator?.host ?? env.FIREBASE_AUTH_EMULATOR_HOST },
    root,
  );

  if (env.SKIP_BUILD !== '1') await ensureSpaBuilt(root, config.distDir, { ...PORTABLE_SPA_ENV }, log);
  // A stop that came during the build ends the start here.
  await started('', async () => undefined);

  const database: OpenedDatabase = await openDatabase(config, log);
  await started('o banco de dados', () => database.close());
  const storage = configuredMediaStorage(config);
  const seedFile = env.SEED_FILE ? path.resolve(root, env.SEED_FILE) : production ? null : path.join(root, DEMO_SEED);
  let seed: SeedFile | null = null;
  if (seedFile && env.SEED !== 'none') {
    seed = readSeed(seedFile);
    // Loaded once into a database no seed has finished loading into: a load cut short (Ctrl-C,
    // a kill) resumes on the next start, and loading is idempotent.
    if (!(await anySeedLoaded(database.db))) {
      log(`loading ${path.relative(root, seedFile)}...`);
      await loadSeedFile(database.db, storage, seedFile, await seedDeviceKeys(config));
    }
    if (emulator) {
      for (const account of seed.accounts ?? []) {
        if (account.password) {
          await ensureEmulatorUser(emulator, {
            uid: account.uid,
            email: account.email,
            password: account.password,
            displayName: account.displayName,
          });
        }
      }
    }
  }

  const verifier = firebaseVerifier(config.firebaseProjectId, config.authEmulatorHost);
  const app = await buildApp({ config, db: database.db, verifier });
  await started('o servidor', () => app.close());
  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host}:${port}`;
  delivery.serverListening(url);
  const standIns = { mail: delivery.mail, whatsApp: delivery.whatsApp };
  return { config, url, emulator, app, standIns, banner: banner(url, seed, emulator, delivery.lines()) };
}
