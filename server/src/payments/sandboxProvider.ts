import crypto from 'node:crypto';
import type { Database } from '../db/database';
import { findSandboxPayment, lockUnspentSandboxCardToken, sandboxPaymentOnce, spendSandboxCardToken } from '../domain/sandboxPayments';
import { pixBrCode } from './pix';
import type { PaymentProvider } from './paymentProvider';
import { providerBrandOf } from './sandboxCards';

/**
 * The provider's published test-card rules: the holder name decides the outcome
 * (https://www.mercadopago.com.br/developers/pt/docs/checkout-api/integration-test/test-cards).
 * Any other name is approved, so that a demo with a real-looking name goes through.
 */
const SANDBOX_OUTCOMES: Record<string, { status: string; statusDetail: string }> = {
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
class SandboxProviderError extends Error {
  readonly error = 'bad_request';
  constructor(
    readonly status: number,
    message: string,
    override readonly cause: { code: number | string; description: string }[],
  ) {
    super(message);
  }
}

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
 * is the provider's, kept in its own tables (domain/sandboxPayments.ts).
 */
export function sandboxProvider(db: Database, pix: SandboxPixReceiver): PaymentProvider {
  return {
    sandbox: true,
    chargeCard: (charge) =>
      sandboxPaymentOnce(db, charge.idempotencyKey, async (tx) => {
        const token = await lockUnspentSandboxCardToken(tx, charge.token);
        if (!token) throw new SandboxProviderError(400, 'Card Token not found', [{ code: 2006, description: 'Card Token not found' }]);
        if (providerBrandOf(token.firstSix) !== charge.paymentMethodId) {
          throw new SandboxProviderError(400, 'diff_param_bins', [
            { code: 'diff_param_bins', description: 'The bin of the card does not match the payment method' },
          ]);
        }
        await spendSandboxCardToken(tx, charge.token);
        const holder = token.holderName.trim().split(/\s+/)[0]?.toUpperCase() ?? '';
        const outcome = SANDBOX_OUTCOMES[holder] ?? SANDBOX_OUTCOMES.APRO;
        return {
          id: numericId(),
          paymentMethodId: charge.paymentMethodId,
          amount: charge.amount,
          status: outcome.status,
          statusDetail: outcome.statusDetail,
          externalReference: charge.orderId,
          qrCode: null,
        };
      }),
    createPix: (request) =>
      sandboxPaymentOnce(db, request.idempotencyKey, async () => ({
        id: numericId(),
        paymentMethodId: 'pix',
        amount: request.amount,
        status: 'pending',
        statusDetail: 'pending_waiting_transfer',
        externalReference: request.orderId,
        qrCode: pixBrCode({ ...pix, amount: request.amount, txid: request.orderId }),
      })),
    getPayment: (id) => findSandboxPayment(db, id),
  };
}
