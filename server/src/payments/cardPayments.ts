import crypto from 'node:crypto';
import { MercadoPagoConfig, Payment } from 'mercadopago';
import type { Database, Queryable } from '../db/database';
import { invalid } from '../domain/errors';

export interface CardCharge {
  amount: number;
  token: string;
  description: string;
  installments: number;
  paymentMethodId: string;
  email: string;
  cpf: string;
  statementDescriptor: string;
  idempotencyKey: string;
}

export interface CardChargeResult {
  id: string;
  status: string;
  statusDetail: string;
}

/** Charges a card token. Card data never reaches this server, only the provider's token. */
export interface CardPayments {
  sandbox: boolean;
  /** `tx`: the caller's transaction, for a provider that keeps its state in our database. */
  charge(charge: CardCharge, tx?: Queryable): Promise<CardChargeResult>;
}

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

function numericId(): string {
  return String(crypto.randomInt(1_000_000_000, 9_999_999_999));
}

/** Stands in for Mercado Pago without credentials, with the same behaviour towards the SPA. */
export function sandboxPayments(db: Database): CardPayments {
  // Retries of one charge are serialised by the route (on the idempotency key), as the provider
  // itself does: here a token simply works once.
  async function chargeToken(charge: CardCharge, tx: Queryable = db): Promise<CardChargeResult> {
    // A card token is good for one charge, as the provider's are.
    const { rows } = await tx.query<{ holder_name: string }>(
      'UPDATE sandbox_card_tokens SET used = true WHERE id = $1 AND NOT used RETURNING holder_name',
      [charge.token],
    );
    const token = rows[0];
    if (!token) throw invalid('invalid_card_token', 'Token do cartão inválido ou expirado.');
    const holder = token.holder_name.trim().split(/\s+/)[0]?.toUpperCase() ?? '';
    const outcome = SANDBOX_OUTCOMES[holder] ?? SANDBOX_OUTCOMES.APRO;
    return { id: numericId(), status: outcome.status, statusDetail: outcome.statusDetail };
  }
  return { sandbox: true, charge: chargeToken };
}

/** Mercado Pago itself, with an idempotency key so that a retried request charges once. */
export function mercadoPagoPayments(accessToken: string): CardPayments {
  const payments = new Payment(new MercadoPagoConfig({ accessToken, options: { timeout: 15_000 } }));
  return {
    sandbox: false,
    async charge(charge) {
      const result = await payments.create({
        body: {
          transaction_amount: charge.amount,
          token: charge.token,
          description: charge.description,
          installments: charge.installments,
          payment_method_id: charge.paymentMethodId,
          statement_descriptor: charge.statementDescriptor.slice(0, 22),
          payer: { email: charge.email, identification: { type: 'CPF', number: charge.cpf } },
        },
        requestOptions: { idempotencyKey: charge.idempotencyKey },
      });
      return { id: String(result.id), status: result.status ?? 'unknown', statusDetail: result.status_detail ?? '' };
    },
  };
}
