/** The pauses between tries, then the last one again (Playwright's `expect.poll` waits likewise). */
const PAUSES_MS = [100, 250, 500];

/**
 * Retries `assertion` until it passes or `timeoutMs` runs out (then its last failure is thrown). A condition that
 * holds soon is seen at once; a long wait (a message on its way, a server restarting) asks twice a second, not ten
 * times, on a machine whose two cores the stacks and the browser share.
 */
export async function eventually(assertion: () => Promise<void> | void, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (let attempt = 0; ; attempt += 1) {
    try {
      await assertion();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, PAUSES_MS[Math.min(attempt, PAUSES_MS.length - 1)]));
    }
  }
}
