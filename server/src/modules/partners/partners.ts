import crypto from 'node:crypto';
import type { Contract, ContractPayload, Deal, PartnerNameReply } from '../../../../contract/wire';
import { BASE36, randomString } from '../../../../contract/randomId';
import { NAME_PATTERN } from '../../../../contract/names';
import type { Identity } from '../identity';
import { DEAL_RATE_SQL } from './dealRate';
import type { Database, Queryable } from '../../platform/db/database';
import { invalid, conflict, forbidden, notFound } from '../../platform/errors';

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

/** Random base-36 characters of a coupon: 16 x log2(36) = 82.7 bits, so nobody guesses one. */
export const COUPON_RANDOM_LENGTH = 16;
/** A coupon code: the partner's name (24 characters at most) upper-cased, '-', the random part. */
export const COUPON_CODE_PATTERN = new RegExp(`^[A-Z0-9_-]{1,24}-[0-9A-Z]{${COUPON_RANDOM_LENGTH}}$`);

export function newCouponCode(partner: string): string {
  const suffix = randomString(COUPON_RANDOM_LENGTH, BASE36, (bytes) => void crypto.randomFillSync(bytes)).toUpperCase();
  return `${partner.slice(0, 24).toUpperCase()}-${suffix}`;
}

/**
 * A coupon code no coupon and no contract holds yet. A clash of 82 random bits will not happen;
 * should it, the code is drawn again (and the primary key and the UNIQUE column stay the guard).
 */
async function unusedCouponCode(db: Queryable, partner: string): Promise<string> {
  for (let draw = 0; draw < 5; draw += 1) {
    const code = newCouponCode(partner);
    const { rowCount } = await db.query(
      'SELECT 1 FROM coupons WHERE code = $1 UNION ALL SELECT 1 FROM contracts WHERE next_coupon = $1',
      [code],
    );
    if (!rowCount) return code;
  }
  throw new Error('five coupon codes in a row were taken: the random source is broken');
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
export async function launchCoupon(
  db: Database,
  partner: string,
  contractTitle: string,
  lastCoupon: string,
): Promise<void> {
  await db.transaction(async (client) => {
    const { rows } = await client.query<ContractRow>(
      'SELECT * FROM contracts WHERE partner = $1 AND title = $2 FOR UPDATE',
      [partner, contractTitle],
    );
    const contract = rows[0];
    if (!contract) throw notFound('contract_not_found', 'Contrato não encontrado.');
    if (contract.expires_at.getTime() <= Date.now()) throw conflict('contract_expired', 'Este contrato expirou.');
    if (contract.next_coupon !== lastCoupon)
      throw conflict('stale_coupon', 'Este cupom já foi usado. Recarregue a página.');
    const launched = await client.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM coupons WHERE contract_id = $1',
      [contract.id],
    );
    if (launched.rows[0].n >= contract.n_coupons)
      throw conflict('no_coupons_left', 'Os cupons deste contrato acabaram.');
    await client.query('INSERT INTO coupons (code, contract_id, discount, expires_at) VALUES ($1, $2, $3, $4)', [
      contract.next_coupon,
      contract.id,
      contract.discount,
      contract.expires_at,
    ]);
    await client.query('UPDATE contracts SET next_coupon = $1 WHERE id = $2', [
      await unusedCouponCode(client, partner),
      contract.id,
    ]);
  });
}

interface DealRow {
  event_name: string;
  client_name: string;
  event_date: string;
  event_time: string;
  lines: { name: string; hours: number; quantity: number; selectedAccessories?: { name: string }[] }[];
  total: number;
  discount: number;
  status: 'pending' | 'approved' | 'rejected';
  rate: number;
}

/**
 * Every order placed with a coupon of any of the partner's contracts (expired ones included),
 * newest first, whatever its payment status (pending, approved or rejected). The balance is the
 * SPA's to show: round(total x rate/100 x (1 - discount)), docs/product.md#constants-and-limits. A partner buying with
 * its own coupon earns no commission: that deal's rate is 0.
 */
export async function dealsOf(db: Queryable, partner: string): Promise<Deal[]> {
  const { rows } = await db.query<DealRow>(
    // The partner's own purchase earns nothing: it is listed, at rate 0.
    `SELECT o.event_name, o.client_name, o.event_date, o.event_time, o.lines, o.total, o.discount, o.status,
            ${DEAL_RATE_SQL} AS rate
       FROM orders o JOIN coupons c ON c.code = o.coupon JOIN contracts k ON k.id = c.contract_id
      WHERE k.partner = $1 ORDER BY o.created_at DESC, o.order_id DESC`,
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

/** What each field of a contract must be (create_contract; the team screens are in English). */
const CONTRACT_FIELD_RULES: Record<keyof ContractPayload, string> = {
  partner: 'partner must be 3 to 64 letters, numbers, hyphens (-) or underlines (_)',
  duration: 'duration must be a whole number of days from 1 to 3650',
  rate: 'rate (commission) must be a number from 0 to 100, in percent, with at most 2 decimals',
  discount: 'discount must be a number from 0 to 99, in percent, with at most 2 decimals',
  kit: 'kit must be 1 to 500 characters, not only spaces',
  n_coupons: 'n_coupons must be a whole number from 1 to 10000',
};

export const CONTRACT_FIELDS = Object.keys(CONTRACT_FIELD_RULES) as (keyof ContractPayload)[];

/** The one message of a contract refused before anything is written. */
export function contractProblem(
  problem: { field: keyof ContractPayload; missing?: boolean } | { unknownField: string } | 'not_an_object',
): string {
  if (problem === 'not_an_object') return `Invalid contract: send a JSON object with ${CONTRACT_FIELDS.join(', ')}.`;
  if ('unknownField' in problem)
    return (
      `Invalid contract: unknown field "${problem.unknownField.slice(0, 40)}"; the fields are ` +
      `${CONTRACT_FIELDS.join(', ')}.`
    );
  return (
    `Invalid contract: ${problem.missing ? `${problem.field} is required; ` : ''}` +
    `${CONTRACT_FIELD_RULES[problem.field]}.`
  );
}

const hasAtMostTwoDecimals = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

/** The rules of a contract the schema cannot say; a refusal writes nothing. */
function assertValidContract(payload: ContractPayload): void {
  const refuse = (field: keyof ContractPayload) => invalid('invalid_contract', contractProblem({ field }));
  if (!NAME_PATTERN.test(payload.partner) || payload.partner.length < 3 || payload.partner.length > 64)
    throw refuse('partner');
  if (!Number.isInteger(payload.duration) || payload.duration < 1 || payload.duration > 3650) throw refuse('duration');
  if (!(payload.rate >= 0 && payload.rate <= 100) || !hasAtMostTwoDecimals(payload.rate)) throw refuse('rate');
  if (!(payload.discount >= 0 && payload.discount <= 99) || !hasAtMostTwoDecimals(payload.discount))
    throw refuse('discount');
  if (payload.kit.trim() === '' || payload.kit.length > 500) throw refuse('kit');
  if (!Number.isInteger(payload.n_coupons) || payload.n_coupons < 1 || payload.n_coupons > 10_000)
    throw refuse('n_coupons');
}

/**
 * create_contract: the partner's next contract ("Contrato N"), with its first coupon to hand
 * out. Rate and discount arrive in percent; the discount is kept as a fraction. Answers the
 * message the team screen shows.
 */
export async function createContract(db: Database, payload: ContractPayload, createdBy: string): Promise<string> {
  assertValidContract(payload);
  return db.transaction(async (client) => {
    await client.query('INSERT INTO partners (name) VALUES ($1) ON CONFLICT DO NOTHING', [payload.partner]);
    // Contracts submitted at once for one partner take turns, so that each gets its own title.
    await client.query('SELECT 1 FROM partners WHERE name = $1 FOR NO KEY UPDATE', [payload.partner]);
    const count = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM contracts WHERE partner = $1', [
      payload.partner,
    ]);
    const title = `Contrato ${count.rows[0].n + 1}`;
    const description =
      `${payload.discount}% de desconto para o cliente, ${payload.rate}% de comissão, ${payload.n_coupons} ` +
      `cupons, válido por ${payload.duration} dias. Kit: ${payload.kit}.`;
    await client.query(
      `INSERT INTO contracts (partner, title, description, rate, discount, kit, n_coupons, expires_at, next_coupon,
        created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(days => $8), $9, $10)`,
      [
        payload.partner,
        title,
        description,
        payload.rate,
        payload.discount / 100,
        payload.kit,
        payload.n_coupons,
        payload.duration,
        await unusedCouponCode(client, payload.partner),
        createdBy,
      ],
    );
    const coupons = payload.n_coupons === 1 ? '1 coupon' : `${payload.n_coupons} coupons`;
    const days = payload.duration === 1 ? '1 day' : `${payload.duration} days`;
    return (
      `Contract "${title}" created for ${payload.partner}: ${payload.discount}% discount, ${payload.rate}% ` +
      `commission, ${coupons}, valid for ${days}.`
    );
  });
}

/**
 * check_bname_partner: `wrong` (not a partner name), `available` (no such partner), `owned` (a
 * partner nobody's account is linked to yet) or `taken` (an account is linked). Only the team
 * learns `owned`: to anybody else a partner name that exists is `taken`, so that nobody can find
 * the partners waiting for their invitation.
 */
export async function partnerNameStatus(
  db: Queryable,
  name: string,
  viewer: { team: boolean },
): Promise<PartnerNameReply> {
  if (!NAME_PATTERN.test(name) || name.length < 3 || name.length > 64) return 'wrong';
  const partner = await db.query('SELECT 1 FROM partners WHERE name = $1', [name]);
  if (partner.rowCount === 0) return 'available';
  if (!viewer.team) return 'taken';
  const linked = await db.query('SELECT 1 FROM accounts WHERE partner = $1', [name]);
  return linked.rowCount ? 'taken' : 'owned';
}

/** A partner's page and deals: the partner's own accounts, or the team (launch_coupon: not the team). */
export async function assertPartnerAccess(
  db: Queryable,
  identity: Identity,
  partner: string,
  isTeam: boolean,
): Promise<void> {
  if (isTeam) return;
  const { rows } = await db.query<{ partner: string }>('SELECT partner FROM accounts WHERE uid = $1', [identity.uid]);
  if (rows[0]?.partner !== partner) throw forbidden('not_your_partner', 'Você não tem acesso a este parceiro.');
}
