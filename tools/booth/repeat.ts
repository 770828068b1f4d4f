import { setTimeout as delay } from 'node:timers/promises';
import { DeviceRejectedError, ServerUnreachableError } from './deviceClient';
import { complain, say } from './log';

/** Waits, but gives up at once when the simulator is stopped (Ctrl-C). */
export function wait(ms: number, signal: AbortSignal): Promise<void> {
  return delay(ms, undefined, { signal });
}

/**
 * Runs a device's step over and over, `everyMs` apart, until `signal` stops it. A device keeps
 * going through failures, as a real booth would: an unreachable server is reported once and
 * again when it is back, instead of every two seconds. A rejected key ends the simulator: no
 * retry will fix it.
 */
export async function repeat(
  device: string,
  everyMs: number,
  signal: AbortSignal,
  step: () => Promise<unknown>,
): Promise<void> {
  let lastProblem = '';
  while (!signal.aborted) {
    try {
      await step();
      if (lastProblem) say(device, 'voltou a funcionar.');
      lastProblem = '';
    } catch (error) {
      if (signal.aborted) return;
      if (error instanceof DeviceRejectedError) throw error;
      const problem =
        error instanceof ServerUnreachableError
          ? `${error.message}; tentando de novo...`
          : `erro: ${error instanceof Error ? error.message : String(error)}`;
      if (problem !== lastProblem) complain(device, problem);
      lastProblem = problem;
    }
    try {
      await wait(everyMs, signal);
    } catch {
      return;
    }
  }
}
