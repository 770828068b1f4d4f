import { checkOut } from './checkOut';
import type { Database } from './database';

/** Runs `work` while no other holder of the same key, in this process or another, runs theirs. */
export type KeyLock = <T>(key: string, work: () => Promise<T>) => Promise<T>;

/** Within one process only: what a lone server (or a test without a database) needs. */
export const noKeyLock: KeyLock = (_key, work) => work();

/**
 * A PostgreSQL advisory lock on the key's hash, held on a connection of its own for the work:
 * every app server on the database waits for the same one. A holder that dies loses its
 * connection, and with it the lock; so does a holder whose connection the database drops while
 * its work goes on (checkOut.ts hears it): from then on another may run the same work at once,
 * which is why the work it guards must be safe to do twice (a derivative made again is the same file). Two keys may
 * share a hash: they then wait for each other, which costs time, never correctness.
 */
export function advisoryKeyLock(db: Database): KeyLock {
  return async (key, work) => {
    const connection = await checkOut(db.pool);
    const { client } = connection;
    let locked = false;
    let broken = false;
    try {
      await client.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [key]);
      locked = true;
      return await work();
    } finally {
      // A connection that may still hold the lock never goes back to the pool: it is closed.
      if (locked)
        broken = await client.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [key]).then(
          () => false,
          () => true,
        );
      connection.release(broken);
    }
  };
}
