import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTemplateDatabase } from './templateDatabase';

declare global {
  var __serverTestServices: ChildProcess | undefined;
}

/** Starts the shared PostgreSQL cluster and Auth emulator once for the whole server test run. */
export default async function globalSetup(): Promise<void> {
  const root = path.resolve(__dirname, '../../..');
  const child = spawn(
    process.execPath,
    [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'tools/cli/testServices.ts'],
    {
      cwd: root,
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  globalThis.__serverTestServices = child;
  const ready = await new Promise<Record<string, string>>((resolve, reject) => {
    let buffer = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      const line = buffer.split('\n').find((l) => l.startsWith('READY '));
      if (line) resolve(JSON.parse(line.slice(6)) as Record<string, string>);
    });
    child.once('exit', (code) => reject(new Error(`test services exited with ${code}`)));
    setTimeout(() => reject(new Error('test services did not start in 120 s')), 120_000).unref();
  });
  process.env.TEST_PG_ADMIN_URL = ready.adminUrl;
  process.env.TEST_PG_TEMPLATE = await createTemplateDatabase(ready.adminUrl);
  process.env.FIREBASE_AUTH_EMULATOR_HOST = ready.emulatorHost;
  process.env.TEST_AUTH_EMULATOR_URL = ready.emulatorUrl;
  process.env.TEST_FIREBASE_PROJECT_ID = ready.projectId;
  process.env.TEST_SMTP_PORT = ready.smtpPort;
  process.env.TEST_MAIL_DIR = ready.mailDir;
  process.env.TEST_WHATSAPP_URL = ready.whatsAppUrl;
  // The faces the model found in each photo, for the run's face search files (support/recordedFaces.ts).
  process.env.TEST_FACE_ANSWERS_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'face-answers-'));
}
