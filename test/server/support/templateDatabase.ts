import pg from 'pg';
import { connectDatabase } from '../../../server/src/platform/db/database';
import { migrate } from '../../../server/src/platform/db/migrate';

/** The database every test file's own database copies (the cluster is the run's own: the name is free). */
export const TEMPLATE_DATABASE = 'server_tests_template';

/**
 * Makes the migrated database the test files copy: copying it is much cheaper than running every
 * migration again for each file, and the files are many. Nobody may stay connected to it, or
 * PostgreSQL refuses to copy it.
 */
export async function createTemplateDatabase(adminUrl: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
  } finally {
    await admin.end();
  }
  const db = connectDatabase(adminUrl.replace(/\/postgres$/, `/${TEMPLATE_DATABASE}`), 1);
  try {
    await migrate(db);
  } finally {
    await db.close();
  }
  return TEMPLATE_DATABASE;
}
