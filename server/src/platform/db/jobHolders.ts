import crypto from 'node:crypto';
import pg from 'pg';
import type PgBoss from 'pg-boss';
import type { Queryable } from './database';

/**
 * How a server's holding connection names itself in pg_stat_activity, before its instance id: the
 * instance is alive exactly while a connection of that name is open to the database, so the
 * database itself ends it with the process (a SIGKILL closes the socket).
 */
export const HOLDER_NAME_PREFIX = 'cabine-jobs ';

/**
 * How long a fetch on the holding connection may take before the connection counts as dead (a
 * network gone silent): it is closed, and the server goes on under a new instance id.
 */
const FETCH_TIMEOUT_MS = 10_000;
/** How pg says a query outlived `query_timeout`. */
const QUERY_TIMEOUT = 'Query read timeout';

/**
 * The database ends a session whose machine vanished (no FIN, no RST) after about this many
 * seconds of silence instead of the system's default two hours: until then it counts as alive.
 */
const KEEPALIVE = { idle: 10, interval: 5, count: 3 } as const;

/**
 * One server's claim on the jobs it takes: a connection of its own, named with a
 * random instance id, through which its workers fetch. The fetch records, in its own statement,
 * which instance holds the job (`job_holders`, one row per worker, overwritten by its next fetch),
 * so a job is never active without its holder known. When the connection ends, with the process
 * or not, the instance is dead for good: a new connection takes a new id.
 */
export interface JobHolder {
  /** The instance id of the connection open now; null while there is none. */
  instance(): string | null;
  /**
   * What a worker (`slot` of `queue`) fetches through: pg-boss's fetch, recording the job it took
   * as held by this instance. Null while the connection is down (the worker then takes nothing).
   */
  fetcher(queue: string, slot: number): PgBoss.Db | null;
  /** Closes the connection: whatever it still holds is handed back by the next sweep of any server. */
  close(): Promise<void>;
}

export interface JobHolderOptions {
  onError?: (message: string) => void;
  /** First wait before reconnecting; doubled on each failure up to 30 s. */
  retryMs?: number;
}

/**
 * pg-boss's fetch statement (an UPDATE ... RETURNING the jobs taken, its parameters $1 and $2),
 * wrapped so that the same statement records their holder: a job is active exactly when its
 * holder row says who runs it.
 */
function heldFetch(fetchSql: string): string {
  return `WITH fetched AS (${fetchSql}),
    held AS (
      INSERT INTO job_holders (instance, queue, slot, job_id)
      SELECT $3, $1, $4, id FROM fetched
      ON CONFLICT (instance, queue, slot) DO UPDATE SET job_id = EXCLUDED.job_id
    )
    SELECT * FROM fetched`;
}

/** Opens the holding connection (resolves once the first attempt is over) and keeps it open while the server runs. */
export async function holdJobs(
  connectionString: string | undefined,
  { onError = () => undefined, retryMs = 500 }: JobHolderOptions = {},
): Promise<JobHolder> {
  let client: pg.Client | null = null;
  let current: string | null = null;
  let closed = false;
  let retryTimer: NodeJS.Timeout | null = null;
  let nextRetryMs = retryMs;
  // The workers' fetches share the connection, one statement at a time (pg queues them, but
  // that is deprecated): each waits for the one before it, whatever became of it.
  let queue: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const turn = queue.then(work, work);
    queue = turn.catch(() => undefined);
    return turn;
  };

  const down = (candidate: pg.Client, reason: string) => {
    if (client !== candidate) return;
    client = null;
    current = null;
    candidate.removeAllListeners();
    // Its errors after this are of no interest, but an unheard 'error' would crash the process.
    candidate.on('error', () => undefined);
    void candidate.end().catch(() => undefined);
    if (closed) return;
    onError(
      `job holder connection down (${reason}); its jobs go to other servers, reconnecting in ${nextRetryMs} ms ` +
        `under a new id`,
    );
    retryTimer = setTimeout(() => void connect(), nextRetryMs);
    retryTimer.unref();
    nextRetryMs = Math.min(nextRetryMs * 2, 30_000);
  };

  async function connect(): Promise<void> {
    retryTimer = null;
    if (closed) return;
    const instance = crypto.randomUUID();
    const candidate = new pg.Client({
      connectionString,
      application_name: `${HOLDER_NAME_PREFIX}${instance}`,
      keepAlive: true,
      query_timeout: FETCH_TIMEOUT_MS,
    });
    candidate.on('error', (error) => down(candidate, error.message));
    candidate.on('end', () => down(candidate, 'connection ended'));
    client = candidate;
    try {
      await candidate.connect();
      // The name is set again once connected: an application_name in DATABASE_URL wins over the
      // client's option, and a holder under another name would look dead to every server.
      await candidate.query(
        `SELECT set_config('tcp_keepalives_idle', '${KEEPALIVE.idle}', false),
                set_config('tcp_keepalives_interval', '${KEEPALIVE.interval}', false),
                set_config('tcp_keepalives_count', '${KEEPALIVE.count}', false),
                set_config('application_name', $1, false)`,
        [`${HOLDER_NAME_PREFIX}${instance}`],
      );
    } catch (error) {
      down(candidate, (error as Error).message);
      return;
    }
    if (client !== candidate || closed) return;
    nextRetryMs = retryMs;
    current = instance;
  }

  await connect();

  return {
    instance: () => current,
    fetcher(queue, slot) {
      const candidate = client;
      const instance = current;
      if (!candidate || !instance) return null;
      return {
        async executeSql(text, values) {
          try {
            return await inTurn(() => candidate.query(heldFetch(text), [...(values ?? []), instance, slot]));
          } catch (error) {
            // pg-boss answers a failed fetch with no job and says nothing: said here.
            onError(`job queue ${queue}: fetch failed: ${(error as Error).message}`);
            // A fetch that never answered may yet take a job: the instance is given up, and the job handed back.
            if ((error as Error).message === QUERY_TIMEOUT) down(candidate, 'a fetch went unanswered');
            throw error;
          }
        },
      };
    },
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      const open = client;
      client = null;
      current = null;
      if (open) {
        open.removeAllListeners();
        open.on('error', () => undefined);
        await open.end().catch(() => undefined);
      }
    },
  };
}

/** A job handed back: to be run again at once (`again`), or past its last retry (to be failed, for its dead letter). */
export interface OrphanedJob {
  name: string;
  id: string;
  again: boolean;
}

/**
 * Hands back, in one statement, the active jobs whose every recorded holder is an instance no
 * longer alive (no connection of its name open to this database): under their retry limit they
 * are queued again with no delay (pg-boss's 'retry' state, which the next fetch counts as a run);
 * past it they are answered for the caller to fail through pg-boss (its dead letter). A job a
 * live instance holds is never touched. Holder rows of dead instances go once their job is no
 * longer theirs. Safe on any number of servers at once: the UPDATE takes only jobs still active.
 */
export async function handBackOrphanedJobs(db: Queryable): Promise<OrphanedJob[]> {
  const { rows } = await db.query<OrphanedJob>(
    `WITH alive AS (
       SELECT substr(application_name, length($1) + 1) AS instance
         FROM pg_stat_activity
        WHERE datname = current_database() AND starts_with(application_name, $1)
     ),
     dead AS (
       SELECT h.instance, h.queue, h.slot, h.job_id FROM job_holders h
        WHERE NOT EXISTS (SELECT 1 FROM alive a WHERE a.instance = h.instance)
     ),
     orphaned AS (
       SELECT DISTINCT j.name, j.id, j.retry_count < j.retry_limit AS again
         FROM dead d JOIN pgboss.job j ON j.name = d.queue AND j.id = d.job_id
        WHERE j.state = 'active'
          AND NOT EXISTS (SELECT 1 FROM job_holders l JOIN alive a ON a.instance = l.instance WHERE l.job_id = j.id)
     ),
     requeued AS (
       UPDATE pgboss.job j SET state = 'retry', start_after = now()
         FROM orphaned o
        WHERE o.again AND j.name = o.name AND j.id = o.id AND j.state = 'active'
       RETURNING j.name, j.id
     ),
     forgotten AS (
       DELETE FROM job_holders h USING dead d
        WHERE h.instance = d.instance AND h.queue = d.queue AND h.slot = d.slot
          AND NOT EXISTS (SELECT 1 FROM orphaned o WHERE o.id = d.job_id)
     )
     SELECT name, id::text, true AS again FROM requeued
     UNION ALL
     SELECT name, id::text, false AS again FROM orphaned WHERE NOT again`,
    [HOLDER_NAME_PREFIX],
  );
  return rows;
}
