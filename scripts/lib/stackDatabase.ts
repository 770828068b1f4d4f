import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';

/**
 * A connection to the embedded PostgreSQL of a running stack's data folder (the port its owner
 * wrote, the password it made): for a benchmark to seed fast, or to check what a restart kept.
 */
export async function connectStackDatabase(dataDir: string): Promise<Client> {
  const db = path.join(dataDir, 'db');
  const owner = JSON.parse(fs.readFileSync(path.join(db, 'owner.json'), 'utf8')) as { port: number };
  const password = fs.readFileSync(path.join(db, 'pg-password'), 'utf8').trim();
  const client = new Client({ host: '127.0.0.1', port: owner.port, user: 'postgres', password, database: 'cabine' });
  await client.connect();
  return client;
}

/** The URL of that database, for another app server to share it. */
export function stackDatabaseUrl(dataDir: string): string {
  const db = path.join(dataDir, 'db');
  const { port } = JSON.parse(fs.readFileSync(path.join(db, 'owner.json'), 'utf8')) as { port: number };
  const password = fs.readFileSync(path.join(db, 'pg-password'), 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/cabine`;
}
