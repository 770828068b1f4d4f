import type pg from 'pg';

/** A connection taken from the pool for work of its own; `release` gives it back, or closes it. */
export interface CheckedOut {
  client: pg.PoolClient;
  /** True once the connection has failed (the database went away, a terminated backend). */
  lost(): boolean;
  /** Gives the connection back to the pool; closes it instead when it failed or `destroy` says so. */
  release(destroy?: boolean): void;
}

/**
 * Takes a connection from the pool with an ear for its errors. The pool listens to a connection
 * only while it is idle; one held for work (a lock kept while a thumbnail is made, a transaction
 * between statements) that the database drops (a server shutting down: 57P01) emits an 'error'
 * nobody hears, and Node ends the process for it. Heard here, the failure is kept: the work's next
 * statement fails as it would anyway, and the connection is closed rather than pooled again.
 */
export async function checkOut(pool: pg.Pool): Promise<CheckedOut> {
  const client = await pool.connect();
  let failed = false;
  const onError = () => {
    failed = true;
  };
  client.on('error', onError);
  let released = false;
  return {
    client,
    lost: () => failed,
    release(destroy = false) {
      if (released) return;
      released = true;
      client.off('error', onError);
      client.release(destroy || failed);
    },
  };
}
