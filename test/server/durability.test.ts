/**
 * Nothing a client was told succeeded is lost when the server dies: the whole process group
 * (server and its embedded PostgreSQL) is killed with SIGKILL right after acknowledged writes,
 * and a new start on the same data folder cleans up and finds every write.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RATE_LIMITS } from '../../server/src/platform/http/rateLimits';
import { DEVICE_KEYS, basicSeed, gif, jpeg, mp4 } from './support/fixtures';
import { startStackProcess, type StackProcess } from '../../scripts/lib/stackProcess';
import { DEVICE_PATHS } from '../../contract/devicePaths';

let dataDir: string;
let seedFile: string;
let running: StackProcess | null = null;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'durability-'));
  fs.chmodSync(dataDir, 0o755); // reachable by the postgres user: the cluster stays in here, removed with it
  const seedDir = path.join(dataDir, 'seed-files');
  fs.mkdirSync(seedDir);
  fs.writeFileSync(path.join(seedDir, 'a1.jpg'), await jpeg());
  fs.writeFileSync(path.join(seedDir, 'a2.jpg'), await jpeg());
  fs.writeFileSync(path.join(seedDir, 'b1.gif'), await gif());
  fs.writeFileSync(path.join(seedDir, 'v1.mp4'), mp4());
  seedFile = path.join(seedDir, 'seed.json');
  fs.writeFileSync(seedFile, JSON.stringify(basicSeed()));
});

afterAll(async () => {
  await running?.kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const env = () => ({
  DATA_DIR: path.join(dataDir, 'data'),
  DIST_DIR: path.join(dataDir, 'no-dist'),
  SEED_FILE: seedFile,
  FIREBASE_PROJECT_ID: process.env.TEST_FIREBASE_PROJECT_ID ?? 'demo-tests',
  FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '',
});

it('keeps every acknowledged write across a SIGKILL of the server and its database', async () => {
  running = await startStackProcess(env());
  const base = running.url;

  const leads: string[] = [];
  // As many as one address may send in a minute (the stack runs with the real rate limits).
  const leadCount = RATE_LIMITS.landingForm.perMinute;
  for (let i = 0; i < leadCount; i += 1) {
    const nome = `Cliente ${i}`;
    const response = await fetch(`${base}/api/landingForm`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ nome, evento: 'Casamento' }),
    });
    if (response.ok) leads.push(nome);
  }
  expect(leads).toHaveLength(leadCount);

  const upload = await fetch(`${base}${DEVICE_PATHS.media}?file=ultima.jpg`, {
    method: 'POST',
    headers: { 'x-device-id': 'cam1', 'x-device-key': DEVICE_KEYS.camera, 'Content-Type': 'image/jpeg' },
    body: new Uint8Array(await jpeg(640, 480)),
  });
  expect(upload.status).toBe(200);

  const printed = await fetch(
    `${base}/api/print/PACK5/${encodeURIComponent('/media/festa_ana/pad/a1.jpg')}?request=tap-durable-print-01`,
  );
  expect(await printed.json()).toEqual({ status: 'queued', copies: 4 });

  await running.kill();
  running = await startStackProcess(env());
  const again = running.url;

  // The photo's row: the booth's last photo (a gallery lists it once its job has made its tile, or
  // after TILE_WAIT_SECONDS; a job the killed server held runs again as the new one starts:
  // jobQueue.test.ts).
  const media = await fetch(`${again}/api/deviceLast/festa_ana/cam1`);
  expect(((await media.json()) as { product: string[] }).product).toEqual(['/media/festa_ana/pad/ultima.jpg']);
  const file = await fetch(`${again}/media/festa_ana/pad/ultima.jpg`);
  expect(file.status).toBe(200);
  expect(Buffer.from(await file.arrayBuffer()).length).toBeGreaterThan(100);
  const packs = await fetch(`${again}/api/validatePacks/PACK5`);
  expect(await packs.json()).toEqual(["{'PACK5': {'copies': 4, 'bname': 'festa_ana', 'title': 'Festa da Ana'}}"]);

  const { Client } = await import('pg');
  const owner = JSON.parse(fs.readFileSync(path.join(dataDir, 'data/db/owner.json'), 'utf8')) as { port: number };
  const password = fs.readFileSync(path.join(dataDir, 'data/db/pg-password'), 'utf8').trim();
  const client = new Client({ host: '127.0.0.1', port: owner.port, user: 'postgres', password, database: 'cabine' });
  await client.connect();
  const stored = await client.query<{ nome: string }>('SELECT nome FROM leads ORDER BY id');
  await client.end();
  expect(stored.rows.map((r) => r.nome)).toEqual(leads);

  await running.interrupt();
  expect(running.output()).toContain('parando');
  running = null;
}, 120_000);
