import crypto from 'node:crypto';
import { pixBrCode } from './pix';
import type { Database, Queryable } from '../db/database';
import type { PaymentProvider, ProviderPayment } from './paymentProvider';
import { providerBrandOf } from './sandboxCards';

/**
 * The provider's published test-card rules: the holder name decides the outcome
 * (https://www.mercadopago.com.br/developers/pt/docs/checkout-api/integration-test/test-cards).
 * Any other name is approved, so that a demo with a real-looking name goes through.
 */
export const SANDBOX_OUTCOMES: Record<string, { status: string; statusDetail: string }> = {
  APRO: { status: 'approved', statusDetail: 'accredited' },
  OTHE: { status: 'rejected', statusDetail: 'cc_rejected_other_reason' },
  CONT: { status: 'in_process', statusDetail: 'pending_contingency' },
  CALL: { status: 'rejected', statusDetail: 'cc_rejected_call_for_authorize' },
  FUND: { status: 'rejected', statusDetail: 'cc_rejected_insufficient_amount' },
  SECU: { status: 'rejected', statusDetail: 'cc_rejected_bad_filled_security_code' },
  EXPI: { status: 'rejected', statusDetail: 'cc_rejected_bad_filled_date' },
  FORM: { status: 'rejected', statusDetail: 'cc_rejected_bad_filled_other' },
};

/**
 * A refusal as the Mercado Pago SDK throws it: the provider's HTTP status, its error and the
 * causes (`{ code, description }`), so that the sandbox's refusals travel the same way as the
 * provider's.
 */
export class SandboxProviderError extends Error {
  readonly error = 'bad_request';
  constructor(
    readonly status: number,
    message: string,
    override readonly cause: { code: number | string; description: string }[],
  ) {
    super(message);
  }
}

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

function numericId(): string {
  return String(crypto.randomInt(1_000_000_000, 9_999_999_999));
}

export interface SandboxPixReceiver {
  key: string;
  merchantName: string;
  merchantCity: string;
}

/**
 * Stands in for Mercado Pago without credentials (never in production), with the provider's
 * behaviour: a card token is good for one charge, the same idempotency key answers the same
 * payment (so a retry does not trip over the spent token), a Pix payment answers a code to pay
 * (here the static BR Code of the configured key), and payments can be looked up by id. Its state
 * is the provider's, kept in its own tables.
 */
export function sandboxProvider(db: Database, pix: SandboxPixReceiver): PaymentProvider {
  /** Runs `make` once per idempotency key: a repeated key answers the payment made the first time. */
  async function once(idempotencyKey: string, make: (tx: Queryable) => Promise<SandboxPaymentRow>): Promise<ProviderPayment> {
    return db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`sandbox:${idempotencyKey}`]);
      const known = await tx.query<SandboxPaymentRow>(`SELECT ${COLUMNS} FROM sandbox_payments WHERE idempotency_key = $1`, [idempotencyKey]);
      return fromRow(known.rows[0] ?? (await make(tx)));
    });
  }

  return {
    sandbox: true,
    chargeCard: (charge) =>
      once(charge.idempotencyKey, async (tx) => {
        const { rows } = await tx.query<{ holder_name: string; first_six: string }>(
          'SELECT holder_name, first_six FROM sandbox_card_tokens WHERE id = $1 AND NOT used FOR UPDATE',
          [charge.token],
        );
        const token = rows[0];
        if (!token) throw new SandboxProviderError(400, 'Card Token not found', [{ code: 2006, description: 'Card Token not found' }]);
        if (providerBrandOf(token.first_six) !== charge.paymentMethodId) {
          throw new SandboxProviderError(400, 'diff_param_bins', [{ code: 'diff_param_bins', description: 'The bin of the card does not match the payment method' }]);
        }
        await tx.query('UPDATE sandbox_card_tokens SET used = true WHERE id = $1', [charge.token]);
        const holder = token.holder_name.trim().split(/\s+/)[0]?.toUpperCase() ?? '';
        const outcome = SANDBOX_OUTCOMES[holder] ?? SANDBOX_OUTCOMES.APRO;
        const inserted = await tx.query<SandboxPaymentRow>(
          `INSERT INTO sandbox_payments (id, idempotency_key, payment_method_id, amount, status, status_detail, external_reference)
           VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${COLUMNS}`,
          [numericId(), charge.idempotencyKey, charge.paymentMethodId, charge.amount, outcome.status, outcome.statusDetail, charge.orderId],
        );
        return inserted.rows[0];
      }),
    createPix: (request) =>
      once(request.idempotencyKey, async (tx) => {
        const qrCode = pixBrCode({ ...pix, amount: request.amount, txid: request.orderId });
        const inserted = await tx.query<SandboxPaymentRow>(
          `INSERT INTO sandbox_payments (id, idempotency_key, payment_method_id, amount, status, status_detail, external_reference, qr_code)
           VALUES ($1, $2, 'pix', $3, 'pending', 'pending_waiting_transfer', $4, $5) RETURNING ${COLUMNS}`,
          [numericId(), request.idempotencyKey, request.amount, request.orderId, qrCode],
        );
        return inserted.rows[0];
      }),
    async getPayment(id) {
      const { rows } = await db.query<SandboxPaymentRow>(`SELECT ${COLUMNS} FROM sandbox_payments WHERE id = $1`, [id]);
      return rows[0] ? fromRow(rows[0]) : null;
    },
  };
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
  const { rows } = await db.query<SandboxPaymentRow>(`SELECT ${COLUMNS} FROM sandbox_payments WHERE id = $1`, [id]);
  return rows[0] ? fromRow(rows[0]) : null;
}
