import fs from 'node:fs';

/**
 * The browser closes; Ctrl-C to each stack (it stops its database and emulator), one still
 * starting included once it is up, then the folder goes.
 */
export default async function globalTeardown(): Promise<void> {
  await globalThis.__e2eBrowser?.close();
  await Promise.all((globalThis.__e2eStacks ?? []).map(async (starting) => (await starting)?.interrupt()));
  if (globalThis.__e2eDir) fs.rmSync(globalThis.__e2eDir, { recursive: true, force: true });
}
