import type { Queryable } from './database';
import { forgetEndedWindows, settleCounts, type SettledCount } from './rateCounters';

/** What a count answers: the hits of the key's window so far (this one included), and the milliseconds left in it. */
export interface WindowCount {
  current: number;
  ttl: number;
}

/**
 * Counts of requests per key in fixed windows, shared by every app server without a row that
 * every request waits on (docs/operations.md#rate-limits-across-servers). Each server counts
 * in memory and settles its counts with the database in one statement every `settleEveryMs`. A
 * key under half its limit is decided from memory; from half its limit on, each request settles
 * its key at once and is decided by the database's total, so a limit holds across servers within
 * what the other servers counted since their last settlement. A venue's address is counted in
 * memory nearly always (its ceiling is high); a guesser's key reaches the database early.
 */
export interface WindowCounts {
  /** Counts one hit; answered at once when memory decides it, else once the database has. */
  count(key: string, limit: number, windowMs: number): WindowCount | Promise<WindowCount>;
  /** Settles what is counted and not yet settled (the timer does it; a test or a stop calls it). */
  settle(): Promise<void>;
  /** Stops the timer after a last settlement. */
  close(): Promise<void>;
}

export interface WindowCountsOptions {
  /** Null counts in this server's memory alone (one server). */
  db: Queryable | null;
  settleEveryMs?: number;
  /** Keys kept in memory at most; past it, windows that ended are forgotten, and then the oldest. */
  maxKeys?: number;
  onError?: (message: string) => void;
}

/**
 * Limits below this are always decided by the database, request by request: they are a person's
 * few calls a minute (a payment, a form), where exactness matters more than a round trip.
 */
const ALWAYS_SETTLED_BELOW = 20;
const SETTLE_EVERY_MS = 100;
const MAX_KEYS = 200_000;
/** Ended windows are swept from the table once in this many settlements (by whichever server makes it). */
const SWEEP_EVERY = 600;

interface Entry {
  /** When the window ends, by this server's clock. */
  endsAt: number;
  windowMs: number;
  /** The database's total at the last settlement (this server's settled hits included). */
  settled: number;
  /** The database's end of the window `settled` is of (0 before the first settlement). */
  resetsAt: number;
  /** Hits counted here and not yet sent. */
  pending: number;
  /** Hits sent in a settlement under way. */
  sending: number;
  /** Of those, the hits the timer's settlement carries: hits decided from memory, not yet in the database's total. */
  settlingHits: number;
  /** Requests of this key waiting for the timer's settlement before their own statement (their hits are pending). */
  waiting: number;
}

export function windowCounts({
  db,
  settleEveryMs = SETTLE_EVERY_MS,
  maxKeys = MAX_KEYS,
  onError = () => undefined,
}: WindowCountsOptions): WindowCounts {
  const entries = new Map<string, Entry>();
  let settling: Promise<void> | null = null;
  let settlements = 0;
  let closed = false;

  const ttlOf = (entry: Entry, now: number) => Math.max(0, entry.endsAt - now);

  function entryOf(key: string, windowMs: number, now: number): Entry {
    let entry = entries.get(key);
    if (entry && entry.endsAt <= now) {
      // A new window: the old one's unsent hits count for nothing any more.
      entry.settled = 0;
      entry.resetsAt = 0;
      entry.pending = 0;
      entry.endsAt = now + windowMs;
      entry.windowMs = windowMs;
    }
    if (!entry) {
      if (entries.size >= maxKeys) forget(now);
      entry = {
        endsAt: now + windowMs,
        windowMs,
        settled: 0,
        resetsAt: 0,
        pending: 0,
        sending: 0,
        settlingHits: 0,
        waiting: 0,
      };
      entries.set(key, entry);
    }
    return entry;
  }

  /** Room for new keys: windows that ended first, then the oldest keys (insertion order). */
  function forget(now: number): void {
    for (const [key, entry] of entries) if (entry.endsAt <= now && entry.sending === 0) entries.delete(key);
    for (const key of entries.keys()) {
      if (entries.size < maxKeys) break;
      entries.delete(key);
    }
  }

  /**
   * Sends what each key of `batch` counted; answers the database's totals by key. What was taken is
   * put back when the statement fails.
   */
  async function send(batch: Array<[string, Entry, number]>): Promise<Map<string, SettledCount>> {
    if (!db || batch.length === 0) return new Map();
    for (const [, entry, hits] of batch) {
      entry.pending -= hits;
      entry.sending += hits;
    }
    let totals: SettledCount[];
    try {
      totals = await settleCounts(
        db,
        batch.map(([key, entry, hits]) => ({ key, hits, windowMs: entry.windowMs })),
      );
    } catch (error) {
      for (const [, entry, hits] of batch) {
        entry.sending -= hits;
        entry.pending += hits;
      }
      throw error;
    }
    const now = Date.now();
    const byKey = new Map(totals.map((total) => [total.key, total]));
    for (const [key, entry, hits] of batch) {
      entry.sending -= hits;
      const total = byKey.get(key);
      if (!total) continue;
      // Settlements of one window may answer out of order: the largest total is the latest. The
      // database's window is the one that counts; this server's clock only measures what is left.
      if (total.resetsAt > entry.resetsAt) {
        entry.resetsAt = total.resetsAt;
        entry.settled = total.hits;
      } else if (total.resetsAt === entry.resetsAt) entry.settled = Math.max(entry.settled, total.hits);
      entry.endsAt = now + total.ttl;
    }
    return byKey;
  }

  async function settleAll(): Promise<void> {
    const batch: Array<[string, Entry, number]> = [];
    // A key with requests waiting is theirs to send: each of them carries its own hit.
    for (const [key, entry] of entries)
      if (entry.pending > 0 && entry.waiting === 0) batch.push([key, entry, entry.pending]);
    for (const [, entry, hits] of batch) entry.settlingHits += hits;
    try {
      await send(batch);
    } finally {
      for (const [, entry, hits] of batch) entry.settlingHits -= hits;
    }
    settlements += 1;
    if (db && settlements % SWEEP_EVERY === 0) await forgetEndedWindows(db);
  }

  function settle(): Promise<void> {
    // One settlement at a time: the next tick takes what came meanwhile.
    settling ??= settleAll()
      .catch((error: unknown) => onError(`rate counts not settled: ${(error as Error).message}`))
      .finally(() => {
        settling = null;
      });
    return settling;
  }

  const timer = db ? setInterval(() => void settle(), settleEveryMs) : null;
  timer?.unref();

  return {
    count(key, limit, windowMs) {
      const now = Date.now();
      const entry = entryOf(key, windowMs, now);
      entry.pending += 1;
      const here = entry.settled + entry.sending + entry.pending;
      // Known to be over: refused from memory, without a statement per refusal.
      if (!db || entry.settled > limit || (here <= limit / 2 && limit >= ALWAYS_SETTLED_BELOW))
        return { current: here, ttl: ttlOf(entry, now) };
      return settleNow(key, entry);
    },
    settle,
    async close() {
      if (closed) return;
      closed = true;
      if (timer) clearInterval(timer);
      await settle();
    },
  };

  /** Decides one hit of `key` by the database's total: its own statement, with what the key counted here. */
  async function settleNow(key: string, entry: Entry): Promise<WindowCount> {
    if (entry.settlingHits > 0 && settling) {
      // The timer's statement carries hits this server already let through: a total answered
      // before the database has them would let through more than the limit (a statement on a
      // connection still opening may be counted after a dozen on open ones). Wait for it.
      entry.waiting += 1;
      try {
        await settling;
      } finally {
        entry.waiting -= 1;
      }
    }
    try {
      // This request's total is the one its own statement answered: requests of one key are
      // decided in the order the database counted them, whichever server took them. It sends
      // its own hit and any other not sent yet, but not the hits of requests still waiting.
      const hits = Math.max(0, entry.pending - entry.waiting);
      const total = (await send([[key, entry, hits]])).get(key);
      if (total) return { current: total.hits, ttl: total.ttl };
    } catch (error) {
      // The database did not answer: this server's own count decides meanwhile.
      onError(`rate count of ${key} not settled: ${(error as Error).message}`);
    }
    return { current: entry.settled + entry.sending + entry.pending, ttl: ttlOf(entry, Date.now()) };
  }
}
