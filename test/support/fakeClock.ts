import { act } from '@testing-library/react';

/**
 * The fake clock for a test of the product's own timers (polls, retries, toasts that close): time moves
 * when the test says, so a test waits for exactly the product's timer and never sleeps. The clock still
 * creeps with real time (`advanceTimers`) so that msw's and RTK Query's promise chains settle.
 */
export function useFakeClock(): void {
  jest.useFakeTimers({ advanceTimers: true });
}

/** Moves the fake clock by `ms`, running the timers due and letting the promises they start settle. */
export async function tick(ms: number): Promise<void> {
  await act(async () => void (await jest.advanceTimersByTimeAsync(ms)));
}
