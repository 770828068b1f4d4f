import pg from 'pg';

/** Anything that runs a parameterised query: the pool, or a client inside a transaction. */
export interface Queryable {
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values?: unknown[]): Promise<pg.QueryResult<R>>;
}

/** The connection pool and a transaction helper; every query is parameterised. */
export interface Database extends Queryable {
  pool: pg.Pool;
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T>;
  close(): Promise<void>;
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
  return {
    pool,
    query: (text, values) => pool.query(text, values),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(client);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
