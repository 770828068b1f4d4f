import type { Queryable } from '../db/database';

/**
 * One change of an agent's face data at a time: a selfie kept or deleted, a face hidden or its
 * hiding reaching an event (domain/faceSearch.ts, domain/faceHiding.ts), an erasure
 * (domain/privacy.ts). Held to the end of the caller's transaction.
 */
export async function lockFacesOf(client: Queryable, agent: string): Promise<void> {
  await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`faces:${agent}`]);
}
