import crypto from 'node:crypto';
import type { Contract, ContractPayload, Deal, PartnerNameReply } from '../../../src/api/wire';
import { NAME_PATTERN } from '../../../src/lib/names';
import type { Identity } from './identity';
import type { Database, Queryable } from '../db/database';
import { invalid, conflict, forbidden, notFound } from './errors';
import { ensureAccount } from './accounts';

interface ContractRow {
  id: number;
  partner: string;
  title: string;
  description: string;
  rate: number;
  discount: number;
  kit: string;
  n_coupons: number;
  expires_at: Date;
  next_coupon: string;
}

export function newCouponCode(partner: string): string {
  const suffix = crypto.randomBytes(4).readUInt32BE(0).toString(36).toUpperCase().padStart(6, '0');
  return `${partner.slice(0, 24).toUpperCase()}-${suffix}`;
}

export async function contractsOf(db: Queryable, partner: string): Promise<Contract[]> {
  const { rows } = await db.query<ContractRow>(
    'SELECT * FROM contracts WHERE partner = $1 AND expires_at > now() ORDER BY created_at, id',
    [partner],
  );
  return rows.map((row) => ({
    title: row.title,
    description: row.description,
    last: row.next_coupon,
    discount: row.discount,
    kit: row.kit,
  }));
}

/**
 * The partner hands out the coupon shown on their page: it becomes valid in the shop, and the
 * contract shows the next one. `lastCoupon` must be the one shown, so two tabs cannot hand out
 * the same coupon twice.
 */
export async function launchCoupon(db: Database, partner: string, contractTitle: string, lastCoupon: string): Promise<void> {
  await db.transaction(async (client) => {
    const { rows } = await client.query<ContractRow>('SELECT * FROM contracts WHERE partner = $1 AND title = $2 FOR UPDATE', [
      partner,
      contractTitle,
    ]);
    const contract = rows[0];
    if (!contract) throw notFound('contract_not_found', 'Contrato não encontrado.');
    if (contract.expires_at.getTime() <= Date.now()) throw conflict('contract_expired', 'Este contrato expirou.');
    if (contract.next_coupon !== lastCoupon) throw conflict('stale_coupon', 'Este cupom já foi usado. Recarregue a página.');
    const launched = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM coupons WHERE contract_id = $1', [contract.id]);
    if (launched.rows[0].n >= contract.n_coupons) throw conflict('no_coupons_left', 'Os cupons deste contrato acabaram.');
    await client.query('INSERT INTO coupons (code, contract_id, discount, expires_at) VALUES ($1, $2, $3, $4)', [
      contract.next_coupon,
      contract.id,
      contract.discount,
      contract.expires_at,
    ]);
    await client.query('UPDATE contracts SET next_coupon = $1 WHERE id = $2', [newCouponCode(partner), contract.id]);
  });
}

interface DealRow {
  event_name: string;
  client_name: string;
  event_date: string;
  event_time: string;
  lines: { name: string; hours: number; quantity: number; selectedAccessories: { name: string }[] }[];
  total: number;
  discount: number;
  status: string;
  rate: number;
}

export async function dealsOf(db: Queryable, partner: string): Promise<Deal[]> {
  const { rows } = await db.query<DealRow>(
    `SELECT o.event_name, o.client_name, o.event_date, o.event_time, o.lines, o.total, o.discount, o.status, k.rate
       FROM orders o JOIN coupons c ON c.code = o.coupon JOIN contracts k ON k.id = c.contract_id
      WHERE k.partner = $1 ORDER BY o.created_at DESC`,
    [partner],
  );
  return rows.map((row) => ({
    eventName: row.event_name,
    clientName: row.client_name,
    eventDate: row.event_date,
    eventTime: row.event_time,
    products: row.lines.map((line) => ({
      name: line.name,
      hours: line.hours,
      quantity: line.quantity,
      accessories: (line.selectedAccessories ?? []).map((a) => ({ name: a.name })),
    })),
    total: row.total,
    rate: row.rate,
    discount: row.discount,
    status: row.status,
  }));
}

/** create_contract: rate and discount arrive in percent; the discount is kept as a fraction. */
export async function createContract(db: Database, payload: ContractPayload, createdBy: string): Promise<string> {
  if (!NAME_PATTERN.test(payload.partner) || payload.partner.length < 3) {
    throw invalid('invalid_partner', 'Use only letters, numbers, hyphens (-), and underlines (_)');
  }
  return db.transaction(async (client) => {
    await client.query('INSERT INTO partners (name) VALUES ($1) ON CONFLICT DO NOTHING', [payload.partner]);
    // Contracts submitted at once for one partner take turns, so that each gets its own title.
    await client.query('SELECT 1 FROM partners WHERE name = $1 FOR NO KEY UPDATE', [payload.partner]);
    const count = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM contracts WHERE partner = $1', [payload.partner]);
    const title = `Contrato ${count.rows[0].n + 1}`;
    const description = `${payload.discount}% de desconto para o cliente, ${payload.rate}% de comissão, ${payload.n_coupons} cupons, válido por ${payload.duration} dias. Kit: ${payload.kit}.`;
    await client.query(
      `INSERT INTO contracts (partner, title, description, rate, discount, kit, n_coupons, expires_at, next_coupon, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(days => $8), $9, $10)`,
      [payload.partner, title, description, payload.rate, payload.discount / 100, payload.kit, payload.n_coupons, payload.duration, newCouponCode(payload.partner), createdBy],
    );
    return `${title} created for ${payload.partner}.`;
  });
}

export async function partnerNameStatus(db: Queryable, name: string): Promise<PartnerNameReply> {
  if (!NAME_PATTERN.test(name) || name.length < 3 || name.length > 64) return 'wrong';
  const partner = await db.query('SELECT 1 FROM partners WHERE name = $1', [name]);
  if (partner.rowCount === 0) return 'available';
  const linked = await db.query('SELECT 1 FROM accounts WHERE partner = $1', [name]);
  return linked.rowCount ? 'taken' : 'owned';
}

/** authorize_hash: the team reserves a partner name under an invitation hash. */
export async function authorizeHash(db: Database, partnerName: string, hash: string, createdBy: string): Promise<void> {
  await db.transaction(async (client) => {
    const status = await partnerNameStatus(client, partnerName);
    if (status === 'wrong') throw invalid('invalid_partner', 'Use only letters, numbers, hyphens (-), and underlines (_)');
    if (status === 'taken') throw conflict('name_taken', 'Name already exists');
    await client.query('INSERT INTO partners (name) VALUES ($1) ON CONFLICT DO NOTHING', [partnerName]);
    await client.query('INSERT INTO invitations (hash, partner_name, created_by) VALUES ($1, $2, $3)', [hash, partnerName, createdBy]);
  });
}

/** authorize_partner: the invited user accepts; their account becomes the partner's. */
export async function acceptInvitation(db: Database, identity: Identity, partnerName: string, hash: string): Promise<void> {
  await db.transaction(async (client) => {
    const { rows } = await client.query<{ partner_name: string; used_by: string | null }>(
      'SELECT partner_name, used_by FROM invitations WHERE hash = $1 FOR UPDATE',
      [hash],
    );
    const invitation = rows[0];
    if (!invitation || invitation.partner_name !== partnerName) throw notFound('invitation_not_found', 'Convite inválido.');
    if (invitation.used_by !== null && invitation.used_by !== identity.uid) throw conflict('invitation_used', 'Este convite já foi usado.');
    // Two invitations of one name accepted at once: the partner row makes them take turns.
    await client.query('SELECT 1 FROM partners WHERE name = $1 FOR NO KEY UPDATE', [partnerName]);
    const other = await client.query('SELECT 1 FROM accounts WHERE partner = $1 AND uid <> $2', [partnerName, identity.uid]);
    if (other.rowCount) throw conflict('name_taken', 'Este parceiro já tem uma conta.');
    await ensureAccount(client, identity);
    await client.query('UPDATE accounts SET partner = $1, updated_at = now() WHERE uid = $2', [partnerName, identity.uid]);
    await client.query('UPDATE invitations SET used_by = $1, used_at = now() WHERE hash = $2', [identity.uid, hash]);
  });
}

/** A partner's page and deals: their own account, or the team. */
export async function assertPartnerAccess(db: Queryable, identity: Identity, partner: string, isTeam: boolean): Promise<void> {
  if (isTeam) return;
  const { rows } = await db.query<{ partner: string }>('SELECT partner FROM accounts WHERE uid = $1', [identity.uid]);
  if (rows[0]?.partner !== partner) throw forbidden('not_your_partner', 'Você não tem acesso a este parceiro.');
}
