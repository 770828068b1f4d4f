import fs from 'node:fs';

/** The browser closes; Ctrl-C to the stack (it stops its database and emulator), then the folder goes. */
export default async function globalTeardown(): Promise<void> {
  await globalThis.__e2eBrowser?.close();
  await globalThis.__e2eStack?.interrupt();
  if (globalThis.__e2eDir) fs.rmSync(globalThis.__e2eDir, { recursive: true, force: true });
}
