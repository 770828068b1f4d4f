/**
 * Starts what the server tests share (one PostgreSQL cluster, one Auth emulator, the mail and WhatsApp stand-ins),
 * prints one line `READY {json}`, and stops them all when its standard input closes or it gets a signal.
 * The jest global setup runs it as a child, so that a crashed test run leaves nothing behind.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../localStack/embeddedPostgres';
import { startAuthEmulator } from '../localStack/authEmulator';
import { startMailStandIn } from '../standIns/mailStandIn';
import { startWhatsAppStandIn } from '../standIns/whatsAppStandIn';

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'server-tests-'));
  // The mail stand-in writes what it receives to a folder the test files read (readMailbox); the WhatsApp one
  // answers what it accepted over HTTP (its /_standin/ routes), and posts statuses to the webhook a test registers.
  const [cluster, emulator, mail, whatsApp] = await Promise.all([
    startEmbeddedPostgres({
      dir,
      log: (line) => process.stderr.write(`${line}\n`),
      // The tests' cluster keeps nothing past the run, so it writes nothing to disk for safety's
      // sake: every test file makes a database and thousands of commits. What a crash keeps is
      // tested on a stack with PostgreSQL's own settings (test/server/durability.test.ts).
      settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' },
    }),
    startAuthEmulator({ projectId: 'demo-tests' }),
    startMailStandIn({ dir: path.join(dir, 'mail') }),
    startWhatsAppStandIn(),
  ]);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await Promise.allSettled([cluster.stop(), emulator.stop(), mail.close(), whatsApp.close()]);
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
        smtpPort: mail.port,
        mailDir: mail.dir,
        whatsAppUrl: whatsApp.url,
      }) +
      `\n`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
