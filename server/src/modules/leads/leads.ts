import type { ContactLead, StoredLead } from '../../../../contract/wire';
import type { Queryable } from '../../platform/db/database';

const FIELDS = [
  'data',
  'indicacao',
  'evento',
  'email',
  'instagram',
  'tiktok',
  'telefone',
  'nome',
  'comentarios',
] as const;

/** Stores a contact lead; the same `clientId` posted again (a retry) is stored once. */
export async function saveLead(db: Queryable, lead: ContactLead): Promise<void> {
  await db.query(
    `INSERT INTO leads (data, indicacao, evento, email, instagram, tiktok, telefone, nome, comentarios, client_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     ON CONFLICT (client_id) DO NOTHING`,
    [...FIELDS.map((field) => (lead[field] ?? '').trim()), lead.clientId ?? null],
  );
}

type LeadRow = Omit<StoredLead, 'createdAt'> & { created_at: Date };

/** The newest leads first, at most `limit`. */
export async function latestLeads(db: Queryable, limit: number): Promise<StoredLead[]> {
  const { rows } = await db.query<LeadRow>(
    `SELECT id, data, indicacao, evento, email, instagram, tiktok, telefone, nome, comentarios, created_at
       FROM leads ORDER BY created_at DESC, id DESC LIMIT $1`,
    [limit],
  );
  return rows.map(({ created_at, ...lead }) => ({ ...lead, createdAt: created_at.toISOString() }));
}
