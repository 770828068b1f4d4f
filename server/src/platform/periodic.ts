import type { FastifyInstance } from 'fastify';

/**
 * Runs `task` every `every` ms while the app runs (and once as it starts, with `atStart`), one
 * run at a time: a failed run is logged and the next one tries again; closing the app waits for a
 * run under way. The timer never keeps a process alive that has nothing else to do.
 */
export function runPeriodically(
  app: FastifyInstance,
  name: string,
  every: number,
  task: () => Promise<void>,
  { atStart = false } = {},
): void {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = running.then(async () => {
      try {
        await task();
      } catch (error) {
        app.log.error({ err: error }, `${name} failed`);
      }
    });
    return running;
  };
  app.addHook('onReady', async () => {
    if (atStart) await run();
    timer = setInterval(() => void run(), every);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}
