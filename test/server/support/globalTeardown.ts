import fs from 'node:fs';

/** Closing the services' standard input stops them (and removes their folder); the faces kept for the run go too. */
export default async function globalTeardown(): Promise<void> {
  const answers = process.env.TEST_FACE_ANSWERS_DIR;
  if (answers) fs.rmSync(answers, { recursive: true, force: true });
  const child = globalThis.__serverTestServices;
  if (!child || child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.stdin?.end();
    setTimeout(() => {
      child.kill('SIGKILL');
      resolve();
    }, 30_000).unref();
  });
}
