import type { Queryable } from '../../platform/db/database';

/**
 * One change of an agent's face data at a time: a selfie kept or deleted, a face hidden or its
 * hiding reaching an event (modules/faces/faceSearch.ts, modules/faces/faceHiding.ts), an erasure
 * (modules/privacy/privacy.ts). Held to the end of the caller's transaction.
 */
export async function lockFacesOf(client: Queryable, agent: string): Promise<void> {
  await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`faces:${agent}`]);
}
