import crypto from 'node:crypto';
import type { CardPaymentReply, CardPaymentRequest } from '../../../src/api/wire';
import type { Database } from '../db/database';
import type { CardPayments } from '../payments/cardPayments';

interface PaymentRow {
  id: string;
  status: string;
  status_detail: string;
}

/**
 * Charges a card token once. The token is single-use: it keys the charge, so a retried request
 * never charges twice. Retries arriving together (a double tap) take turns on the key; the later
 * ones find the first one's payment, whichever provider stands behind.
 */
export async function chargeCardOnce(db: Database, payments: CardPayments, request: CardPaymentRequest): Promise<CardPaymentReply> {
  const idempotencyKey = crypto.createHash('sha256').update(request.token).digest('hex');
  return db.transaction(async (client) => {
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [idempotencyKey]);
    const known = await client.query<PaymentRow>('SELECT id, status, status_detail FROM payments WHERE idempotency_key = $1', [
      idempotencyKey,
    ]);
    if (known.rows[0]) return { id: known.rows[0].id, status: known.rows[0].status, status_detail: known.rows[0].status_detail };
    const result = await payments.charge(
      {
        amount: request.transaction_amount,
        token: request.token,
        description: request.description ?? '',
        installments: request.installments,
        paymentMethodId: request.payment_method_id,
        email: request.email,
        cpf: request.number,
        statementDescriptor: request.statement_descriptor ?? '',
        idempotencyKey,
      },
      client,
    );
    await client.query(
      `INSERT INTO payments (id, idempotency_key, amount, status, status_detail, payment_method_id, installments, email)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [result.id, idempotencyKey, request.transaction_amount, result.status, result.statusDetail, request.payment_method_id, request.installments, request.email],
    );
    return { id: result.id, status: result.status, status_detail: result.statusDetail };
  });
}
