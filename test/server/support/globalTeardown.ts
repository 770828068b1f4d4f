/** Closing the services' standard input stops them (and removes their folder). */
export default async function globalTeardown(): Promise<void> {
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
