import pg from 'pg';
import { checkOut } from './checkOut';

/** Anything that runs a parameterised query: the pool, or a client inside a transaction. */
export interface Queryable {
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values?: unknown[]): Promise<pg.QueryResult<R>>;
}

/** The connection pool and a transaction helper; every query is parameterised. */
export interface Database extends Queryable {
  pool: pg.Pool;
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (client: Queryable) => Promise<T>): Promise<T>;
  /**
   * Told, once it is done, of every statement run through this pool that wrote to tables (and
   * of every committed transaction that did, at its commit), with the tables it names: what
   * this process keeps in memory forgets them before the writer's reply is sent
   * (platform/db/liveCache.ts). Returns the way to stop listening.
   */
  onWrite(listener: (tables: ReadonlySet<string>) => void): () => void;
  close(): Promise<void>;
}

const WRITE_TARGET = /\b(?:insert\s+into|update|delete\s+from)\s+(?:only\s+)?"?([a-z_][a-z0-9_]*)/gi;
const TRUNCATE_LIST = /\btruncate\s+(?:table\s+)?([\s\S]*?)(?:\b(?:restart|continue|cascade|restrict)\b|;|$)/gi;

/**
 * The tables a statement writes to, read from its text: every name after INSERT INTO, UPDATE,
 * DELETE FROM or in TRUNCATE's list, in a data-modifying CTE too. It may name a table too many
 * (`DO UPDATE SET`, a word in a string), never too few: a cache then forgets more than it must,
 * never less.
 */
export function writtenTables(text: string): Set<string> {
  const tables = new Set<string>();
  for (const match of text.matchAll(WRITE_TARGET)) tables.add(match[1].toLowerCase());
  for (const match of text.matchAll(TRUNCATE_LIST)) {
    for (const item of match[1].split(',')) {
      const name = /^\s*(?:only\s+)?"?([a-z_][a-z0-9_]*)/i.exec(item);
      if (name) tables.add(name[1].toLowerCase());
    }
  }
  return tables;
}

// numeric columns (prices) arrive as strings by default; they are small enough for a double.
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export function connectDatabase(connectionString: string, max = 10): Database {
  const pool = new pg.Pool({ connectionString, max, idleTimeoutMillis: 10_000 });
  // A dropped idle connection must not bring the server down; the pool replaces it.
  pool.on('error', (error: Error & { code?: string }) => {
    // 57P01: the server is shutting down (a Ctrl-C reaches it with us); nothing to report.
    if (error.code !== '57P01') console.error('database pool error:', error.message);
  });
  const writeListeners = new Set<(tables: ReadonlySet<string>) => void>();
  const told = (tables: ReadonlySet<string>) => {
    if (tables.size === 0) return;
    for (const listener of writeListeners) {
      // The write is done: a listener's fault must not turn it into an error for the writer.
      try {
        listener(tables);
      } catch (error) {
        console.error('write listener failed:', (error as Error).message);
      }
    }
  };
  return {
    pool,
    async query(text, values) {
      const result = await pool.query(text, values);
      told(writtenTables(text));
      return result;
    },
    async transaction(work) {
      const connection = await checkOut(pool);
      const { client } = connection;
      const written = new Set<string>();
      const tracked: Queryable = {
        query(text, values) {
          for (const table of writtenTables(text)) written.add(table);
          return client.query(text, values);
        },
      };
      try {
        await client.query('BEGIN');
        const result = await work(tracked);
        await client.query('COMMIT');
        told(written);
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        connection.release();
      }
    },
    onWrite(listener) {
      writeListeners.add(listener);
      return () => writeListeners.delete(listener);
    },
    close: () => pool.end(),
  };
}
