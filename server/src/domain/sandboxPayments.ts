import type { Database, Queryable } from '../db/database';
import type { ProviderPayment } from '../payments/paymentProvider';

/**
 * What the sandbox provider (payments/sandboxProvider.ts, never in production) keeps on its side,
 * as Mercado Pago keeps it on its own: the card tokens it handed out and the payments it made, in
 * tables of their own. The provider's rules (which card is approved, the Pix code) stay with it.
 */

interface SandboxPaymentRow {
  id: string;
  payment_method_id: string;
  amount: number;
  status: string;
  status_detail: string;
  external_reference: string | null;
  qr_code: string | null;
}

function fromRow(row: SandboxPaymentRow): ProviderPayment {
  return {
    id: row.id,
    status: row.status,
    statusDetail: row.status_detail,
    amount: row.amount,
    externalReference: row.external_reference,
    paymentMethodId: row.payment_method_id,
    qrCode: row.qr_code,
  };
}

const COLUMNS = 'id, payment_method_id, amount, status, status_detail, external_reference, qr_code';

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
export async function lockUnspentSandboxCardToken(tx: Queryable, id: string): Promise<Pick<StoredCardToken, 'holderName' | 'firstSix'> | null> {
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

/** A payment the sandbox makes: the provider's id, and what its rules decided. */
export interface NewSandboxPayment {
  id: string;
  paymentMethodId: string;
  amount: number;
  status: string;
  statusDetail: string;
  externalReference: string;
  qrCode: string | null;
}

/**
 * The provider's idempotency: the payment made under `idempotencyKey` the first time, else the one
 * `make` decides (in the same transaction, so that what it locks stays locked until the payment is
 * stored). Requests with one key are served one at a time.
 */
export async function sandboxPaymentOnce(db: Database, idempotencyKey: string, make: (tx: Queryable) => Promise<NewSandboxPayment>): Promise<ProviderPayment> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`sandbox:${idempotencyKey}`]);
    const known = await tx.query<SandboxPaymentRow>(`SELECT ${COLUMNS} FROM sandbox_payments WHERE idempotency_key = $1`, [idempotencyKey]);
    if (known.rows[0]) return fromRow(known.rows[0]);
    const payment = await make(tx);
    const inserted = await tx.query<SandboxPaymentRow>(
      `INSERT INTO sandbox_payments (id, idempotency_key, payment_method_id, amount, status, status_detail, external_reference, qr_code)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${COLUMNS}`,
      [payment.id, idempotencyKey, payment.paymentMethodId, payment.amount, payment.status, payment.statusDetail, payment.externalReference, payment.qrCode],
    );
    return fromRow(inserted.rows[0]);
  });
}

/** The sandbox's payment `id`, null when it made none. */
export async function findSandboxPayment(db: Queryable, id: string): Promise<ProviderPayment | null> {
  const { rows } = await db.query<SandboxPaymentRow>(`SELECT ${COLUMNS} FROM sandbox_payments WHERE id = $1`, [id]);
  return rows[0] ? fromRow(rows[0]) : null;
}

/**
 * What the provider does on its side when a payment moves (a Pix transfer arrives or is refused,
 * a card in review is decided): the sandbox payment takes its new status. Only a payment still
 * waiting moves. Answers the payment as it now stands, null when there is none.
 */
export async function moveSandboxPayment(db: Queryable, id: string, status: 'approved' | 'rejected'): Promise<ProviderPayment | null> {
  const detail = status === 'approved' ? 'accredited' : 'rejected_by_bank';
  await db.query(
    `UPDATE sandbox_payments SET status = $2, status_detail = $3, updated_at = now()
      WHERE id = $1 AND status IN ('pending', 'in_process')`,
    [id, status, detail],
  );
  return findSandboxPayment(db, id);
}
