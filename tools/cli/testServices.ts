/**
 * Starts what the server tests share (one PostgreSQL cluster, one Auth emulator), prints one
 * line `READY {json}`, and stops both when its standard input closes or it gets a signal.
 * The jest global setup runs it as a child, so that a crashed test run leaves nothing behind.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../localStack/embeddedPostgres';
import { startAuthEmulator } from '../localStack/authEmulator';

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'server-tests-'));
  const [cluster, emulator] = await Promise.all([
    startEmbeddedPostgres({
      dir,
      log: (line) => process.stderr.write(`${line}\n`),
      // The tests' cluster keeps nothing past the run, so it writes nothing to disk for safety's
      // sake: every test file makes a database and thousands of commits. What a crash keeps is
      // tested on a stack with PostgreSQL's own settings (test/server/durability.test.ts).
      settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' },
    }),
    startAuthEmulator({ projectId: 'demo-tests' }),
  ]);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await Promise.allSettled([cluster.stop(), emulator.stop()]);
    fs.rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  };
  process.stdin.on('end', stop);
  process.stdin.on('close', stop);
  process.stdin.resume();
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  process.stdout.write(
    `READY ` +
      JSON.stringify({
        adminUrl: cluster.url('postgres'),
        port: cluster.port,
        emulatorHost: emulator.host,
        emulatorUrl: emulator.url,
        projectId: emulator.projectId,
      }) +
      `\n`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
