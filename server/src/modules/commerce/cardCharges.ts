import crypto from 'node:crypto';
import type { CardPaymentReply, CardPaymentRequest } from '../../../../contract/wire';
import type { Database, Queryable } from '../../platform/db/database';
import type { PaymentProvider, ProviderPayment } from './payments/paymentProvider';
import { conflict, DomainError, notFound } from '../../platform/errors';
import { applyPayment, cardPaymentRunning, isClosedOrder, lockOrder, sameCents, type OrderRow } from './orderPayments';
import { claimMatches } from './orders';
import { providerFailure } from './providerErrors';

/** The provider's idempotency key of a card charge: the card token is single-use, so it names the charge. */
function cardIdempotencyKey(token: string): string {
  return crypto.createHash('sha256').update(`card:${token}`).digest('hex');
}

interface AttemptRow {
  order_id: string;
  state: 'processing' | 'done' | 'failed';
  payment_id: string | null;
}

async function storedReply(tx: Queryable, paymentId: string | null): Promise<CardPaymentReply | null> {
  const { rows } = await tx.query<{ id: string; status: string; status_detail: string }>(
    'SELECT id, status, status_detail FROM payments WHERE id = $1',
    [paymentId],
  );
  return rows[0] ?? null;
}

export interface CardCharger {
  /** `payer`: the caller's account, when signed in. */
  charge(request: CardPaymentRequest, payer: string | null): Promise<CardPaymentReply>;
}

/**
 * The one refusal of a charge its caller may not make: an unknown order, an order neither the
 * caller's account nor its claim secret opens, and an amount that is not the order's are answered
 * alike, so that order numbers and amounts cannot be probed.
 */
const NO_SUCH_ORDER = () => notFound('order_not_found', 'Pedido não encontrado.');

/**
 * What the card's statement and the provider's records say: the order's product (docs/product.md#constants-and-limits),
 * never what the client sends.
 */
function productNameOf(order: OrderRow): string {
  return order.lines[0]?.name || 'Pedido';
}

/**
 * Charges cards for orders (process_payment_card). The order comes first: the charge must carry
 * exactly the order's amount, or the provider is never called. No database transaction stays open
 * while the provider is asked:
 *  1. a short transaction records the attempt (keyed by the token's idempotency key, bound to the
 *     order, 'processing'), refusing a paid order and a second card while one is under way;
 *  2. the provider charges, with the idempotency key (same token, same charge);
 *  3. a short transaction stores the payment and moves the order (orderPayments.applyPayment).
 * The same request arriving while the first is under way (a double tap) waits for the first's
 * reply; a retry later answers the stored payment; a retry of an attempt left 'processing' (a
 * crash between 2 and 3) asks the provider again with the same key, which is safe.
 */
export function cardCharger(db: Database, provider: PaymentProvider): CardCharger {
  const inFlight = new Map<string, Promise<CardPaymentReply>>();
  return {
    charge(request, payer) {
      const key = cardIdempotencyKey(request.token);
      // A double tap joins the first's reply; a caller with other credentials never does.
      const credentials = crypto
        .createHash('sha256')
        .update(`${payer ?? ''}\n${request.claim ?? ''}`)
        .digest('hex');
      const flight = `${key}:${request.orderId}:${request.transaction_amount}:${credentials}`;
      const running = inFlight.get(flight);
      if (running) return running;
      const work = chargeOnce(db, provider, request, payer, key).finally(() => inFlight.delete(flight));
      inFlight.set(flight, work);
      return work;
    },
  };
}

async function chargeOnce(
  db: Database,
  provider: PaymentProvider,
  request: CardPaymentRequest,
  payer: string | null,
  key: string,
): Promise<CardPaymentReply> {
  // 1. The attempt.
  const begun = await db.transaction(
    async (tx): Promise<{ reply: CardPaymentReply } | { amount: number; product: string }> => {
      const order = await lockOrder(tx, request.orderId);
      // Its account or its claim secret: whoever placed it (the claim is compared even without an order).
      const claimed = claimMatches(order?.claim_hash ?? null, request.claim ?? '');
      const owned = payer !== null && order?.uid === payer;
      if (!order || !(owned || claimed) || !sameCents(request.transaction_amount, order.discounted_total))
        throw NO_SUCH_ORDER();
      const attempt = (
        await tx.query<AttemptRow>(
          'SELECT order_id, state, payment_id FROM card_attempts WHERE idempotency_key = $1 FOR UPDATE',
          [key],
        )
      ).rows[0];
      if (attempt && attempt.order_id !== order.order_id) {
        throw conflict('token_used', 'Este cartão já foi usado em outro pedido. Digite os dados do cartão novamente.');
      }
      if (attempt?.state === 'done') {
        const reply = await storedReply(tx, attempt.payment_id);
        if (reply) return { reply };
      }
      if (attempt?.state !== 'processing') {
        // A new charge (a failed attempt made none).
        if (order.status === 'approved') throw conflict('order_paid', 'Este pedido já foi pago.');
        if (isClosedOrder(order.status))
          throw conflict('order_closed', 'Este pedido foi estornado e não pode ser pago de novo.');
        if (await cardPaymentRunning(tx, order.order_id, key)) {
          throw conflict(
            'payment_in_progress',
            'Já há um pagamento em andamento para este pedido. Aguarde a confirmação.',
          );
        }
        // A customer going back from Pix to the card keeps the order's Pix until a charge succeeds
        // (orderPayments.applyPayment moves the method then): a refused card leaves the Pix to pay.
      }
      await tx.query(
        `INSERT INTO card_attempts (idempotency_key, order_id, amount, state) VALUES ($1, $2, $3, 'processing')
       ON CONFLICT (idempotency_key) DO UPDATE SET state = 'processing', updated_at = now()`,
        [key, order.order_id, order.discounted_total],
      );
      return { amount: order.discounted_total, product: productNameOf(order) };
    },
  );
  if ('reply' in begun) return begun.reply;

  // 2. The provider, outside any transaction.
  let payment: ProviderPayment;
  try {
    payment = await provider.chargeCard({
      amount: begun.amount,
      token: request.token,
      description: begun.product,
      installments: request.installments,
      paymentMethodId: request.payment_method_id,
      email: request.email,
      cpf: request.number,
      statementDescriptor: begun.product,
      orderId: request.orderId,
      idempotencyKey: key,
    });
  } catch (error) {
    const failure = providerFailure(error, 'card');
    if (failure instanceof DomainError && (failure.kind === 'unprocessable' || failure.kind === 'invalid')) {
      // The provider refused the request itself: no charge was made, another card may be tried.
      await db.query(
        `UPDATE card_attempts SET state = 'failed', updated_at = now() WHERE idempotency_key = $1 AND state = ` +
          `'processing'`,
        [key],
      );
    }
    throw failure;
  }

  // 3. The result.
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, request.orderId);
    if (order) await applyPayment(tx, order, payment, { kind: 'charge', idempotencyKey: key });
    await tx.query(
      `UPDATE card_attempts SET state = 'done', payment_id = $2, updated_at = now() WHERE idempotency_key = $1`,
      [key, payment.id],
    );
    return { id: payment.id, status: payment.status, status_detail: payment.statusDetail };
  });
}
