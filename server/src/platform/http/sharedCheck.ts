/**
 * A check asked at most once per `keepMs`, however often and by however many it is asked: while
 * it runs every caller shares its answer, and once it has answered (success or failure) that
 * answer is kept `keepMs` from then. A probe flood then costs what it checks nothing (`/readyz`
 * and the bucket: modules/health/http/health.ts).
 */
export function sharedCheck(
  check: () => Promise<void>,
  keepMs: number,
  now: () => number = Date.now,
): () => Promise<void> {
  let running: Promise<void> | null = null;
  let kept: { at: number; answer: Promise<void> } | null = null;
  return () => {
    if (running) return running;
    if (kept && now() - kept.at < keepMs) return kept.answer;
    const answer = check();
    running = answer;
    const settled = () => {
      running = null;
      kept = { at: now(), answer };
    };
    // Handles the failure here too: a kept one nobody asks for again is no unhandled rejection.
    answer.then(settled, settled);
    return answer;
  };
}
