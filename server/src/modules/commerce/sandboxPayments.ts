import type { Database, Queryable } from '../../platform/db/database';

/**
 * What the sandbox provider (modules/commerce/payments/sandboxProvider.ts, never in production) keeps on its side,
 * as Mercado Pago keeps it on its own: the card tokens it handed out and the orders it made (one
 * payment each), in tables of their own (sandbox_payments, migrations 0005 and 0029), in the Orders
 * API's vocabulary. The provider's rules (which card is approved, the Pix code) stay with it.
 */

/** A sandbox order: its status is the order's (processed, failed, ...), its detail its payment's. */
export interface SandboxOrderRow {
  id: string;
  payment_id: string;
  payment_method_id: string;
  amount: number;
  status: string;
  status_detail: string;
  external_reference: string | null;
  qr_code: string | null;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS =
  'id, payment_id, payment_method_id, amount, status, status_detail, external_reference, qr_code, created_at, ' +
  'updated_at';

export interface StoredCardToken {
  id: string;
  holderName: string;
  firstSix: string;
  lastFour: string;
}

/** Keeps a card token the sandbox handed out (only the card's first six and last four digits), unspent. */
export async function storeSandboxCardToken(db: Queryable, token: StoredCardToken): Promise<void> {
  await db.query('INSERT INTO sandbox_card_tokens (id, holder_name, last_four, first_six) VALUES ($1, $2, $3, $4)', [
    token.id,
    token.holderName,
    token.lastFour,
    token.firstSix,
  ]);
}

/**
 * Card token `id` when it is unspent, locked until `tx` ends so that one charge alone spends it;
 * null when there is no such token or it was spent.
 */
export async function lockUnspentSandboxCardToken(
  tx: Queryable,
  id: string,
): Promise<Pick<StoredCardToken, 'holderName' | 'firstSix'> | null> {
  const { rows } = await tx.query<{ holder_name: string; first_six: string }>(
    'SELECT holder_name, first_six FROM sandbox_card_tokens WHERE id = $1 AND NOT used FOR UPDATE',
    [id],
  );
  return rows[0] ? { holderName: rows[0].holder_name, firstSix: rows[0].first_six } : null;
}

/** A token is good for one charge: this one made it. */
export async function spendSandboxCardToken(tx: Queryable, id: string): Promise<void> {
  await tx.query('UPDATE sandbox_card_tokens SET used = true WHERE id = $1', [id]);
}

/** An order the sandbox makes: the provider's ids, and what its rules decided. */
export interface NewSandboxOrder {
  id: string;
  paymentId: string;
  paymentMethodId: string;
  amount: number;
  status: string;
  statusDetail: string;
  externalReference: string;
  qrCode: string | null;
}

/**
 * The provider's idempotency: the order made under `idempotencyKey` the first time, else the one
 * `make` decides (in the same transaction, so that what it locks stays locked until the order is
 * stored). Requests with one key are served one at a time.
 */
export async function sandboxOrderOnce(
  db: Database,
  idempotencyKey: string,
  make: (tx: Queryable) => Promise<NewSandboxOrder>,
): Promise<SandboxOrderRow> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`sandbox:${idempotencyKey}`]);
    const known = await tx.query<SandboxOrderRow>(
      `SELECT ${COLUMNS} FROM sandbox_payments WHERE idempotency_key = $1`,
      [idempotencyKey],
    );
    if (known.rows[0]) return known.rows[0];
    const order = await make(tx);
    const inserted = await tx.query<SandboxOrderRow>(
      `INSERT INTO sandbox_payments (id, payment_id, idempotency_key, payment_method_id, amount, status, status_detail,
        external_reference, qr_code)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${COLUMNS}`,
      [
        order.id,
        order.paymentId,
        idempotencyKey,
        order.paymentMethodId,
        order.amount,
        order.status,
        order.statusDetail,
        order.externalReference,
        order.qrCode,
      ],
    );
    return inserted.rows[0];
  });
}

/** The sandbox's order `id`, null when it made none. */
export async function findSandboxOrder(db: Queryable, id: string): Promise<SandboxOrderRow | null> {
  const { rows } = await db.query<SandboxOrderRow>(`SELECT ${COLUMNS} FROM sandbox_payments WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

/**
 * What the provider does on its side when an order moves (a Pix transfer arrives or is refused, a
 * card in review is decided, a refund): the sandbox order takes its new status, only from one of
 * `from`. Answers the order as it now stands, null when there is none.
 */
export async function moveSandboxOrder(
  db: Queryable,
  id: string,
  to: { status: string; statusDetail: string },
  from: readonly string[],
): Promise<SandboxOrderRow | null> {
  await db.query(
    `UPDATE sandbox_payments SET status = $2, status_detail = $3, updated_at = now()
      WHERE id = $1 AND status = ANY($4::text[])`,
    [id, to.status, to.statusDetail, from],
  );
  return findSandboxOrder(db, id);
}

/** The statuses in which the provider still decides an order on its side. */
const UNDECIDED = ['action_required', 'processing'];

/**
 * The sandbox's side of a Pix transfer arriving (`approved`) or refused by the bank, or of a card
 * in review being decided: only an order still undecided moves. Answers whether it now stands so.
 */
export async function decideSandboxOrder(
  db: Queryable,
  id: string,
  outcome: 'approved' | 'rejected',
): Promise<boolean> {
  const to =
    outcome === 'approved'
      ? { status: 'processed', statusDetail: 'accredited' }
      : { status: 'failed', statusDetail: 'rejected_by_bank' };
  const moved = await moveSandboxOrder(db, id, to, UNDECIDED);
  return moved?.status === to.status;
}
